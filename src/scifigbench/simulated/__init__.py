"""Respondents with declared behaviour (careful, weak, fabricator, follower) for the offline default:
their profiles, how they word answers, and what they know of a figure."""
