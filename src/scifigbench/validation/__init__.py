"""Measuring the judges themselves: known-answer recovery, agreement with the release's GPT-4o
verdicts (sample and full release), and family-wise corrections."""
