"""Heatmaps in the corpus: models or methods (rows) by datasets (columns), coloured on a scale.

Every cell is a (series, category) point: the rows are the series, the columns the categories.
Values are a row effect plus a column effect plus noise, so one row or column usually stands out
as it does in real results tables; an annotated heatmap prints each value in its cell.
"""

from __future__ import annotations

import numpy as np
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.colors import Normalize

from scifigbench.corpus.drawing import Drawing, font_size
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.plausible import OrderedCells
from scifigbench.corpus.randomness import pick, sample
from scifigbench.corpus.scaffold import (
    axis_label,
    category_row_width,
    figure_size,
    grid_layout,
    new_spec,
    nice_range,
    panel_count,
    random_style,
)
from scifigbench.corpus.vocab import DOMAINS, Metric
from scifigbench.spec import FigureSpec, Panel, Series

ROW_INCHES = 0.5  # the least height of one row of cells
FRAME_INCHES = 1.5  # title, axis labels and column names around the grid
VARIANTS = {
    "annotated_heatmap": "heatmap with each cell's value printed in it",
    "plain_heatmap": "heatmap without printed values",
}

# colour map -> colour families of its low and high ends (what a reader names them)
COLORMAPS: dict[str, tuple[str, str]] = {
    "viridis": ("purple", "yellow"),
    "Blues": ("white", "blue"),
    "YlOrRd": ("yellow", "red"),
    "magma": ("black", "yellow"),
    "Greens": ("white", "green"),
    "cividis": ("blue", "yellow"),
}
SPLITS = ("dev", "test")  # the two grids of a one-metric domain's two-panel heatmap
DARK_CELL = 0.5  # relative luminance below which a printed value is white, to stay legible


def _effects(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Where each cell stands on the metric's range before noise, as a share of it: a row effect
    (models differ most) plus a column effect (some datasets are harder)."""
    return rng.uniform(0.2, 0.8, size=(shape[0], 1)) + rng.uniform(-0.2, 0.2, size=(1, shape[1]))


def _grid(rng: np.random.Generator, metric: Metric, effects: np.ndarray) -> np.ndarray:
    """The effects plus noise inside the metric's range, rounded to its decimals.

    One metric's dev and test grids share their effects and differ in their noise alone, as a
    model's scores on two splits of one benchmark do; drawn apart, a model could lead on dev and
    trail on test by any margin, which no paper's table shows. The noise is redrawn until the
    highest and the lowest cell are unique, so "the highest cell" has one answer.
    """
    span = metric.high - metric.low
    while True:
        grid = np.clip(effects + rng.normal(0, 0.05, size=effects.shape), 0.02, 0.98)
        values = np.round(metric.low + span * grid, metric.decimals)
        flat = values.ravel()
        if np.sum(flat == flat.max()) == 1 and np.sum(flat == flat.min()) == 1:
            return values


def _panel(
    p: int,
    values: np.ndarray,
    metric: Metric,
    names: list[str],
    cats: list[str],
    rows_are: str,
    variant: str,
    cmap: str,
    title: str | None,
) -> Panel:
    """Panel ``p``: the rows by columns grid ``values`` of ``metric``, coloured on a scale of its own."""
    series = [
        Series(name=name, values=[float(v) for v in values[k]], color="#000000", color_family="black")
        for k, name in enumerate(names)
    ]
    return Panel(
        index=p,
        kind="heatmap",
        categories=list(cats),
        series=series,
        title=title,
        x_label="Dataset",
        y_label=rows_are.capitalize(),
        unit=metric.unit,
        value_format=f"{{:.{metric.decimals}f}}",
        value_labels=variant == "annotated_heatmap",
        y_range=nice_range(float(values.min()), float(values.max()), extra_top=0.0),
        scale_label=axis_label(metric),
        colormap=cmap,
        scale_colours=list(COLORMAPS[cmap]),
    )


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    """A grid of rows (models or methods) by columns (datasets), annotated or plain, in one panel,
    in a column of up to three, one per metric of the domain (each titled with its metric and with a colour bar
    of its own), as papers put two metrics side by side, or in a 2 x 2 grid of two metrics on two splits."""
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    metric = pick(rng, domain.metrics)
    by_model = bool(rng.random() < 0.5)
    rows_are = "model" if by_model else "method"
    names = sample(rng, domain.models if by_model else domain.methods, int(rng.integers(3, 6)))
    cats = sample(rng, domain.datasets, int(rng.integers(3, 6)))
    drawn = panel_count(rng)
    others = [m for m in domain.metrics if m != metric]
    if drawn == 4 and others:
        # four grids: two metrics (rows of the grid), each on its dev and test split (columns)
        pair = [metric, pick(rng, others)]
        metrics = [m for m in pair for _ in SPLITS]
        titles: list[str | None] = [f"{m.name}, {split} split" for m in pair for split in SPLITS]
    elif len(domain.metrics) == 1 and drawn > 1:
        # one metric: as papers do, its dev and test grids one above the other
        metrics = [metric, metric]
        titles = [f"{metric.name}, {split} split" for split in SPLITS]
    else:  # one panel per metric, as many as the domain has and the draw asks for
        metrics = [metric] + sample(
            rng, [m for m in domain.metrics if m != metric], min(drawn, len(domain.metrics)) - 1
        )
        titles = [m.name if len(metrics) > 1 else None for m in metrics]
    n_panels = len(metrics)
    cmap = pick(rng, tuple(COLORMAPS))
    effects: dict[str, np.ndarray] = {}  # per metric: its splits' grids share them
    ordered = OrderedCells()  # Pass@10's grid of a split is drawn from Pass@1's of that split
    splits = [SPLITS[p % 2] if drawn == 4 and others else None for p in range(len(metrics))]
    panels = []
    for p, (m, t, split) in enumerate(zip(metrics, titles, splits, strict=True)):
        if m.name not in effects:
            effects[m.name] = _effects(rng, (len(names), len(cats)))
        grid = ordered.keep(rng, m, _grid(rng, m, effects[m.name]), split)
        panels.append(_panel(p, grid, m, names, cats, rows_are, variant, cmap, t))
    title = f"{metric.name} by {rows_are} and dataset" if n_panels == 1 and rng.random() < 0.5 else None
    # one above the other (side by side, wide grids would print a strip); four in a 2 x 2 grid
    layout = grid_layout(n_panels, column=n_panels < 4)
    width, height = figure_size([1, 1], rng, None)
    # wide enough for the column names upright beside the row names (glyphs about 0.56 em wide)
    names_width = max(len(n) for n in names) * 0.56 * style["font_size"] / 72
    width = max(width, round(category_row_width(cats, style["font_size"]) + names_width, 1))
    # room for each colour bar, and rows tall enough to print a value inside each cell
    height = max(height, round(ROW_INCHES * len(names) + FRAME_INCHES, 1))
    return new_spec(
        chart_type="heatmap",
        variant=variant,
        panels=panels,
        title=title,
        domain=domain.name,
        layout=layout,
        figsize=[round((width + 0.8) * layout[1], 1), round(height * layout[0], 1)],
        legend_outside=None,
        style=style,
    )


def _print_values(d: Drawing, ax: Axes, panel: Panel, norm: Normalize) -> None:
    """Each cell's value in the cell, white on dark cells and black on light ones."""
    cmap = colormaps[panel.colormap or "viridis"]
    for i, s in enumerate(panel.series):
        for j, (cat, v) in enumerate(zip(panel.categories, s.values, strict=True)):
            r, g, b, _ = cmap(norm(v))
            dark = 0.2126 * r + 0.7152 * g + 0.0722 * b < DARK_CELL
            t = ax.text(
                j,
                i,
                panel.value_format.format(v),
                ha="center",
                va="center",
                fontsize=font_size() - 2,
                color="white" if dark else "black",
            )
            d.add(t, role="value_label", panel=panel.index, series=s.name, category=cat, value=v)


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    """The grid of cells with named rows and columns, and a labelled colour bar beside it.

    The colour bar's axes go into ``d.scales``: the renderer reads the value ticks from there and
    the row names from the panel's y axis.
    """
    values = np.asarray([s.values for s in panel.series], dtype=float)
    lo, hi = panel.y_range or (float(values.min()), float(values.max()))
    norm = Normalize(vmin=lo, vmax=hi)
    image = ax.imshow(values, cmap=panel.colormap, norm=norm, aspect="auto")
    ax.set_xticks(range(len(panel.categories)), labels=panel.categories)
    ax.set_yticks(range(len(panel.series)), labels=[s.name for s in panel.series])
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    bar = d.figure.colorbar(image, ax=ax)
    if panel.scale_label:
        d.add(bar.ax.set_ylabel(panel.scale_label), role="axis_label", panel=panel.index)
    d.scales[panel.index] = bar.ax
    if panel.value_labels:
        _print_values(d, ax, panel, norm)


CORPUS = KindCorpus(name="heatmap", variants=VARIANTS, generate=generate, draw=draw)
