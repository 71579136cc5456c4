"""The files of human decisions the stages read: one store format (``store``), probes, verdicts.

Written by the review commands (:mod:`scifigbench.review`), read by the probes and metrics stages;
below the stages so that they may read them. Blur-target decisions are matched to OCR boxes while
targets are selected, so they live with the targets (:mod:`scifigbench.blurtargets.decisions`).
"""
