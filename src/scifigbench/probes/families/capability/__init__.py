"""The capability family: questions with one exact answer (counting, comparison, computation)."""
