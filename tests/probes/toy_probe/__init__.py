"""A toy probe family for tests/probes/test_toy_probe_family.py: one question per synthetic figure."""
