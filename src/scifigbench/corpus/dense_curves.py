"""The processes dense curves follow, and the rule that a curve's line agrees with its ticks.

A dense curve is drawn through hundreds of points, but a question names only the labelled ticks,
and its answer is the generating function's value there. So that the line never shows a reader
something those values do not, a panel's curves are kept only when, between every two ticks,
no curve reaches past its own extremes at the ticks and two curves cross exactly where (and as
often as) their values at the ticks say (:func:`agrees_with_ticks`).
"""

from __future__ import annotations

import math

import numpy as np

from scifigbench.corpus.vocab import DenseAxis, Metric

MIN_POINTS, MAX_POINTS = 50, 400  # drawn points per series


def spans_decades(metric: Metric) -> bool:
    """Whether a training curve of ``metric`` is drawn on a log axis, as perplexities are: its
    typical high is over 40 times its low, and its low is at least 1 (a loss near 0.05 printed to
    two decimals would read coarsely on a log axis, so it stays linear)."""
    return metric.high / metric.low > 40 and metric.low >= 1


def dense_grid(rng: np.random.Generator, axis: DenseAxis) -> tuple[np.ndarray, np.ndarray]:
    """The x of every drawn point, evenly spaced (in log space on a log axis), with the ticks among
    them; and the index of each tick in it."""
    ticks = np.asarray(axis.ticks, dtype=float)
    n = int(rng.integers(MIN_POINTS, MAX_POINTS - len(ticks) + 1))
    pos = np.linspace(0.0, 1.0, n)
    x = 10 ** np.interp(pos, (0, 1), np.log10(ticks[[0, -1]])) if axis.log else np.interp(pos, (0, 1), ticks[[0, -1]])
    # a grid point within a thousandth of a step of a tick is that tick (log grids land a hair off)
    t_pos = position(ticks, axis)
    keep = np.min(np.abs(pos[:, None] - t_pos[None, :]), axis=1) > 1e-3 / n
    x = np.sort(np.concatenate([x[keep], ticks]))
    return x, np.searchsorted(x, ticks)


def position(x: np.ndarray, axis: DenseAxis) -> np.ndarray:
    """Where ``x`` lies along the axis, from 0 at the first tick to 1 at the last (in decades on a log axis)."""
    lo, hi = axis.ticks[0], axis.ticks[-1]
    if axis.log:
        return (np.log10(x) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    return (x - lo) / (hi - lo)


def smoothed_noise(rng: np.random.Generator, n: int, scale: float) -> np.ndarray:
    """Noise as a logged run shows it after exponential smoothing: correlated over neighbouring
    points, with standard deviation ``scale``."""
    white = rng.normal(0.0, 1.0, n)
    alpha = rng.uniform(0.08, 0.3)
    out = np.empty(n)
    acc = white[0]
    for i, w in enumerate(white):
        acc = alpha * w + (1 - alpha) * acc
        out[i] = acc
    return scale * out / max(float(np.std(out)), 1e-12)


def training_curves(
    rng: np.random.Generator, t: np.ndarray, metric: Metric, n_series: int, noise: float
) -> list[np.ndarray]:
    """A score rising or a loss falling over a training run, fast at first then levelling off, each
    run a little noisy; better runs end better. A quantity spanning orders of magnitude (a
    perplexity) moves through its range geometrically, as it does on the log axis it is drawn on."""
    strengths = np.sort(rng.uniform(0, 1, n_series))
    geometric = spans_decades(metric)
    out = []
    for s in strengths:
        rate = rng.uniform(4.0, 9.0) if not metric.higher_better else rng.uniform(3.0, 7.0)
        progress = 0.06 + 0.06 * s + 0.72 * (1 - np.exp(-rate * t)) * (0.72 + 0.28 * s)
        if not metric.higher_better:
            progress = 1 - progress
        share = progress + smoothed_noise(rng, len(t), noise * 0.025) * (0.4 + 0.6 * t)
        if geometric:
            out.append(metric.low * (metric.high / metric.low) ** share)
        else:
            out.append(metric.low + (metric.high - metric.low) * share)
    return out


def schedule_curves(
    rng: np.random.Generator, t: np.ndarray, warmup: float, names: list[str], peaks: list[float]
) -> list[np.ndarray]:
    """Learning rates: a linear warm-up to each schedule's peak at ``warmup``, then its decay."""
    floor = float(rng.choice((0.0, 0.1)))
    u = np.clip((t - warmup) / (1 - warmup), 0.0, 1.0)
    decays = {
        "Cosine": floor + (1 - floor) * 0.5 * (1 + np.cos(np.pi * u)),
        "Linear decay": 1 - (1 - floor) * u,
        "Step decay": 0.3 ** np.floor(np.minimum(u, 0.999) * 3),
        "Inverse sqrt": np.sqrt(warmup / np.maximum(t, warmup)),
        "Constant": np.ones_like(t),
    }
    ramp = np.minimum(t / warmup, 1.0)
    return [peak * np.where(t < warmup, ramp, decays[name]) for name, peak in zip(names, peaks, strict=True)]


def scaling_curves(
    rng: np.random.Generator, t: np.ndarray, decades: int, metric: Metric, n_series: int, noise: float
) -> list[np.ndarray]:
    """Losses falling as a power law towards an irreducible floor, L = E + B * x^-a, one run per
    size (so a faint wobble); better recipes lie lower."""
    strengths = np.sort(rng.uniform(0, 1, n_series))
    out = []
    for s in strengths:
        floor = metric.low + rng.uniform(0.0, 0.3) - 0.1 * s
        start = rng.uniform(0.72, 0.95) * metric.high - 0.25 * s
        exponent = rng.uniform(0.12, 0.35)
        values = floor + (start - floor) * 10 ** (-exponent * decades * t)
        out.append(values * (1 + smoothed_noise(rng, len(t), noise * 0.004)))
    return out


def spectrum_curves(
    rng: np.random.Generator, x: np.ndarray, metric: Metric, n_series: int, noise: float
) -> list[np.ndarray]:
    """Singular values in decreasing order: a power-law fall from the largest, deeper layers
    flatter; sorted, as a spectrum is, so the noise never breaks the order."""
    out = []
    for k in range(n_series):
        top = rng.uniform(0.3, 0.9) * metric.high
        slope = min(rng.uniform(0.35, 0.9) - 0.08 * k, math.log(top / (1.3 * metric.low)) / math.log(x[-1]))
        values = top * x ** -max(slope, 0.15) * np.exp(smoothed_noise(rng, len(x), noise * 0.03))
        out.append(np.sort(values)[::-1])
    return out


def agrees_with_ticks(curves: list[np.ndarray], ticks: np.ndarray, clear: float) -> bool:
    """Whether the lines tell nothing the values at the ticks (indices ``ticks``) do not: no curve
    goes past its highest or lowest tick value, and between two neighbouring ticks where two curves
    differ by more than ``clear`` at both, their difference changes sign once if the ticks show a
    swap and never otherwise."""
    for c in curves:
        at = c[ticks]
        if c.max() > at.max() + clear / 4 or c.min() < at.min() - clear / 4:
            return False
    for i, a in enumerate(curves):
        for b in curves[i + 1 :]:
            d = a - b
            for lo, hi in zip(ticks, ticks[1:], strict=False):
                if abs(d[lo]) <= clear or abs(d[hi]) <= clear:
                    continue
                seg = np.sign(d[lo : hi + 1])
                seg = seg[seg != 0]
                swaps = int(np.sum(seg[1:] != seg[:-1]))
                if swaps != (1 if np.sign(d[lo]) != np.sign(d[hi]) else 0):
                    return False
    return True
