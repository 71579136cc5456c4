"""How far the synthetic corpus's layout statistics are from real arXiv figures (SciVQA).

Both sets of images go through the same reading the real-figure path uses (rapidocr upright and
turned, then the layout reader), and per figure these statistics are taken from that reading:

- ``text``: OCR text boxes;  ``ticks``: labels read as axis ticks;  ``categories``: ticks that
  are not numbers (category names);  ``legend``: legend entries (the series a legend tells apart);
- ``log axis``: 1 when a numeric tick run steps geometrically (a log axis), else 0;
- ``font``: median text height as a share of the image height (%);  ``aspect``: width / height;
- ``panels``: panels drawn, from the spec (synthetic) and the dataset's ``figs_numb`` (real),
  the one statistic not read from pixels.

Points per series cannot be read from OCR, so they are not compared. For every statistic the
table gives the median and the interquartile range of each set and the two-sample
Kolmogorov-Smirnov distance (SciPy) between the synthetic figures and the real ones, for each
fixed half of the real figures (split by a hash of the figure id before anything is read; nothing
is fitted on either half) and for all of them.

A second table gives the dev half's 10th, 50th and 90th percentiles of each statistic: the only
real numbers a generator choice may be fitted on (the held half stays for checking).

The synthetic figures are the corpus stage's own jobs, the styles taken in turn (``--styles paper``
for the paper's look only), in two samples of the same size, each compared with the real figures:

- ``equal``: ``--per-kind`` figures of every kind, as a corpus drawn with equal counts is;
- ``weighted``: the kinds in the shares the real DEV half's figures have, so a statistic that
  differs by kind (category ticks: a bar chart prints them, a line chart does not) is compared like
  with like. A real figure's kind is its ``figure_type`` as the kind registry reads it
  (``kind_from_spelling``: "line chart" -> line); a type the registry does not know counts in no
  share. The held half's shares are never looked at.

A third table gives each statistic's median per kind, for the kinds with at least
:data:`MIN_KIND_FIGURES` real figures (fewer make a median that one figure moves).

OCR is the whole cost (about 35 min for the real figures on a loaded machine), so readings are kept
in the project's OCR cache (``.scifigbench-cache/ocr``, keyed by pixels and engine version, the one
the conditions stage fills and ``scifigbench gc`` prunes): a rerun reads nothing again.
``--ocr-cache DIR`` puts them elsewhere.

    PYTHONPATH=src:benchmarks python benchmarks/realism.py [--real DIR] [--per-kind 5] \
        [--styles paper,portal,...] [--limit-real N] [--ocr-cache DIR] [--rows-out rows.json]
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from PIL import Image
from real_proposals import ocr_reader, split_of
from scipy.stats import ks_2samp
from tqdm import tqdm

from scifigbench import paths
from scifigbench.blurtargets.numbers import sequence_kind
from scifigbench.concepts.kinds import CHART_KINDS, kind_from_spelling
from scifigbench.conditions.images import read_bgr
from scifigbench.corpus.styles import STYLES
from scifigbench.corpus.synthetic import build_figure, jobs
from scifigbench.layout import read_layout
from scifigbench.layout.elements import Layout
from scifigbench.ocr import cache as ocr_cache

STATS = ("text", "ticks", "categories", "legend", "log axis", "font", "aspect", "panels")

#: A kind's per-kind medians are shown when the real set holds at least this many of its figures
#: (a stated prior, not fitted).
MIN_KIND_FIGURES = 20


@dataclass
class Figure:
    figure_id: str
    group: str  # "synthetic", "dev" or "held"
    image: np.ndarray  # BGR
    panels: int
    kind: str | None  # a registered kind, or None for a real figure of a type the registry does not know


def kind_shares(kinds: list[str | None]) -> dict[str, float]:
    """Each kind's share of the figures whose kind is known (unknown ones count in no share)."""
    known = [k for k in kinds if k is not None]
    return {k: known.count(k) / len(known) for k in sorted(set(known))}


def counts_for(shares: dict[str, float], total: int) -> dict[str, int]:
    """``total`` figures split by ``shares``, rounded by largest remainder so they sum to ``total``
    (ties to the kind first in registry order, so the split is the same on every run)."""
    exact = {k: shares[k] * total for k in shares}
    counts = {k: int(v) for k, v in exact.items()}
    order = sorted(exact, key=lambda k: (-(exact[k] - counts[k]), CHART_KINDS.index(k)))
    for k in order[: total - sum(counts.values())]:
        counts[k] += 1
    return {k: n for k, n in counts.items() if n}


def statistics_of(layout: Layout, n_boxes: int, panels: int) -> dict[str, float]:
    """One figure's row of :data:`STATS` from its layout reading."""
    ticks = layout.of_role("axis_tick")
    heights = [lb.height for lb in layout.labels if lb.height > 0]
    log = any(
        run.numeric and sequence_kind([lb.value for lb in run.labels if lb.value is not None]) == "geometric"
        for run in layout.runs
    )
    return {
        "text": float(n_boxes),
        "ticks": float(len(ticks)),
        "categories": float(sum(lb.value is None for lb in ticks)),
        "legend": float(len(layout.of_role("legend_entry"))),
        "log axis": float(log),
        "font": 100.0 * statistics.median(heights) / layout.height if heights else 0.0,
        "aspect": layout.width / layout.height,
        "panels": float(panels),
    }


def synthetic_figures(counts: dict[str, int], styles: tuple[str, ...], dpi: int = 150) -> list[Figure]:
    """The corpus stage's figures for ``counts`` (kind -> figures), seed 42."""
    out = []
    for job in tqdm(jobs(counts, 42, dpi, styles), desc="draw", unit="fig"):
        spec_json, png = build_figure(job)
        spec = json.loads(spec_json)
        rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        image = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
        out.append(Figure(spec["figure_id"], "synthetic", image, len(spec["panels"]), spec["chart_type"]))
    return out


def real_figures(root: Path, limit: int | None) -> list[Figure]:
    """The dataset's figures (one per image), every k-th when ``limit`` is given, with their panel count."""
    rows = {r["image_file"]: r for r in json.loads((root / "qa.json").read_text(encoding="utf-8"))}
    names = sorted(rows)
    if limit:
        names = names[:: max(1, len(names) // limit)]
    out = []
    for name in names:
        fid = rows[name]["figure_id"]
        panels = int(rows[name].get("figs_numb") or 1)
        kind = kind_from_spelling(rows[name].get("figure_type"))
        out.append(Figure(fid, split_of(fid), read_bgr(root / "images" / name), panels, kind))
    return out


def _summary(values: list[float]) -> str:
    q1, med, q3 = np.percentile(values, [25, 50, 75])
    return f"{med:6.2f} [{q1:.2f}-{q3:.2f}]"


def table(rows: dict[str, list[dict[str, float]]], sample: str = "synthetic") -> list[str]:
    """One line per statistic: the ``sample``'s and the real medians [IQR], KS distance to each
    real half and all."""
    real = rows["dev"] + rows["held"]
    head = f"{'statistic':<11} {sample:>20} {'real (all)':>20}   KS dev  KS held  KS all"
    lines = [head, "-" * len(head)]
    for stat in STATS:
        syn = [r[stat] for r in rows[sample]]
        ks = [ks_2samp(syn, [r[stat] for r in rs]).statistic for rs in (rows["dev"], rows["held"], real)]
        real_col = [r[stat] for r in real]
        lines.append(f"{stat:<11} {_summary(syn):>20} {_summary(real_col):>20}   " + "  ".join(f"{d:6.2f}" for d in ks))
    return lines


def kind_medians(rows: dict[str, list[dict[str, float]]], kinds: dict[int, str | None]) -> list[str]:
    """Per kind with enough real figures: each statistic's median, synthetic / real dev / real held
    (``kinds`` maps a row's ``id()`` to its figure's kind; the synthetic column takes every figure
    of the kind either sample drew): whether a gap is the kind mix's or the drawing's."""
    real = rows["dev"] + rows["held"]
    drawn = list({id(r): r for r in rows["equal"] + rows["weighted"]}.values())
    enough = [k for k in CHART_KINDS if sum(kinds[id(r)] == k for r in real) >= MIN_KIND_FIGURES]
    lines = []
    for kind in enough:
        of = {
            g: [r for r in rs if kinds[id(r)] == kind]
            for g, rs in (("synthetic", drawn), ("dev", rows["dev"]), ("held", rows["held"]))
        }
        lines.append(
            f"{kind}: synthetic {len(of['synthetic'])}, real dev {len(of['dev'])}, held {len(of['held'])}"
            " -- median synthetic / dev / held"
        )
        for stat in STATS:
            meds = [
                np.median([r[stat] for r in of[g]]) if of[g] else float("nan") for g in ("synthetic", "dev", "held")
            ]
            lines.append(f"  {stat:<11} " + " / ".join(f"{m:6.2f}" for m in meds))
    return lines


def dev_percentiles(dev: list[dict[str, float]]) -> list[str]:
    """One line per statistic: the real dev half's 10th / 50th / 90th percentiles (what a
    generator's choices may be fitted on)."""
    head = f"{'statistic':<11} {'dev p10':>8} {'dev p50':>8} {'dev p90':>8}"
    lines = [head, "-" * len(head)]
    for stat in STATS:
        p10, p50, p90 = np.percentile([r[stat] for r in dev], [10, 50, 90])
        lines.append(f"{stat:<11} {p10:8.2f} {p50:8.2f} {p90:8.2f}")
    return lines


def panel_shares(rows: dict[str, list[dict[str, float]]]) -> list[str]:
    """The share of figures with 1, 2, 3, 4 and 5 or more panels, per set: a generator's panel
    weights are fitted on the dev line (the KS distance alone hides which counts are missing)."""
    counts = (1, 2, 3, 4, 5)
    head = f"{'panels':<11} " + " ".join(f"{(str(c) if c < 5 else '5+'):>6}" for c in counts)
    lines = [head, "-" * len(head)]
    for group in ("equal", "weighted", "dev", "held"):
        n = [min(int(r["panels"]), 5) for r in rows[group]]
        lines.append(f"{group:<11} " + " ".join(f"{100 * n.count(c) / max(1, len(n)):5.0f}%" for c in counts))
    return lines


def legend_by_panels(rows: dict[str, list[dict[str, float]]]) -> list[str]:
    """The median and mean of legend entries per figure at each panel count, per set: whether a
    legend gap comes from the one-panel figures or from the grids (a real grid often repeats its
    legend in every panel, where a synthetic one shares a single legend)."""
    counts = (1, 2, 3, 4)
    head = f"{'legend':<11} " + " ".join(f"{(str(c) if c < 4 else '4+') + ' panels':>16}" for c in counts)
    lines = [head, "-" * len(head)]
    for group in ("equal", "weighted", "dev", "held"):
        cells = []
        for c in counts:
            vals = [r["legend"] for r in rows[group] if min(int(r["panels"]), 4) == c]
            cells.append(f"{np.median(vals):5.1f} / {np.mean(vals):4.1f} (n{len(vals):>3})" if vals else f"{'-':>16}")
        lines.append(f"{group:<11} " + " ".join(f"{cell:>16}" for cell in cells))
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--real", type=Path, default=Path("../shared/data/scivqa_val"))
    ap.add_argument("--per-kind", type=int, default=5)
    ap.add_argument("--styles", default=",".join(STYLES), help="comma-separated corpus styles")
    ap.add_argument("--limit-real", type=int, default=None)
    ap.add_argument("--ocr-cache", type=Path, default=paths.cache_root() / ocr_cache.KIND)
    ap.add_argument("--rows-out", type=Path, default=None, help="write every figure's statistics here (JSON)")
    args = ap.parse_args()
    reader, timed = ocr_reader(args.ocr_cache)
    styles = tuple(args.styles.split(","))
    real = real_figures(args.real, args.limit_real)
    shares = kind_shares([f.kind for f in real if f.group == "dev"])
    equal = {k: args.per_kind for k in CHART_KINDS}
    weighted = counts_for(shares, args.per_kind * len(CHART_KINDS))
    # One drawing per job: the two samples share their first figures of a kind (same seed and index).
    union = {k: max(equal.get(k, 0), weighted.get(k, 0)) for k in CHART_KINDS}
    rows: dict[str, list[dict[str, float]]] = {"equal": [], "weighted": [], "dev": [], "held": []}
    kinds: dict[int, str | None] = {}
    dump = []
    drawn: dict[str, int] = {}
    for fig in tqdm(synthetic_figures(union, styles) + real, desc="read", unit="fig"):
        boxes = reader.read(fig.image)
        row = statistics_of(read_layout(fig.image, boxes), len(boxes), fig.panels)
        kinds[id(row)] = fig.kind
        if fig.group == "synthetic":
            assert fig.kind is not None
            index = drawn[fig.kind] = drawn.get(fig.kind, -1) + 1
            groups = [g for g, n in (("equal", equal), ("weighted", weighted)) if index < n.get(fig.kind, 0)]
        else:
            groups = [fig.group]
        for group in groups:
            rows[group].append(row)
        dump.append({"figure_id": fig.figure_id, "groups": groups, "kind": fig.kind, **row})
    if args.rows_out:
        args.rows_out.write_text(json.dumps(dump, indent=1), encoding="utf-8")
    print(
        f"real {len(rows['dev'])} dev + {len(rows['held'])} held; dev kind shares: "
        + ", ".join(f"{k} {v:.0%}" for k, v in shares.items())
    )
    for sample, counts in (("equal", equal), ("weighted", weighted)):
        print(
            f"\n{sample}: {len(rows[sample])} synthetic figures ("
            + ", ".join(f"{k} {n}" for k, n in counts.items())
            + ")"
        )
        print("\n".join(table(rows, sample)))
    print(f"\nper kind, kinds with >= {MIN_KIND_FIGURES} real figures")
    print("\n".join(kind_medians(rows, kinds)))
    print(f"\nreal dev half only ({len(rows['dev'])} figures)")
    print("\n".join(dev_percentiles(rows["dev"])))
    print()
    print("\n".join(panel_shares(rows)))
    print("\nlegend entries per figure by panel count: median / mean (figures)")
    print("\n".join(legend_by_panels(rows)))
    print(f"(OCR: {timed.calls} engine calls, {timed.seconds:.0f} s; cache {args.ocr_cache})")


if __name__ == "__main__":
    main()
