"""The conditions stage says how many figures it left without a target, and why (issue 41)."""

from __future__ import annotations

import pandas as pd

from scifigbench.conditions.stage import figures_held_back


def _cand(fig: str, mode: str, rank: int, why: str | None) -> dict:
    return {"figure_id": fig, "mode": mode, "rank": rank, "held_back": why}


def test_figures_without_a_target_because_a_reader_narrows_their_best_candidate() -> None:
    why = "a reader narrows it"
    candidates = [
        _cand("a", "admittance", 1, why),  # no target: counted
        _cand("a", "admittance", 2, why),
        _cand("a", "inductance", 1, None),
        _cand("b", "admittance", 1, why),  # a reviewer gave it a target anyway: not counted
        _cand("c", "admittance", 1, None),  # its best candidate is proposed
        _cand("c", "admittance", 2, why),
        _cand("d", "inductance", 1, why),  # counted under its own mode
    ]
    targets = pd.DataFrame({"figure_id": ["a", "b", "c"], "mode": ["inductance", "admittance", "admittance"]})
    assert figures_held_back(candidates, targets) == {"admittance": 1, "inductance": 1}
    assert figures_held_back(candidates, targets.iloc[:0]) == {"admittance": 2, "inductance": 1}
    assert figures_held_back([], targets) == {}
