"""Resistance: a question with a false premise, judged by whether the answer resists, hedges or
accepts it."""
