"""Statistics behind the paper's tables: bootstrap CIs, paired tests, effect sizes, agreement.

The bootstrap is vectorised through *weight matrices*: resample ``i`` of ``n`` units is the row
``W[i]`` counting how often each unit was drawn (built from an integer index matrix drawn with
``numpy.random.default_rng(seed)``). A mean is then ``W @ v / n`` and a ratio of sums (e.g.
inductance = correct-and-fabricated / fabricated) is ``(W @ num) / (W @ den)``; all models that
share the same units go through one matrix product. The same ``(n, B, seed)`` always gives the same
resamples, so two metrics on the same units are resampled identically (needed for paired tests and
for the JSON under ``metrics/`` to be byte-stable).

The resampled unit is the *figure*: a cell that pools several units of one figure (the questions
of a figure, the claims of its caption) is summed per figure first (:func:`cluster_sums`) and the
figures are resampled (a cluster bootstrap), because units of one figure are not independent
draws. A cell with one unit per figure resamples exactly as before.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats as sps

DEFAULT_B = 10_000
DEFAULT_SEED = 42
_CHUNK_CELLS = 4_000_000  # resample cells per chunk: bounds memory at ~32 MB per index chunk
_COUNT_CELLS = 1 << 16  # cells counted per bincount: its offsets and counts stay in the CPU cache


@functools.lru_cache(maxsize=16)
def bootstrap_weights(n: int, B: int = DEFAULT_B, seed: int = DEFAULT_SEED) -> np.ndarray:
    """(B, n) matrix: row b counts how often each of the n units is drawn in resample b.

    Cached (read-only) because every metric on the same number of units reuses it. The indices are
    drawn in chunks of ``_CHUNK_CELLS`` (which fixes the numbers) and counted a few rows at a time:
    counting a whole chunk at once built two more chunk-sized arrays, whose fresh memory cost more
    than the counting itself.
    """
    if n <= 0:
        raise ValueError("bootstrap needs at least one unit")
    rng = np.random.default_rng(seed)
    rows = max(1, _CHUNK_CELLS // n)
    step = max(1, _COUNT_CELLS // n)
    lift = np.arange(step)[:, None] * n  # row r's units become bins r*n .. r*n+n-1
    out = np.empty((B, n), dtype=np.float64)
    for start in range(0, B, rows):
        idx = rng.integers(0, n, size=(min(B, start + rows) - start, n))
        for lo in range(0, len(idx), step):
            block = idx[lo : lo + step]
            counts = np.bincount((block + lift[: len(block)]).ravel(), minlength=block.size)
            out[start + lo : start + lo + len(block)] = counts.reshape(block.shape)
    out.setflags(write=False)
    return out


def percentile_ci(dist: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Percentile interval of a bootstrap distribution (NaN resamples, e.g. 0/0 ratios, ignored)."""
    alpha = (1.0 - level) / 2.0
    finite = dist[np.isfinite(dist)]
    if finite.size == 0:
        return (math.nan, math.nan)
    lo, hi = np.percentile(finite, [100 * alpha, 100 * (1 - alpha)])
    return float(lo), float(hi)


def _as_matrix(x: np.ndarray | Sequence[float]) -> tuple[np.ndarray, bool]:
    arr = np.asarray(x, dtype=np.float64)
    if arr.ndim == 1:
        return arr[None, :], True
    if arr.ndim != 2:
        raise ValueError("expected a vector or a (series, units) matrix")
    return arr, False


def bootstrap_ratio_dist(
    num: np.ndarray | Sequence[float],
    den: np.ndarray | Sequence[float] | None = None,
    B: int = DEFAULT_B,
    seed: int = DEFAULT_SEED,
) -> np.ndarray:
    """Bootstrap distribution of sum(num)/sum(den) over resampled units.

    ``num`` (and ``den``) are vectors of n units or (series, n) matrices of several series on the
    same units (one row per model); without ``den`` the statistic is the mean. Returns (B,) or
    (series, B). A resample whose denominator is zero yields NaN.
    """
    N, single = _as_matrix(num)
    D = np.ones_like(N) if den is None else _as_matrix(den)[0]
    if D.shape != N.shape:
        raise ValueError("numerator and denominator must have the same shape")
    if not (np.isfinite(N).all() and np.isfinite(D).all()):
        raise ValueError("bootstrap input contains NaN/inf; drop missing units first")
    W = bootstrap_weights(N.shape[1], B, seed)
    sums = W @ N.T  # (B, series); W is C-contiguous, so this is the fast orientation
    # a plain mean divides by n in every resample; skip the second product then
    dens = float(N.shape[1]) if np.all(D == 1) else W @ D.T
    with np.errstate(invalid="ignore", divide="ignore"):
        dist = (sums / dens).T
    return dist[0] if single else dist


def cluster_sums(
    clusters: Sequence[object], num: np.ndarray | Sequence[float], den: np.ndarray | Sequence[float]
) -> tuple[np.ndarray, np.ndarray]:
    """Numerator and denominator summed per cluster (figure), clusters in order of first appearance.

    A ratio of sums is the same over clusters as over units, so the point value does not change;
    resampling these sums resamples whole figures. First-appearance order keeps a frame with one
    unit per cluster exactly as it was, so its resamples (and CI) are unchanged.
    """
    codes, _ = pd.factorize(pd.Series(list(clusters), dtype=object), sort=False)
    k = int(codes.max()) + 1 if len(codes) else 0
    n = np.bincount(codes, weights=np.asarray(num, dtype=np.float64), minlength=k)
    d = np.bincount(codes, weights=np.asarray(den, dtype=np.float64), minlength=k)
    return n, d


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its n and percentile bootstrap CI (what every metric cell holds).

    ``figures``: the clusters (figures) holding the n units, which the CI resampled; None when the
    units were resampled one by one.
    """

    value: float
    n: int
    ci_low: float
    ci_high: float
    figures: int | None = None

    def as_dict(self) -> dict[str, float | int | None]:
        out: dict[str, float | int | None] = {
            "value": clean(self.value),
            "n": int(self.n),
            "ci_low": clean(self.ci_low),
            "ci_high": clean(self.ci_high),
        }
        if self.figures is not None:
            out["figures"] = int(self.figures)
        return out


def clean(x: float) -> float | None:
    """JSON-safe rounding: 6 decimals keeps diffs readable and files byte-stable; NaN -> null."""
    if x is None or not np.isfinite(x):
        return None
    return round(float(x), 6)


def ratio_estimate(
    num: np.ndarray | Sequence[float],
    den: np.ndarray | Sequence[float] | None = None,
    B: int = DEFAULT_B,
    seed: int = DEFAULT_SEED,
    level: float = 0.95,
    clusters: Sequence[object] | None = None,
) -> Estimate:
    """sum(num)/sum(den) with a percentile CI; n is the number of units with den > 0.

    With ``clusters`` (the figure of each unit) the CI resamples clusters (see :func:`cluster_sums`)
    and ``figures`` counts the clusters holding a unit with den > 0.
    """
    num = np.asarray(num, dtype=np.float64)
    den_arr = np.ones_like(num) if den is None else np.asarray(den, dtype=np.float64)
    n = int((den_arr > 0).sum())
    sample_num, sample_den = (num, den_arr) if clusters is None else cluster_sums(clusters, num, den_arr)
    figures = None if clusters is None else int((sample_den > 0).sum())
    if num.size == 0 or den_arr.sum() == 0:
        return Estimate(math.nan, n, math.nan, math.nan, figures)
    value = float(num.sum() / den_arr.sum())
    lo, hi = percentile_ci(bootstrap_ratio_dist(sample_num, sample_den, B, seed), level)
    return Estimate(value, n, lo, hi, figures)


def mean_estimate(
    values: np.ndarray | Sequence[float], B: int = DEFAULT_B, seed: int = DEFAULT_SEED, level: float = 0.95
) -> Estimate:
    """Mean with a percentile bootstrap CI."""
    return ratio_estimate(values, None, B, seed, level)


@dataclass(frozen=True)
class PairedTest:
    """best - other on shared units: observed difference, two-sided p, CI.

    ``p_is_bound``: no resample fell on one side of 0, so the p-value is below the bootstrap's
    resolution and ``p_value`` holds that resolution (2 / resamples) as an upper bound, not 0.
    """

    diff: float
    p_value: float
    ci_low: float
    ci_high: float
    n: int
    p_is_bound: bool = False

    def as_dict(self) -> dict[str, float | int | bool | None]:
        return {
            "diff": clean(self.diff),
            "p_value": clean(self.p_value),
            "p_is_bound": self.p_is_bound,
            "ci_low": clean(self.ci_low),
            "ci_high": clean(self.ci_high),
            "n": int(self.n),
        }


def bootstrap_p(diffs: np.ndarray) -> tuple[float, bool]:
    """Two-sided bootstrap p of a difference: twice the smaller share of resamples on either side of 0.

    Returns (p, is_bound). With ``r`` finite resamples the smallest p it can resolve is 2/r; when no
    resample lies on one side the p-value is only known to be below that, so (2/r, True) is returned.
    """
    diffs = diffs[np.isfinite(diffs)]
    if diffs.size == 0:
        return math.nan, False
    tail = min(int((diffs <= 0).sum()), int((diffs >= 0).sum()))
    if tail == 0:
        return 2.0 / diffs.size, True
    return min(1.0, 2.0 * tail / diffs.size), False


def paired_bootstrap(
    num_a: np.ndarray,
    den_a: np.ndarray | None,
    num_b: np.ndarray,
    den_b: np.ndarray | None,
    B: int = DEFAULT_B,
    seed: int = DEFAULT_SEED,
    level: float = 0.95,
) -> PairedTest:
    """Paired bootstrap of ratio_a - ratio_b, resampling the shared units jointly.

    Units must be aligned (row i of a and b is the same figure). The p-value is two-sided (see
    :func:`bootstrap_p`), so it agrees with the two-sided percentile CI reported next to it:
    p < 1 - level exactly when the CI excludes 0 (up to resampling ties).
    """
    num = np.vstack([num_a, num_b]).astype(np.float64)
    den = np.ones_like(num) if den_a is None else np.vstack([den_a, den_b]).astype(np.float64)
    n = num.shape[1]
    if n == 0:
        return PairedTest(math.nan, math.nan, math.nan, math.nan, 0)
    with np.errstate(invalid="ignore", divide="ignore"):
        observed = float(num[0].sum() / den[0].sum() - num[1].sum() / den[1].sum())
    dist = bootstrap_ratio_dist(num, den, B, seed)
    diffs = dist[0] - dist[1]
    p, bound = bootstrap_p(diffs)
    lo, hi = percentile_ci(diffs[np.isfinite(diffs)], level)
    return PairedTest(observed, p, lo, hi, n, bound)


def holm(p_values: Sequence[float], bounds: Sequence[bool] | None = None) -> list[tuple[float, bool]]:
    """Holm's step-down adjustment of one family of p-values, returned in their input order.

    The i-th smallest of m p-values becomes max over j <= i of min(1, (m - j + 1) p_(j)). NaN
    p-values are not tests: they stay NaN and do not count in m. ``bounds`` marks p-values that are
    upper bounds (see :func:`bootstrap_p`); an adjusted value is flagged as a bound when it is
    larger than every term of an exact p-value the maximum runs over (so it comes from a bound).
    """
    p = np.asarray(p_values, dtype=np.float64)
    is_bound = np.zeros(p.size, dtype=bool) if bounds is None else np.asarray(bounds, dtype=bool)
    out: list[tuple[float, bool]] = [(math.nan, False)] * p.size
    tested = [i for i in range(p.size) if np.isfinite(p[i])]
    m = len(tested)
    running, running_exact = 0.0, -1.0
    for rank, i in enumerate(sorted(tested, key=lambda i: (p[i], i))):
        term = min(1.0, (m - rank) * float(p[i]))
        running = max(running, term)
        if not is_bound[i]:
            running_exact = max(running_exact, term)
        out[i] = (running, bool(running > running_exact))
    return out


def significance_stars(p: float | None) -> str:
    if p is None or not np.isfinite(p):
        return ""
    return "***" if p < 0.001 else "**" if p < 0.01 else "*" if p < 0.05 else ""


def cliffs_delta(x: Sequence[float], y: Sequence[float]) -> float:
    """P(X > Y) - P(X < Y) over all pairs, in O((n+m) log m) via sorting."""
    x = np.asarray(x, dtype=np.float64)
    y = np.sort(np.asarray(y, dtype=np.float64))
    if x.size == 0 or y.size == 0:
        return math.nan
    below = np.searchsorted(y, x, side="left")  # y strictly smaller than each x
    not_above = np.searchsorted(y, x, side="right")
    greater = below.sum()
    less = (y.size - not_above).sum()
    return float((greater - less) / (x.size * y.size))


def cliffs_magnitude(delta: float) -> str:
    """Romano et al. (2006) thresholds, as commonly used with Cliff's delta."""
    if not np.isfinite(delta):
        return ""
    a = abs(delta)
    return "negligible" if a < 0.147 else "small" if a < 0.33 else "medium" if a < 0.474 else "large"


def _correlation(test, x: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    """(statistic, p) of a SciPy correlation test; NaN when fewer than 3 pairs or a constant series."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if x.size < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return math.nan, math.nan
    res = test(x, y)
    return float(res.statistic), float(res.pvalue)


def spearman(x: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    """Spearman rho and p (SciPy); NaN when fewer than 3 pairs or a constant series."""
    return _correlation(sps.spearmanr, x, y)


def pearson(x: Sequence[float], y: Sequence[float]) -> tuple[float, float]:
    """Pearson r and p (SciPy); NaN when fewer than 3 pairs or a constant series."""
    return _correlation(sps.pearsonr, x, y)


def spearman_brown(r: float | np.ndarray, factor: float = 2.0) -> float | np.ndarray:
    """Reliability of a test ``factor`` times as long as one with reliability r."""
    return factor * r / (1.0 + (factor - 1.0) * r)


@dataclass(frozen=True)
class SplitHalf:
    """Mean rank reliability over random splits and the 2.5 / 97.5 percentiles of its spread over
    those splits: how much the value moves with the split drawn, not a confidence interval."""

    mean: float
    spread_low: float
    spread_high: float
    n_splits: int
    n_units: int
    n_series: int


def split_half_reliability(matrix: np.ndarray, n_splits: int = 100, seed: int = DEFAULT_SEED) -> SplitHalf:
    """Rank stability of model means when the units are split in two random halves.

    ``matrix`` is (units, models) with no missing cells. Each split ranks the models on each half,
    correlates the rankings (Spearman) and corrects to full length (Spearman-Brown); the result is
    the mean and 2.5/97.5 percentiles over splits (the paper's Table 11 row). The percentiles are
    a spread over splits of the same figures, not a CI: no figures are resampled.
    """
    m = np.asarray(matrix, dtype=np.float64)
    units, series = m.shape
    if units < 2 or series < 3:
        return SplitHalf(math.nan, math.nan, math.nan, 0, units, series)
    rng = np.random.default_rng(seed)
    rhos = []
    for _ in range(n_splits):
        perm = rng.permutation(units)
        half = units // 2
        a = m[perm[:half]].mean(axis=0)
        b = m[perm[half:]].mean(axis=0)
        rho, _ = spearman(a, b)
        if np.isfinite(rho):
            rhos.append(spearman_brown(rho))
    if not rhos:
        return SplitHalf(math.nan, math.nan, math.nan, 0, units, series)
    arr = np.clip(np.asarray(rhos), -1.0, 1.0)
    lo, hi = np.percentile(arr, [2.5, 97.5])
    return SplitHalf(float(arr.mean()), float(lo), float(hi), len(rhos), units, series)


def krippendorff_alpha_interval(data: np.ndarray) -> float:
    """Krippendorff's alpha with the interval metric; ``data`` is (raters, units), NaN = missing.

    Units with fewer than two values are not pairable and are dropped (Krippendorff 2011).
    alpha = 1 - D_o / D_e with squared differences: observed within units (each unit weighted by
    1/(m_u - 1)) against expected over all pairable values pooled.
    """
    d = np.asarray(data, dtype=np.float64)
    counts = np.isfinite(d).sum(axis=0)
    d = d[:, counts >= 2]
    counts = counts[counts >= 2]
    n = counts.sum()
    if n < 2:
        return math.nan
    observed = 0.0
    for u in range(d.shape[1]):
        v = d[:, u][np.isfinite(d[:, u])]
        observed += ((v[:, None] - v[None, :]) ** 2).sum() / (v.size - 1)
    observed /= n
    pooled = d[np.isfinite(d)]
    # sum over ordered pairs of (a - b)^2 = 2 n sum(v^2) - 2 (sum v)^2
    expected = (2 * n * (pooled**2).sum() - 2 * pooled.sum() ** 2) / (n * (n - 1))
    if expected == 0:
        return math.nan
    return float(1.0 - observed / expected)


def icc_2_1(ratings: np.ndarray) -> float:
    """ICC(2,1) (Shrout & Fleiss): two-way random effects, absolute agreement, single rater.

    ``ratings`` is (targets, raters) with no missing cells.
    """
    x = np.asarray(ratings, dtype=np.float64)
    n, k = x.shape
    if n < 2 or k < 2:
        return math.nan
    grand = x.mean()
    ss_rows = k * ((x.mean(axis=1) - grand) ** 2).sum()
    ss_cols = n * ((x.mean(axis=0) - grand) ** 2).sum()
    ss_err = ((x - grand) ** 2).sum() - ss_rows - ss_cols
    msr = ss_rows / (n - 1)
    msc = ss_cols / (k - 1)
    mse = ss_err / ((n - 1) * (k - 1))
    denom = msr + (k - 1) * mse + k * (msc - mse) / n
    return float((msr - mse) / denom) if denom else math.nan


def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable], *, one_label: float = math.nan) -> float:
    """Cohen's kappa of two raters' labels on the same items: (p_o - p_e) / (1 - p_e), where p_e is
    the agreement the two raters' own label frequencies give by chance.

    The one convention for the degenerate cases, so that every caller decides them alike:

    - no items: NaN (nothing was rated; a JSON writer turns it into null with :func:`clean`);
    - chance agreement 1: ``one_label``. It happens exactly when both raters give one and the same
      label throughout, where p_o is 1 too and kappa is 0/0. NaN unless the caller says at the call
      what it reports there (a judge card that reads one shared label as perfect agreement passes 1.0);
    - two raters each constant but on different labels are no special case: p_e = 0, kappa = 0.

    Labels of different lengths raise ValueError: that is a caller's bug, not a rating. p_o and p_e
    are ratios of integer counts, so p_e = 1 is tested exactly and the value is the same whatever
    the order of the labels.
    """
    if len(a) != len(b):
        raise ValueError(f"cohen_kappa: {len(a)} labels against {len(b)}")
    n = len(a)
    if n == 0:
        return math.nan
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[label] * cb[label] for label in ca) / (n * n)
    if expected == 1:
        return one_label
    return (observed - expected) / (1 - expected)
