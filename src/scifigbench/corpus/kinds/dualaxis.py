"""Dual-axis line charts in the corpus: a quality metric on the left axis, a cost or a loss on the right.

Each axis carries one or two series of one quantity; the series of one axis share its colour (the
axis label and ticks are drawn in it) and differ by marker and line style. Values are rounded to
their metric's decimals, so the spec is the exact truth of every point drawn, and the right axis'
label, unit, range and drawn ticks are recorded in the panel (``y2_*``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from matplotlib.axes import Axes
from matplotlib.ticker import MaxNLocator

from scifigbench.corpus.curves import SHAPES, metric_curves
from scifigbench.corpus.drawing import Drawing
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.randomness import pick, sample
from scifigbench.corpus.scaffold import (
    axis_label,
    figure_size,
    grid_layout,
    new_spec,
    nice_range,
    palette_colors,
    panel_count,
    random_style,
)
from scifigbench.corpus.trace_axes import ordered_x_axis
from scifigbench.corpus.vocab import DOMAINS, X_AXES, Domain, Metric, XAxis, in_sentence
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {
    "quality_cost": "line chart with two y-axes: a quality metric on the left and a cost on the right",
    "quality_loss": "line chart with two y-axes: a quality metric on the left and a loss on the right",
}
STYLES = (("o", "-"), ("s", "--"))  # (marker, line style) of the first and second series of one axis


def _right_metric(rng: np.random.Generator, variant: str, domain: Domain) -> Metric:
    return domain.cost_metric if variant == "quality_cost" else pick(rng, domain.log_metrics)


def _range(values: np.ndarray, unit: str | None) -> tuple[float, float]:
    """Round limits around the values; a percentage axis never runs past 100."""
    lo, hi = nice_range(float(values.min()), float(values.max()), extra_top=0.08)
    return (lo, 100.0) if unit == "%" and hi > 100 >= values.max() else (lo, hi)


def _series(
    names: list[str], metric: Metric, curves: list[np.ndarray], color: tuple[str, str], axis: str | None
) -> list[Series]:
    return [
        Series(
            name=f"{name} {metric.phrase}" if len(names) > 1 else metric.name,
            values=[float(v) for v in curves[k]],
            color=color[0],
            color_family=color[1],
            marker=STYLES[k][0],
            linestyle=STYLES[k][1],
            axis=axis,
        )
        for k, name in enumerate(names)
    ]


def _panel(
    rng: np.random.Generator,
    p: int,
    dataset: str | None,
    variant: str,
    xaxis: XAxis,
    metrics: tuple[Metric, Metric],
    methods: list[str],
    colors: tuple[tuple[str, str], tuple[str, str]],
    grid: bool,
) -> Panel:
    """Panel ``p``: each method's left and right series over the shared x axis on ``dataset``."""
    left, right = metrics
    n = len(xaxis.values)
    lcurves = metric_curves(rng, left, SHAPES[xaxis.label], len(methods), n, False)
    if variant == "quality_cost":  # a cost rises along the axis, however little of it is better
        rcurves = metric_curves(rng, replace(right, higher_better=True), "increase", len(methods), n, False)
    else:
        rcurves = metric_curves(rng, right, "saturate", len(methods), n, False)
    series = _series(methods, left, lcurves, colors[0], None) + _series(methods, right, rcurves, colors[1], "right")
    return Panel(
        index=p,
        kind="dualaxis",
        categories=list(xaxis.labels),
        series=series,
        title=dataset,
        x_label=xaxis.label,
        y_label=axis_label(left),
        unit=left.unit,
        x_values=[float(v) for v in xaxis.values],
        value_format=f"{{:.{max(left.decimals, right.decimals)}f}}",
        y_range=_range(np.concatenate(lcurves), left.unit),
        grid=grid,
        y2_label=axis_label(right),
        y2_unit=right.unit,
        y2_range=_range(np.concatenate(rcurves), right.unit),
    )


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One to four panels, each with one or two methods' left-axis and right-axis series over a
    shared x; several panels show the same methods and quantities on different datasets (each
    titled with its dataset) above or below one legend, as multi-panel paper figures do."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    # a loss falls over a training run; a cost grows with what a run must process
    along = [x for x in X_AXES if (x.costly if variant == "quality_cost" else x.training)]
    xaxis = pick(rng, along)
    left, right = pick(rng, domain.metrics), _right_metric(rng, variant, domain)
    methods = sample(rng, domain.methods, int(rng.integers(1, 3)))
    n_panels = panel_count(rng)
    datasets = sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None]
    lcol, rcol = palette_colors(rng, style["palette"], 2)
    grid = bool(rng.random() < 0.4)
    panels = [
        _panel(rng, p, dataset, variant, xaxis, (left, right), methods, (lcol, rcol), grid)
        for p, dataset in enumerate(datasets)
    ]
    title = None if rng.random() < 0.5 else f"{left.name} and {right.phrase} vs. {in_sentence(xaxis.label)}"
    legend_outside = "bottom" if title or rng.random() < 0.5 else "top"
    layout = grid_layout(n_panels)
    figsize = figure_size(layout, rng, legend_outside)
    figsize[0] = round(figsize[0] + 0.6 * layout[1], 1)  # room for each right axis' label
    return new_spec(
        chart_type="dualaxis",
        variant=variant,
        panels=panels,
        title=title,
        domain=domain.name,
        layout=layout,
        figsize=figsize,
        legend_outside=legend_outside,
        style=style,
    )


def _trace(ax: Axes, x: np.ndarray, s: Series) -> object:
    (ln,) = ax.plot(
        x, s.values, marker=s.marker, linestyle=s.linestyle, color=s.color, label=s.name, markersize=5, linewidth=1.6
    )
    return ln


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Left-axis series on ``ax``, right-axis series on its twin; each axis' label and ticks in its
    series' colour. The right traces also get an empty stand-in on ``ax`` so the figure legend,
    built from ``ax``'s handles, names every series. The right ticks drawn are recorded."""
    x = np.asarray(panel.x_values, dtype=float)
    ax2 = ax.twinx()
    left = [s for s in panel.series if s.axis != "right"]
    right = [s for s in panel.series if s.axis == "right"]
    lines = [_trace(ax, x, s) for s in left] + [_trace(ax2, x, s) for s in right]
    for s in right:
        ax.plot([], [], marker=s.marker, linestyle=s.linestyle, color=s.color, label=s.name, markersize=5)
    d.lines[panel.index] = lines
    ordered_x_axis(ax, panel, x)
    lo, hi = panel.y2_range or (0.0, 1.0)
    ticks = [float(t) for t in MaxNLocator(nbins=6).tick_values(lo, hi) if lo - 1e-9 <= t <= hi + 1e-9]
    ax2.set_ylim(lo, hi)
    ax2.set_yticks(ticks, labels=[f"{t:g}" for t in ticks])
    panel.y2_ticks = ticks
    # the right ticks stand on an axis line wherever the left ones do: a style that hides the
    # frame's right side (the paper's) would otherwise leave them floating beside the plot
    ax2.spines["right"].set_visible(ax.spines["left"].get_visible())
    for side, axis, series in ((ax, "left", left), (ax2, "right", right)):
        side.tick_params(axis="y", colors=series[0].color)
        side.spines[axis].set_color(series[0].color)
    ax.yaxis.label.set_color(left[0].color)
    d.add(ax2.set_ylabel(panel.y2_label or "", color=right[0].color), role="axis_label", panel=panel.index, axis="y")
    for t, tick in zip(ticks, ax2.yaxis.get_major_ticks(), strict=True):
        d.add(tick.label2, role="tick", panel=panel.index, axis="y", value=t)


CORPUS = KindCorpus(name="dualaxis", variants=VARIANTS, generate=generate, draw=draw)
