"""The real-figure path on the synthetic corpus, scored against each figure's spec.

The synthetic figures carry an exact spec (every text element with its role and box), which the
real-figure path never reads: here each figure goes through it as an imported chart would
(rapidocr upright and turned, the layout reader, `select_targets` without a spec) and the
result is compared with the spec. Its charts differ from the ones the layout rules were written
on (matplotlib styles and shipped fonts, multi-panel grids, academic vocabulary), so they are an
independent check of three things:

- the reader's roles: of the spec's legend entries, ticks, axis titles, titles and panel titles,
  the share OCR found and the reader gave the same role;
- admittance proposals: the share that land on a text the spec path would also propose (a
  legend entry, category, panel title or wedge label printed once, in no numbered pattern) and
  the share that land on no text of the spec at all;
- inductance proposals: the share that land on an element the spec path proposes, or on a tick
  of a numeric axis (the spec path picks one tick per axis, the layout path may pick another).

The spec path is more lenient about inference (it does not know complementary pairs or ordered
series), so agreement with it is a floor check of roles and boxes, not a validity label. With
``--blur-check`` each proposal is blurred as the conditions stage blurs it and read again: OCR must
not read the target back (target 0) and should still read the other text (target >= 95 %).
``--style`` keeps the figures of one corpus style (a corpus drawn with ``corpus.styles``, e.g. the
extended preset), so each look is scored on its own; ``--by kind`` / ``--by style`` adds a table
with one row per chart kind or per style of the figures read (one OCR pass for every group).

    PYTHONPATH=src python benchmarks/synthetic_as_real.py [--limit N] [--kind KIND] [--style STYLE] \
        [--blur-check] [--ocr-cache DIR] [--by kind|style]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import pandas as pd
from real_proposals import blur_check, ocr_reader, pct, propose
from tqdm import tqdm

from scifigbench.blurtargets import from_spec as spec_targets
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.images import read_bgr
from scifigbench.layout import read_layout
from scifigbench.ocr.geometry import area, shared_area
from scifigbench.spec import FigureSpec, TextElement

# spec role -> the layout role it should get
ROLE_OF = {
    "legend_entry": "legend_entry",
    "tick": "axis_tick",
    "axis_label": "axis_title",
    "title": "title",
    "panel_title": "panel_title",
    "furniture": "page_furniture",
}


def _box(e: TextElement) -> tuple[float, float, float, float]:
    return (e.x0, e.y0, e.x1, e.y1)


def element_at(box, spec: FigureSpec) -> TextElement | None:
    """The spec element overlapping ``box`` most, if the overlap is at least half of the smaller
    of the two (OCR boxes carry a margin the spec's tight text boxes lack)."""
    best = max(spec.text_elements, key=lambda e: shared_area(box, _box(e)), default=None)
    if best is None or shared_area(box, _box(best)) < 0.5 * min(max(1.0, area(box)), max(1.0, area(_box(best)))):
        return None
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=Path("data/corpus/figures.parquet"))
    ap.add_argument("--limit", type=int, default=None, help="every k-th figure, so that about N are read")
    ap.add_argument("--ocr-cache", type=Path, default=None)
    ap.add_argument("--kind", default=None, help="only figures of this chart kind (e.g. with the extended preset)")
    ap.add_argument("--style", default=None, help="only figures drawn in this corpus style")
    ap.add_argument("--blur-check", action="store_true", help="blur each proposal and OCR the image again")
    ap.add_argument("--by", choices=("kind", "style"), default=None, help="also a table of one row per group")
    args = ap.parse_args()
    cfg = ConditionsConfig()
    figures = pd.read_parquet(args.corpus).sort_values("figure_id")
    if args.kind:
        figures = figures[figures["chart_type"] == args.kind]
    if args.style:
        styled = [FigureSpec.load(p).style == args.style for p in figures["spec_path"]]
        figures = figures[styled]
    if args.limit:
        figures = figures.iloc[:: max(1, len(figures) // args.limit)]
    reader, timed = ocr_reader(args.ocr_cache)
    roles: Counter = Counter()
    props: Counter = Counter()
    wrong: Counter = Counter()
    confused: Counter = Counter()
    groups: dict[str, Counter] = {}
    for row in tqdm(list(figures.itertuples()), desc="synthetic as real", unit="fig"):
        spec = FigureSpec.load(row.spec_path)
        fig: Counter = Counter()  # this figure's proposal counts
        img = read_bgr(row.image_path)
        boxes = reader.read(img)
        layout = read_layout(img, boxes)
        for e in spec.text_elements:
            want = ROLE_OF.get(e.role)
            if want is None:
                continue
            lb = max(layout.labels, key=lambda b: shared_area(b.box, _box(e)), default=None)
            found = lb is not None and shared_area(lb.box, _box(e)) > 0
            roles[f"{e.role}:n"] += 1
            roles[f"{e.role}:found"] += found
            roles[f"{e.role}:same"] += found and lb.role == want
            if found and lb.role != want:
                confused[f"{e.role} read as {lb.role} ({lb.why})"] += 1
        adm = {c.element_id for c in spec_targets.admittance_candidates(spec, row.caption)}
        ind = {c.element_id for c in spec_targets.inductance_candidates(spec)}
        fig["figures_with_spec_admittance"] += bool(adm)
        chosen = propose(row.figure_id, row.caption, boxes, img, cfg, layout)
        agreed_adm = False
        for t in chosen:
            e = element_at(t.box, spec)
            fig[f"{t.mode}:n"] += 1
            fig[f"{t.mode}:on_nothing"] += e is None
            if t.mode == "admittance":
                ok = e is not None and e.element_id in adm
                agreed_adm |= ok
            else:
                ok = e is not None and (e.element_id in ind or (e.role == "tick" and e.value is not None))
            fig[f"{t.mode}:agree"] += ok
            if args.blur_check:
                res = blur_check(img, t, boxes, reader, cfg)
                fig["blurred"] += 1
                fig["read_back"] += res.target_read
                fig["others"] += res.others
                fig["kept"] += res.others_kept
            if not ok:
                wrong[f"{t.mode}: {t.rule} on {e.role if e else 'no spec text'}"] += 1
        fig["figures_with_agreed_admittance"] += agreed_adm
        props.update(fig)
        if args.by:
            group = groups.setdefault(row.chart_type if args.by == "kind" else spec.style, Counter())
            group.update(fig)
            group["figures"] += 1
    n = len(figures)
    print(f"\nsynthetic figures read as real charts: {n}")
    print("reader roles (spec role: found by OCR / given the same role):")
    for role in ROLE_OF:
        k = roles[f"{role}:n"]
        if k:
            print(f"  {role:<13} {pct(roles[f'{role}:found'], k)} / {pct(roles[f'{role}:same'], k)}")
    for what, k in confused.most_common(8):
        print(f"    {k} x {what}")
    for mode in ("admittance", "inductance"):
        k = props[f"{mode}:n"]
        print(
            f"{mode} proposals: {k}; on a target the spec path proposes: {pct(props[f'{mode}:agree'], k)}; "
            f"on no text of the spec: {props[f'{mode}:on_nothing']}"
        )
    print(
        "figures with an admittance proposal the spec path agrees with: "
        f"{pct(props['figures_with_agreed_admittance'], n)} "
        f"(the spec path has a candidate on {pct(props['figures_with_spec_admittance'], n)})"
    )
    if args.blur_check:
        print(
            f"blurred targets OCR reads back: {pct(props['read_back'], props['blurred'])}; "
            f"other text still read: {pct(props['kept'], props['others'])}"
        )
    for what, k in wrong.most_common():
        print(f"  disagrees: {k} x {what}")
    if args.by:
        print_groups(args.by, groups)
    print(f"OCR calls: {timed.calls}, {timed.seconds / max(timed.calls, 1):.2f} s each")


def print_groups(by: str, groups: dict[str, Counter]) -> None:
    """One markdown row per group: admittance proposals on a spec target, figures with one, inductance
    proposals agreeing, blurred targets read back (target 0), other text still read."""
    print(
        f"\n| {by} | figures | adm. on a spec target | figures with one (spec has one) | ind. agree "
        "| blurred read back | other text read |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, c in sorted(groups.items()):
        print(
            f"| {name} | {c['figures']} | {c['admittance:agree']}/{c['admittance:n']} "
            f"| {c['figures_with_agreed_admittance']} ({c['figures_with_spec_admittance']}) "
            f"| {c['inductance:agree']}/{c['inductance:n']} | {c['read_back']}/{c['blurred']} "
            f"| {c['kept']}/{c['others']} |"
        )


if __name__ == "__main__":
    main()
