"""The one Cohen's kappa (``metrics.stats.cohen_kappa``): textbook 2x2 tables, an independent
confusion-matrix formula, and each degenerate case worked out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

from scifigbench.metrics.stats import cohen_kappa


def _raters(both_yes: int, a_yes_b_no: int, a_no_b_yes: int, both_no: int) -> tuple[list[str], list[str]]:
    """The two raters' labels behind a 2x2 agreement table."""
    a = ["yes"] * (both_yes + a_yes_b_no) + ["no"] * (a_no_b_yes + both_no)
    b = ["yes"] * both_yes + ["no"] * a_yes_b_no + ["yes"] * a_no_b_yes + ["no"] * both_no
    return a, b


def kappa_from_matrix(a: list, b: list) -> float:
    """Kappa from the confusion matrix: (trace/n - sum row_i*col_i/n^2) / (1 - sum row_i*col_i/n^2)."""
    labels = sorted(set(a) | set(b), key=str)
    idx = {lab: i for i, lab in enumerate(labels)}
    m = np.zeros((len(labels), len(labels)))
    for x, y in zip(a, b, strict=True):
        m[idx[x], idx[y]] += 1
    n = m.sum()
    po = np.trace(m) / n
    pe = float((m.sum(axis=1) * m.sum(axis=0)).sum() / n**2)
    return (po - pe) / (1 - pe)


def test_textbook_two_by_two_tables() -> None:
    # 50 items: both yes 20, A yes B no 5, A no B yes 10, both no 15.
    # p_o = 35/50 = 0.7; A says yes 25/50 = 0.5, B 30/50 = 0.6; p_e = 0.5*0.6 + 0.5*0.4 = 0.5;
    # kappa = (0.7 - 0.5) / (1 - 0.5) = 0.4
    assert cohen_kappa(*_raters(20, 5, 10, 15)) == pytest.approx(0.4)
    # 100 items: both yes 45, A yes B no 15, A no B yes 25, both no 15.
    # p_o = 60/100 = 0.6; A yes 0.6, B yes 0.7; p_e = 0.6*0.7 + 0.4*0.3 = 0.54;
    # kappa = 0.06 / 0.46 = 0.130435
    assert cohen_kappa(*_raters(45, 15, 25, 15)) == pytest.approx(0.06 / 0.46)


def test_kappa_matches_the_matrix_formula_on_random_labels() -> None:
    rng = np.random.default_rng(3)
    for _ in range(20):
        a = list(rng.choice([0.0, 0.5, 1.0], size=60))
        b = [x if rng.random() < 0.7 else rng.choice([0.0, 0.5, 1.0]) for x in a]
        assert cohen_kappa(a, b) == pytest.approx(kappa_from_matrix(a, b))


def test_no_items_is_undefined_whatever_the_caller_reports_for_one_label() -> None:
    assert math.isnan(cohen_kappa([], []))
    assert math.isnan(cohen_kappa([], [], one_label=1.0))


def test_one_shared_label_is_chance_agreement_one_and_reported_as_the_caller_says() -> None:
    # 4 items, both raters "x" throughout: p_o = 1, p_e = (4*4)/16 = 1, kappa = 0/0
    assert math.isnan(cohen_kappa(["x"] * 4, ["x"] * 4))
    assert cohen_kappa(["x"] * 4, ["x"] * 4, one_label=1.0) == 1.0


def test_constant_raters_that_disagree_and_one_constant_rater_are_ordinary_cases() -> None:
    # both constant on different labels: p_o = 0, p_e = 1*0 + 0*1 = 0, kappa = 0
    assert cohen_kappa(["x"] * 4, ["y"] * 4, one_label=1.0) == 0.0
    # A constant, B half and half: p_o = 2/4, p_e = 1*0.5 + 0*0.5 = 0.5, kappa = 0
    assert cohen_kappa(["x"] * 4, ["x", "x", "y", "y"], one_label=1.0) == 0.0
    # disagreeing on every item, both balanced: p_o = 0, p_e = 0.5, kappa = -1
    assert cohen_kappa([1, 0, 1, 0], [0, 1, 0, 1]) == pytest.approx(-1.0)


def test_the_value_does_not_depend_on_the_order_of_the_items() -> None:
    a, b = _raters(45, 15, 25, 15)
    order = np.random.default_rng(5).permutation(len(a))
    assert cohen_kappa([a[i] for i in order], [b[i] for i in order]) == cohen_kappa(a, b)


def test_labels_of_different_lengths_are_a_callers_bug() -> None:
    with pytest.raises(ValueError, match="3 labels against 2"):
        cohen_kappa(["x", "y", "x"], ["x", "y"])
