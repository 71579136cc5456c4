"""First-pass conditions on real figures: seconds per figure before and after, in one run.

Imports N SciVQA figures (a real-figure corpus: no spec, so OCR and the layout reader run) into a
scratch folder and runs the conditions stage on them twice, one right after the other, each time
with empty caches and one worker (on a shared machine, compare the ratio more than the seconds):

- ``before``: rapidocr read with ``ocr.RAPIDOCR_SETTINGS`` as shipped;
- ``after``: the same with the settings given by ``--after`` changed, e.g. the detector at the
  image's own size instead of enlarging every image whose shorter side is under 736 px:
  ``--after Det.limit_type=max Det.limit_side_len=2000``.

It prints seconds per figure for each, the stage's own per-phase seconds (OCR and target
selection, noise, pages, gallery, ...), the ratio of the phases the change does not touch (how
much the machine's load moved between the runs), and how many figures' OCR lines, OCR scores
and blur targets differ between the two. Whether the candidates stay valid is measured against
the hand labels by ``ranked_candidates.py --set scivqa --rapidocr K=V ...``.

    PYTHONPATH=src python benchmarks/real_conditions.py [--figures 20] [--scivqa ../shared/data/scivqa_val] \
        [--after KEY=VALUE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from scifigbench import paths
from scifigbench.conditions import config, ocr, ocr_cache, stage
from scifigbench.conditions.ocr_boxes import ocr_boxes_path
from scifigbench.corpus import stage as corpus_stage
from scifigbench.corpus.config import CorpusConfig

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


def _run(root: Path, cfg: config.ConditionsConfig, seed: int, settings: dict[str, Any], name: str) -> dict[str, Any]:
    """One conditions run with empty caches: wall seconds, per-phase seconds, and per figure its
    OCR reading (text and box, then score) and blur targets, to compare the two runs by."""
    os.environ[paths.CACHE_ENV] = str(root / f"cache-{name}")
    shutil.rmtree(os.environ[paths.CACHE_ENV], ignore_errors=True)
    use_settings(settings)  # one worker: the stage reads in this process
    started = time.perf_counter()
    res = stage.run(cfg, seed, root, progress=False)
    wall = time.perf_counter() - started
    lines, scores = {}, {}
    for path in (root / ocr_boxes_path("x").parent).glob("*.json"):
        boxes = json.loads(path.read_text())["boxes"]
        lines[path.stem] = sorted((b["text"], tuple(b["box"])) for b in boxes)
        scores[path.stem] = sorted((b["text"], tuple(b["box"]), b["score"]) for b in boxes)
    targets = {
        fid: sorted(map(tuple, group[["mode", "text", "rule", "expected_answer", "status"]].astype(str).values))
        for fid, group in res.targets.groupby("figure_id")
    }
    return {"wall": wall, "seconds": res.seconds, "lines": lines, "scores": scores, "targets": targets}


def _differ(a: dict, b: dict) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--figures", type=int, default=20)
    ap.add_argument("--scivqa", type=Path, default=Path("../shared/data/scivqa_val"))
    ap.add_argument("--params", default="params.yaml")
    ap.add_argument("--after", nargs="+", default=None, metavar="KEY=VALUE", help="rapidocr settings changed after")
    args = ap.parse_args()
    cfg, seed = config.load(args.params)
    cfg = replace(cfg, workers=1, subset="all")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        root = tmp / "repo"
        os.environ[paths.CACHE_ENV] = str(tmp / "corpus-cache")
        corpus_stage.run(
            CorpusConfig(source="scivqa", scivqa_dir=str(_corpus(args.scivqa, args.figures, tmp))), seed, root
        )
        before = _run(root, cfg, seed, SHIPPED, "before")
        after = _run(root, cfg, seed, settings(args.after), "after")
    n = args.figures
    other = [p for p in before["seconds"] if p != "ocr+targets"]
    print(f"{n} SciVQA figures, conditions stage, one worker, empty OCR and figure caches, every condition")
    print(f"  after: rapidocr settings {settings(args.after)}")
    print(f"  before: {before['wall'] / n:6.2f} s/figure   (wall {before['wall']:.1f} s)")
    print(f"  after:  {after['wall'] / n:6.2f} s/figure   (wall {after['wall']:.1f} s)")
    print(
        f"  ratio before/after: {before['wall'] / after['wall']:.2f} over the stage; the phases this change does "
        f"not touch ({', '.join(other)}) give "
        f"{sum(before['seconds'][p] for p in other) / max(sum(after['seconds'][p] for p in other), 1e-9):.2f}: "
        "how much the machine's load moved between the two runs"
    )
    print("  seconds per phase (summed over figures)   before    after")
    for phase in sorted(set(before["seconds"]) | set(after["seconds"])):
        print(f"    {phase:38s} {before['seconds'].get(phase, 0.0):8.1f} {after['seconds'].get(phase, 0.0):8.1f}")
    for what, key in (("OCR lines (text and box)", "lines"), ("OCR scores", "scores"), ("blur targets", "targets")):
        differ = _differ(before[key], after[key])
        print(f"  figures whose {what} differ: {len(differ)} of {n}" + (f" ({', '.join(differ)})" if differ else ""))


if __name__ == "__main__":
    main()
