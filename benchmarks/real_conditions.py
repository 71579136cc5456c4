"""First-pass conditions on real figures: seconds per figure before and after, in one run.

Imports N SciVQA figures (a real-figure corpus: no spec, so OCR and the layout reader run) into a
scratch folder and runs the conditions stage on them twice, one right after the other, each time
with empty caches and one worker (on a shared machine, compare the ratio more than the seconds):

- ``before``: the turned reading recognises every line rapidocr detects in the turned image and
  keeps the vertical ones afterwards (how the stage read until this benchmark was written);
- ``after``: only the lines detected wider than tall in the turned image are recognised.

It prints seconds per figure for each, the stage's own per-phase seconds (OCR and target
selection, noise, pages, gallery, ...), and how many figures' OCR readings differ between the two.

    PYTHONPATH=src python benchmarks/real_conditions.py [--figures 20] [--scivqa ../shared/data/scivqa_val]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from scifigbench import paths
from scifigbench.conditions import config, stage
from scifigbench.conditions.ocr import OcrBackend, OcrBox
from scifigbench.conditions.ocr import backend as ocr_backend
from scifigbench.conditions.ocr_boxes import ocr_boxes_path
from scifigbench.conditions.ocr_cache import CachedOcr
from scifigbench.conditions.ocr_turned import TurnedOcr
from scifigbench.corpus import stage as corpus_stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.spec import TextElement


class ReadsEveryLine:
    """The backend as the turned reading used it before: every detected line is recognised."""

    def __init__(self, inner: OcrBackend) -> None:
        self.inner, self.name = inner, inner.name

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        return self.inner.read(img, elements)  # the caller (turned_lines) keeps the elongated lines itself


def _reader(old: bool):
    def reader(name: str, root: Path):
        inner = ocr_backend(name)
        inner = ReadsEveryLine(inner) if old else inner
        return TurnedOcr(CachedOcr(inner, paths.cache_root(root) / "ocr"))

    return reader


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


def _run(root: Path, cfg: config.ConditionsConfig, seed: int, old: bool) -> tuple[float, dict[str, float]]:
    """Wall seconds of one conditions run with empty caches, and its per-phase seconds."""
    os.environ[paths.CACHE_ENV] = str(root / ("cache-old" if old else "cache-new"))
    shutil.rmtree(os.environ[paths.CACHE_ENV], ignore_errors=True)
    stage.reader = _reader(old)  # type: ignore[assignment]  # one worker: the stage runs in this process
    started = time.perf_counter()
    res = stage.run(cfg, seed, root, progress=False)
    wall = time.perf_counter() - started
    readings = {p.name: p.read_text() for p in (root / ocr_boxes_path("x").parent).glob("*.json")}
    (root / ("readings-old.json" if old else "readings-new.json")).write_text(json.dumps(readings))
    return wall, res.seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--figures", type=int, default=20)
    ap.add_argument("--scivqa", type=Path, default=Path("../shared/data/scivqa_val"))
    ap.add_argument("--params", default="params.yaml")
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
        got = {}
        for old in (True, False):
            got[old] = _run(root, cfg, seed, old)
        old_read = json.loads((root / "readings-old.json").read_text())
        new_read = json.loads((root / "readings-new.json").read_text())
    n = args.figures
    (w_old, s_old), (w_new, s_new) = got[True], got[False]
    print(f"{n} SciVQA figures, conditions stage, one worker, empty OCR and figure caches, every condition")
    print(f"  before: {w_old / n:6.2f} s/figure   (wall {w_old:.1f} s)")
    print(f"  after:  {w_new / n:6.2f} s/figure   (wall {w_new:.1f} s)   ratio before/after {w_old / w_new:.2f}")
    print("  seconds per phase (summed over figures)   before    after")
    for phase in sorted(set(s_old) | set(s_new)):
        print(f"    {phase:38s} {s_old.get(phase, 0.0):8.1f} {s_new.get(phase, 0.0):8.1f}")
    differ = sorted(k for k in old_read if old_read[k] != new_read.get(k))
    print(
        f"  figures whose OCR reading differs: {len(differ)} of {len(old_read)}"
        + (f" ({', '.join(differ)})" if differ else "")
    )


if __name__ == "__main__":
    main()
