"""Figures that compare methods' runs over datasets: the frame the error-bar and box kinds share.

Both draw two or three methods over a few datasets (one panel) or over models in two panels titled
by a dataset each, summarise each method's runs per category (a mean with a whisker, or a box),
and finish the figure the same way; only the marks and what they summarise differ.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from scifigbench.corpus.legend_fit import fit_legend
from scifigbench.corpus.randomness import pick, sample, weighted
from scifigbench.corpus.scaffold import (
    axis_label,
    capped,
    figure_size,
    grid_layout,
    new_spec,
    no_clash,
    palette_colors,
    place_legend,
    random_style,
    widened_for_categories,
)
from scifigbench.corpus.vocab import DOMAINS, Domain, Metric
from scifigbench.spec import FigureSpec, Panel, Series


@dataclass(frozen=True)
class MethodLook:
    """What every panel of one figure shares."""

    variant: str
    domain: Domain
    style: dict
    metric: Metric
    n_panels: int
    names: list[str]
    categories: list[str]
    colors: list[tuple[str, str]]
    titles: list[str | None]
    x_label: str | None
    legend_loc: str | None
    legend_outside: str | None
    grid: bool


def _methods_over_datasets(
    rng: np.random.Generator, domain: Domain, max_datasets: int
) -> tuple[int, list[str], list[str | None], list[str], str]:
    """Two or three methods compared over 3..``max_datasets`` datasets in one panel, or over three or
    four models in two panels titled by a dataset each: (panels, methods, panel titles, categories,
    category axis name). The frame of the kinds that summarise runs per method (error bars, boxes)."""
    n_panels = weighted(rng, (1, 2), (0.75, 0.25))
    names = sample(rng, domain.methods, int(rng.integers(2, 4)))
    if n_panels > 1:
        return (
            n_panels,
            names,
            list(sample(rng, domain.datasets, n_panels)),
            sample(rng, domain.models, int(rng.integers(3, 5))),
            "Model",
        )
    return n_panels, names, [None], sample(rng, domain.datasets, int(rng.integers(3, max_datasets + 1))), "Dataset"


def method_look(
    rng: np.random.Generator, index: int, variants: Collection[str], max_datasets: int, legend_locs: Sequence[str]
) -> MethodLook:
    """The figure's variant (cycled by ``index``), domain, style, metric, panels, methods and
    categories, colours, legend place, category-axis title (shown 40 % of the time) and grid."""
    variant = tuple(variants)[index % len(variants)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    metric = pick(rng, domain.metrics)
    n_panels, names, titles, categories, cat_axis = _methods_over_datasets(rng, domain, max_datasets)
    legend_loc, legend_outside = place_legend(rng, n_panels, len(names), legend_locs)
    colors = palette_colors(rng, style["palette"], len(names))
    return MethodLook(
        variant=variant,
        domain=domain,
        style=style,
        metric=metric,
        n_panels=n_panels,
        names=names,
        categories=categories,
        colors=colors,
        titles=titles,
        x_label=cat_axis if rng.random() < 0.4 else None,
        legend_loc=legend_loc,
        legend_outside=legend_outside,
        grid=bool(rng.random() < 0.4),
    )


def method_panel(
    look: MethodLook,
    index: int,
    kind: str,
    series: list[Series],
    y_range: tuple[float, float],
    top: float,
    **late: object,
) -> Panel:
    """One panel of the figure; an axis is cut at the metric's ceiling when nothing drawn reaches past it
    (``fit_legend`` then moves a legend the cut crowds out of the frame). ``late``: the kind's own
    late spec fields."""
    y_range = (y_range[0], capped(look.metric, top, y_range[1]))
    return Panel(
        index=index,
        kind=kind,
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
        **late,  # type: ignore[arg-type]
    )


def method_figure(
    rng: np.random.Generator,
    look: MethodLook,
    chart_type: str,
    panels: list[Panel],
    titles: tuple[str, str],
    legend_locs: Sequence[str],
    min_category_width: float = 0.0,
) -> FigureSpec:
    """The figure around ``panels``: a title 60 % of the time (one of ``titles``), wide enough for
    the category names (and ``min_category_width`` inches per category), its legend fitted."""
    layout = grid_layout(look.n_panels)
    title = None if rng.random() < 0.4 else pick(rng, titles)
    legend_outside = no_clash(title, look.legend_outside)
    figsize = figure_size(layout, rng, legend_outside)
    font_size = look.style["font_size"]
    figsize = widened_for_categories(figsize, layout, look.categories, font_size, min_category_width)
    spec = new_spec(
        chart_type=chart_type,
        variant=look.variant,
        panels=panels,
        title=title,
        domain=look.domain.name,
        layout=layout,
        figsize=figsize,
        legend_outside=legend_outside,
        style=look.style,
    )
    fit_legend(spec, rng, legend_locs)
    return spec
