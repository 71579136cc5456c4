"""Family-wise known-answer tests: do a chart kind's A-R-I cells hold the rates the profiles declare?

A kind has many cells (4 simulated models x 8 metrics); at a pointwise 95 % CI a few of them miss
by chance alone, so "every cell inside its CI" fails a sound instrument about as often as not, and
a count of misses says little without its null distribution. These tests say it instead.

Priors, fixed before any run was looked at:

- One family per chart kind, family-wise error rate ``ALPHA`` = 0.05, controlled by Holm's
  step-down procedure over the kind's cells (valid under any dependence between the cells). A kind
  passes when no cell is rejected. The same holds for the bounds (:func:`bounds_p_value`).
- A cell's null is its declared rate ``p`` and declared per-unit variance ``v``
  (``simulated.profiles.expected_metrics``): under the simulator every unit is an independent draw,
  so ``v`` times the unit count is the exact variance of ``sum(num) - p * sum(den)``. Units of one
  cluster (one figure: all draws of it, since a judge error on one probe repeats in every draw) may
  still be correlated through the judge; the design effect ``deff`` (:func:`design_effect`, floored
  at 1: correlation is never assumed to help) measures that, and the test is that of the unit counts
  divided by ``deff`` (Kish's effective sample size; Rao and Scott's first-order correction): for
  0/1 units an exact two-sided binomial test, for scores (resistance: 0, 0.5, 1) a normal test of
  the mean. With few figures ``deff`` is itself noisy; the floor keeps that noise on the safe side.
- The bounds of a cell (every undecided unit taken the way lowest for the metric, and highest)
  contain the declared rate unless the low bound is significantly above it or the high bound
  significantly below it: the same test, two-sided, of whichever extreme lies on the wrong side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd
from scipy import stats

from scifigbench.metrics import stats as st

ALPHA = 0.05


@dataclass(frozen=True)
class CellTest:
    """One cell against its declared rate: the two-sided p-value, the z-score and the design effect used."""

    p_value: float
    z: float
    deff: float


def design_effect(frame: pd.DataFrame) -> float:
    """How much clustering inflates the variance of the cell's ratio: cluster-level over unit-level, at least 1.

    ``frame`` holds one row per unit with ``figure_id`` (the cluster), ``num`` and ``den``. With the
    residuals ``e = num - R * den`` about the cell's own ratio ``R`` (not about the declared rate, which
    would fold the very deviation under test into the variance), it is
    ``G / (G - 1) * sum_g (sum of e in g)^2`` over ``n / (n - 1) * sum e^2``: 1 when the units of a
    figure are as independent as units of different figures.
    """
    units = frame[frame["den"] > 0]
    n, den = len(units), float(units["den"].sum())
    if n < 2 or den == 0:
        return 1.0
    resid = units["num"] - float(units["num"].sum()) / den * units["den"]
    unit_ss = n / (n - 1) * float((resid**2).sum())
    clusters = resid.groupby(units["figure_id"]).sum()
    g = len(clusters)
    if g < 2 or unit_ss == 0:
        return 1.0
    return max(1.0, g / (g - 1) * float((clusters**2).sum()) / unit_ss)


def cell_test(frame: pd.DataFrame, declared: float, var: float, bernoulli: bool) -> CellTest:
    """The cell's units (``figure_id``, ``num``, ``den``) against the declared rate and per-unit variance.

    ``bernoulli``: every unit is 0/1 (a rate), tested exactly; otherwise a mean of scores, tested by
    its normal approximation. A declared rate with no variance (0 or 1) is rejected by any deviation.
    """
    n, k = float(frame["den"].sum()), float(frame["num"].sum())
    if n == 0:
        return CellTest(1.0, 0.0, 1.0)
    deff = design_effect(frame)
    if var <= 0:
        same = math.isclose(k, declared * n, abs_tol=1e-9)
        return CellTest(1.0 if same else 0.0, 0.0 if same else math.copysign(math.inf, k - declared * n), deff)
    z = (k - declared * n) / math.sqrt(var * n * deff)
    if not bernoulli:
        return CellTest(float(2 * stats.norm.sf(abs(z))), z, deff)
    n_eff = max(1, round(n / deff))
    k_eff = min(n_eff, round(k / deff))
    return CellTest(float(stats.binomtest(k_eff, n_eff, declared).pvalue), z, deff)


def bounds_p_value(low: pd.DataFrame, high: pd.DataFrame, declared: float, var: float, bernoulli: bool) -> float:
    """p-value of "the declared rate lies outside the bounds": the test of the extreme on its wrong side.

    ``low`` and ``high`` are the cell's unit frames with every undecided unit filled the lowest and
    the highest way; the low bound can only err above the declared rate and the high one below it.
    """

    def value(f: pd.DataFrame) -> float:
        den = float(f["den"].sum())
        return float(f["num"].sum()) / den if den else math.nan

    if value(low) > declared:
        return cell_test(low, declared, var, bernoulli).p_value
    if value(high) < declared:
        return cell_test(high, declared, var, bernoulli).p_value
    return 1.0


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> list[bool]:
    """Which hypotheses Holm's step-down procedure rejects at family-wise error ``alpha``.

    A Holm-adjusted p-value (:func:`scifigbench.metrics.stats.holm`, the one adjustment the report's
    comparisons use too) is below ``alpha`` exactly when the step-down procedure rejects its hypothesis.
    """
    return [adjusted < alpha for adjusted, _ in st.holm(p_values)]
