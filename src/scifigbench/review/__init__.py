"""Every human decision's review: one sub-package per subject, their pages and the ``review`` CLI group.

Blur targets (``blurtargets``), probes (``probes``) and verdicts (``verdicts``) each have a command
and a page; ``options`` holds the click options they share and ``cli`` composes the group. The
decision files the stages read live one floor down (:mod:`scifigbench.decisions`, and the blur
targets' in :mod:`scifigbench.blurtargets.decisions`), since stages never import upward.
"""
