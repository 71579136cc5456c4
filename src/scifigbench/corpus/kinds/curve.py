"""Dense curves in the corpus: training runs, learning-rate schedules, scaling laws and spectra.

Each series is drawn through 50-400 points of its generating process along a continuous x axis
(log-log for scaling laws and spectra), with markers at the labelled round ticks. The ticks are
the panel's x positions: ``Series.values`` are the process' values there, ``Series.dense`` the
drawn line, which agrees with them (:func:`scifigbench.corpus.dense_curves.agrees_with_ticks`).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
from matplotlib.axes import Axes
from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter

from scifigbench.corpus import dense_curves as dc
from scifigbench.corpus.drawing import Drawing
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
from scifigbench.corpus.vocab import (
    DOMAINS,
    LEARNING_RATE,
    LINE_SERIES_EXTRA,
    LR_SCHEDULES,
    PEAK_LEARNING_RATES,
    SCALING_AXES,
    SCALING_SERIES,
    SINGULAR_VALUE,
    SPECTRUM_AXES,
    SPECTRUM_LAYERS,
    TRAINING_STEP_AXES,
    VALIDATION_LOSS,
    DenseAxis,
    Domain,
    Metric,
    in_sentence,
)
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {
    "training": "line plot of training curves",
    "schedule": "line plot of learning-rate schedules",
    "scaling": "log-log plot of scaling curves",
    "spectrum": "log-log plot of singular-value spectra",
}
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
ATTEMPTS = 40  # draws of a panel's curves before the generator gives up (a bug, not bad luck)


def _series(rng: np.random.Generator, names: list[str], palette: str) -> list[Series]:
    colors = palette_colors(rng, palette, len(names))
    markers = sample(rng, MARKERS, len(names))
    return [
        Series(name=n, values=[], color=c, color_family=f, marker=m, linestyle="-")
        for n, (c, f), m in zip(names, colors, markers, strict=True)
    ]


def _curves(
    rng: np.random.Generator,
    variant: str,
    axis: DenseAxis,
    x: np.ndarray,
    metric: Metric,
    names: list[str],
    damp: float,
) -> list[np.ndarray]:
    """One draw of a panel's curves along ``x``, their noise scaled by ``damp``."""
    t = dc.position(x, axis)
    n = len(names)
    if variant == "schedule":
        peak = pick(rng, PEAK_LEARNING_RATES)
        peaks = [peak] * n if rng.random() < 0.5 else [float(p) for p in sample(rng, PEAK_LEARNING_RATES, n)]
        warmup = float(dc.position(np.array(axis.ticks[1:2]), axis)[0])
        return dc.schedule_curves(rng, t, warmup, names, peaks)
    noise = float(rng.uniform(0.5, 1.0)) * damp
    if variant == "training":
        return dc.training_curves(rng, t, metric, n, noise)
    if variant == "scaling":
        return dc.scaling_curves(rng, t, len(axis.ticks) - 1, metric, n, noise)
    return dc.spectrum_curves(rng, x, metric, n, noise)


def _agreeing_curves(
    rng: np.random.Generator, variant: str, axis: DenseAxis, metric: Metric, names: list[str], log_y: bool
) -> tuple[np.ndarray, list[np.ndarray], list[list[float]]]:
    """The drawn x, the drawn curves and their values at the ticks (rounded as printed), drawn
    again until the lines agree with the tick values."""
    x, ticks = dc.dense_grid(rng, axis)
    for attempt in range(ATTEMPTS):  # each try a new draw, quieter than the last
        curves = _curves(rng, variant, axis, x, metric, names, 0.85**attempt)
        read = [np.log10(c) for c in curves] if log_y else curves
        span = float(np.ptp(np.concatenate(read)))
        if dc.agrees_with_ticks(read, ticks, 0.03 * span) and _ours_ends_best(names, read, metric, 0.03 * span):
            break
    else:
        raise RuntimeError(f"curve {variant}: no draw of {names} agreed with its ticks in {ATTEMPTS} tries")
    values = [[round(float(v), metric.decimals) for v in c[ticks]] for c in curves]
    for c, at in zip(curves, values, strict=True):
        c[ticks] = at  # the line passes through the values as printed
    return x, curves, values


def _ours_ends_best(names: list[str], curves: list[np.ndarray], metric: Metric, clear: float) -> bool:
    """Whether the authors' own series (named last, see :func:`generate`), if drawn, ends clearly
    best of the panel: a paper does not plot its method as the worst run."""
    if not names[-1].startswith("Ours") or metric.name in ("Learning rate", "Singular value"):
        return True
    sign = 1.0 if metric.higher_better else -1.0
    ends = [sign * float(c[-1]) for c in curves]
    return all(ends[-1] > e + clear for e in ends[:-1])


def _setting(rng: np.random.Generator, variant: str, domain: Domain) -> tuple[DenseAxis, Metric, list[str], int]:
    """The x axis, the y quantity, the series' names and the number of panels of a figure."""
    if variant == "training":
        loss = rng.random() < 0.5
        metric = pick(rng, domain.log_metrics if loss else domain.metrics)
        which = rng.random()
        pool = domain.open_models if which < 0.6 else LINE_SERIES_EXTRA  # what trains: models or recipes
        return pick(rng, TRAINING_STEP_AXES), metric, sample(rng, pool, int(rng.integers(2, 5))), panel_count(rng)
    if variant == "schedule":
        names = sample(rng, LR_SCHEDULES, int(rng.integers(2, 5)))
        return pick(rng, TRAINING_STEP_AXES), LEARNING_RATE, names, 1
    if variant == "scaling":
        names = sample(rng, SCALING_SERIES, int(rng.integers(2, 5)))
        return pick(rng, SCALING_AXES), VALIDATION_LOSS, names, 1
    k = int(rng.integers(2, 5))
    layers = sorted(sample(rng, range(len(SPECTRUM_LAYERS)), k))
    return pick(rng, SPECTRUM_AXES), SINGULAR_VALUE, [SPECTRUM_LAYERS[i] for i in layers], int(rng.integers(1, 3))


def _y_range(values: np.ndarray, metric: Metric, log_y: bool, roomy: bool) -> tuple[float, float]:
    if log_y:
        lo, hi = float(values.min()), float(values.max())
        return (float(f"{lo / 1.25:.2g}"), float(f"{hi * (1.6 if roomy else 1.25):.2g}"))
    lo, hi = nice_range(float(values.min()), float(values.max()), extra_top=0.25 if roomy else 0.05)
    return (max(lo, 0.0) if metric.low >= 0 else lo, capped(metric, float(values.max()), hi))


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    axis, metric, names, n_panels = _setting(rng, variant, domain)
    # the processes give the last-named series the best run: the authors' own, where one is drawn
    names = [n for n in names if not n.startswith("Ours")] + [n for n in names if n.startswith("Ours")]
    log_x = axis.log
    log_y = variant in ("scaling", "spectrum") or (variant == "training" and dc.spans_decades(metric))
    legend_loc, legend_outside = place_legend(rng, n_panels, len(names))
    titles = (
        sample(rng, domain.datasets, n_panels) if variant == "training" else sample(rng, domain.open_models, n_panels)
    )
    template = _series(rng, names, style["palette"])
    grid = bool(rng.random() < 0.6)
    panels = []
    for p in range(n_panels):
        x, drawn, values = _agreeing_curves(rng, variant, axis, metric, names, log_y)
        series = [
            replace(s, values=v, dense=[round(float(y), metric.decimals + 2) for y in c])
            for s, c, v in zip(template, drawn, values, strict=True)
        ]
        panels.append(
            Panel(
                index=p,
                kind="curve",
                categories=list(axis.labels),
                series=series,
                title=titles[p] if n_panels > 1 else None,
                x_label=axis.label,
                y_label=axis_label(metric),
                unit=metric.unit,
                x_values=list(axis.ticks),
                y_scale="log" if log_y else "linear",
                value_format=f"{{:.{metric.decimals}f}}",
                legend_loc=legend_loc if p == 0 else None,
                y_range=_y_range(np.concatenate(drawn), metric, log_y, bool(legend_loc)),
                grid=grid,
                x_dense=[float(f"{v:.6g}") for v in x],
                x_scale="log" if log_x else "linear",
            )
        )
    title = None
    if rng.random() < 0.5:
        title = pick(
            rng,
            {
                "training": (
                    f"{metric.name} during training",
                    "Training dynamics",
                    f"Convergence of {in_sentence(metric.name)}",
                ),
                "schedule": ("Learning-rate schedules", "Schedules compared"),
                "scaling": (f"Scaling with {in_sentence(axis.label)}", "Scaling behaviour"),
                "spectrum": ("Singular-value spectra", "Spectrum of the weight matrices"),
            }[variant],
        )
    return grid_figure(rng, "curve", variant, panels, title, domain.name, style, legend_outside, LEGEND_LOCS)


def log_ticks(lo: float, hi: float) -> list[float]:
    """Round ticks inside a log axis from ``lo`` to ``hi``, three to seven of them: 1-2-5 steps,
    else 1-3 steps, else powers of ten, else (within a decade) every digit."""
    decades = range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1)
    ticks: list[float] = []
    for mantissas in ((1, 2, 5), (1, 3), (1,), tuple(range(1, 10))):
        ticks = [float(f"{m * 10.0**e:.3g}") for e in decades for m in mantissas if lo <= m * 10.0**e <= hi]
        if 3 <= len(ticks) <= 7:
            break
    return ticks


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Each series as a thin line through its dense points, with markers only at the ticks."""
    x = np.asarray(panel.x_dense, dtype=float)
    ticks = [int(np.argmin(np.abs(x - v))) for v in panel.x_values or []]
    lines = []
    for s in panel.series:
        (ln,) = ax.plot(
            x,
            np.asarray(s.dense, dtype=float),
            marker=s.marker,
            markevery=ticks,
            linestyle=s.linestyle or "-",
            color=s.color,
            label=s.name,
            markersize=4.5,
            linewidth=1.2,
        )
        lines.append(ln)
    d.lines[panel.index] = lines
    tick_x = np.asarray(panel.x_values, dtype=float)
    ordered_x_axis(ax, panel, tick_x)
    if panel.x_scale == "log":
        ax.set_xscale("log")
        ax.set_xticks(tick_x, labels=panel.categories)
        ax.xaxis.set_minor_formatter(NullFormatter())
        pad = 0.04 * math.log10(tick_x[-1] / tick_x[0])
        ax.set_xlim(tick_x[0] / 10**pad, tick_x[-1] * 10**pad)
    if panel.y_scale == "log" and panel.y_range:
        ax.yaxis.set_major_locator(FixedLocator(log_ticks(*panel.y_range)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(NullFormatter())


CORPUS = KindCorpus(name="curve", variants=VARIANTS, generate=generate, draw=draw)
