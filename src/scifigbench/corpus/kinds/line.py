"""Line plots in the corpus: series with markers over an ordered x axis, log-scaled or in stacked panels."""

from __future__ import annotations

import math

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.curves import SHAPES, metric_curves
from scifigbench.corpus.drawing import Drawing
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.legend_fit import fit_legend
from scifigbench.corpus.plausible import OrderedCells, reference_line
from scifigbench.corpus.randomness import pick, sample, weighted
from scifigbench.corpus.scaffold import (
    LEGEND_LOCS,
    axis_label,
    capped,
    figure_size,
    grid_layout,
    new_spec,
    nice_range,
    no_clash,
    palette_colors,
    place_legend,
    random_style,
)
from scifigbench.corpus.trace_axes import ordered_x_axis
from scifigbench.corpus.vocab import DOMAINS, LINE_SERIES_EXTRA, X_AXES, XAxis, in_sentence
from scifigbench.spec import Annotation, FigureSpec, Panel, Series

VARIANTS = {
    "multi_series": "line plot",
    "log": "line plot with a logarithmic y-axis",
    "shared_x": "line plot with vertically stacked subplots sharing the x-axis",
}
MARKERS = ("o", "s", "^", "D", "v", "*", "P", "X")


def _line_series(
    rng: np.random.Generator, names: list[str], palette: str, values: list[np.ndarray], dashed_baselines: bool
) -> list[Series]:
    colors = palette_colors(rng, palette, len(names))
    markers = sample(rng, MARKERS, len(names))
    out = []
    for s, name in enumerate(names):
        dashed = dashed_baselines and name in ("Baseline", "Zero-shot", "Dense", "BM25")
        out.append(
            Series(
                name=name,
                values=[float(v) for v in values[s]],
                color=colors[s][0],
                color_family=colors[s][1],
                marker=markers[s],
                linestyle="--" if dashed else "-",
            )
        )
    return out


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    training_axes = [x for x in X_AXES if x.label in ("Training steps", "Epoch")]
    xaxis: XAxis = pick(rng, training_axes if variant in ("log", "shared_x") else X_AXES)
    n_series = int(rng.integers(2, 6))
    # curves over a training run belong to models one can train, or to training recipes
    models = domain.open_models if xaxis.training else domain.models
    # one legend names one sort of thing: methods, models or ablations of one recipe, never a mix
    which = rng.random()
    names = sample(rng, domain.methods if which < 0.4 else models if which < 0.75 else LINE_SERIES_EXTRA, n_series)
    shape = SHAPES[xaxis.label]
    n = len(xaxis.values)
    if variant == "shared_x":
        n_panels = min(int(rng.integers(2, 4)), 1 + len(domain.metrics))
        metrics = [pick(rng, domain.log_metrics)] + sample(rng, domain.metrics, n_panels - 1)
        layout = grid_layout(n_panels, column=True)
    elif variant == "log":
        n_panels = weighted(rng, (1, 2), (0.75, 0.25))
        metrics = [pick(rng, domain.log_metrics)] * n_panels
        layout = grid_layout(n_panels)
    else:
        n_panels = weighted(rng, (1, 2, 3, 4), (0.55, 0.25, 0.12, 0.08))
        metrics = [pick(rng, domain.metrics)] * n_panels
        layout = grid_layout(n_panels)
    legend_loc, legend_outside = place_legend(rng, n_panels, n_series)
    datasets = sample(rng, domain.datasets, n_panels)
    grid = bool(rng.random() < 0.5)
    panels = []
    ordered = OrderedCells()  # a shared-x grid's Pass@10 curves are drawn from its Pass@1 ones
    for p in range(n_panels):
        metric = metrics[p]
        is_log = variant == "log" or (variant == "shared_x" and p == 0)
        use_log_scale = variant == "log" or (is_log and rng.random() < 0.5)
        drawn = metric_curves(rng, metric, "saturate" if is_log else shape, n_series, n, is_log)
        curves = list(ordered.keep(rng, metric, np.asarray(drawn))) if variant == "shared_x" else drawn
        series = _line_series(rng, names, style["palette"], curves, dashed_baselines=rng.random() < 0.5)
        # colours and markers must agree across panels: reuse panel 0's
        if panels:
            for s, ref in zip(series, panels[0].series, strict=True):
                s.color, s.color_family, s.marker, s.linestyle = ref.color, ref.color_family, ref.marker, ref.linestyle
        if variant == "shared_x":
            ptitle = f"({chr(97 + p)}) {metric.name}"
        else:
            ptitle = datasets[p] if n_panels > 1 else None
        vals = np.concatenate(curves)
        if use_log_scale:
            y_range = (float(10 ** math.floor(math.log10(vals.min()))), float(10 ** math.ceil(math.log10(vals.max()))))
        else:
            y_range = nice_range(float(vals.min()), float(vals.max()), extra_top=0.25 if legend_loc else 0.05)
            y_range = (y_range[0], capped(metric, float(vals.max()), y_range[1]))
        annotations = []
        if variant == "multi_series" and n_panels == 1 and rng.random() < 0.3:
            name, ref = reference_line(rng, ("Random baseline", "Zero-shot"), metric, vals, y_range[0], 0.15)
            annotations.append(Annotation(text=f"{name} ({ref:g})", kind="hline", value=ref))
        panels.append(
            Panel(
                index=p,
                kind="line",
                categories=list(xaxis.labels),
                series=series,
                title=ptitle,
                x_label=xaxis.label if (variant != "shared_x" or p == n_panels - 1) else None,
                y_label=axis_label(metric),
                unit=metric.unit,
                x_values=[float(v) for v in xaxis.values],
                y_scale="log" if use_log_scale else "linear",
                value_format=f"{{:.{metric.decimals}f}}",
                legend_loc=legend_loc if p == 0 else None,
                y_range=y_range,
                annotations=annotations,
                grid=grid,
                shares_x_with_above=variant == "shared_x" and p > 0,
            )
        )
    title = None
    if rng.random() < 0.55:
        title = pick(
            rng,
            (
                f"{metrics[-1].name} vs. {in_sentence(xaxis.label)}",
                "Training dynamics",
                f"Scaling behaviour on {datasets[0]}",
                f"Effect of {in_sentence(xaxis.label)}",
            ),
        )
    legend_outside = no_clash(title, legend_outside)
    spec = new_spec(
        chart_type="line",
        variant=variant,
        panels=panels,
        title=title,
        domain=domain.name,
        layout=layout,
        figsize=figure_size(layout, rng, legend_outside),
        legend_outside=legend_outside,
        style=style,
        shared_x=variant == "shared_x",
    )
    fit_legend(spec, rng, LEGEND_LOCS)
    return spec


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """One labelled line per series (the legend shows the line with its marker)."""
    x = np.asarray(panel.x_values, dtype=float)
    lines = []
    for series in panel.series:
        (ln,) = ax.plot(
            x,
            series.values,
            marker=series.marker,
            linestyle=series.linestyle or "-",
            color=series.color,
            label=series.name,
            markersize=5,
            linewidth=1.6,
        )
        lines.append(ln)
    d.lines[panel.index] = lines
    ordered_x_axis(ax, panel, x)


CORPUS = KindCorpus(name="line", variants=VARIANTS, generate=generate, draw=draw)
