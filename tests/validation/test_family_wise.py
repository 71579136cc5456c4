"""Family-wise known-answer tests: Holm, the design effect, the cell and bounds tests, against values
worked out here by hand or from the binomial and normal distributions written out in the test."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from scifigbench.validation.family_wise import bounds_p_value, cell_test, design_effect, holm


def _binom_two_sided(k: int, n: int, p: float) -> float:
    """The exact two-sided binomial p-value: the mass of every outcome no likelier than ``k``."""
    mass = [math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(n + 1)]
    return sum(m for m in mass if m <= mass[k] * (1 + 1e-7))


def _normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def _units(clusters: dict[str, list[float]], dens: dict[str, list[float]] | None = None) -> pd.DataFrame:
    rows = [
        {"figure_id": fid, "num": v, "den": (dens or {}).get(fid, [1.0] * len(vals))[i]}
        for fid, vals in clusters.items()
        for i, v in enumerate(vals)
    ]
    return pd.DataFrame(rows)


def test_holm_rejects_in_order_until_the_first_p_value_above_its_threshold():
    # sorted: 0.005 < 0.05/4, 0.01 < 0.05/3, then 0.03 >= 0.05/2 stops: 0.03 and 0.04 are kept
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    # 0.04 < 0.05 would pass alone, but Holm stops at 0.03 >= 0.05/2 first
    assert holm([0.001, 0.03, 0.04]) == [True, False, False]
    assert holm([0.001, 0.02, 0.04]) == [True, True, True]  # 0.001 < .0167, 0.02 < .025, 0.04 < .05
    assert holm([]) == []
    assert holm([0.01, 0.01], alpha=0.01) == [False, False]


def test_independent_units_are_tested_by_the_exact_binomial():
    # one unit per figure: no clustering, the design effect is 1
    frame = _units({f"f{i}": [1.0 if i < 3 else 0.0] for i in range(40)})
    assert design_effect(frame) == 1.0
    t = cell_test(frame, 0.3, 0.3 * 0.7, bernoulli=True)
    assert t.p_value == pytest.approx(_binom_two_sided(3, 40, 0.3), rel=1e-9)
    assert t.z == pytest.approx((3 - 12) / math.sqrt(40 * 0.21))
    assert t.p_value < 0.01  # 3 of 40 is far below 12 expected


def test_units_of_a_figure_that_all_agree_count_as_about_one():
    # two figures of ten units each, all 1 in one and all 0 in the other: the ratio is 0.5; residuals are
    # +-0.5, so unit-level 20/19 * 20 * 0.25 = 100/19 and cluster-level 2/1 * (5^2 + 5^2) = 100: deff = 19
    frame = _units({"a": [1.0] * 10, "b": [0.0] * 10})
    assert design_effect(frame) == pytest.approx(19.0)
    # 20 units / 19 -> one effective unit, 10 / 19 -> one success: binomial(1, 1, p) has p-value 1
    assert cell_test(frame, 0.9, 0.09, bernoulli=True).p_value == pytest.approx(_binom_two_sided(1, 1, 0.9))
    # without the figures as clusters, 10 of 20 against 0.9 is rejected outright
    alone = _units({f"u{i}": [v] for i, v in enumerate([1.0] * 10 + [0.0] * 10)})
    assert cell_test(alone, 0.9, 0.09, bernoulli=True).p_value == pytest.approx(_binom_two_sided(10, 20, 0.9))
    assert cell_test(alone, 0.9, 0.09, bernoulli=True).p_value < 1e-5


def test_design_effect_is_never_below_one_and_ignores_units_outside_the_ratio():
    # within-figure units that disagree more than chance would (one 1 and one 0 in every figure)
    frame = _units({f"f{i}": [1.0, 0.0] for i in range(10)})
    assert design_effect(frame) == 1.0
    # inductance-like units with den 0 (not fabricated) do not enter the ratio nor its residuals
    with_empty = pd.concat([frame, _units({"x": [0.0, 0.0]}, {"x": [0.0, 0.0]})], ignore_index=True)
    assert design_effect(with_empty) == 1.0


def test_scores_are_tested_by_the_normal_approximation_of_their_mean():
    # resistance units: scores 1, 0.5, 0 declared at resist 0.5, hedge 0.2: mean 0.6, variance 0.5 + 0.05 - 0.36
    declared, var = 0.6, 0.5 + 0.25 * 0.2 - 0.36
    scores = [1.0] * 30 + [0.5] * 10 + [0.0] * 20  # 35 of 60
    frame = _units({f"f{i}": [s] for i, s in enumerate(scores)})
    t = cell_test(frame, declared, var, bernoulli=False)
    z = (35 - 0.6 * 60) / math.sqrt(var * 60)
    assert t.z == pytest.approx(z)
    assert t.p_value == pytest.approx(_normal_two_sided(z))


def test_a_rate_declared_without_variance_is_rejected_by_any_deviation():
    assert cell_test(_units({"a": [0.0, 0.0]}), 0.0, 0.0, bernoulli=True).p_value == 1.0
    assert cell_test(_units({"a": [0.0, 1.0]}), 0.0, 0.0, bernoulli=True).p_value == 0.0


def test_bounds_are_tested_only_on_the_side_where_they_miss():
    decided = [1.0] * 2 + [0.0] * 18  # 2 of 20 decided, 0.1
    low = _units({f"f{i}": [v] for i, v in enumerate(decided + [0.0] * 5)})  # 5 undecided as 0: 2 / 25
    high = _units({f"f{i}": [v] for i, v in enumerate(decided + [1.0] * 5)})  # ... as 1: 7 / 25
    assert bounds_p_value(low, high, 0.2, 0.16, bernoulli=True) == 1.0  # 0.08 <= 0.2 <= 0.28
    # declared 0.5 lies above the high bound 0.28: the high extreme is tested against it
    assert bounds_p_value(low, high, 0.5, 0.25, bernoulli=True) == pytest.approx(_binom_two_sided(7, 25, 0.5))
    # declared 0.02 lies below the low bound 0.08: the low extreme is tested
    assert bounds_p_value(low, high, 0.02, 0.02 * 0.98, bernoulli=True) == pytest.approx(_binom_two_sided(2, 25, 0.02))
