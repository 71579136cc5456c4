"""Reviewing real figures: time per blur-target decision, and a conditions rerun after one decision.

Run from a repository whose data/corpus holds imported real figures (e.g. a copy with
`corpus.source: scivqa`). Works on a scratch copy, so the repository's data/ and review/ are
left alone. Prints ratios measured in this one run (the machine's load changes absolute times):

- a decision (``review blur confirm ID``) against a bare ``python -c pass`` and ``scifigbench --help``;
- a batch decision (``--rule``) per decided target;
- the conditions stage cold (empty caches), then rerun after one decision, as a share of cold.

    PYTHONPATH=src python benchmarks/review_rerun.py [--workers 2] [--keep-cache]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pandas as pd

from scifigbench import paths
from scifigbench.conditions import config, stage


def _timed(cmd: list[str], cwd: Path) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--params", default="params.yaml")
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    cfg, seed = config.load(args.params)
    if args.workers:
        cfg = replace(cfg, workers=args.workers)
    scratch = Path(tempfile.mkdtemp(prefix="review-bench-"))
    try:
        shutil.copytree(Path.cwd() / paths.CORPUS, scratch / paths.CORPUS)
        shutil.copy(args.params, scratch / "params.yaml")
        cold = stage.run(cfg, seed, scratch, progress=False)
        targets = cold.targets[cold.targets.status == "proposed"]
        if targets.empty:
            sys.exit("no proposed blur targets: import real figures first (corpus.source manifest or scivqa)")
        exe = [str(Path(sys.executable).with_name("scifigbench"))]
        first = targets.target_id.iloc[0]
        one = [_timed(exe + ["review", "blur", "confirm", first], scratch)]
        decided = len(pd.read_csv(scratch / "review" / "blur_targets.csv"))
        shutil.rmtree(scratch / paths.CONDITIONS_DIR)  # dvc deletes the stage's outputs before a rerun
        rerun = stage.run(cfg, seed, scratch, progress=False)
        bare = min(_timed([sys.executable, "-c", "pass"], scratch) for _ in range(3))
        helptime = min(_timed(exe + ["--help"], scratch) for _ in range(3))
        one += [_timed(exe + ["review", "blur", "confirm", tid], scratch) for tid in targets.target_id[1:5]]
        rest = targets[targets.target_id != first]
        rule = rest.rule.value_counts().index[0]
        n_rule = int((rest.rule == rule).sum())
        batch = _timed(exe + ["review", "blur", "reject", "--rule", rule], scratch)
        per_decision = sorted(one)[len(one) // 2]
        print(f"figures: {cold.n_figures}; proposed targets: {len(targets)}; decisions written: {decided}")
        print(
            f"one decision (median of {len(one)}): {per_decision:.2f} s = {per_decision / bare:.1f}x bare python, "
            f"{per_decision / helptime:.1f}x `scifigbench --help`"
        )
        print(f"batch --rule {rule}: {n_rule} decisions in {batch:.2f} s = {batch / n_rule:.3f} s per decision")
        print(
            f"conditions cold: {cold.wall:.1f} s; rerun after {decided} decision(s): {rerun.wall:.1f} s "
            f"= {100 * rerun.wall / cold.wall:.1f} % of cold ({rerun.reused}/{rerun.n_figures} figures reused)"
        )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
