"""Series that follow a shape along an ordered x axis (training steps, layers, years).

Line and area charts both draw such traces; the shape an x axis implies (scores saturate over
training, peak at a middle layer) is declared once here.
"""

from __future__ import annotations

import math

import numpy as np

from scifigbench.corpus.vocab import Metric

SHAPES = {
    "Training steps": "saturate",
    "Epoch": "saturate",
    "Layer": "peak",
    "Layer index": "peak",
    "Year": "increase",
    "Number of retrieved passages": "saturate",
    "Sparsity (%)": "decay",
    "Sampling temperature": "peak",
    "Number of in-context examples": "saturate",
    "Noise ratio (%)": "decay",
    "Beam size": "saturate",
}


def curve(rng: np.random.Generator, shape: str, n: int, strength: float) -> np.ndarray:
    t = np.linspace(0, 1, n)
    if shape == "saturate":
        base = 1 - np.exp(-t * rng.uniform(2.5, 5.0))
    elif shape == "peak":
        c = rng.uniform(0.35, 0.7)
        base = np.exp(-((t - c) ** 2) / rng.uniform(0.05, 0.15))
    elif shape == "increase":
        base = t ** rng.uniform(0.7, 1.5)
    else:  # decay
        base = 1 - t ** rng.uniform(1.2, 2.5)
    return 0.1 + 0.1 * strength + 0.65 * base * (0.75 + 0.25 * strength) + rng.normal(0, 0.012, n)


def metric_curves(
    rng: np.random.Generator, metric: Metric, shape: str, n_series: int, n: int, log: bool
) -> list[np.ndarray]:
    strengths = np.sort(rng.uniform(0, 1, n_series))
    out = []
    for s in range(n_series):
        c = np.clip(curve(rng, shape, n, float(strengths[s])), 0.01, 0.99)
        if log:  # decreasing over orders of magnitude, e.g. loss or perplexity
            lo, hi = math.log10(metric.low), math.log10(metric.high)
            shift = (1 - strengths[s]) * 0.15
            v = 10 ** (hi - (hi - lo) * np.clip(c + shift, 0.0, 1.0))
        else:
            if not metric.higher_better:
                c = 1 - c
            v = metric.low + (metric.high - metric.low) * c
        dec = metric.decimals if not log else (2 if v.min() < 10 else 1)
        out.append(np.round(v, dec))
    return out
