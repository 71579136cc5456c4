"""Judge agreement: exact agreement, Cohen's kappa (checked against an independent matrix formula), rankings."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from scifigbench.validation.judge_agreement import cohen_kappa, exact_agreement, judge_agreement, ranking_spearman


def kappa_from_matrix(a: list, b: list) -> float:
    """Kappa from the confusion matrix: (sum diag/n - sum row_i*col_i/n^2) / (1 - sum row_i*col_i/n^2)."""
    labels = sorted(set(a) | set(b), key=str)
    idx = {lab: i for i, lab in enumerate(labels)}
    m = np.zeros((len(labels), len(labels)))
    for x, y in zip(a, b):
        m[idx[x], idx[y]] += 1
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=1) * m.sum(axis=0)).sum() / n**2)
    return (po - pe) / (1 - pe)


def test_kappa_textbook_example() -> None:
    # 50 items: both yes 20, a-yes/b-no 5, a-no/b-yes 10, both no 15 -> po 0.7, pe 0.5, kappa 0.4
    a = ["yes"] * 25 + ["no"] * 25
    b = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
    assert exact_agreement(a, b) == pytest.approx(0.7)
    assert cohen_kappa(a, b) == pytest.approx(0.4)


def test_kappa_matches_matrix_formula_on_random_labels() -> None:
    rng = np.random.default_rng(3)
    for _ in range(20):
        a = list(rng.choice([0.0, 0.5, 1.0], size=60))
        b = [x if rng.random() < 0.7 else rng.choice([0.0, 0.5, 1.0]) for x in a]
        assert cohen_kappa(a, b) == pytest.approx(kappa_from_matrix(a, b))


def test_kappa_edge_cases() -> None:
    assert cohen_kappa(["x"] * 5, ["x"] * 5) == 1.0
    assert math.isnan(cohen_kappa([], []))
    assert cohen_kappa([1, 0, 1, 0], [0, 1, 0, 1]) == pytest.approx(-1.0)
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
    second = pd.DataFrame(base | {"score": [1.0, 0.0, 0.0, 1.0, 0.5, 0.0],
                                  "error": [None, None, None, None, None, "judge call failed"]})
    out = judge_agreement(first, second)["resistance"]
    assert out["n"] == 5 and out["judge_errors"] == 1
    a, b = [1.0, 0.5, 0.0, 1.0, 1.0], [1.0, 0.0, 0.0, 1.0, 0.5]
    assert out["score"]["exact"] == pytest.approx(0.6)
    assert out["score"]["kappa"] == pytest.approx(kappa_from_matrix(a, b))
    assert out["model_ranking"]["n_models"] == 2
