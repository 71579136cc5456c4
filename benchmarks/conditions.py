"""Throughput of the conditions stage: images per second per condition and the stage's wall time.

Runs the stage as configured in params.yaml on the corpus in data/corpus (run `dvc repro corpus`
or `scifigbench corpus` first) into a scratch copy, so data/conditions is left alone.

    PYTHONPATH=src python benchmarks/conditions.py [--workers 2] [--params params.yaml]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path

from scifigbench import paths
from scifigbench.conditions import config, stage


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--params", default="params.yaml")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    cfg, seed = config.load(args.params)
    if args.workers:
        cfg = replace(cfg, workers=args.workers)
    repo = Path.cwd()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / paths.DATA).mkdir()
        os.symlink(repo / paths.CORPUS, root / paths.CORPUS, target_is_directory=True)
        if (repo / stage.REVIEW_FILE).exists():
            (root / paths.REVIEW_DIR).mkdir()
            shutil.copy(repo / stage.REVIEW_FILE, root / stage.REVIEW_FILE)
        res = stage.run(cfg, seed, root, progress=True)
    counts = res.conditions["condition"].value_counts()
    print(f"figures: {res.n_figures}, condition rows: {len(res.conditions)}, workers: {cfg.workers}, "
          f"ocr: {cfg.ocr_backend}/{cfg.real_ocr_backend}")
    print(f"stage wall time: {res.wall:.1f} s (includes reading/validating tables and writing galleries)")
    print("per condition (CPU seconds summed over workers -> images per second per worker):")
    n_full = int(counts.get("noise", 0))  # figures that got every condition
    for cond, secs in sorted(res.seconds.items()):
        n = int(counts.get(cond, 0)) if cond in counts else n_full  # ocr+targets, gallery: once per figure
        print(f"  {cond:14s} {n:5d} images  {secs:7.2f} s  {n / secs if secs else float('inf'):8.1f} img/s")
    print(f"  overall: {len(res.conditions) / res.wall:.1f} condition rows/s wall")


if __name__ == "__main__":
    main()
