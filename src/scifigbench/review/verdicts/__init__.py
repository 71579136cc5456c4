"""A person's review of a seeded sample of verdicts: the page (page.py) and its commands (cli.py).

A package of its own on the floor above the stages, because it joins pieces of two of them: the
judge section of the params (judges) and the explorer's unit view (report); stages never import
each other. The decision file itself is :mod:`scifigbench.decisions.verdicts`, read by the metrics stage.
"""
