"""Ranked blur candidates (``conditions.ranked``): how often the first is valid, and the first three hold one.

Runs the real-figure path as the conditions stage does — rapidocr upright and turned, the layout
reader, the ranked candidates with doubtful readings read again (``conditions.reread``) — and
scores, per mode, the stage's target (rank 1 when not doubtful) and the first three usable
candidates a reviewer is offered:

- ``--set webcharts``: the web-chart style sets of ``webcharts/generate.py`` (seeds split into dev
  and held-out sets), validity by the generator's truth (``webcharts.verdict``: the drawn text
  at the box, its role, what is printed there);
- ``--set scivqa``: the SciVQA validation figures in hash halves (``real_proposals.split_of``),
  validity by the hand labels of ``real_proposals_labels.csv``; candidates nobody labelled are
  counted apart (``--list`` prints them for labelling).

    cd benchmarks && PYTHONPATH=../src python ranked_candidates.py --set scivqa|webcharts \\
        [--split dev held ...] [--ocr-cache /tmp/ocr] [--charts /tmp/webcharts] [--list] [--rapidocr K=V ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from real_proposals import LABELS, ocr_reader, pct, read_labels
from real_proposals import split_of as scivqa_split

from scifigbench.conditions.blur import padded_box
from scifigbench.conditions.candidates import MODES
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr
from scifigbench.conditions.ocr import backend
from scifigbench.conditions.ocr_cache import CachedOcr
from scifigbench.conditions.ranked import ranked
from scifigbench.conditions.reread import crop_rereader
from scifigbench.layout import read_layout

HERE = Path(__file__).resolve().parent
TOP = 3


def figures(args) -> list[dict]:
    """Each figure: id, split, image path, caption, and (web charts) the generator's texts."""
    if args.set == "scivqa":
        captions: dict[str, str] = {}
        for r in json.loads((args.data / "qa.json").read_text()):
            captions.setdefault(Path(r["image_file"]).stem, r["caption"])
        return [
            {"figure_id": f, "split": scivqa_split(f), "image": args.data / "images" / f"{f}.png", "caption": c}
            for f, c in sorted(captions.items())
        ]
    sys.path.insert(0, str(HERE / "webcharts"))
    from generate import N_SEEDS, draw

    out = []
    for seed in range(N_SEEDS):
        rec = draw(seed, args.charts)
        out.append({**rec, "image": args.charts / f"{rec['figure_id']}.png"})
    return out


def judge(fig: dict, cand, labels: dict, cfg: ConditionsConfig, shape) -> bool | None:
    """Is the candidate valid: by the generator's truth (web charts) or a hand label (None: unlabelled)."""
    if "texts" in fig:
        from webcharts import verdict

        box = padded_box(cand.box, cfg.blur_pad_px, shape[1], shape[0]) if cand.accept else cand.box
        return verdict(box, cand.mode, fig["texts"], cand.accept, cand.rule, cand.expected_answer)[0]
    lab = labels.get((fig["figure_id"], cand.mode, cand.text))
    return None if lab is None else lab["valid"].strip().lower() == "yes"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("scivqa", "webcharts"), required=True)
    ap.add_argument("--data", type=Path, default=HERE.parents[1] / "shared" / "data" / "scivqa_val")
    ap.add_argument("--charts", type=Path, default=Path("/tmp/webcharts"))
    ap.add_argument("--split", nargs="+", default=None, help="splits to score (default: all)")
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--labels", type=Path, default=LABELS)
    ap.add_argument("--list", action="store_true", help="print every top-3 candidate with its verdict")
    ap.add_argument(
        "--rapidocr",
        nargs="+",
        default=None,
        metavar="KEY=VALUE",
        help="read with these rapidocr settings changed (e.g. the detector at the image's own size: "
        "Det.limit_type=max Det.limit_side_len=2000); use a separate --ocr-cache",
    )
    args = ap.parse_args()
    if args.rapidocr:
        from real_conditions import settings, use_settings

        use_settings(settings(args.rapidocr))
    cfg = ConditionsConfig()
    labels = read_labels(args.labels) if args.set == "scivqa" else {}
    reader, ocr = ocr_reader(args.ocr_cache)
    engine = CachedOcr(backend("rapidocr"), args.ocr_cache) if args.ocr_cache else backend("rapidocr")
    figs = [f for f in figures(args) if args.split is None or f["split"] in args.split]
    n: Counter = Counter()
    for fig in figs:
        img = read_bgr(fig["image"])
        boxes = reader.read(img)
        layout = read_layout(img, boxes)
        s = fig["split"]
        n[f"{s}:figures"] += 1
        for mode in MODES:
            cands = ranked(
                fig["figure_id"],
                layout,
                fig["caption"],
                mode,
                seed=42,
                pad=cfg.blur_pad_px,
                k=TOP,
                rereader=crop_rereader(img, [engine], cfg.reread_scale),
                reread_below=cfg.reread_below,
            )
            usable = [r.candidate for r in cands if r.doubt is None][:TOP]
            n[f"{s}:{mode}:doubtful"] += sum(r.doubt is not None for r in cands)
            verdicts = [judge(fig, c, labels, cfg, img.shape) for c in usable]
            if usable:
                n[f"{s}:{mode}:any"] += 1
                n[f"{s}:{mode}:top1"] += verdicts[0] is True
                n[f"{s}:{mode}:top1_unlabelled"] += verdicts[0] is None
            n[f"{s}:{mode}:top3"] += any(v is True for v in verdicts)
            n[f"{s}:{mode}:top3_unlabelled"] += sum(v is None for v in verdicts)
            n[f"{s}:{mode}:top3_all_judged_invalid"] += bool(usable) and all(v is False for v in verdicts)
            if args.list:
                for r, v in zip([r for r in cands if r.doubt is None][:TOP], verdicts, strict=True):
                    mark = {True: "VALID", False: "BAD", None: "UNLABELLED"}[v]
                    print(
                        f"{fig['figure_id']}\t{mode}\t{r.rank}\t{r.candidate.text}\t{r.candidate.role}\t"
                        f"{r.candidate.rule}\t{mark}\t{r.candidate.question}"
                    )
                for r in cands:
                    if r.doubt:
                        print(f"{fig['figure_id']}\t{mode}\tDOUBT\t{r.candidate.text}\t{r.doubt}")
    truth = "generator truth" if args.set == "webcharts" else f"hand labels ({args.labels.name})"
    for s in sorted({f["split"] for f in figs}):
        k = n[f"{s}:figures"]
        print(f"\n[{args.set} {s}] figures: {k}; validity by {truth}")
        for mode in MODES:
            p = f"{s}:{mode}"
            print(
                f"  {mode}: with a candidate {pct(n[f'{p}:any'], k)}; top-1 valid {pct(n[f'{p}:top1'], k)}"
                f" (unlabelled top-1: {n[f'{p}:top1_unlabelled']}); top-{TOP} holds a valid one "
                f"{pct(n[f'{p}:top3'], k)} (unlabelled top-{TOP} candidates: {n[f'{p}:top3_unlabelled']}); "
                f"doubtful readings set aside: {n[f'{p}:doubtful']}"
            )
    print(f"\nOCR calls: {ocr.calls}")


if __name__ == "__main__":
    main()
