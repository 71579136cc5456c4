"""Capability: a question about a clean figure with one expected answer, judged correct or not."""
