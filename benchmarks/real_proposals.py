"""Blur-target proposals on real figures (no spec) from the layout reading, measured against hand labels.

Runs the real-figure path — rapidocr lines (upright and from the image turned a quarter, as the
conditions stage reads them), the layout reader, the layout target rules — on the
SciVQA validation figures, split by a hash of the figure id into a development half and a held-out
half (rules were tuned only on ``dev``). For each split it prints:

- figures with an admittance / inductance proposal, the rules used, and how many figures have any
  label that passes every admittance rule (the most the selection could reach);
- proposals whose label the reader calls page furniture (target 0);
- against the hand labels in ``real_proposals_labels.csv`` (figure_id, mode, text, role, valid,
  kind, why, labelled_by; made by looking at the overlay pages and, for a caption-named label, at
  the caption as redacted for the blurred image; ``kind``, from session 10 on, grades a label by
  the standard of issue 29, see ``ranked_candidates.py --hand``, and is blank on older labels,
  which said only yes or no): labelled precision (target >= 90 %), and the share
  of figures with a valid admittance target (>= 60 %) — exact over labelled proposals, and
  estimated as proposal share x precision;
- with ``--blur-check``: whether OCR (upright and turned) reads a blurred target back at its box or
  at any copy blurred with it (target 0), what share of the other text it still reads
  (target >= 95 %; text within the padding counts), and how many blurred regions reach another
  OCR box (0: ``blur.blur_region`` trims the padding; the plain padded box is shown beside it).

``--out DIR`` writes one overlay PNG per figure (boxes coloured by role, targets outlined in
magenta) for a person to check. ``--ocr-cache DIR`` keeps OCR lines per image content so reruns
repeat no OCR.

    PYTHONPATH=src python benchmarks/real_proposals.py [--split dev|held|all] [--out /tmp/overlays] \\
        [--ocr-cache /tmp/ocr] [--blur-check] [--list]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import time
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from scifigbench.blurtargets.from_layout import admittance_candidates
from scifigbench.blurtargets.selection import select_targets
from scifigbench.blurtargets.validity import check_blur
from scifigbench.conditions.blur import blur_region, blur_with, padded_box
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr, write_png
from scifigbench.layout import read_layout
from scifigbench.layout.overlay import overlay
from scifigbench.ocr.cache import CachedOcr
from scifigbench.ocr.engine import OcrBox, backend
from scifigbench.ocr.geometry import overlaps
from scifigbench.ocr.turned import TurnedOcr

HERE = Path(__file__).resolve().parent
LABELS = HERE / "real_proposals_labels.csv"


def split_of(figure_id: str) -> str:
    """'dev' or 'held': a fixed half of the figures by a hash of the id."""
    return "dev" if int(hashlib.sha256(figure_id.encode()).hexdigest()[:8], 16) % 2 == 0 else "held"


class TimedOcr:
    """The rapidocr backend, counting its calls and seconds: behind the package's content-keyed
    OCR cache (keyed by engine settings and versions too), only the misses reach it."""

    def __init__(self) -> None:
        self.inner = backend("rapidocr")
        self.name, self.calls, self.seconds = self.inner.name, 0, 0.0

    def read(self, img, elements=None, min_elongation=None) -> list[OcrBox]:
        t = time.perf_counter()
        boxes = self.inner.read(img, elements, min_elongation)
        self.seconds += time.perf_counter() - t
        self.calls += 1
        return boxes


def as_the_stage(cfg: ConditionsConfig) -> dict:
    """The selection's settings as the conditions stage passes them (its seed, blur padding and OCR
    match threshold), shared by every benchmark that proposes targets so none drifts from the stage."""
    return {"seed": 42, "pad": cfg.blur_pad_px, "threshold": cfg.fuzzy_threshold}


def propose(figure_id: str, caption: str | None, boxes, img, cfg: ConditionsConfig, layout) -> list:
    """The targets the conditions stage proposes for a figure without a spec, before any review
    (``layout``: the figure's reading, which the caller has and the selection reuses)."""
    return select_targets(figure_id, None, caption, boxes, "rapidocr", img, layout=layout, **as_the_stage(cfg))


def blur_check(img, target, boxes, reader, cfg: ConditionsConfig):
    """Blur ``target`` as the stage does and read the image again (``validity.check_blur``)."""
    out = blur_with(img, target.boxes, cfg, clear_of=[b.box for b in boxes])
    return check_blur(boxes, reader.read(out), target.box, target.text, cfg.blur_pad_px, target.also)


def write_overlay(path: Path, img, layout, found) -> None:
    """The layout's reading with each proposal's boxes marked 'adm' or 'ind', for a person to check."""
    write_png(path, overlay(img, layout, [(b, t.mode[:3]) for t in found for b in t.boxes]))


def ocr_reader(cache: Path | None) -> tuple[TurnedOcr, TimedOcr]:
    """The reader the stage uses on a figure without a spec (upright and turned, cached in
    ``cache`` when given), and the timer behind it."""
    timed = TimedOcr()
    return TurnedOcr(CachedOcr(timed, cache) if cache else timed), timed


def read_labels(path: Path) -> dict[tuple[str, str, str], dict]:
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as fh:
        return {(r["figure_id"], r["mode"], r["text"]): r for r in csv.DictReader(fh)}


def pct(a: int, b: int) -> str:
    return f"{a}/{b} ({100 * a / b:.0f} %)" if b else f"{a}/0"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=HERE.parents[1] / "shared" / "data" / "scivqa_val")
    ap.add_argument("--split", choices=("dev", "held", "all"), default="all")
    ap.add_argument("--out", type=Path, default=None, help="write overlay PNGs here")
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--blur-check", action="store_true", help="OCR every blurred image (slow without a cache)")
    ap.add_argument("--list", action="store_true", help="print every proposal (for labelling)")
    ap.add_argument("--labels", type=Path, default=LABELS)
    args = ap.parse_args()
    cfg = ConditionsConfig()
    captions: dict[str, str] = {}
    for r in json.loads((args.data / "qa.json").read_text()):
        captions.setdefault(Path(r["image_file"]).stem, r["caption"])
    splits = ("dev", "held") if args.split == "all" else (args.split,)
    labels = read_labels(args.labels)
    reader, ocr = ocr_reader(args.ocr_cache)
    for split in splits:
        figures = sorted(f for f in captions if split_of(f) == split)
        per_mode: Counter = Counter()
        rules: Counter = Counter()
        furniture = 0
        labelled = Counter()
        valid_adm_figures = 0
        blur = Counter()
        eligible: Counter = Counter()
        read_back: list[str] = []
        for fid in tqdm(figures, desc=split, unit="fig"):
            img = read_bgr(args.data / "images" / f"{fid}.png")
            boxes = reader.read(img)
            layout = read_layout(img, boxes)
            found = propose(fid, captions[fid], boxes, img, cfg, layout)
            text, (h, w) = [o.box for o in boxes], img.shape[:2]
            per_mode.update({t.mode for t in found})
            eligible["any"] += bool(admittance_candidates(layout, captions[fid]))
            rules.update(f"{t.mode}:{t.rule}" for t in found)
            for t in found:
                furniture += t.role == "page_furniture"
                lab = labels.get((fid, t.mode, t.text))
                if lab is not None:
                    ok = lab["valid"].strip().lower() == "yes"
                    labelled[f"{t.mode}:n"] += 1
                    labelled[f"{t.mode}:valid"] += ok
                    labelled[f"{t.mode}:{t.rule}:n"] += 1
                    labelled[f"{t.mode}:{t.rule}:valid"] += ok
                    labelled["furniture"] += "furniture" in lab["why"].lower()
                    valid_adm_figures += ok and t.mode == "admittance"
                if args.list:
                    print(f"{fid}\t{t.mode}\t{t.text}\t{t.role}\t{t.rule}\t{t.question}")
                if args.blur_check:
                    res = blur_check(img, t, boxes, reader, cfg)
                    blur["images"] += 1
                    for b in t.boxes:  # does the blurred region reach other text? (with the plain pad: before)
                        near = [o for o in text if not overlaps(o, b)]
                        region = blur_region(b, cfg.blur_pad_px, w, h, text)
                        blur["regions"] += 1
                        blur["reach"] += any(overlaps(o, region) for o in near)
                        blur["reach_plain"] += any(overlaps(o, padded_box(b, cfg.blur_pad_px, w, h)) for o in near)
                    blur["read_back"] += res.target_read
                    if res.target_read:
                        read_back.append(f"{fid} {t.mode}: {t.text!r}")
                    blur["others"] += res.others
                    blur["kept"] += res.others_kept
            if args.out:
                write_overlay(args.out / split / f"{fid}.png", img, layout, found)
        n = len(figures)
        print(f"\n[{split}] figures: {n}")
        for mode in ("admittance", "inductance"):
            print(f"  {mode} proposal: {pct(per_mode[mode], n)}")
        print(f"  figures with any label passing every admittance rule (the ceiling): {pct(eligible['any'], n)}")
        print("  rules: " + ", ".join(f"{k} {v}" for k, v in sorted(rules.items())))
        print(
            f"  proposals on page furniture (layout role): {furniture}; labelled as furniture: {labelled['furniture']}"
        )
        for mode in ("admittance", "inductance"):
            print(f"  labelled {mode} precision: {pct(labelled[f'{mode}:valid'], labelled[f'{mode}:n'])}")
            by_rule = sorted(
                k.split(":")[1] for k in labelled if k.startswith(f"{mode}:") and k.endswith(":n") and k.count(":") == 2
            )
            print(
                "    by rule: "
                + ", ".join(f"{r} {labelled[f'{mode}:{r}:valid']}/{labelled[f'{mode}:{r}:n']}" for r in by_rule)
            )
        total_valid = labelled["admittance:valid"] + labelled["inductance:valid"]
        print(
            f"  labelled valid share (both modes): "
            f"{pct(total_valid, labelled['admittance:n'] + labelled['inductance:n'])}"
        )
        print(
            f"  figures with a valid admittance target (labelled): {pct(valid_adm_figures, n)}; "
            f"unlabelled admittance proposals: {per_mode['admittance'] - labelled['admittance:n']}"
        )
        if labelled["admittance:n"]:
            est = per_mode["admittance"] / n * labelled["admittance:valid"] / labelled["admittance:n"]
            print(f"  estimated figures with a valid admittance target: {100 * est:.0f} %")
        if args.blur_check:
            print(
                f"  blurred targets OCR reads back: {pct(blur['read_back'], blur['images'])}; "
                f"other text still read: {pct(blur['kept'], blur['others'])}"
            )
            print(
                f"  blurred regions reaching other text: {pct(blur['reach'], blur['regions'])} "
                f"(the plain padded box would: {blur['reach_plain']})"
            )
            for item in read_back:
                print(f"    read back: {item}")
    print(f"\nOCR calls: {ocr.calls}, {ocr.seconds / max(ocr.calls, 1):.2f} s each")


if __name__ == "__main__":
    main()
