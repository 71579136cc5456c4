"""First-pass conditions on real figures: seconds per figure before and after, in one run.

Imports N SciVQA figures (a real-figure corpus: no spec, so OCR and the layout reader run) into a
scratch folder and runs the conditions stage on them once per ``--runs`` entry, one right after
the other, each time with empty OCR and figure caches:

- ``before``: as shipped before session 11: rapidocr's own detector preprocessing (float64
  arithmetic over every enlarged pixel), one worker;
- ``after:N``: the stage as it is now, with N workers (``after:1``: one worker, in this process;
  ``after:2``: the spawn pool, one reading engine per worker, as ``conditions.workers: 2`` runs
  it). ``--after KEY=VALUE ...`` changes rapidocr settings for the one-worker after runs (a pool's
  workers build their engine from the shipped settings, so it is refused with N > 1), e.g. the
  detector at the image's own size: ``--after Det.limit_type=max Det.limit_side_len=2000``.

It prints seconds per figure for each run with the load average at its end (the machine may be
shared: compare the ratios more than the seconds), the stage's own per-phase seconds (summed over
figures, so over workers too), and how many figures' OCR lines, OCR scores, ranked blur
candidates and blur targets differ from the first run's. Whether changed candidates stay valid
is measured against the hand labels by ``ranked_candidates.py --set scivqa --rapidocr K=V ...``.

    PYTHONPATH=src python benchmarks/real_conditions.py [--figures 20] [--scivqa ../shared/data/scivqa_val] \
        [--runs before after:1 after:2] [--after KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

import pandas as pd

from scifigbench import paths
from scifigbench.conditions import config, stage
from scifigbench.corpus import stage as corpus_stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.ocr import cache as ocr_cache
from scifigbench.ocr import engine as ocr
from scifigbench.ocr import tabled as ocr_tabled
from scifigbench.ocr.boxes import ocr_boxes_path

SHIPPED = dict(ocr.RAPIDOCR_SETTINGS)


def settings(pairs: list[str] | None) -> dict[str, Any]:
    """The shipped rapidocr settings with ``KEY=VALUE`` pairs changed (whole numbers as numbers)."""
    given = dict(kv.split("=", 1) for kv in pairs or [])
    return {**SHIPPED, **{k: int(v) if v.isdigit() else v for k, v in given.items()}}


def use_settings(settings: dict[str, Any]) -> None:
    """Read with these rapidocr settings from now on (in this process): engine and cache keys follow."""
    ocr.RAPIDOCR_SETTINGS.clear()
    ocr.RAPIDOCR_SETTINGS.update(settings)
    ocr._rapidocr_engine.cache_clear()
    ocr_cache.engine_version.cache_clear()


def _corpus(scivqa: Path, n: int, tmp: Path) -> Path:
    """A SciVQA-layout folder with the first ``n`` figures (copies, in the scratch folder only)."""
    records = json.loads((scivqa / "qa.json").read_text(encoding="utf-8"))
    files = sorted({r["image_file"] for r in records})[:n]
    folder = tmp / "scivqa"
    (folder / "images").mkdir(parents=True)
    for f in files:
        shutil.copy(scivqa / "images" / f, folder / "images" / f)
    (folder / "qa.json").write_text(json.dumps([r for r in records if r["image_file"] in files]))
    return folder


def _readings(root: Path, res: stage.StageResult) -> dict[str, dict]:
    """Per figure: its OCR reading (text and box; then with score), ranked candidates and blur targets."""
    lines, scores = {}, {}
    for path in (root / ocr_boxes_path("x").parent).glob("*.json"):
        boxes = json.loads(path.read_text())["boxes"]
        lines[path.stem] = sorted((b["text"], tuple(b["box"])) for b in boxes)
        scores[path.stem] = sorted((b["text"], tuple(b["box"]), b["score"]) for b in boxes)

    def by_figure(table) -> dict[str, list]:
        return {
            fid: sorted(map(tuple, g.drop(columns="figure_id").astype(str).values))
            for fid, g in table.groupby("figure_id")
        }

    candidates = by_figure(pd.read_parquet(root / paths.BLUR_CANDIDATES))
    return {"lines": lines, "scores": scores, "candidates": candidates, "targets": by_figure(res.targets)}


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of its finished children (a pool's workers)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _run(root: Path, cfg: config.ConditionsConfig, seed: int, run: str, after: list[str] | None) -> dict[str, Any]:
    """One conditions run (``before`` or ``after:N``) with empty caches: wall seconds, per-phase
    seconds, the load average at its end, and the figures' readings to compare the runs by."""
    name, _, n = run.partition(":")
    workers = 1 if name == "before" else int(n or 1)
    if name not in ("before", "after") or (name == "before" and n not in ("", "1")):
        raise SystemExit(f"--runs: {run!r} is not 'before' or 'after:N'")
    if workers > 1 and after:
        raise SystemExit("--after settings reach only a one-worker run: a pool's workers use the shipped settings")
    os.environ[paths.CACHE_ENV] = str(root.parent / f"cache-{run}")
    shutil.rmtree(os.environ[paths.CACHE_ENV], ignore_errors=True)
    use_settings(settings(after) if name == "after" else SHIPPED)
    stock = name == "before"
    with mock.patch.object(ocr_tabled, "use_table", lambda detector: None) if stock else contextlib.nullcontext():
        started, cpu0 = time.perf_counter(), _cpu()
        res = stage.run(replace(cfg, workers=workers), seed, root, progress=False)
        wall, cpu = time.perf_counter() - started, _cpu() - cpu0
        ocr._rapidocr_engine.cache_clear()  # the next run builds its own engine
    return {"wall": wall, "cpu": cpu, "seconds": res.seconds, "load": os.getloadavg()[0], **_readings(root, res)}


def _differ(a: dict, b: dict) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--figures", type=int, default=20)
    ap.add_argument("--scivqa", type=Path, default=Path("../shared/data/scivqa_val"))
    ap.add_argument("--params", default="params.yaml")
    ap.add_argument("--runs", nargs="+", default=["before", "after:1", "after:2"], metavar="before|after:N")
    ap.add_argument("--after", nargs="+", default=None, metavar="KEY=VALUE", help="rapidocr settings changed after")
    args = ap.parse_args()
    cfg, seed = config.load(args.params)
    cfg = replace(cfg, subset="all")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        root = tmp / "repo"
        os.environ[paths.CACHE_ENV] = str(tmp / "corpus-cache")
        corpus_stage.run(
            CorpusConfig(source="scivqa", scivqa_dir=str(_corpus(args.scivqa, args.figures, tmp))), seed, root
        )
        runs = {run: _run(root, cfg, seed, run, args.after) for run in args.runs}
    n = args.figures
    first = args.runs[0]
    print(f"{n} SciVQA figures, conditions stage, empty OCR and figure caches, every condition, {os.cpu_count()} cores")
    if args.after:
        print(f"  after: rapidocr settings {settings(args.after)}")
    print("  (wall: the stage's own; CPU: user + system of this process and the pool's workers, what the stage")
    print("   costs the machine whatever else runs on it; load average: 1-minute, at the run's end)")
    for run, r in runs.items():
        print(
            f"  {run:8s} wall {r['wall'] / n:5.2f} s/figure ({first}/{run} {runs[first]['wall'] / r['wall']:.2f})   "
            f"CPU {r['cpu'] / n:5.2f} s/figure ({first}/{run} {runs[first]['cpu'] / r['cpu']:.2f})   "
            f"load average {r['load']:.1f}"
        )
    print("  seconds per phase (summed over figures)" + "".join(f"{run:>10s}" for run in runs))
    for phase in sorted({p for r in runs.values() for p in r["seconds"]}):
        print(f"    {phase:36s}" + "".join(f"{r['seconds'].get(phase, 0.0):10.1f}" for r in runs.values()))
    for what, key in (
        ("OCR lines (text and box)", "lines"),
        ("OCR scores", "scores"),
        ("ranked blur candidates", "candidates"),
        ("blur targets", "targets"),
    ):
        for run in args.runs[1:]:
            differ = _differ(runs[first][key], runs[run][key])
            print(
                f"  figures whose {what} differ, {run} vs {first}: {len(differ)} of {n}"
                + (f" ({', '.join(differ)})" if differ else "")
            )


if __name__ == "__main__":
    main()
