"""Blur-target proposals on survey-style web charts, scored against the generator's own truth.

The SciVQA figures (``real_proposals.py``) are arXiv plots; charts from web statistics pages
bring page furniture and inferable demographic labels that those never show. This benchmark draws
the charts of ``webcharts/generate.py`` (seeds: even = dev, odd = held-out in three sets, ``held``
looked at once midway, ``held2`` and ``held3`` (JPEG-compressed) only at the end; rules were
tuned on dev only; ``held17``, every style set, frozen in session 18, is drawn only when named),
runs the real-figure path on them (rapidocr upright and turned, the layout reader, the layout
target rules, as the conditions stage does) and matches each proposal to the text the generator
drew at its box. It prints per split:

- admittance / inductance proposals, and proposals on page furniture (target 0);
- admittance precision: proposals whose whole label is a valid target and whose question asks
  about the kind of element drawn there (target >= 90 %); the rest by reason (inferable and why,
  furniture, part of a label, several labels, no text, a question about another kind of element);
- coverage: figures with a valid admittance target (>= 60 %; with the ceiling, the figures where
  the generator drew any valid one) and with a valid inductance target (>= 80 %);
- the layout's reading of furniture: true furniture texts the reader calls ``page_furniture``;
- with ``--blur-check``: whether OCR reads a blurred target back (target 0) and what share of the
  other text it still reads (target >= 95 %), as ``real_proposals.py`` checks them.

    PYTHONPATH=src python benchmarks/webcharts.py [--split dev|held|...|dev9|held9|all ...] \\
        [--charts /tmp/webcharts] \\
        [--ocr-cache /tmp/ocr-webcharts] [--out /tmp/webcharts-overlays] [--list] [--blur-check]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from real_proposals import blur_check, ocr_reader, pct, propose, write_overlay

from scifigbench.conditions.blur import padded_box
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr
from scifigbench.families.blur_active.rule import judge_blur_active
from scifigbench.layout import read_layout
from scifigbench.ocr.geometry import area, shared_area

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "webcharts"))
from academic import CORPORA, DATASETS, METHODS, MODELS  # noqa: E402
from generate import HELD17, N_SEEDS, STYLE_SETS, TOPICS, VALID, draw, split_of  # noqa: E402

SPLITS = ("dev", "held", "held2", "held3", *(f"{p}{k + 4}" for k in range(len(STYLE_SETS)) for p in ("dev", "held")))
FROZEN = ("held17",)  # drawn only when named (generate.HELD17)


def _area(b) -> float:
    return max(area(b), 1e-6)


# what an admittance question made for each rule may ask about (the generator's roles): the
# question names the element by its role ('the title of the x-axis'), so it must be that element
ASKS_FOR = {
    "legend_entry": ("legend", "series_label"),
    "series_label": ("series_label", "legend", "point_label", "annotation"),
    "category": ("category",),
    "axis_title": ("axis_title",),
    "panel_title": ("panel_title",),
}


# Well-known groups a reader completes (the issue-29 standard's "narrowed"): the generator draws
# their members as unique content, but once one member is visible a reader names a blurred one
# among a few guesses (the platforms, devices and news media of a survey; the benchmark tasks,
# encoders, tuning methods and corpora of a paper). Open sets too large to guess from a sibling
# (countries, languages, social problems, public institutions, companies) stay valid.
WELL_KNOWN = {
    "social platforms": TOPICS[0].labels,
    "news media": TOPICS[3].labels,
    "devices": TOPICS[5].labels,
    "NLP benchmark tasks": DATASETS,
    "pretrained encoders": MODELS,
    "tuning methods": METHODS,
    "pretraining corpora": CORPORA,
}


def _words(text: str) -> str:
    return " ".join(text.split())


def narrowed_by(t: dict, texts: list[dict]) -> str | None:
    """Why the drawn text ``t`` is only narrowed: its well-known group and a sibling printed
    elsewhere in the chart (a label, a title naming it), else None."""
    own = _words(t["text"])
    for group, members in WELL_KNOWN.items():
        if own not in members:
            continue
        for o in texts:
            if o is t or o["role"] == "furniture":
                continue
            for m in members:
                if m != own and re.search(rf"(?<!\w){re.escape(m)}(?!\w)", _words(o["text"]), re.IGNORECASE):
                    return f"one of the well-known {group}, beside {m!r}"
    return None


def verdict(
    box,
    mode: str,
    texts: list[dict],
    accept: tuple[float, float] | None = None,
    rule: str | None = None,
    answer: str | None = None,
) -> tuple[bool, str]:
    """Is the proposal at ``box`` a valid ``mode`` target by the generator's truth, and why not.

    The drawn text a proposal is about covers most of the proposal's box and is mostly covered by
    it; a box covering only part of one drawn text (a line of a wrapped label) or several of them is
    no valid target whatever their status. An inductance proposal with an accepted range
    (``accept``: an estimate) is valid on a value the generator drew to scale, beside at least
    three others, when the range holds the drawn value. An admittance proposal by ``rule`` must
    also ask about the kind of element drawn there (a legend entry read as an axis title is asked
    about as 'the title of the x-axis'), and is only narrowed, not valid, when it belongs to a
    well-known group another of whose members the chart prints (``WELL_KNOWN``). An exact
    proposal's ``answer`` must be what is printed there, as the blur judge scores it: a reader who
    answers the printed text is judged right (an OCR misreading, '107' for 10 to the 7th, makes a
    right answer count as wrong)."""
    hits = [(t, shared_area(box, t["box"])) for t in texts]
    hits = [(t, a) for t, a in hits if a > 0.2 * min(_area(box), _area(t["box"]))]
    if not hits:
        return False, "no drawn text there"
    if len(hits) > 1:
        return False, "several drawn texts in one box"
    t, a = hits[0]
    if a < 0.5 * _area(t["box"]):
        return False, f"part of a label ({t['role']})"
    if t["role"] == "furniture":
        return False, "page furniture"
    if answer is not None and accept is None and not judge_blur_active("", t["text"], answer, mode).correct:
        return False, f"expected answer {answer!r} is not what is printed ({t['text']!r})"
    if mode == "admittance":
        if rule in ASKS_FOR and t["role"] not in ASKS_FOR[rule]:
            return False, f"the question asks about: {rule}; the text drawn there is: {t['role']}"
        if t["admittance"] == VALID and (why := narrowed_by(t, texts)):
            return False, f"narrowed: {why}"
        return t["admittance"] == VALID, f"{t['admittance']}: {t['why']}"
    if accept is not None:
        if not t.get("estimate") or sum(bool(o.get("estimate")) for o in texts) < 4:
            return False, "estimate proposed on a value not drawn to scale beside three others"
        value = float(re.search(r"\d[\d,]*(?:\.\d+)?", t["text"]).group().replace(",", ""))  # "1,260 kWh"
        ok = accept[0] <= value <= accept[1]
        held = "holds" if ok else "misses"
        return ok, f"estimable from the bars drawn to scale (range {accept[0]:g}-{accept[1]:g} {held} {value:g})"
    repeated = sum(o["text"] == t["text"] for o in texts) >= 2
    return bool(t["inductance"] or repeated), ("inferable: " if t["inductance"] else "not inferable: ") + t["why"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--charts", type=Path, default=Path("/tmp/webcharts"))
    ap.add_argument("--split", nargs="+", choices=(*SPLITS, *FROZEN, "all"), default=["all"], help="one or more splits")
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=None, help="write overlay PNGs here")
    ap.add_argument("--list", action="store_true", help="print every proposal with its verdict")
    ap.add_argument("--blur-check", action="store_true", help="OCR every blurred image (slow without a cache)")
    args = ap.parse_args()
    cfg = ConditionsConfig()
    splits = SPLITS if "all" in args.split else tuple(s for s in (*SPLITS, *FROZEN) if s in args.split)
    seeds = [*range(N_SEEDS), *HELD17]
    records = [draw(seed, args.charts) for seed in seeds if split_of(seed) in splits]
    reader, ocr = ocr_reader(args.ocr_cache)
    for split in splits:
        figs = [r for r in records if r["split"] == split]
        n = Counter()
        reasons: Counter = Counter()
        kinds: Counter = Counter()
        missed: dict[str, list[str]] = {"admittance": [], "inductance": []}
        for rec in figs:
            fid, texts = rec["figure_id"], rec["texts"]
            img = read_bgr(args.charts / f"{fid}.png")
            boxes = reader.read(img)
            layout = read_layout(img, boxes)
            found = propose(fid, rec["caption"], boxes, img, cfg, layout)
            drawn = {
                "admittance": any(t["admittance"] == VALID for t in texts),
                "inductance": any(t["inductance"] for t in texts),
            }
            n["ceiling"] += drawn["admittance"]
            n["ind_ceiling"] += drawn["inductance"]
            n["ind_ceiling_est"] += drawn["inductance"] or sum(bool(t.get("estimate")) for t in texts) >= 4
            for t in (t for t in texts if t["role"] == "furniture"):
                roles = [lb.role for lb in layout.labels if shared_area(lb.box, t["box"]) > 0.3 * _area(t["box"])]
                n["furniture_texts"] += 1
                n["furniture_read"] += bool(roles) and all(r == "page_furniture" for r in roles)
            valid_modes = set()
            for tg in found:
                # an estimate's box is inset by the blur padding along its axis: judge the region blurred
                at = padded_box(tg.box, cfg.blur_pad_px, img.shape[1], img.shape[0]) if tg.accept else tg.box
                ok, why = verdict(at, tg.mode, texts, tg.accept, tg.rule, tg.expected_answer)
                n[tg.mode] += 1
                n[f"{tg.mode}:valid"] += ok
                n["furniture"] += why == "page furniture"
                if ok:
                    valid_modes.add(tg.mode)  # one target per mode: this figure has a valid one
                    n["inductance:exact"] += tg.mode == "inductance" and tg.accept is None
                else:
                    reasons[f"{tg.mode}: {why}"] += 1
                    kinds[rec["kind"]] += 1
                if args.blur_check:
                    res = blur_check(img, tg, boxes, reader, cfg)
                    n["blurred"] += 1
                    n["read_back"] += res.target_read
                    n["others"] += res.others
                    n["kept"] += res.others_kept
                if args.list:
                    print(f"{fid}\t{rec['kind']}\t{tg.mode}\t{tg.rule}\t{tg.text!r}\t{'VALID' if ok else 'BAD'}\t{why}")
            for mode in missed:
                n[f"{mode}:figures"] += mode in valid_modes
                if drawn[mode] and mode not in valid_modes:
                    missed[mode].append(fid)
            if args.out:
                write_overlay(args.out / f"{fid}.png", img, layout, found)
        k = len(figs)
        print(f"\n[{split}] web charts: {k} ({', '.join(sorted({r['kind'] for r in figs}))})")
        print(f"  proposals: admittance {n['admittance']}, inductance {n['inductance']}")
        print(f"  proposals on page furniture: {n['furniture']}")
        print(f"  admittance precision: {pct(n['admittance:valid'], n['admittance'])}")
        print(f"  inductance precision: {pct(n['inductance:valid'], n['inductance'])}")
        print(
            f"  figures with a valid admittance target: {pct(n['admittance:figures'], k)} "
            f"(ceiling: {pct(n['ceiling'], k)} have a valid label drawn)"
        )
        print(
            f"  figures with a valid inductance target: {pct(n['inductance:figures'], k)} "
            f"(ceiling: {pct(n['ind_ceiling_est'], k)} have an exactly inferable text or four values drawn to scale)"
        )
        print(
            f"    of them by an exact path: {pct(n['inductance:exact'], k)} "
            f"(ceiling: {pct(n['ind_ceiling'], k)} have an exactly inferable text drawn); the rest by estimate"
        )
        for mode, fids in missed.items():
            print(f"    {mode}: no valid target where one was drawn: {' '.join(fids) or '-'}")
        print(f"  furniture texts the layout reads as furniture: {pct(n['furniture_read'], n['furniture_texts'])}")
        if args.blur_check:
            print(
                f"  blurred targets OCR reads back: {pct(n['read_back'], n['blurred'])}; "
                f"other text still read: {pct(n['kept'], n['others'])}"
            )
        for why, c in reasons.most_common():
            print(f"    wrong: {c} x {why}")
        if kinds:
            print("    wrong by chart kind: " + ", ".join(f"{a} {b}" for a, b in kinds.most_common()))
    print(f"\nOCR calls: {ocr.calls}, {ocr.seconds / max(ocr.calls, 1):.2f} s each")


if __name__ == "__main__":
    main()
