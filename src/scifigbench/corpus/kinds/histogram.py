"""Histograms in the corpus: exact counts of a sampled quantity over contiguous bins, bars touching.

The counts are those of a drawn sample (``np.histogram`` over the bin edges), so every value is an
exact integer and the distribution has a real shape (skewed, symmetric or with two peaks). Bins
are named by their interval ("20–30"); the drawing puts the bars on a continuous x axis whose
ticks print the bin edges, as a paper's histogram does, so a reader names a bin by the two edges
its bar stands between.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.randomness import pick, sample
from scifigbench.corpus.scaffold import (
    axis_top,
    grid_figure,
    palette_colors,
    panel_count,
    place_legend,
    random_style,
)
from scifigbench.corpus.vocab import DOMAINS
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {
    "single": "histogram",
    "overlaid": "histogram of two overlaid translucent distributions",
}
LEGEND_LOCS = ("upper left", "upper right", "upper center")
COUNT_LABELS = ("Count", "Frequency", "Number of samples")
SAMPLE_SIZES = (300, 500, 1000, 2000, 5000)
# Beta shape parameters on the binned range: where the mass sits and how it leans
SHAPES = {
    "right-skewed": ((2.0, 5.0),),
    "left-skewed": ((5.0, 2.0),),
    "symmetric": ((4.0, 4.0),),
    "bimodal": ((3.0, 10.0), (10.0, 3.0)),
}
BIN_MARGIN = 0.4  # free space beside the outer bins, in bin widths, so no bar meets the frame
OVERLAY_PAIRS = (("Train", "Test"), ("Before", "After"), ("Correct", "Incorrect"))


@dataclass(frozen=True)
class Quantity:
    """A measured quantity whose distribution papers plot: axis label, title phrase, bins, shapes."""

    label: str
    title: str
    widths: tuple[float, ...]  # bin widths to choose from; the first bin starts at 0
    n_bins: tuple[int, ...]  # bin counts to choose from (a bounded quantity fills its range)
    decimals: int  # of the printed bin edges
    shapes: tuple[str, ...]


_OPEN = tuple(range(6, 13))
QUANTITIES = (
    Quantity("Sequence length (tokens)", "sequence lengths", (64.0, 100.0, 128.0), _OPEN, 0, ("right-skewed",)),
    Quantity("Latency (ms)", "inference latency", (5.0, 10.0, 20.0), _OPEN, 0, ("right-skewed", "bimodal")),
    Quantity("Test score (%)", "test scores", (10.0,), (10,), 0, ("left-skewed", "symmetric", "bimodal")),
    Quantity("Absolute error", "absolute errors", (0.05, 0.1), _OPEN, 2, ("right-skewed",)),
    Quantity("Prediction confidence", "prediction confidence", (0.1,), (10,), 1, ("left-skewed", "bimodal")),
    Quantity(
        "Episode reward", "episode rewards", (20.0, 25.0, 50.0), _OPEN, 0, ("symmetric", "bimodal", "left-skewed")
    ),
)


def bin_labels(width: float, n_bins: int, decimals: int) -> list[str]:
    """Each bin's name, its interval "lower–upper" with the edges printed to ``decimals`` places
    (as the edge ticks print them)."""
    edges = [round(width * k, decimals) for k in range(n_bins + 1)]
    return [f"{a:.{decimals}f}–{b:.{decimals}f}" for a, b in zip(edges, edges[1:], strict=False)]


def bin_edges(categories: list[str]) -> list[tuple[float, str]]:
    """The edges of the bins named ``categories`` (by :func:`bin_labels`), in order, each as its
    value and as printed: the drawing puts a tick at each, so ticks and bin names agree to the
    character."""
    printed = [c.split("–")[0] for c in categories] + [categories[-1].split("–")[1]]
    return [(float(t), t) for t in printed]


def _counts(rng: np.random.Generator, shape: str, n_bins: int, size: int) -> list[float]:
    """Exact counts per bin of ``size`` draws from ``shape`` over the binned range (unit interval)."""
    parts = SHAPES[shape]
    draws = [rng.beta(a * rng.uniform(0.85, 1.2), b * rng.uniform(0.85, 1.2), size // len(parts)) for a, b in parts]
    counts, _ = np.histogram(np.concatenate(draws), bins=n_bins, range=(0.0, 1.0))
    return [float(c) for c in counts]


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """One to four panels on the same bins: a histogram of a quantity's counts, or two groups'
    counts overlaid; several panels show the quantity on different datasets (each titled with its
    dataset) and share one legend, as multi-panel paper figures do."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    quantity = pick(rng, QUANTITIES)
    width = float(pick(rng, quantity.widths))
    n_bins = int(pick(rng, quantity.n_bins))
    overlaid = variant == "overlaid"
    names = list(pick(rng, OVERLAY_PAIRS)) if overlaid else [quantity.title.capitalize()]
    if overlaid and rng.random() < 0.5:
        names = sample(rng, domain.models, 2)
    colors = palette_colors(rng, style["palette"], len(names))
    size = int(pick(rng, SAMPLE_SIZES))  # one sample size per figure, so overlaid counts compare
    n_panels = panel_count(rng)
    datasets = sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None]
    legend_loc, legend_outside = place_legend(rng, n_panels, len(names), LEGEND_LOCS)
    y_label, grid = pick(rng, COUNT_LABELS), bool(rng.random() < 0.4)
    panels = []
    for p, dataset in enumerate(datasets):
        series = [
            Series(
                name=name,
                values=_counts(rng, pick(rng, quantity.shapes), n_bins, size),
                color=colors[k][0],
                color_family=colors[k][1],
            )
            for k, name in enumerate(names)
        ]
        inside = legend_loc if p == 0 else None  # an inside legend sits in the first panel only
        top = max(v for s in series for v in s.values)
        panels.append(
            Panel(
                index=p,
                kind="histogram",
                categories=bin_labels(width, n_bins, quantity.decimals),
                series=series,
                title=dataset,
                x_label=quantity.label,
                y_label=y_label,
                value_format="{:.0f}",
                legend_loc=inside,
                y_range=(0.0, axis_top(top * (1.1 + (0.3 if inside else 0.0)))),
                grid=grid,
            )
        )
    title = f"Distribution of {quantity.title}" if rng.random() < 0.5 else None
    return grid_figure(rng, "histogram", variant, panels, title, domain.name, style, legend_outside, LEGEND_LOCS)


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Touching bars over their bins on a continuous x axis, a tick at every bin edge (every
    second or third edge when the printed edges would collide); a second distribution drawn over
    the first from zero, both translucent so neither hides the other."""
    edges = bin_edges(panel.categories)
    lows = np.array([v for v, _ in edges[:-1]])
    width = edges[1][0] - edges[0][0]
    alpha = 0.55 if len(panel.series) > 1 else 1.0
    d.bars[panel.index] = [
        ax.bar(
            lows,
            s.values,
            width,
            align="edge",
            color=s.color,
            alpha=alpha,
            edgecolor="white",
            linewidth=0.6,
            label=s.name,
        )
        for s in panel.series
    ]
    ax.set_xticks([v for v, _ in edges], labels=[t for _, t in edges])
    ax.set_xlim(edges[0][0] - BIN_MARGIN * width, edges[-1][0] + BIN_MARGIN * width)
    ax.set_ylim(*(panel.y_range or (None, None)))
    ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    if panel.grid:
        ax.grid(axis="y", linestyle="--", linewidth=0.5, alpha=0.6)
        ax.set_axisbelow(True)
    d.settle.append(lambda renderer: _thin_edge_ticks(ax, edges, renderer))


EDGE_GAP_PX = 4.0  # free space kept between neighbouring edge labels


def _thin_edge_ticks(ax: Axes, edges: list[tuple[float, str]], renderer: Any) -> None:
    """Keep every k-th edge tick (from the first), k the least step at which the widest printed
    edge fits between its neighbours: bars still span whole bins between labelled edges, so each
    bin stays nameable, and labels never collide or need turning."""
    widest = max(t.get_window_extent(renderer).width for t in ax.get_xticklabels() if t.get_text())
    x0, x1 = (ax.transData.transform((v, 0.0))[0] for v, _ in edges[:2])
    step = max(1, math.ceil((widest + EDGE_GAP_PX) / abs(x1 - x0)))
    if step > 1:
        kept = edges[::step]
        ax.set_xticks([v for v, _ in kept], labels=[t for _, t in kept])


CORPUS = KindCorpus(name="histogram", variants=VARIANTS, generate=generate, draw=draw)
