"""Ranked blur candidates (``conditions.ranked``): how often the first is valid, and the first three hold one.

Runs the real-figure path as the conditions stage does — rapidocr upright and turned, the layout
reader, the ranked candidates with doubtful readings read again (``conditions.reread``) — and
scores, per mode, the stage's target (rank 1 when neither doubtful nor held back: ``ranked.held_back``,
a reader narrows it) and the first three usable candidates a reviewer is offered. Top-1 valid is
given as a share of all figures and of the proposed targets (an outside reader counts the
latter: a figure held back costs nothing there), top-3 as a share of all figures, with the
figures held back counted:

- ``--set webcharts``: the web-chart style sets of ``webcharts/generate.py`` (seeds split into dev
  and held-out sets; the frozen ``held17`` only when named), validity by the generator's truth
  (``webcharts.verdict``: the drawn text at the box, its role, what is printed there; a member of
  a well-known group beside a printed sibling counts as narrowed, not valid), and whether the
  top-1's question asks about the kind of element drawn there;
- ``--set scivqa``: the SciVQA validation figures in hash halves (``real_proposals.split_of``),
  validity by the hand labels of ``real_proposals_labels.csv``; candidates nobody labelled are
  counted apart (``--list`` prints them for labelling).

``--hand`` scores admittance on both sets by the hand labels' ``kind`` alone (the issue-29
standard: ``valid`` only when a careful reader of the blurred image and its redacted caption
could not say the label; ``narrowed`` to a few guesses, ``recoverable`` from what stays visible,
``furniture``, ``broken``: the blur covers part of a label or several, the question points
elsewhere, the expected answer is garbled). It prints per split the share of figures whose top-1
is valid, whose top-3 holds a valid one (top-2/3 unlabelled: counted as not valid, the count
said), whose top-1 is narrowed, the top-1 kinds, and on web charts how the generator's truth
agrees with the hand labels. ``--sheets DIR`` writes what those labels were made from: per
figure the image as the stage blurs its admittance top-1, the top-2 and top-3 outlined and
numbered, and ``sheets.tsv`` with each candidate's question, expected answer and the caption as
redacted for the top-1.

    cd benchmarks && PYTHONPATH=../src python ranked_candidates.py --set scivqa|webcharts \\
        [--split dev held ...] [--ocr-cache /tmp/ocr] [--charts /tmp/webcharts] [--every K] [--list] \\
        [--hand] [--sheets /tmp/sheets] [--rapidocr K=V ...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
from real_proposals import LABELS, ocr_reader, pct, read_labels
from real_proposals import split_of as scivqa_split

from scifigbench.blurtargets.candidates import ADMITTANCE, MODES
from scifigbench.blurtargets.ranked import ranked
from scifigbench.blurtargets.text import redact
from scifigbench.conditions.blur import blur_with, padded_box
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr, write_png
from scifigbench.layout import read_layout
from scifigbench.ocr.cache import CachedOcr
from scifigbench.ocr.engine import backend
from scifigbench.ocr.reread import crop_rereader

HERE = Path(__file__).resolve().parent
TOP = 3
KINDS = ("valid", "narrowed", "recoverable", "furniture", "broken")  # hand-label kinds (issue 29)
SHEET_COLOURS = {2: (255, 90, 0), 3: (0, 160, 0)}  # BGR: top-2 blue, top-3 green


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
    from generate import HELD17, draw
    from generate import split_of as chart_split

    # the frozen 'held17' only when named
    every = range(0, HELD17.stop, args.every)
    seeds = [s for s in every if chart_split(s) in args.split] if args.split else [s for s in every if s not in HELD17]
    return [{**rec, "image": args.charts / f"{rec['figure_id']}.png"} for rec in (draw(s, args.charts) for s in seeds)]


def hand_kind(fig: dict, cand, labels: dict) -> str | None:
    """The candidate's hand-label kind (one of ``KINDS``), None when nobody labelled it so."""
    lab = labels.get((fig["figure_id"], cand.mode, cand.text))
    kind = (lab.get("kind") or "").strip() if lab else ""
    return kind or None


def judge(fig: dict, cand, labels: dict, cfg: ConditionsConfig, shape, hand: bool = False) -> bool | None:
    """Is the candidate valid: by the generator's truth (web charts) or a hand label (None:
    unlabelled); ``hand``: by the hand label's kind on either set."""
    if hand:
        kind = hand_kind(fig, cand, labels)
        return None if kind is None else kind == "valid"
    if "texts" in fig:
        from webcharts import verdict

        box = padded_box(cand.box, cfg.blur_pad_px, shape[1], shape[0]) if cand.accept else cand.box
        return verdict(box, cand.mode, fig["texts"], cand.accept, cand.rule, cand.expected_answer)[0]
    lab = labels.get((fig["figure_id"], cand.mode, cand.text))
    return None if lab is None else lab["valid"].strip().lower() == "yes"


def question_fits(fig: dict, cand) -> bool | None:
    """Web charts: does the admittance question ask about the kind of element drawn at the box
    (None: the box is not one whole drawn text, so no element to fit)."""
    from webcharts import verdict

    why = verdict(cand.box, cand.mode, fig["texts"], cand.accept, cand.rule, cand.expected_answer)[1]
    if why in ("no drawn text there", "several drawn texts in one box") or why.startswith("part of a label"):
        return None
    return not why.startswith("the question asks about")


def write_sheet(path: Path, img, cands: list, cfg: ConditionsConfig, clear_of: list) -> None:
    """A labelling sheet: ``img`` as the stage blurs ``cands[0]``, the others outlined and numbered
    (from 2) a few pixels outside their boxes so their text stays readable."""
    out = blur_with(img, [cands[0].box, *cands[0].also], cfg, clear_of=clear_of)
    for i, c in enumerate(cands[1:], start=2):
        colour = SHEET_COLOURS.get(i, (0, 0, 255))
        for x0, y0, x1, y1 in (map(int, b) for b in (c.box, *c.also)):
            cv2.rectangle(out, (x0 - 3, y0 - 3), (x1 + 3, y1 + 3), colour, 1)
            cv2.putText(out, str(i), (x1 + 5, y0 + 9), cv2.FONT_HERSHEY_SIMPLEX, 0.4, colour, 1)
    write_png(path, out)


def sheet_rows(fig: dict, cands: list) -> list[str]:
    """The ``sheets.tsv`` lines of a figure: each candidate's rank, text, role, rule, expected
    answer and question, then the caption as redacted for the top-1 (what the reader is shown)."""
    rows = [
        "\t".join(map(str, (fig["figure_id"], fig["split"], i, c.text, c.role, c.rule, c.expected_answer, c.question)))
        for i, c in enumerate(cands, start=1)
    ]
    return [*rows, f"{fig['figure_id']}\tcaption\t{redact(fig['caption'], cands[0].text)}"]


def print_hand(n: Counter, s: str, k: int) -> None:
    """The hand-label shares of split ``s`` (``k`` figures): top-1 valid over all figures and over
    the proposed targets (labelled), top-3 holds a valid one, top-1 narrowed, and what the figures
    the stage held back had as their best candidate."""
    p = f"{s}:{ADMITTANCE}"
    done = sum(n[f"{s}:kind:{kind}"] for kind in KINDS)
    print(
        f"  hand labels, admittance: figures with a candidate {n[f'{p}:any']}, target proposed {n[f'{p}:proposed']},"
        f" held back {n[f'{p}:held_back']}; proposed top-1 labelled {done} (unlabelled {n[f'{s}:kind:unlabelled']})"
    )
    for kind in ("valid", "narrowed"):
        c = n[f"{s}:kind:{kind}"]
        print(f"    top-1 {kind}: {pct(c, k)} of figures, {pct(c, done)} of proposed targets (labelled)")
        if kind == "valid":
            print(
                f"    top-{TOP} holds a valid one: {pct(n[f'{p}:top3'], k)} of figures"
                f" (top-{TOP} candidates unlabelled, counted not valid: {n[f'{p}:top3_unlabelled']})"
            )
    print("    top-1 kinds: " + ", ".join(f"{kind} {n[f'{s}:kind:{kind}']}" for kind in KINDS))
    held = ", ".join(f"{kind} {n[f'{s}:held_kind:{kind}']}" for kind in (*KINDS, "unlabelled"))
    print(f"    held back, best candidate's kind: {held}")
    agree = {key.split(":", 2)[2]: c for key, c in n.items() if key.startswith(f"{s}:agree:")}
    if agree:
        pairs = [(g, h) for g in ("True", "False") for h in ("True", "False")]
        cells = ", ".join(f"generator {g} / hand {h}: {agree.get(f'{g}:{h}', 0)}" for g, h in pairs)
        print(f"    generator truth vs hand label (top-1 valid): {cells}")


def print_modes(n: Counter, s: str, k: int, hand: bool) -> None:
    """Per mode (admittance only without ``hand``): figures with a candidate, targets proposed and
    held back, top-1 valid over all figures and over the proposed targets, top-3 holds a valid one."""
    for mode in (m for m in MODES if not (hand and m == ADMITTANCE)):  # --hand: printed by print_hand
        p = f"{s}:{mode}"
        print(
            f"  {mode}: with a candidate {pct(n[f'{p}:any'], k)}; target proposed {n[f'{p}:proposed']},"
            f" held back {n[f'{p}:held_back']}; top-1 valid {pct(n[f'{p}:top1'], k)} of figures,"
            f" {pct(n[f'{p}:top1'], n[f'{p}:proposed'])} of proposed targets (unlabelled top-1: "
            f"{n[f'{p}:top1_unlabelled']}); top-{TOP} holds a valid one {pct(n[f'{p}:top3'], k)} of figures"
            f" (unlabelled top-{TOP} candidates: {n[f'{p}:top3_unlabelled']}); doubtful readings set aside:"
            f" {n[f'{p}:doubtful']}"
        )
        if n[f"{p}:qasked"]:
            print(f"    top-1 question fits the element drawn: {pct(n[f'{p}:qfits'], n[f'{p}:qasked'])}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("scivqa", "webcharts"), required=True)
    ap.add_argument("--data", type=Path, default=HERE.parents[1] / "shared" / "data" / "scivqa_val")
    ap.add_argument("--charts", type=Path, default=Path("/tmp/webcharts"))
    ap.add_argument("--split", nargs="+", default=None, help="splits to score (default: all)")
    ap.add_argument("--every", type=int, default=1, help="webcharts: every k-th seed (an odd k mixes the halves)")
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--labels", type=Path, default=LABELS)
    ap.add_argument("--list", action="store_true", help="print every top-3 candidate with its verdict")
    ap.add_argument("--hand", action="store_true", help="admittance by the hand labels' kind on either set")
    ap.add_argument("--sheets", type=Path, default=None, help="write admittance labelling sheets here")
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
    labels = read_labels(args.labels) if args.set == "scivqa" or args.hand else {}
    sheets: list[str] = []
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
            offered = [r for r in cands if r.doubt is None][:TOP]
            usable = [r.candidate for r in offered]
            # the stage's target: the first offered unless held back (a reader narrows it)
            target = offered[0].candidate if offered and offered[0].held_back is None else None
            n[f"{s}:{mode}:doubtful"] += sum(r.doubt is not None for r in cands)
            hand = args.hand and mode == ADMITTANCE
            verdicts = [judge(fig, c, labels, cfg, img.shape, hand) for c in usable]
            if hand and usable:
                kind = hand_kind(fig, usable[0], labels)
                where = "kind" if target is not None else "held_kind"
                n[f"{s}:{where}:{kind or 'unlabelled'}"] += 1
                if "texts" in fig and kind is not None and target is not None:  # the generator's truth beside it
                    n[f"{s}:agree:{judge(fig, target, labels, cfg, img.shape)}:{kind == 'valid'}"] += 1
            if args.sheets and mode == ADMITTANCE and usable:
                write_sheet(args.sheets / f"{fig['figure_id']}.png", img, usable, cfg, [b.box for b in boxes])
                sheets.extend(sheet_rows(fig, usable))
            if "texts" in fig and mode == ADMITTANCE and target is not None:
                fits = question_fits(fig, target)
                n[f"{s}:{mode}:qasked"] += fits is not None
                n[f"{s}:{mode}:qfits"] += fits is True
            if usable:
                n[f"{s}:{mode}:any"] += 1
                n[f"{s}:{mode}:held_back"] += target is None
            if target is not None:
                n[f"{s}:{mode}:proposed"] += 1
                n[f"{s}:{mode}:top1"] += verdicts[0] is True
                n[f"{s}:{mode}:top1_unlabelled"] += verdicts[0] is None
            n[f"{s}:{mode}:top3"] += any(v is True for v in verdicts)
            n[f"{s}:{mode}:top3_unlabelled"] += sum(v is None for v in verdicts)
            n[f"{s}:{mode}:top3_all_judged_invalid"] += bool(usable) and all(v is False for v in verdicts)
            if args.list:
                for r, v in zip(offered, verdicts, strict=True):
                    mark = {True: "VALID", False: "BAD", None: "UNLABELLED"}[v] + (" HELD" if r.held_back else "")
                    print(
                        f"{fig['figure_id']}\t{mode}\t{r.rank}\t{r.candidate.text}\t{r.candidate.role}\t"
                        f"{r.candidate.rule}\t{mark}\t{r.candidate.question}"
                    )
                for r in cands:
                    if r.doubt:
                        print(f"{fig['figure_id']}\t{mode}\tDOUBT\t{r.candidate.text}\t{r.doubt}")
    if args.sheets:
        (args.sheets / "sheets.tsv").write_text("\n".join(sheets) + "\n", encoding="utf-8")
    truth = "generator truth" if args.set == "webcharts" else f"hand labels ({args.labels.name})"
    if args.hand:
        truth += f"; admittance by hand-label kind ({args.labels.name})"
    for s in sorted({f["split"] for f in figs}):
        k = n[f"{s}:figures"]
        print(f"\n[{args.set} {s}] figures: {k}; validity by {truth}")
        if args.hand:
            print_hand(n, s, k)
        print_modes(n, s, k, args.hand)
    splits = sorted({f["split"] for f in figs})
    if len(splits) > 1:  # the splits together: the shares over every figure scored
        total: Counter = Counter()
        for key, c in n.items():
            total[f"all:{key.split(':', 1)[1]}"] += c
        print(f"\n[{args.set} {'+'.join(splits)}] figures: {len(figs)}")
        if args.hand:
            print_hand(total, "all", len(figs))
        print_modes(total, "all", len(figs), args.hand)
    print(f"\nOCR calls: {ocr.calls}")


if __name__ == "__main__":
    main()
