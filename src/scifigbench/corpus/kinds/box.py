"""Box plots in the corpus: the runs of several methods per category, one box per series.

Each box summarises a sample of runs drawn here and rounded to the metric's decimals; its median
(``Series.values``), quartiles, whisker ends and outliers are computed from that sample by the rule
matplotlib draws (linear-interpolated quartiles, whiskers to the last runs within 1.5 IQR), and the
boxes are drawn from those stored numbers, so the spec is the exact truth of every box drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle

from scifigbench.corpus.drawing import Drawing, ink
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.method_figures import MethodLook, method_figure, method_look, method_panel
from scifigbench.corpus.randomness import pick, weighted
from scifigbench.corpus.scaffold import (
    nice_range,
)
from scifigbench.corpus.vocab import Metric
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {"grouped": "grouped box plot with one box per series in each category"}
LEGEND_LOCS = ("upper left", "upper right", "upper center")
WHIS = 1.5  # whiskers reach the last run within this many IQRs of the box


@dataclass(frozen=True)
class BoxStats:
    """The five drawn numbers of one box and the runs beyond its whiskers."""

    median: float
    q1: float
    q3: float
    low: float
    high: float
    outliers: list[float]


def box_stats(runs: np.ndarray, decimals: int) -> BoxStats:
    """Quartiles by linear interpolation and Tukey whiskers, as ``matplotlib.cbook.boxplot_stats``.

    Runs carry ``decimals`` decimals, so quartiles (quarter steps between runs) are exact at two
    more; rounding there only drops the float noise of the interpolation.
    """
    q1, med, q3 = (round(float(q), decimals + 2) for q in np.percentile(runs, [25, 50, 75]))
    fence = WHIS * (q3 - q1)
    # the fences rounded like the quartiles, so a run exactly on a fence counts as inside
    lo_fence, hi_fence = round(q1 - fence, decimals + 3), round(q3 + fence, decimals + 3)
    inside = runs[(runs >= lo_fence) & (runs <= hi_fence)]
    # a whisker never ends inside its box: with no run between the fence and the quartile it is the quartile
    low, high = min(float(inside.min()), q1), max(float(inside.max()), q3)
    outliers = sorted(float(r) for r in runs if r < lo_fence or r > hi_fence)
    return BoxStats(med, q1, q3, low, high, outliers)


def _runs(rng: np.random.Generator, metric: Metric, centre: float, n: int) -> np.ndarray:
    """``n`` runs around ``centre``: a spread of 2-7 % of the metric's range, sometimes skewed, and
    now and then a run or two far off (a diverged seed), all inside the metric's range."""
    span = metric.high - metric.low
    runs = rng.normal(centre, span * rng.uniform(0.02, 0.07), n)
    if rng.random() < 0.3:
        runs += span * 0.04 * rng.exponential(1.0, n) * pick(rng, (-1.0, 1.0))
    for k in range(int(weighted(rng, (0, 1, 2), (0.5, 0.35, 0.15)))):
        runs[k] = centre + pick(rng, (-1.0, 1.0)) * span * rng.uniform(0.15, 0.25)
    return np.round(np.clip(runs, metric.low + 0.02 * span, metric.high - 0.02 * span), metric.decimals)


def _series(rng: np.random.Generator, look: MethodLook, n_runs: int, k: int, centres: np.ndarray) -> Series:
    """One method's boxes over the categories, each from its own sample of ``n_runs`` runs."""
    stats = [box_stats(_runs(rng, look.metric, float(c), n_runs), look.metric.decimals) for c in centres]
    return Series(
        name=look.names[k],
        values=[s.median for s in stats],
        color=look.colors[k][0],
        color_family=look.colors[k][1],
        q1=[s.q1 for s in stats],
        q3=[s.q3 for s in stats],
        whisker_low=[s.low for s in stats],
        whisker_high=[s.high for s in stats],
        outliers=[s.outliers for s in stats],
    )


def _panel(rng: np.random.Generator, index: int, look: MethodLook, n_runs: int) -> Panel:
    """One panel: centres from a per-category difficulty and a per-series strength."""
    span = look.metric.high - look.metric.low
    base = rng.uniform(0.3, 0.7, size=len(look.categories))
    strength = rng.uniform(-0.1, 0.1, size=len(look.names))
    series = [
        _series(rng, look, n_runs, k, look.metric.low + span * (base + strength[k])) for k in range(len(look.names))
    ]
    ends = [v for s in series for v in (*(s.whisker_low or []), *(s.whisker_high or []))]
    ends += [o for s in series for out in (s.outliers or []) for o in out]
    y_range = nice_range(min(ends), max(ends), extra_top=0.35 if look.legend_loc else 0.08)
    return method_panel(look, index, "box", series, y_range, max(ends), summary=f"{n_runs} seeds")


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One or two panels of two or three methods' runs over datasets (or models)."""
    look = method_look(rng, index, VARIANTS, max_datasets=4, legend_locs=LEGEND_LOCS)
    n_runs = int(rng.integers(10, 31))
    panels = [_panel(rng, p, look, n_runs) for p in range(look.n_panels)]
    name = look.metric.name
    return method_figure(
        rng,
        look,
        "box",
        panels,
        (f"{name} over seeds", f"Spread of {look.metric.phrase}"),
        LEGEND_LOCS,
        min_category_width=0.45 * len(look.names),
    )


def _stats(series: Series, k: int) -> dict:
    """The stored numbers of one box in the form ``Axes.bxp`` draws."""
    assert series.q1 and series.q3 and series.whisker_low and series.whisker_high and series.outliers is not None
    return {
        "med": series.values[k],
        "q1": series.q1[k],
        "q3": series.q3[k],
        "whislo": series.whisker_low[k],
        "whishi": series.whisker_high[k],
        "fliers": series.outliers[k],
    }


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Each series' boxes side by side in every category, drawn from the spec's numbers (not
    recomputed); a legend proxy per series, since boxes carry no label of their own."""
    n_cats, n_series = len(panel.categories), len(panel.series)
    pos = np.arange(n_cats, dtype=float)
    width = 0.8 / n_series
    for s, series in enumerate(panel.series):
        offs = pos - 0.4 + width * (s + 0.5)
        edge = ink()  # the style's frame colour: dark on a white page, light on a dark one
        ax.bxp(
            [_stats(series, k) for k in range(n_cats)],
            positions=offs,
            widths=width * 0.8,
            patch_artist=True,
            manage_ticks=False,
            boxprops={"facecolor": series.color, "edgecolor": edge, "linewidth": 1.0},
            medianprops={"color": "#111111", "linewidth": 1.6},
            whiskerprops={"color": edge, "linewidth": 1.0},
            capprops={"color": edge, "linewidth": 1.0},
            flierprops={"marker": "o", "markersize": 3.5, "markerfacecolor": series.color, "markeredgecolor": edge},
        )
        ax.add_patch(Rectangle((np.nan, np.nan), 0, 0, facecolor=series.color, edgecolor=edge, label=series.name))
    ax.set_xticks(pos, labels=panel.categories)
    ax.set_xlim(-0.6, n_cats - 0.4)
    ax.set_ylim(*(panel.y_range or (None, None)))
    ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    if panel.grid:
        ax.grid(axis="y", linestyle="--", linewidth=0.5, alpha=0.6)
        ax.set_axisbelow(True)


CORPUS = KindCorpus(name="box", variants=VARIANTS, generate=generate, draw=draw)
