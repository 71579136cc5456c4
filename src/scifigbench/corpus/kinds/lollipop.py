"""Lollipop charts in the corpus: one metric over a few models, a stem from zero and a dot per value.

Values are a per-model strength plus noise rounded to the metric's decimals, so the spec is the
exact truth of every dot drawn. Stems stand up (``vertical``) or run right from a category list
sorted largest first (``horizontal``, the ranked look); a figure has one panel or one per dataset.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing, font_size
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.randomness import pick, sample, weighted
from scifigbench.corpus.scaffold import (
    axis_label,
    axis_top,
    capped,
    figure_size,
    grid_layout,
    new_spec,
    palette_colors,
    random_style,
    widened_for_categories,
)
from scifigbench.corpus.vocab import DOMAINS, Metric
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {"vertical": "lollipop chart", "horizontal": "horizontal lollipop chart"}


def _values(rng: np.random.Generator, metric: Metric, n: int) -> list[float]:
    """Plausible scores well inside the metric's range, rounded as the axis would print them."""
    span = metric.high - metric.low
    vals = metric.low + span * np.clip(rng.uniform(0.2, 0.85, size=n) + rng.normal(0, 0.03, size=n), 0.1, 0.95)
    return [float(v) for v in np.round(vals, metric.decimals)]


def _panel(
    rng: np.random.Generator, index: int, variant: str, metric: Metric, categories: list[str], look: dict
) -> Panel:
    values = _values(rng, metric, len(categories))
    if look["sorted"]:
        order = np.argsort(values, kind="stable")[::-1]
        categories, values = [categories[int(i)] for i in order], [values[int(i)] for i in order]
    top = max(values)
    high = capped(metric, top, axis_top(top * (1.12 + 0.1 * look["value_labels"])))
    value_label, cat_label = axis_label(metric), look["cat_label"]
    horizontal = variant == "horizontal"
    color, family = look["color"]
    return Panel(
        index=index,
        kind="lollipop",
        categories=categories,
        series=[Series(name=metric.name, values=values, color=color, color_family=family)],
        title=look["titles"][index],
        x_label=value_label if horizontal else cat_label,
        y_label=cat_label if horizontal else value_label,
        unit=metric.unit,
        orientation="horizontal" if horizontal else "vertical",
        value_labels=look["value_labels"],
        value_format=f"{{:.{metric.decimals}f}}",
        y_range=(0.0, high),
        grid=look["grid"],
        sort="descending" if look["sorted"] else "none",
    )


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One or two panels (one per dataset) of a metric over four to eight models."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    metric = pick(rng, domain.metrics)
    n_panels = weighted(rng, (1, 2), (0.7, 0.3))
    categories = sample(rng, domain.models, int(rng.integers(4, 9 if n_panels == 1 else 6)))
    look = {
        "sorted": variant == "horizontal" and rng.random() < 0.7,
        "value_labels": bool(rng.random() < 0.4),
        "cat_label": "Model" if rng.random() < 0.4 else None,
        "grid": bool(rng.random() < 0.4),
        "color": palette_colors(rng, style["palette"], 1)[0],
        "titles": sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None],
    }
    panels = [_panel(rng, p, variant, metric, list(categories), look) for p in range(n_panels)]
    layout = grid_layout(n_panels)
    figsize = figure_size(layout, rng, None)
    if variant == "vertical":  # room for horizontal category labels under the stems
        figsize = widened_for_categories(figsize, layout, categories, style["font_size"])
    title = None if rng.random() < 0.4 else pick(rng, (f"{metric.name} by model", f"Results on {domain.name}"))
    return new_spec(
        chart_type="lollipop",
        variant=variant,
        panels=panels,
        title=title,
        domain=domain.name,
        layout=layout,
        figsize=figsize,
        legend_outside=None,
        style=style,
    )


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """A thin stem from zero to each value and a dot at its end; printed values beside the dots."""
    (series,) = panel.series
    pos = np.arange(len(panel.categories), dtype=float)
    vals = np.asarray(series.values, dtype=float)
    horizontal = panel.orientation == "horizontal"
    if horizontal:
        ax.hlines(pos, 0, vals, color=series.color, linewidth=1.6)
        ax.plot(vals, pos, "o", color=series.color, markersize=8, label=series.name)
    else:
        ax.vlines(pos, 0, vals, color=series.color, linewidth=1.6)
        ax.plot(pos, vals, "o", color=series.color, markersize=8, label=series.name)
    if panel.value_labels:
        for cat, o, v in zip(panel.categories, pos, vals, strict=True):
            at, offset, ha, va = (
                ((v, o), (7, 0), "left", "center") if horizontal else ((o, v), (0, 6), "center", "bottom")
            )
            text = panel.value_format.format(v)
            t = ax.annotate(
                text, at, xytext=offset, textcoords="offset points", fontsize=font_size() - 1.5, ha=ha, va=va
            )
            d.add(t, role="value_label", panel=panel.index, series=series.name, category=cat, value=float(v))
    lo, hi = panel.y_range or (None, None)
    if horizontal:
        ax.set_yticks(pos, labels=panel.categories)
        ax.set_ylim(len(pos) - 0.5, -0.5)  # first category on top
        ax.set_xlim(lo, hi)
    else:
        ax.set_xticks(pos, labels=panel.categories)
        ax.set_xlim(-0.6, len(pos) - 0.4)
        ax.set_ylim(lo, hi)
    ax.ticklabel_format(axis="x" if horizontal else "y", useOffset=False, style="plain")
    if panel.grid:
        ax.grid(axis="x" if horizontal else "y", linestyle="--", linewidth=0.5, alpha=0.6)
        ax.set_axisbelow(True)


CORPUS = KindCorpus(name="lollipop", variants=VARIANTS, generate=generate, draw=draw)
