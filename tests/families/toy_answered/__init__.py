"""A toy unit family, shipped only with the tests: whether each numbered capability question got
an answer line at all. ``test_toy_family.py`` drops this folder into a copy of the package to show
what adding a family takes."""
