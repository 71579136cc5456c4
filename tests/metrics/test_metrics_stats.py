"""Statistics checked against SciPy, textbook values and brute-force reference implementations."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy import stats as sps

from scifigbench.metrics import stats as st


def test_weights_rows_are_resamples_and_deterministic():
    W = st.bootstrap_weights(37, B=500, seed=7)
    assert W.shape == (500, 37)
    assert np.all(W.sum(axis=1) == 37)
    assert np.array_equal(W, st.bootstrap_weights(37, B=500, seed=7))
    assert not np.array_equal(W, st.bootstrap_weights(37, B=500, seed=8))
    # each unit is drawn n * 1/n = 1 time per resample on average
    assert abs(W.mean() - 1.0) < 0.02


def test_chunked_weights_match_direct_index_resampling(monkeypatch):
    """Chunking the index matrix must not change which units each resample draws, nor counting each
    chunk a few rows at a time (3 rows here, which do not divide the chunk's 10)."""
    monkeypatch.setattr(st, "_CHUNK_CELLS", 10 * 50)
    monkeypatch.setattr(st, "_COUNT_CELLS", 3 * 50 + 7)
    st.bootstrap_weights.cache_clear()
    W = st.bootstrap_weights(50, B=40, seed=3)
    rng = np.random.default_rng(3)
    expected = np.zeros((40, 50))
    for start in range(0, 40, 10):
        idx = rng.integers(0, 50, size=(10, 50))
        for r, row in enumerate(idx):
            np.add.at(expected[start + r], row, 1)
    assert np.array_equal(W, expected)
    st.bootstrap_weights.cache_clear()


def test_bootstrap_mean_distribution_matches_explicit_loop():
    rng = np.random.default_rng(1)
    v = rng.normal(size=30)
    dist = st.bootstrap_ratio_dist(v, B=200, seed=11)
    rng2 = np.random.default_rng(11)
    idx = rng2.integers(0, 30, size=(200, 30))
    assert np.allclose(dist, v[idx].mean(axis=1))


def test_ci_coverage_near_95_percent():
    """Percentile CIs of a Bernoulli mean cover the true rate in about 95 % of synthetic samples."""
    rng = np.random.default_rng(2024)
    p_true, n, reps = 0.3, 150, 400
    covered = 0
    for r in range(reps):
        sample = (rng.random(n) < p_true).astype(float)
        est = st.mean_estimate(sample, B=1000, seed=r)
        covered += est.ci_low <= p_true <= est.ci_high
    rate = covered / reps
    # binomial sd of the coverage estimate at 0.95 is ~0.011; percentile CIs run slightly narrow
    assert 0.91 <= rate <= 0.98, rate


def test_ci_matches_scipy_bootstrap_percentile():
    rng = np.random.default_rng(5)
    x = rng.gamma(2.0, 3.0, size=120)
    est = st.mean_estimate(x, B=10_000, seed=42)
    ref = sps.bootstrap((x,), np.mean, n_resamples=10_000, method="percentile", random_state=np.random.default_rng(9))
    se = x.std(ddof=1) / np.sqrt(x.size)
    assert est.value == pytest.approx(x.mean())
    assert est.ci_low == pytest.approx(ref.confidence_interval.low, abs=0.1 * se)
    assert est.ci_high == pytest.approx(ref.confidence_interval.high, abs=0.1 * se)


def test_ratio_estimate_counts_only_units_in_denominator():
    fab = np.array([1, 1, 0, 1, 0, 1, 1, 0], dtype=float)
    correct = np.array([1, 0, 0, 1, 0, 1, 0, 0], dtype=float)
    est = st.ratio_estimate(correct * fab, fab, B=2000)
    assert est.value == pytest.approx(3 / 5)
    assert est.n == 5
    assert 0 <= est.ci_low <= est.value <= est.ci_high <= 1


def test_paired_bootstrap_p_matches_permutation_and_t_test():
    rng = np.random.default_rng(12)
    base = rng.normal(70, 10, size=120)
    a = base + rng.normal(2.0, 8.0, size=120)
    b = base
    res = st.paired_bootstrap(a, None, b, None, B=10_000, seed=42)
    d = a - b
    perm = sps.permutation_test(
        (d,),
        np.mean,
        permutation_type="samples",
        alternative="two-sided",
        n_resamples=20_000,
        random_state=np.random.default_rng(1),
    )
    t = sps.ttest_rel(a, b, alternative="two-sided")
    assert res.diff == pytest.approx(d.mean())
    assert res.n == 120
    assert 0.001 < t.pvalue < 0.2  # the case is informative: neither trivially 0 nor 0.5
    assert res.p_value == pytest.approx(perm.pvalue, abs=0.02)
    assert res.p_value == pytest.approx(t.pvalue, abs=0.02)
    # one convention: the two-sided p is below .05 exactly when the two-sided 95 % CI excludes 0
    assert (res.p_value < 0.05) == (res.ci_low > 0 or res.ci_high < 0)
    ci = sps.bootstrap((d,), np.mean, n_resamples=10_000, method="percentile", random_state=np.random.default_rng(4))
    se = d.std(ddof=1) / np.sqrt(d.size)
    assert res.ci_low == pytest.approx(ci.confidence_interval.low, abs=0.1 * se)
    assert res.ci_high == pytest.approx(ci.confidence_interval.high, abs=0.1 * se)


def test_paired_bootstrap_no_difference_gives_large_p():
    rng = np.random.default_rng(3)
    a = rng.normal(size=200)
    b = a.copy()
    res = st.paired_bootstrap(a, None, b, None, B=2000)
    assert res.diff == 0
    assert res.p_value == 1.0  # every resampled difference is exactly 0: on both sides of 0


def test_cliffs_delta_against_brute_force_and_mann_whitney():
    rng = np.random.default_rng(8)
    x = rng.integers(0, 10, size=40).astype(float)  # ties on purpose
    y = rng.integers(0, 12, size=55).astype(float)
    brute = sum(np.sign(a - b) for a, b in itertools.product(x, y)) / (x.size * y.size)
    assert st.cliffs_delta(x, y) == pytest.approx(brute)
    u = sps.mannwhitneyu(x, y).statistic  # U counts x > y plus half the ties
    assert st.cliffs_delta(x, y) == pytest.approx(2 * u / (x.size * y.size) - 1)
    assert st.cliffs_magnitude(0.09) == "negligible"
    assert st.cliffs_magnitude(-0.5) == "large"


def test_krippendorff_alpha_interval_textbook_example():
    """Krippendorff (2011), 'Computing Krippendorff's alpha-reliability', 4 observers x 12 units."""
    n = np.nan
    data = np.array(
        [
            [1, 2, 3, 3, 2, 1, 4, 1, 2, n, n, n],
            [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, n, 3],
            [n, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, n],
            [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, n],
        ]
    )
    assert st.krippendorff_alpha_interval(data) == pytest.approx(0.849, abs=0.0005)
    perfect = np.array([[1.0, 2, 3, 4], [1, 2, 3, 4]])
    assert st.krippendorff_alpha_interval(perfect) == pytest.approx(1.0)


def _icc21_by_anova_loops(x: np.ndarray) -> float:
    """Independent ANOVA written out with explicit loops (Shrout & Fleiss 1979, case 2)."""
    n, k = x.shape
    grand = sum(sum(row) for row in x) / (n * k)
    row_means = [sum(row) / k for row in x]
    col_means = [sum(x[i][j] for i in range(n)) / n for j in range(k)]
    bms = k * sum((m - grand) ** 2 for m in row_means) / (n - 1)
    jms = n * sum((m - grand) ** 2 for m in col_means) / (k - 1)
    resid = 0.0
    for i in range(n):
        for j in range(k):
            resid += (x[i][j] - row_means[i] - col_means[j] + grand) ** 2
    ems = resid / ((n - 1) * (k - 1))
    return (bms - ems) / (bms + (k - 1) * ems + k * (jms - ems) / n)


def test_icc_2_1_shrout_fleiss_example_and_anova():
    sf = np.array([[9, 2, 5, 8], [6, 1, 3, 2], [8, 4, 6, 8], [7, 1, 2, 6], [10, 5, 6, 9], [6, 2, 4, 7]], dtype=float)
    assert st.icc_2_1(sf) == pytest.approx(0.29, abs=0.005)  # the published value
    rng = np.random.default_rng(0)
    x = rng.normal(size=(25, 3)) + rng.normal(size=(25, 1)) * 2 + np.array([0.0, 0.5, -0.3])
    assert st.icc_2_1(x) == pytest.approx(_icc21_by_anova_loops(x))


def test_split_half_reliability_high_for_separated_models_low_for_noise():
    rng = np.random.default_rng(0)
    means = np.array([90, 80, 70, 60, 50, 40.0])
    clear = means + rng.normal(0, 5, size=(200, 6))
    noise = 60 + rng.normal(0, 5, size=(200, 6))
    good = st.split_half_reliability(clear, n_splits=100, seed=42)
    bad = st.split_half_reliability(noise, n_splits=100, seed=42)
    assert good.mean > 0.99 and good.n_splits == 100
    assert bad.mean < 0.6
    assert st.spearman_brown(0.5) == pytest.approx(2 / 3)


def test_spearman_pearson_match_scipy_and_kappa_by_hand():
    x = [1, 2, 3, 4, 5.0]
    y = [2, 1, 4, 3, 5.0]
    assert st.spearman(x, y)[0] == pytest.approx(sps.spearmanr(x, y).statistic)
    assert st.pearson(x, y)[0] == pytest.approx(np.corrcoef(x, y)[0, 1])
    a = ["y", "y", "n", "n", "y", "n"]
    b = ["y", "n", "n", "n", "y", "y"]
    po = 4 / 6
    pe = 0.5 * 0.5 + 0.5 * 0.5
    assert st.cohen_kappa(a, b) == pytest.approx((po - pe) / (1 - pe))
