#!/usr/bin/env python3
"""Bootstrap throughput: weight-matrix products vs a per-resample loop, on the paper's scale.

Paper scale: 8 models x ~45 cells each (MQM per condition and chart type, penalties, capability,
resistance, caption bias, blur rates), B = 10,000 resamples, 100-750 units per cell. Prints the
time of all cells, and the speed-up over gathering each resample in a Python loop (measured on a
subset of resamples and scaled). Also prints the time to build the weight matrices of the default
run's 63 distinct cell sizes (15-250 figures), each once, as the metrics stage does: run the script
from two checkouts, alternately, to compare two ways of building them.
Run: python benchmarks/bootstrap_speed.py
"""

from __future__ import annotations

import time

import numpy as np

from scifigbench.metrics import stats as st

MODELS, B = 8, 10_000
CELL_SIZES = [250] * 20 + [100] * 18 + [750] * 2 + [50] * 5  # units per cell, per model


def vectorised() -> float:
    st.bootstrap_weights.cache_clear()
    rng = np.random.default_rng(0)
    t0 = time.perf_counter()
    for n in CELL_SIZES:
        for _ in range(MODELS):
            st.ratio_estimate(rng.random(n), None, B=B, seed=42)
    return time.perf_counter() - t0


def weights_of_default_run(rounds: int = 3) -> float:
    """Fastest of ``rounds`` builds of the weight matrices for 63 cell sizes like the default run's."""
    sizes = [*range(15, 64, 2), *range(85, 101), *range(192, 251, 3), 248, 250]
    best = float("inf")
    for _ in range(rounds):
        st.bootstrap_weights.cache_clear()
        t0 = time.perf_counter()
        for n in sizes:
            st.bootstrap_weights(n, B, 42)
        best = min(best, time.perf_counter() - t0)
    return best


def looped(resamples: int = 500) -> float:
    """Per-resample fancy indexing in a Python loop, scaled to B resamples."""
    rng = np.random.default_rng(0)
    t0 = time.perf_counter()
    for n in CELL_SIZES:
        for _ in range(MODELS):
            v = rng.random(n)
            r = np.random.default_rng(42)
            means = [v[r.integers(0, n, n)].mean() for _ in range(resamples)]
            np.percentile(means, [2.5, 97.5])
    return (time.perf_counter() - t0) * B / resamples


if __name__ == "__main__":
    cells = len(CELL_SIZES) * MODELS
    fast = vectorised()
    slow = looped()
    print(f"cells: {cells}, resamples each: {B}")
    print(f"vectorised (weight matrices): {fast:.2f} s  ({cells * B / fast / 1e6:.1f} M resample-means/s)")
    print(f"python loop (scaled from 500 resamples): {slow:.2f} s")
    print(f"speed-up: {slow / fast:.1f}x")
    print(f"weight matrices of 63 cell sizes (15-250 units), best of 3: {weights_of_default_run():.3f} s")
