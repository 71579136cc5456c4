"""The paper's MQM score worked out by hand in tests: 100 minus the decided findings' weights over
N x 5 (N the chart kind's checklist size), at least 0. Written apart from the engine so a test
compares the engine with the formula, not with itself."""

from __future__ import annotations


def paper_score(n_items: int, *weights: float) -> float:
    """The score of decided findings of these ``weights`` on a checklist of ``n_items`` items."""
    return max(0.0, 100.0 - sum(weights) * 100.0 / (n_items * 5.0))
