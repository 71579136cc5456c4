"""Area charts in the corpus: a stacked breakdown or overlapping translucent areas over an ordered x axis,
in one to four panels."""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.curves import SHAPES, curve, metric_curves
from scifigbench.corpus.drawing import Drawing, dark_page
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.randomness import pick, sample
from scifigbench.corpus.scaffold import (
    LEGEND_LOCS,
    axis_label,
    capped,
    grid_figure,
    nice_range,
    palette_colors,
    panel_count,
    place_legend,
    random_style,
)
from scifigbench.corpus.trace_axes import ordered_x_axis
from scifigbench.corpus.vocab import DOMAINS, X_AXES, Metric, XAxis, in_sentence
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {
    "stacked_area": "stacked area chart",
    "overlap_area": "area chart with overlapping translucent areas",
}


def _stacked_parts(rng: np.random.Generator, metric: Metric, shape: str, n_parts: int, n: int) -> list[np.ndarray]:
    """Parts whose stacked total follows ``shape`` inside the metric's range, each part positive.

    Shares drift a little along x so that parts have trends of their own, as a cost breakdown
    over training does.
    """
    total = metric.low + (metric.high - metric.low) * np.clip(curve(rng, shape, n, 0.5), 0.1, 0.95)
    start, end = rng.dirichlet(np.full(n_parts, 3.0)), rng.dirichlet(np.full(n_parts, 3.0))
    shares = start[:, None] + (end - start)[:, None] * np.linspace(0, 1, n)[None, :]
    floor = 10.0**-metric.decimals
    return [np.maximum(np.round(shares[k] * total, metric.decimals), floor) for k in range(n_parts)]


def _area_range(top: float, metric: Metric, legend_inside: bool) -> tuple[float, float]:
    """From zero (areas are filled down to it) to a round number above the top, room for a legend;
    a percentage axis never runs past 100 (fit_legend moves a crowded legend out)."""
    low, high = nice_range(0.0, top, extra_top=0.3 if legend_inside else 0.05)
    return low, capped(metric, top, high)


def _curves(
    rng: np.random.Generator, metric: Metric, shape: str, n_series: int, n: int, stacked: bool
) -> tuple[list[np.ndarray], float]:
    """One panel's curves and the highest point they reach (the stacked total for a breakdown)."""
    if stacked:
        curves = _stacked_parts(rng, metric, shape, n_series, n)
        return curves, float(np.sum(curves, axis=0).max())
    curves = metric_curves(rng, metric, shape, n_series, n, log=False)
    return curves, float(np.max(curves))


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One to four panels of filled areas over an ordered x axis, a stacked breakdown or
    overlapping methods; the panels of a figure show the same series on different datasets (each
    panel titled with its dataset) and share one legend, as multi-panel paper figures do."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    xaxis: XAxis = pick(rng, X_AXES)
    n, shape = len(xaxis.values), SHAPES[xaxis.label]
    stacked = variant == "stacked_area"
    if stacked:
        metric = domain.cost_metric
        names = list(domain.cost_parts[: int(rng.integers(2, len(domain.cost_parts) + 1))])
    else:
        metric = pick(rng, domain.metrics)
        names = sample(rng, domain.methods, int(rng.integers(2, 4)))
    colors = palette_colors(rng, style["palette"], len(names))
    n_panels = panel_count(rng)
    datasets = sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None]
    legend_loc, legend_outside = place_legend(rng, n_panels, len(names))
    grid = bool(rng.random() < 0.5)
    panels = []
    for p, dataset in enumerate(datasets):
        curves, top = _curves(rng, metric, shape, len(names), n, stacked)
        series = [
            Series(name=name, values=[float(v) for v in curves[k]], color=colors[k][0], color_family=colors[k][1])
            for k, name in enumerate(names)
        ]
        inside = legend_loc if p == 0 else None  # an inside legend sits in the first panel only
        panels.append(
            Panel(
                index=p,
                kind="area",
                categories=list(xaxis.labels),
                series=series,
                title=dataset,
                x_label=xaxis.label,
                y_label=axis_label(metric),
                unit=metric.unit,
                x_values=[float(v) for v in xaxis.values],
                value_format=f"{{:.{metric.decimals}f}}",
                legend_loc=inside,
                stacked=stacked,
                y_range=_area_range(top, metric, inside is not None),
                grid=grid,
            )
        )
    title = None
    if rng.random() < 0.5:
        title = f"{metric.name} by component" if stacked else f"{metric.name} vs. {in_sentence(xaxis.label)}"
    return grid_figure(rng, "area", variant, panels, title, domain.name, style, legend_outside, LEGEND_LOCS)


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """One labelled filled area per series, edged by its top line.

    Stacked areas sit on the running total and are opaque. Overlapping ones reach down to zero
    and are translucent, every top line drawn over every fill; where areas overlap, the tint is
    the nearest area's own (:func:`_visible_floor`), not a blend of two colours, which turns to
    mud on a dark page.
    """
    x = np.asarray(panel.x_values, dtype=float)
    bottom = np.zeros(len(x))
    fine = np.unique(np.concatenate([np.linspace(a, b, 24) for a, b in zip(x[:-1], x[1:], strict=True)]))
    tops = [np.interp(fine, x, np.asarray(s.values, dtype=float)) for s in panel.series]
    lines = []
    for k, series in enumerate(panel.series):
        vals = np.asarray(series.values, dtype=float)
        top = bottom + vals if panel.stacked else vals
        if panel.stacked:
            ax.fill_between(x, bottom, top, color=series.color, alpha=0.85, linewidth=0, label=series.name)
        else:
            floor = _visible_floor(tops, k)
            alpha = 0.7 if dark_page() else 0.4
            ax.fill_between(fine, floor, tops[k], color=series.color, alpha=alpha, linewidth=0, label=series.name)
        (ln,) = ax.plot(x, top, color=series.color, linewidth=1.2, zorder=3)
        lines.append(ln)
        if panel.stacked:
            bottom = top
    d.lines[panel.index] = lines
    ordered_x_axis(ax, panel, x)


def _visible_floor(tops: list[np.ndarray], k: int) -> np.ndarray:
    """Where area ``k``'s tint starts at each x: the highest other area below it there, else zero.

    Area ``k`` still reaches down to zero (its line and legend say so); below that floor another
    area is in front, and the page shows that area's tint alone. Where two tops are equal (curves
    touching at a point, or ending at the same value) the one lower on average counts as below:
    if neither did, both would fill down to zero there, and the later one's tint would stand as a
    thin vertical edge from the axis to the curves.
    """
    mean = [float(np.mean(t)) for t in tops]
    others = [
        np.where((t < tops[k]) | ((t == tops[k]) & ((mean[j], j) < (mean[k], k))), t, 0.0)
        for j, t in enumerate(tops)
        if j != k
    ]
    return np.max(others, axis=0) if others else np.zeros_like(tops[k])


CORPUS = KindCorpus(name="area", variants=VARIANTS, generate=generate, draw=draw)
