"""Scatter plots in the corpus: groups of points against two numeric axes, with or without least-squares lines.

Every group is measured at the same x positions (as benchmarks evaluated on the same models, or
methods run at the same budgets), so a point is a (group, x value) cell of the spec like a
line's; the points are simply not joined. Fitted lines are computed from the rounded values that
are drawn and recorded in the spec (slope, intercept, Pearson r), so a question about a slope has
an exact answer.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing, font_size
from scifigbench.corpus.kinds.line import MARKERS
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
from scifigbench.corpus.vocab import DOMAINS, Metric, in_sentence
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {
    "scatter": "scatter plot",
    "group_fit": "scatter plot with a least-squares line fitted to each group",
    "labelled": "labelled scatter plot with one least-squares line fitted to all points",
}
OVERALL_FIT_COLOR = "#444444"
LABELLED_SIZE = (6.4, 3.8)  # inches: the least a labelled scatter is drawn at


@dataclass(frozen=True)
class XQuantity:
    """A numeric x quantity of a scatter: its label and the grid its points' positions are drawn from.

    Positions sit on a grid (``start + step * k``) so tick labels stay short and never touch.
    """

    label: str
    start: float
    step: float
    n_grid: int
    decimals: int = 0


X_QUANTITIES = (
    XQuantity("Parameters (B)", 5.0, 5.0, 14),
    XQuantity("Latency (ms)", 20.0, 20.0, 13),
    XQuantity("Training compute (PF-days)", 10.0, 10.0, 12),
    XQuantity("GPU memory (GB)", 4.0, 4.0, 14),
    XQuantity("Training data (B tokens)", 50.0, 50.0, 12),
    XQuantity("Inference cost ($/1M tokens)", 0.5, 0.5, 12, decimals=1),
)


def least_squares(x: list[float], y: list[float]) -> dict[str, float]:
    """Slope and intercept of the least-squares line of y on x, and Pearson's r, from the drawn values."""
    xs, ys = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    dx, dy = xs - xs.mean(), ys - ys.mean()
    slope = float(np.sum(dx * dy) / np.sum(dx * dx))
    r = float(np.sum(dx * dy) / np.sqrt(np.sum(dx * dx) * np.sum(dy * dy)))
    return {"slope": slope, "intercept": float(ys.mean() - slope * xs.mean()), "r": r}


def _groups_values(rng: np.random.Generator, metric: Metric, x: np.ndarray, n_groups: int) -> list[np.ndarray]:
    """Noisy linear relations inside the metric's range, one per group, all improving with x
    (every x quantity is a resource: parameters, compute, data, latency or price spent), so a
    higher-is-better metric rises and an error rate falls.

    A group's net change from its first to its last point exceeds its noise, so the direction
    a reader sees (first against last) and the sign of its fitted slope agree.
    """
    span = metric.high - metric.low
    sign = 1.0 if metric.higher_better else -1.0
    t = (x - x.min()) / (x.max() - x.min())
    out = []
    for _ in range(n_groups):
        rise = sign * span * rng.uniform(0.3, 0.55)
        base = metric.low + span * rng.uniform(0.1, 0.35) + (0 if sign > 0 else -rise)
        while True:
            noise = rng.normal(0, span * rng.uniform(0.02, 0.07), len(x))
            y = np.round(base + rise * t + noise, metric.decimals)
            if sign * (y[-1] - y[0]) > 0.2 * abs(rise):
                break
        out.append(y)
    return out


def _x_positions(rng: np.random.Generator, xq: XQuantity, most: int) -> tuple[list[float], list[str]]:
    """Between six and nine (at most ``most``) grid positions evenly spaced (every grid step or
    every other one), and how their ticks print them: the ticks sit under the points, so uneven
    positions would print an uneven axis."""
    n = min(int(rng.integers(6, 10)), most, xq.n_grid)
    stride = 2 if 2 * (n - 1) < xq.n_grid and rng.random() < 0.4 else 1
    first = int(rng.integers(0, xq.n_grid - stride * (n - 1)))
    ks = [first + stride * k for k in range(n)]
    values = [round(xq.start + xq.step * int(k), xq.decimals) for k in ks]
    return [float(v) for v in values], [f"{v:.{xq.decimals}f}" for v in values]


def _y_range(metric: Metric, values: np.ndarray, extra_top: float) -> tuple[float, float]:
    """Round limits around the values, room above for a legend, never past the metric's ceiling."""
    low, high = nice_range(float(values.min()), float(values.max()), extra_top=extra_top)
    return low, capped(metric, float(values.max()), high)


def _points(
    names: list[str],
    xs: list[float],
    ys: list[np.ndarray],
    colors: list[tuple[str, str]],
    markers: list[str],
    group_fit: bool,
) -> list[Series]:
    """One unjoined group of points per name, with its least-squares line when ``group_fit``."""
    return [
        Series(
            name=name,
            values=[float(v) for v in ys[k]],
            color=colors[k][0],
            color_family=colors[k][1],
            marker=markers[k],
            linestyle="none",
            fit=least_squares(xs, [float(v) for v in ys[k]]) if group_fit else None,
        )
        for k, name in enumerate(names)
    ]


def _panel(
    rng: np.random.Generator,
    p: int,
    dataset: str | None,
    base: Panel,
    metric: Metric,
    names: list[str],
    colors: list[tuple[str, str]],
    markers: list[str],
    group_fit: bool,
    extra_top: float,
) -> Panel:
    """Panel ``p`` of a grid of datasets: ``base``'s groups (names, colours, markers) and x
    positions with values of its own, titled with its dataset; an inside legend stays in the first
    panel."""
    xs = base.x_values or []
    ys = _groups_values(rng, metric, np.asarray(xs), len(names))
    series = _points(names, xs, ys, colors, markers, group_fit)
    return replace(
        base,
        index=p,
        series=series,
        title=dataset,
        legend_loc=None,
        y_range=_y_range(metric, np.concatenate(ys), extra_top),
    )


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """Groups of points at shared x positions, fitted lines per group or over all points, in one
    to four panels: several panels show the same groups (methods) on different datasets, each
    panel titled with its dataset and one legend for the figure, as multi-panel paper figures do.
    A labelled scatter names every point and stays one panel."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    xq: XQuantity = pick(rng, X_QUANTITIES)
    metric: Metric = pick(rng, domain.metrics)
    xs, ticks = _x_positions(rng, xq, len(domain.models) if variant == "labelled" else xq.n_grid)
    n_groups = 1 if variant == "labelled" else int(rng.integers(2, 5) if variant == "scatter" else rng.integers(1, 4))
    n_panels = 1 if variant == "labelled" else panel_count(rng)
    # the panels of a grid are titled by dataset, so its groups are methods
    names = sample(rng, domain.datasets if n_panels == 1 and rng.random() < 0.5 else domain.methods, n_groups)
    datasets = sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None]
    ys = _groups_values(rng, metric, np.asarray(xs), n_groups)
    colors = palette_colors(rng, style["palette"], n_groups)
    markers = sample(rng, MARKERS, n_groups)
    series = _points(names, xs, ys, colors, markers, variant == "group_fit")
    legend_loc, legend_outside = place_legend(rng, n_panels, n_groups)
    everything = np.concatenate(ys)
    panel = Panel(
        index=0,
        kind="scatter",
        categories=ticks,
        series=series,
        title=datasets[0],
        x_label=xq.label,
        y_label=axis_label(metric),
        unit=metric.unit,
        x_values=xs,
        value_format=f"{{:.{metric.decimals}f}}",
        legend_loc=legend_loc,
        y_range=_y_range(metric, everything, 0.3 if legend_loc else 0.12),
        grid=bool(rng.random() < 0.5),
        fit=least_squares(xs * n_groups, [float(v) for v in everything]) if variant == "labelled" else None,
        point_labels=sample(rng, domain.models, len(xs)) if variant == "labelled" else None,
    )
    title = None
    if rng.random() < 0.5:
        # one unlabelled group has no legend: the title names it, as a panel named by its dataset
        single = n_groups == 1 and variant != "labelled"
        title = names[0] if single else f"{metric.name} vs. {in_sentence(xq.label.split(' (')[0])}"
    panels = (
        [panel]
        + [  # later panels hold no legend
            _panel(rng, p, dataset, panel, metric, names, colors, markers, variant == "group_fit", 0.12)
            for p, dataset in enumerate(datasets[1:], start=1)
        ]
    )
    spec = grid_figure(rng, "scatter", variant, panels, title, domain.name, style, legend_outside, LEGEND_LOCS)
    if variant == "labelled":  # a name beside every point needs room around the points (no legend to move)
        spec.figsize = [max(spec.figsize[0], LABELLED_SIZE[0]), max(spec.figsize[1], LABELLED_SIZE[1])]
    return spec


def _fit_line(ax: Axes, x: np.ndarray, fit: dict[str, float], color: str) -> None:
    """A dashed least-squares line across the x range, left out of the legend (it is not a group)."""
    ends = np.array([x.min(), x.max()])
    ax.plot(
        ends, fit["intercept"] + fit["slope"] * ends, color=color, linestyle="--", linewidth=1.3, label="_fit", zorder=2
    )


# where a point's name may sit, in points from the point: (dx, dy, ha, va), tried in this order
_NAME_PLACES = (
    (4, 5, "left", "bottom"),
    (-4, 5, "right", "bottom"),
    (4, -5, "left", "top"),
    (-4, -5, "right", "top"),
    (0, 7, "center", "bottom"),
    (0, -7, "center", "top"),
    (6, 0, "left", "center"),
    (-6, 0, "right", "center"),
    (6, 11, "left", "bottom"),
    (-6, 11, "right", "bottom"),
    (6, -11, "left", "top"),
    (-6, -11, "right", "top"),
    (0, 14, "center", "bottom"),
    (0, -14, "center", "top"),
)


def _point_labels(d: Drawing, ax: Axes, panel: Panel, x: np.ndarray) -> None:
    """Each point's name beside it, placed once the figure is laid out (:func:`_place_names`)."""
    series = panel.series[0]
    names = []
    for xv, yv, name, tick in zip(x, series.values, panel.point_labels or [], panel.categories, strict=True):
        t = ax.annotate(name, (xv, yv), xytext=(4, 5), textcoords="offset points", fontsize=font_size() - 1.5)
        t.set_in_layout(False)  # placed after the layout, which must not move under it
        d.add(t, role="point_label", panel=panel.index, series=series.name, category=tick, value=float(yv))
        names.append(t)
    fit = panel.fit or least_squares(list(x), list(series.values))
    d.settle.append(lambda renderer: _place_names(ax, names, x, np.asarray(series.values), fit, renderer))


def _place_names(
    ax: Axes, names: list[Any], x: np.ndarray, y: np.ndarray, fit: dict[str, float], renderer: Any
) -> None:
    """Put each name in the first of :data:`_NAME_PLACES` where it covers no marker, no earlier
    name and not the fitted line, and stays inside the axes; the least bad place otherwise.

    Geometry is in pixels of the laid-out figure, so what is checked is what is drawn.
    """
    points = ax.transData.transform(np.column_stack([x, y]))
    ends = np.array([x.min(), x.max()])
    line = ax.transData.transform(np.column_stack([ends, fit["intercept"] + fit["slope"] * ends]))
    frame = ax.get_window_extent(renderer)
    radius = 3.5 * ax.figure.dpi / 72  # a 6 pt marker and a hair
    taken: list[Any] = []
    for t in names:
        best: tuple[float, tuple[int, int, str, str]] | None = None
        for place in _NAME_PLACES:
            dx, dy, ha, va = place
            t.xyann = (dx, dy)
            t.set_horizontalalignment(ha)
            t.set_verticalalignment(va)
            box = t.get_window_extent(renderer)
            # names over names are worst, then leaving the frame, crossing the line, touching a marker
            cost = sum(_near(box, px, py, radius) for px, py in points) + 2 * _crosses(box, line[0], line[1])
            cost += 4 * sum(box.overlaps(other) for other in taken)
            cost += 3 * (box.x0 < frame.x0 or box.x1 > frame.x1 or box.y0 < frame.y0 or box.y1 > frame.y1)
            if best is None or cost < best[0]:
                best = (cost, place)
            if cost == 0:
                break
        assert best is not None
        dx, dy, ha, va = best[1]
        t.xyann = (dx, dy)
        t.set_horizontalalignment(ha)
        t.set_verticalalignment(va)
        taken.append(t.get_window_extent(renderer))


def _near(box: Any, px: float, py: float, radius: float) -> bool:
    return bool(box.x0 - radius < px < box.x1 + radius and box.y0 - radius < py < box.y1 + radius)


def _crosses(box: Any, p: np.ndarray, q: np.ndarray) -> bool:
    """Whether the segment p-q passes through ``box`` (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    d = q - p
    edges = ((-d[0], p[0] - box.x0), (d[0], box.x1 - p[0]), (-d[1], p[1] - box.y0), (d[1], box.y1 - p[1]))
    for edge_p, edge_q in edges:
        if edge_p == 0:
            if edge_q < 0:
                return False
            continue
        r = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Unjoined markers per group (the legend shows the marker), then any fitted lines and point names."""
    x = np.asarray(panel.x_values, dtype=float)
    lines = []
    for series in panel.series:
        (ln,) = ax.plot(
            x,
            series.values,
            marker=series.marker,
            linestyle="none",
            color=series.color,
            label=series.name,
            markersize=6,
            zorder=3,
        )
        lines.append(ln)
        if series.fit:
            _fit_line(ax, x, series.fit, series.color)
    if panel.fit:
        _fit_line(ax, x, panel.fit, OVERALL_FIT_COLOR)
    d.lines[panel.index] = lines
    if panel.point_labels:
        _point_labels(d, ax, panel, x)
    ordered_x_axis(ax, panel, x)


CORPUS = KindCorpus(name="scatter", variants=VARIANTS, generate=generate, draw=draw)
