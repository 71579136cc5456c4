"""Blur-target proposals on real figures (SciVQA validation sample) with rapidocr.

Runs the real-figure path — rapidocr boxes, the OCR rules, three-tier matching — on every image
of ../shared/data/scivqa_val and prints how many figures get an admittance and an inductance
proposal, the rules used, and OCR time. With --out DIR it also writes the blurred images of the
first N figures there so that a person can look at them.

    PYTHONPATH=src python benchmarks/real_proposals.py [--data ../shared/data/scivqa_val] [--out /tmp/real] [--show 12]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from scifigbench.conditions.blur import blur_box
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr, write_png
from scifigbench.conditions.ocr import backend
from scifigbench.conditions.selection import select_targets


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data" / "scivqa_val")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--show", type=int, default=12)
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args()
    cfg = ConditionsConfig()
    records = json.loads((args.data / "qa.json").read_text())
    captions = {}
    for r in records:
        captions.setdefault(r["image_file"], r["caption"])
    files = sorted(captions)[: args.limit]
    ocr = backend("rapidocr")
    per_mode: Counter = Counter()
    rules: Counter = Counter()
    both = 0
    ocr_s = 0.0
    for i, name in enumerate(tqdm(files, desc="scivqa", unit="fig")):
        img = read_bgr(args.data / "images" / name)
        t = time.perf_counter()
        boxes = ocr.read(img)
        ocr_s += time.perf_counter() - t
        fid = Path(name).stem
        found = select_targets(fid, None, captions[name], boxes, "rapidocr", seed=42, pad=cfg.blur_pad_px,
                               threshold=cfg.fuzzy_threshold, decided={}, where="-")
        modes = {t.mode for t in found}
        per_mode.update(modes)
        both += len(modes) == 2
        rules.update(f"{t.mode}:{t.rule}" for t in found)
        if args.out and i < args.show:
            for t in found:
                out = blur_box(img, t.box, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=cfg.blur_pad_px)
                write_png(args.out / f"{fid}__{t.mode}.png", out)
                print(f"{fid} {t.mode}: {t.text!r} ({t.rule}) -- {t.reasoning_path}")
    n = len(files)
    print(f"figures: {n}; rapidocr {ocr_s / max(n, 1):.2f} s/figure")
    for mode in ("admittance", "inductance"):
        print(f"  {mode} proposal: {per_mode[mode]}/{n} ({100 * per_mode[mode] / max(n, 1):.0f} %)")
    print(f"  both modes: {both}/{n}")
    print("  rules: " + ", ".join(f"{k} {v}" for k, v in sorted(rules.items())))


if __name__ == "__main__":
    main()
