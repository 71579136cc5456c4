"""Throughput of the synthetic corpus build: figures rendered per second and the default corpus time.

Run from the repository root: ``python benchmarks/corpus.py [--workers N] [--params params.yaml]``.
It builds the corpus configured in params.yaml into a temporary folder (the real data/ is not
touched) and prints the wall time, figures/s, and the single-figure render time for comparison.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import tempfile
import time

from scifigbench.corpus import config, stage
from scifigbench.corpus.synthetic import build_figure


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--params", default="params.yaml")
    ap.add_argument("--workers", type=int, default=None, help="override corpus.workers")
    args = ap.parse_args()
    cfg, seed = config.load(args.params)
    if args.workers is not None:
        cfg = dataclasses.replace(cfg, workers=args.workers)
    n = sum(cfg.counts().values())

    t0 = time.perf_counter()
    for job in [(seed, "bar", 0, cfg.dpi), (seed, "line", 0, cfg.dpi), (seed, "pie", 0, cfg.dpi)]:
        build_figure(job)
    single = (time.perf_counter() - t0) / 3

    def cpu() -> float:
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    with tempfile.TemporaryDirectory() as tmp:
        c0, t0 = cpu(), time.perf_counter()
        stage.run(cfg, seed, tmp)
        wall, cpu_s = time.perf_counter() - t0, cpu() - c0
    load = os.getloadavg()[0]
    print(f"corpus: {n} figures, {cfg.workers} worker(s), {os.cpu_count()} cores, load average {load:.1f}")
    print(f"  wall time          {wall:6.1f} s   (target < 60 s for 250 figures on 2 cores)")
    print(f"  throughput         {n / wall:6.2f} figures/s")
    print(f"  cpu time           {cpu_s:6.1f} s   (main + workers; / {cfg.workers} = {cpu_s / cfg.workers:.1f} s on idle cores)")
    print(f"  one figure, serial {single:6.3f} s   -> parallel speed-up {single * n / wall:4.2f}x over serial rendering")


if __name__ == "__main__":
    main()
