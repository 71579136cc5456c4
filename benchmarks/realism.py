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

The synthetic figures are the corpus stage's own jobs: ``--per-kind`` figures of every kind, the
styles taken in turn (``--styles paper`` for the paper's look only).

OCR is the whole cost (about 35 min for the real figures on a loaded machine), so readings are kept
in the project's OCR cache (``.scifigbench-cache/ocr``, keyed by pixels and engine version, the one
the conditions stage fills and ``scifigbench gc`` prunes): a rerun reads nothing again.
``--ocr-cache DIR`` puts them elsewhere.

    PYTHONPATH=src:benchmarks python benchmarks/realism.py [--real DIR] [--per-kind 5] \
        [--styles paper,portal,...] [--limit-real N] [--ocr-cache DIR]
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
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.conditions.images import read_bgr
from scifigbench.corpus.styles import STYLES
from scifigbench.corpus.synthetic import build_figure, jobs
from scifigbench.layout import read_layout
from scifigbench.layout.elements import Layout
from scifigbench.ocr import cache as ocr_cache

STATS = ("text", "ticks", "categories", "legend", "log axis", "font", "aspect", "panels")


@dataclass
class Figure:
    figure_id: str
    group: str  # "synthetic", "dev" or "held"
    image: np.ndarray  # BGR
    panels: int


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


def synthetic_figures(per_kind: int, styles: tuple[str, ...], dpi: int = 150) -> list[Figure]:
    out = []
    for job in tqdm(jobs({k: per_kind for k in CHART_KINDS}, 42, dpi, styles), desc="draw", unit="fig"):
        spec_json, png = build_figure(job)
        spec = json.loads(spec_json)
        rgb = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        out.append(Figure(spec["figure_id"], "synthetic", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR), len(spec["panels"])))
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
        out.append(Figure(fid, split_of(fid), read_bgr(root / "images" / name), panels))
    return out


def _summary(values: list[float]) -> str:
    q1, med, q3 = np.percentile(values, [25, 50, 75])
    return f"{med:6.2f} [{q1:.2f}-{q3:.2f}]"


def table(rows: dict[str, list[dict[str, float]]]) -> list[str]:
    """One line per statistic: synthetic and real medians [IQR], KS distance to each real half and all."""
    real = rows["dev"] + rows["held"]
    head = f"{'statistic':<11} {'synthetic':>20} {'real (all)':>20}   KS dev  KS held  KS all"
    lines = [head, "-" * len(head)]
    for stat in STATS:
        syn = [r[stat] for r in rows["synthetic"]]
        ks = [ks_2samp(syn, [r[stat] for r in rs]).statistic for rs in (rows["dev"], rows["held"], real)]
        real_col = [r[stat] for r in real]
        lines.append(f"{stat:<11} {_summary(syn):>20} {_summary(real_col):>20}   " + "  ".join(f"{d:6.2f}" for d in ks))
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
    for group in ("synthetic", "dev", "held"):
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
    for group in ("synthetic", "dev", "held"):
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
    args = ap.parse_args()
    reader, timed = ocr_reader(args.ocr_cache)
    figures = synthetic_figures(args.per_kind, tuple(args.styles.split(","))) + real_figures(args.real, args.limit_real)
    rows: dict[str, list[dict[str, float]]] = {"synthetic": [], "dev": [], "held": []}
    for fig in tqdm(figures, desc="read", unit="fig"):
        boxes = reader.read(fig.image)
        rows[fig.group].append(statistics_of(read_layout(fig.image, boxes), len(boxes), fig.panels))
    print(f"synthetic {len(rows['synthetic'])} figures; real {len(rows['dev'])} dev + {len(rows['held'])} held")
    print("\n".join(table(rows)))
    print(f"\nreal dev half only ({len(rows['dev'])} figures)")
    print("\n".join(dev_percentiles(rows["dev"])))
    print()
    print("\n".join(panel_shares(rows)))
    print("\nlegend entries per figure by panel count: median / mean (figures)")
    print("\n".join(legend_by_panels(rows)))
    print(f"(OCR: {timed.calls} engine calls, {timed.seconds:.0f} s; cache {args.ocr_cache})")


if __name__ == "__main__":
    main()
