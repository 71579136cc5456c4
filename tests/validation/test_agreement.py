"""Judge agreement: exact agreement, rankings, the per-family table (kappa: tests/metrics/test_cohen_kappa.py)."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from scifigbench.validation.judge_agreement import exact_agreement, judge_agreement, ranking_spearman


def test_exact_agreement() -> None:
    # 50 items, 20 + 15 of them agreeing: 35 / 50
    a = ["yes"] * 25 + ["no"] * 25
    b = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
    assert exact_agreement(a, b) == pytest.approx(0.7)
    assert math.isnan(exact_agreement([], []))
    with pytest.raises(ValueError):
        exact_agreement([1], [1, 2])


def test_ranking_spearman() -> None:
    rho, _, n = ranking_spearman({"m1": 0.9, "m2": 0.5, "m3": 0.1, "only_a": 1.0}, {"m1": 0.8, "m2": 0.6, "m3": 0.2})
    assert n == 3 and rho == pytest.approx(1.0)
    rho, _, _ = ranking_spearman({"m1": 0.9, "m2": 0.5, "m3": 0.1}, {"m1": 0.1, "m2": 0.5, "m3": 0.9})
    assert rho == pytest.approx(-1.0)


def test_judge_agreement_on_judgment_tables() -> None:
    units = [f"u{i}" for i in range(6)]
    base = {"unit_id": units, "model": ["m1", "m1", "m1", "m2", "m2", "m2"], "family": ["resistance"] * 6}
    first = pd.DataFrame(base | {"score": [1.0, 0.5, 0.0, 1.0, 1.0, 0.0], "error": [None] * 6})
    second = pd.DataFrame(
        base | {"score": [1.0, 0.0, 0.0, 1.0, 0.5, 0.0], "error": [None, None, None, None, None, "judge call failed"]}
    )
    out = judge_agreement(first, second)["resistance"]
    assert out["n"] == 5 and out["judge_errors"] == 1
    # compared: [1, .5, 0, 1, 1] against [1, 0, 0, 1, .5]: 3 of 5 agree; label counts 1.0 3|2, 0.5 1|1,
    # 0.0 1|2, so p_e = (6 + 1 + 2) / 25 = 0.36 and kappa = (0.6 - 0.36) / 0.64 = 0.375
    assert out["score"]["exact"] == pytest.approx(0.6)
    assert out["score"]["kappa"] == pytest.approx(0.375)
    assert out["model_ranking"]["n_models"] == 2


def test_judge_agreement_reports_one_shared_label_as_perfect_agreement() -> None:
    # both judges give every unit 1.0: chance agreement 1, kappa 0/0, which the judge comparisons report as 1.0
    base = {"unit_id": ["u0", "u1", "u2"], "model": ["m1"] * 3, "family": ["resistance"] * 3, "error": [None] * 3}
    out = judge_agreement(pd.DataFrame(base | {"score": [1.0] * 3}), pd.DataFrame(base | {"score": [1.0] * 3}))
    assert out["resistance"]["score"] == {"exact": 1.0, "kappa": 1.0}
