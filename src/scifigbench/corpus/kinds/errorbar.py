"""Error-bar charts in the corpus: means over runs with symmetric whiskers, as bars or as points.

Every value is a mean of a few runs and carries its whisker's half-width (``Series.errors``):
either ± one standard deviation over seeds or a 95 % confidence interval over runs, which the
panel records (``Panel.spread``) and the caption states. Means and half-widths are rounded to the
metric's decimals, so the spec is the exact truth of every whisker end drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.legend_fit import fit_legend
from scifigbench.corpus.randomness import pick, sample
from scifigbench.corpus.scaffold import (
    axis_label,
    figure_size,
    grid_layout,
    methods_over_datasets,
    nice_ceiling,
    nice_range,
    no_clash,
    palette_colors,
    place_legend,
    random_style,
)
from scifigbench.corpus.vocab import DOMAINS, Metric
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {
    "bars": "grouped bar chart of means with error bars",
    "points": "dot plot of means with error bars and no bars",
}
LEGEND_LOCS = ("upper left", "upper right", "upper center")
MARKERS = ("o", "s", "D", "^")
SPREADS = ("±1 standard deviation over {n} seeds", "95% confidence interval over {n} runs")


def _means_and_errors(
    rng: np.random.Generator, metric: Metric, n_series: int, n_cats: int
) -> tuple[np.ndarray, np.ndarray]:
    """Means from a per-category difficulty and a per-series strength; half-widths of 1-9 % of the
    metric's range, varied enough that the widest whisker and an overlap can often be told apart.

    Whiskers stay inside the metric's range (a percentage never runs past 0 or 100).
    """
    span = metric.high - metric.low
    base = rng.uniform(0.25, 0.75, size=n_cats)
    strength = rng.uniform(-0.12, 0.12, size=n_series)
    means = metric.low + span * np.clip(
        base[None, :] + strength[:, None] + rng.normal(0, 0.04, (n_series, n_cats)), 0.12, 0.88
    )
    floor = 10.0**-metric.decimals
    errors = np.maximum(np.round(span * rng.uniform(0.01, 0.09, size=means.shape), metric.decimals), floor)
    return np.round(means, metric.decimals), errors


@dataclass(frozen=True)
class _Look:
    """What every panel of one figure shares."""

    variant: str
    metric: Metric
    names: list[str]
    categories: list[str]
    colors: list[tuple[str, str]]
    titles: list[str | None]
    x_label: str | None
    legend_loc: str | None
    grid: bool
    spread: str


def _panel(rng: np.random.Generator, index: int, look: _Look) -> Panel:
    """One panel of means with whiskers; points get a marker each, bars none (``mark_word``)."""
    means, errors = _means_and_errors(rng, look.metric, len(look.names), len(look.categories))
    markers = sample(rng, MARKERS, len(look.names)) if look.variant == "points" else [None] * len(look.names)
    series = [
        Series(
            name=name,
            values=[float(v) for v in means[k]],
            color=look.colors[k][0],
            color_family=look.colors[k][1],
            marker=markers[k],
            errors=[float(e) for e in errors[k]],
        )
        for k, name in enumerate(look.names)
    ]
    top, bottom = float((means + errors).max()), float((means - errors).min())
    if look.variant == "bars":  # bars stand on zero
        y_range = (0.0, nice_ceiling(top * (1.12 + 0.25 * bool(look.legend_loc))))
    else:
        y_range = nice_range(bottom, top, extra_top=0.35 if look.legend_loc else 0.08)
    if look.metric.unit == "%" and top <= 100 < y_range[1]:
        y_range = (y_range[0], 100.0)  # a percentage axis never runs past 100; fit_legend moves a crowded legend out
    return Panel(
        index=index,
        kind="errorbar",
        categories=list(look.categories),
        series=series,
        title=look.titles[index],
        x_label=look.x_label,
        y_label=axis_label(look.metric),
        unit=look.metric.unit,
        value_format=f"{{:.{look.metric.decimals}f}}",
        legend_loc=look.legend_loc if index == 0 else None,
        y_range=y_range,
        grid=look.grid,
        spread=look.spread,
    )


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One or two panels of several methods' means with whiskers over datasets (or models)."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    metric = pick(rng, domain.metrics)
    n_panels, names, titles, categories, cat_axis = methods_over_datasets(rng, domain, max_datasets=5)
    legend_loc, legend_outside = place_legend(rng, n_panels, len(names), LEGEND_LOCS)
    colors = palette_colors(rng, style["palette"], len(names))
    look = _Look(
        variant=variant,
        metric=metric,
        names=names,
        categories=categories,
        colors=colors,
        titles=titles,
        x_label=cat_axis if rng.random() < 0.4 else None,
        legend_loc=legend_loc,
        grid=bool(rng.random() < 0.4),
        spread=pick(rng, SPREADS).format(n=int(rng.integers(3, 6))),
    )
    panels = [_panel(rng, p, look) for p in range(n_panels)]
    layout = grid_layout(n_panels)
    title = None if rng.random() < 0.4 else pick(rng, (f"{metric.name} over runs", f"Mean {metric.name.lower()}"))
    legend_outside = no_clash(title, legend_outside)
    figsize = figure_size(layout, rng, legend_outside)
    per_cat = max(len(c) for c in categories) * 0.56 * (style["font_size"] - 1) / 72 + 0.25
    figsize[0] = round(max(figsize[0], layout[1] * (per_cat * len(categories) + 0.9)), 1)
    spec = FigureSpec(
        figure_id="",
        chart_type="errorbar",
        variant=variant,
        panels=panels,
        title=title,
        caption="",
        reference_description="",
        domain=domain.name,
        layout=layout,
        figsize=figsize,
        legend_outside=legend_outside,
        **style,
    )
    fit_legend(spec, rng, LEGEND_LOCS)
    return spec


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Each series side by side in every category: a bar or a marker at the mean, a capped whisker
    of ± its half-width drawn in a dark grey (bars) or in the series' colour (points)."""
    n_cats, n_series = len(panel.categories), len(panel.series)
    pos = np.arange(n_cats, dtype=float)
    width = 0.8 / n_series
    containers = []  # a BarContainer per series with bars, an ErrorbarContainer with points
    for s, series in enumerate(panel.series):
        offs = pos - 0.4 + width * (s + 0.5)
        vals, errs = np.asarray(series.values, dtype=float), np.asarray(series.errors, dtype=float)
        c: Any
        if series.marker:
            c = ax.errorbar(
                offs,
                vals,
                yerr=errs,
                fmt=series.marker,
                color=series.color,
                capsize=3,
                markersize=6,
                elinewidth=1.2,
                label=series.name,
            )
        else:
            c = ax.bar(
                offs,
                vals,
                width,
                yerr=errs,
                color=series.color,
                label=series.name,
                capsize=3,
                error_kw={"ecolor": "#333333", "elinewidth": 1.0},
            )
        containers.append(c)
    d.bars[panel.index] = containers
    ax.set_xticks(pos, labels=panel.categories)
    ax.set_xlim(-0.6, n_cats - 0.4)
    ax.set_ylim(*(panel.y_range or (None, None)))
    ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    if panel.grid:
        ax.grid(axis="y", linestyle="--", linewidth=0.5, alpha=0.6)
        ax.set_axisbelow(True)


CORPUS = KindCorpus(name="errorbar", variants=VARIANTS, generate=generate, draw=draw)
