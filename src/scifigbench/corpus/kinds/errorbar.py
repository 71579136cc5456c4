"""Error-bar charts in the corpus: means over runs with symmetric whiskers, as bars or as points.

Every value is a mean of a few runs and carries its whisker's half-width (``Series.errors``):
either ± one standard deviation over seeds or a 95 % confidence interval over runs, which the
panel records (``Panel.spread``) and the caption states. Means and half-widths are rounded to the
metric's decimals, so the spec is the exact truth of every whisker end drawn.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing, ink
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.method_figures import MethodLook, method_figure, method_look, method_panel
from scifigbench.corpus.randomness import pick, sample
from scifigbench.corpus.scaffold import (
    axis_top,
    nice_range,
)
from scifigbench.corpus.vocab import Metric
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


def _panel(rng: np.random.Generator, index: int, look: MethodLook, spread: str, markers: list[str | None]) -> Panel:
    """One panel of means with whiskers, each series in its figure-wide marker (none for bars), so
    every panel draws a method as the shared legend shows it."""
    means, errors = _means_and_errors(rng, look.metric, len(look.names), len(look.categories))
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
    legend_here = bool(look.legend_loc) and index == 0  # an inside legend sits in the first panel only
    if look.variant == "bars":  # bars stand on zero
        y_range = (0.0, axis_top(top * (1.12 + 0.25 * legend_here)))
    else:
        y_range = nice_range(bottom, top, extra_top=0.35 if legend_here else 0.08)
    return method_panel(look, index, "errorbar", series, y_range, top, spread=spread)


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One or two panels of several methods' means with whiskers over datasets (or models)."""
    look = method_look(rng, index, VARIANTS, max_datasets=5, legend_locs=LEGEND_LOCS)
    spread = pick(rng, SPREADS).format(n=int(rng.integers(3, 6)))
    n = len(look.names)
    markers: list[str | None] = list(sample(rng, MARKERS, n)) if look.variant == "points" else [None] * n
    panels = [_panel(rng, p, look, spread, markers) for p in range(look.n_panels)]
    titles = (f"{look.metric.name} over runs", f"Mean {look.metric.phrase}")
    return method_figure(rng, look, "errorbar", panels, titles, LEGEND_LOCS)


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Each series side by side in every category: a bar or a marker at the mean, a capped whisker
    of ± its half-width drawn in the style's ink (bars) or in the series' colour (points)."""
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
                error_kw={"ecolor": ink(), "elinewidth": 1.0},
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
