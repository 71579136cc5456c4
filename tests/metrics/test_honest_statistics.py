"""Statistics stated honestly: figures resampled as clusters, Holm's correction, p-values below the
bootstrap's resolution kept as bounds. Expectations are computed by hand or from textbook formulas."""

from __future__ import annotations

import math

import numpy as np
import pytest

from scifigbench.metrics import stats as st

B = 4000


def _clustered(figures: int, per_figure: int) -> tuple[np.ndarray, list[str]]:
    """Every unit of a figure has the figure's value (0 or 1, half each): units of a figure agree."""
    values = np.repeat(np.arange(figures) % 2, per_figure).astype(float)
    clusters = [f"fig{i:03d}" for i in np.repeat(np.arange(figures), per_figure)]
    return values, clusters


def test_cluster_sums_add_units_per_figure_in_first_appearance_order():
    num, den = st.cluster_sums(["b", "a", "b", "c"], [1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 0.0, 1.0])
    assert num.tolist() == [4.0, 2.0, 4.0]  # b = 1 + 3, a, c
    assert den.tolist() == [1.0, 1.0, 1.0]


def test_cluster_bootstrap_ci_is_as_wide_as_the_figures_allow_and_wider_than_the_unit_ci():
    """20 figures of 10 identical units: the mean is 0.5 with a standard error of sqrt(.25/20) over
    figures, but sqrt(.25/200) if the 200 units were independent (the unit bootstrap's mistake)."""
    values, clusters = _clustered(20, 10)
    unit = st.ratio_estimate(values, None, B, seed=5)
    cluster = st.ratio_estimate(values, None, B, seed=5, clusters=clusters)
    assert unit.value == cluster.value == 0.5
    assert (unit.n, cluster.n, cluster.figures, unit.figures) == (200, 200, 20, None)
    z = 1.959964
    for est, units in ((cluster, 20), (unit, 200)):
        expected_width = 2 * z * math.sqrt(0.25 / units)
        assert est.ci_high - est.ci_low == pytest.approx(expected_width, rel=0.2)
    assert cluster.ci_high - cluster.ci_low > 2.5 * (unit.ci_high - unit.ci_low)  # sqrt(10) ~ 3.2 in theory


def test_one_unit_per_figure_resamples_exactly_as_the_unit_bootstrap():
    rng = np.random.default_rng(3)
    values = rng.random(57)
    figures = [f"f{i}" for i in range(57)]
    assert st.ratio_estimate(values, None, 500, 9, clusters=figures).as_dict() == {
        **st.ratio_estimate(values, None, 500, 9).as_dict(),
        "figures": 57,
    }


def test_cluster_ratio_counts_figures_with_a_denominator():
    """Inductance-like ratio: figure c has no fabricated answer (den 0), so 2 figures hold the 3 units."""
    est = st.ratio_estimate([1, 0, 1, 0], [1, 1, 1, 0], 200, 1, clusters=["a", "a", "b", "c"])
    assert (est.value, est.n, est.figures) == (pytest.approx(2 / 3), 3, 2)


def test_holm_matches_a_hand_computed_example():
    # sorted: .005 * 4 = .02; .01 * 3 = .03; .03 * 2 = .06; .04 * 1 = .04 -> kept at the running max .06
    adjusted = st.holm([0.01, 0.04, 0.03, 0.005])
    assert [p for p, _ in adjusted] == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert not any(bound for _, bound in adjusted)


def test_holm_caps_at_one_and_skips_missing_p_values():
    adjusted = st.holm([0.6, math.nan, 0.2])  # m = 2: .2 * 2 = .4; .6 * 1 = .6
    assert adjusted[0][0] == pytest.approx(0.6) and math.isnan(adjusted[1][0]) and adjusted[2][0] == pytest.approx(0.4)
    assert st.holm([0.5, 0.9])[0][0] == 1.0  # .5 * 2 capped


def test_holm_keeps_a_bound_a_bound_until_an_exact_term_takes_over():
    # two bounds at 2/B = .0002 and one exact .01 (m = 3): .0006 (bound), .0006 (bound: .0004 < running), .01 exact
    adjusted = st.holm([0.0002, 0.01, 0.0002], [True, False, True])
    assert [p for p, _ in adjusted] == pytest.approx([0.0006, 0.01, 0.0006])
    assert [b for _, b in adjusted] == [True, False, True]
    # an exact p below a bound: its own Holm value .0001 is exact, the bound's .0002 (the running max) is not
    assert st.holm([0.00005, 0.0002], [False, True]) == [(pytest.approx(0.0001), False), (pytest.approx(0.0002), True)]


def test_p_below_the_resolution_is_stored_as_the_bound_not_zero():
    p, bound = st.bootstrap_p(np.linspace(0.1, 1.0, 1000))  # every resample above 0
    assert (p, bound) == (2 / 1000, True)
    p, bound = st.bootstrap_p(np.array([-1.0, 1.0, 2.0, 3.0]))  # one of four at or below 0: p = 2 * 1/4
    assert (p, bound) == (0.5, False)
    a = np.ones(40)
    test = st.paired_bootstrap(a, None, np.zeros(40), None, B=500, seed=2)
    assert test.p_is_bound and test.p_value == 2 / 500 and test.as_dict()["p_value"] == 0.004


def test_split_half_reports_a_spread_over_splits():
    rng = np.random.default_rng(0)
    matrix = rng.random((60, 4)) + np.array([0.0, 0.1, 0.2, 0.3])
    sh = st.split_half_reliability(matrix, n_splits=50, seed=1)
    assert sh.spread_low <= sh.mean <= sh.spread_high and sh.n_splits == 50
