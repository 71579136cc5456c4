"""The frame every kind's figure is built in: style, panel grid, figure size, legend and axis limits.

Kinds differ in their data and marks; what surrounds them (fonts, palette, how panels are laid
out, where a legend may go, round axis limits) is chosen here, the same way for every kind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from scifigbench.corpus.legend_fit import GRID_INSIDE, GRID_PANELS, fit_legend
from scifigbench.corpus.palettes import PALETTES
from scifigbench.corpus.randomness import pick, weighted
from scifigbench.corpus.vocab import Metric
from scifigbench.spec import FigureSpec, Panel

LEGEND_LOCS = ("upper left", "upper right", "lower right", "lower left", "upper center", "center right")
FONTS = ("DejaVu Sans", "DejaVu Sans", "Liberation Sans", "DejaVu Serif", "Liberation Serif")
# Base font sizes in points, up to 14: with the shorter panels below, text reaches the real figures'
# share of the height (OCR text at a median 5.0 %, p90 7.5 % of it on the dev half; the corpus read
# 4.5 % with 9-12 points, benchmarks/realism.py).
FONT_SIZES = (9.0, 10.0, 11.0, 12.0, 13.0, 14.0)
# Figure sizes in inches. Real arXiv figures (the dev half of SciVQA) run from square to three
# times as wide as high (aspect deciles 1.0 / 1.3 / 1.5 / 2.0 / 3.1) and print text at about 5 % of
# their height: a single panel is drawn at one of these widths and heights, drawn apart, and a row
# of panels at the panel count's width and a height of its own.
PANEL_WIDTHS = (4.0, 4.8, 5.6, 6.4)
PANEL_HEIGHTS = (2.6, 3.0, 3.4, 3.8, 4.2)
ROW_WIDTHS = {2: 8.4, 3: 11.2}
ROW_HEIGHTS = (3.0, 3.4, 3.8)


def axis_label(metric: Metric) -> str:
    return f"{metric.name} ({metric.unit})" if metric.unit else metric.name


def round_to(v: float, decimals: int) -> float:
    return float(round(float(v), decimals))


def nice_ceiling(v: float) -> float:
    """A round upper axis limit above ``v`` (1, 2, 2.5, 5 times a power of ten)."""
    if v <= 0:
        return 1.0
    exp = 10 ** math.floor(math.log10(v))
    for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * exp >= v:
            return float(m * exp)
    return float(10 * exp)


def axis_top(v: float) -> float:
    """A round upper axis limit at or above ``v``: the next multiple of a round step (1, 2, 2.5 or 5
    times a power of ten) of about a tenth of ``v``, so the axis ends within a tick or two of
    what it must hold, never at twice it (data to 4.5 with room for a legend ends at 7, not 8)."""
    if v <= 0:
        return 1.0
    rough = v / 10
    exp = 10 ** math.floor(math.log10(rough))
    step = next(m * exp for m in (1, 2, 2.5, 5, 10) if m * exp >= rough)
    return float(round(math.ceil(v / step - 1e-9) * step, 6))


def capped(metric: Metric, top: float, high: float) -> float:
    """``high`` cut at the metric's ceiling (100 for a percentage) when the data stay under it:
    an axis never runs past what the metric can be; fit_legend moves a legend the cut crowds out."""
    ceiling = metric.ceiling
    return ceiling if ceiling is not None and top <= ceiling < high else high


def nice_range(lo: float, hi: float, extra_top: float) -> tuple[float, float]:
    """Axis limits on round numbers around [lo, hi], with room above for an inside legend."""
    span = max(hi - lo, 1e-6)
    step = nice_ceiling(span / 5)
    low = max(0.0, math.floor((lo - 0.05 * span) / step) * step)
    high = math.ceil((hi + extra_top * span) / step) * step
    return float(round(low, 6)), float(round(high, 6))


def category_row_width(categories: Sequence[str], font_size: float, min_per_category: float = 0.0) -> float:
    """Inches one panel needs to print its category labels upright side by side: the longest label
    (glyphs about 0.56 em wide) plus a gap per category, and a margin for the value axis."""
    per_cat = max(len(c) for c in categories) * 0.56 * (font_size - 1) / 72 + 0.25
    return max(per_cat, min_per_category) * len(categories) + 0.9


def widened_for_categories(
    figsize: list[float],
    layout: Sequence[int],
    categories: Sequence[str],
    font_size: float,
    min_per_category: float = 0.0,
) -> list[float]:
    """``figsize`` made wide enough for every panel of a row to print its category labels upright
    (:func:`category_row_width`), never narrower than it was; rounded to a tenth of an inch."""
    width = layout[1] * category_row_width(categories, font_size, min_per_category)
    return [round(max(figsize[0], width), 1), *figsize[1:]]


def title_width(title: str, font_size: float) -> float:
    """Inches a bold figure title needs (glyphs about 0.62 em wide at the title's size, two points
    over the base font), with the figure's side margins and, since a one-panel title centres over
    the axes, the value axis' gutter (ticks and label, about five ems) on both sides."""
    return len(title) * 0.62 * (font_size + 2) / 72 + 0.4 + 2 * 5 * font_size / 72


def upright_label_height(panels: Sequence[Panel], layout: Sequence[int], font_size: float) -> float:
    """Inches a figure needs for every row of panels to print its longest value-axis label upright
    (glyphs about 0.56 em wide) beside the axes, with the margins above and below: a short figure
    in a large font would otherwise push a long label off the canvas."""
    labels = [label for p in panels for label in (p.y_label, p.y2_label) if label]
    if not labels:
        return 0.0
    return round(layout[0] * (max(len(label) for label in labels) * 0.56 * font_size / 72 + 1.3), 1)


def palette_colors(rng: np.random.Generator, palette: str, n: int) -> list[tuple[str, str]]:
    pal = PALETTES[palette]
    start = int(rng.integers(2)) if n <= len(pal) - 2 else 0
    return [pal[(start + i) % len(pal)] for i in range(n)]


def random_style(rng: np.random.Generator) -> dict:
    return {
        "palette": pick(rng, tuple(PALETTES)),
        "font_family": pick(rng, FONTS),
        "font_size": float(pick(rng, FONT_SIZES)),
    }


# Panels per figure for the kinds drawn in a grid of datasets: the shares of 1, 2, 3 and 4-or-more
# panels among the SciVQA dev half's figures (61 / 21 / 5 / 13 %, ``figs_numb``; the held half
# unread; benchmarks/realism.py prints both).
PANEL_COUNTS, PANEL_WEIGHTS = (1, 2, 3, 4), (0.61, 0.21, 0.05, 0.13)


def panel_count(rng: np.random.Generator) -> int:
    """How many panels a figure of a one-dataset kind gets, at the real figures' shares."""
    return int(weighted(rng, PANEL_COUNTS, PANEL_WEIGHTS))


def grid_layout(n_panels: int, column: bool = False) -> list[int]:
    if column:
        return [n_panels, 1]
    return [2, 2] if n_panels == 4 else [1, n_panels]


# Inches per panel of a column of panels sharing one x axis (only the bottom one prints x ticks).
# A stated prior fitted on the dev half: real line charts have a median aspect of 1.52, and our
# stacked line panels at 2.6 in each gave 0.75 and a font 2.7 % of the image height against the
# real 5.2 % (benchmarks/realism.py --per-kind 10, per-kind rows, before this change).
COLUMN_PANEL_HEIGHT = 2.0


def figure_size(layout: list[int], rng: np.random.Generator, legend_outside: str | None) -> list[float]:
    rows, cols = layout
    if cols == 1:
        w = float(pick(rng, PANEL_WIDTHS))
    else:
        w = ROW_WIDTHS.get(cols, ROW_WIDTHS[3]) + float(rng.integers(0, 3)) * 0.4
    h = 3.4 * rows if rows > 1 else float(pick(rng, PANEL_HEIGHTS if cols == 1 else ROW_HEIGHTS))
    if rows > 1 and cols == 1:
        h = COLUMN_PANEL_HEIGHT * rows + 0.6
    if legend_outside == "right":
        w += 1.6
    if legend_outside in ("top", "bottom"):
        h += 0.4
    return [round(w, 1), round(h, 1)]


def place_legend(
    rng: np.random.Generator, n_panels: int, n_series: int, locs: Sequence[str] = LEGEND_LOCS
) -> tuple[str | None, str | None]:
    """(legend_loc inside panel 0, figure-level legend position); at most one is set. A grid's
    legend goes beside it three times in four, but inside (where :func:`fit_legend` may print it
    in every panel) with the share :data:`GRID_INSIDE` from :data:`GRID_PANELS` panels on."""
    if n_series < 2:
        return None, None
    if n_panels > 1:
        inside = GRID_INSIDE if n_panels >= GRID_PANELS else 0.25
        beside = rng.random() < 1 - inside
        return (None, pick(rng, ("top", "top", "right", "bottom"))) if beside else (pick(rng, locs), None)
    if rng.random() < 0.25:
        return None, pick(rng, ("top", "right", "bottom"))
    return pick(rng, locs), None


def no_clash(title: str | None, legend_outside: str | None) -> str | None:
    """A figure legend above the panels would collide with the figure title: move it below."""
    return "bottom" if (title and legend_outside == "top") else legend_outside


def new_spec(
    chart_type: str,
    variant: str,
    panels: list[Panel],
    title: str | None,
    domain: str,
    layout: list[int],
    figsize: list[float],
    legend_outside: str | None,
    style: dict,
    **late: object,
) -> FigureSpec:
    """A figure's spec as a kind's generator leaves it: the figure id, caption and reference
    description empty for the corpus stage to fill, the drawn ``style`` spread into its fields and
    ``late`` the kind's own late fields (``shared_x``)."""
    if title:  # a narrow figure widens to print its bold title on one line
        figsize = [max(figsize[0], round(title_width(title, float(style["font_size"])), 1)), *figsize[1:]]
    figsize = [figsize[0], max(figsize[1], upright_label_height(panels, layout, float(style["font_size"])))]
    return FigureSpec(
        figure_id="",
        chart_type=chart_type,
        variant=variant,
        panels=panels,
        title=title,
        caption="",
        reference_description="",
        domain=domain,
        layout=layout,
        figsize=figsize,
        legend_outside=legend_outside,
        **style,
        **late,  # type: ignore[arg-type]
    )


def grid_figure(
    rng: np.random.Generator,
    chart_type: str,
    variant: str,
    panels: list[Panel],
    title: str | None,
    domain: str,
    style: dict,
    legend_outside: str | None,
    legend_locs: Sequence[str],
) -> FigureSpec:
    """A figure of ``panels`` in a row (four in a 2 x 2 grid) at a drawn size, its outside legend
    kept clear of the title and an inside legend fitted where it covers nothing."""
    layout = grid_layout(len(panels))
    legend_outside = no_clash(title, legend_outside)
    spec = new_spec(
        chart_type=chart_type,
        variant=variant,
        panels=panels,
        title=title,
        domain=domain,
        layout=layout,
        figsize=figure_size(layout, rng, legend_outside),
        legend_outside=legend_outside,
        style=style,
    )
    fit_legend(spec, rng, legend_locs)
    return spec
