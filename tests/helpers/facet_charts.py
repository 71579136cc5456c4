"""A facet grid drawn with matplotlib the way ggplot draws one: each panel framed, its name centred
in a strip across the panel's top (light grey by default), shared x ticks under the bottom row,
one x title, and one legend of lines at the right.

The strips are what the layout reader must tell from axis labels: in a grid of two rows the lower
row's strips stand mid-figure, evenly spaced like categories.
"""

from __future__ import annotations

from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen
import numpy as np  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from helpers.paper_charts import Line, rendered  # noqa: E402

SERIES = {"Baseline": "#1b9e77", "Warm start": "#7570b3", "Full retraining": "#66a61e"}
X_TITLE = "Number of training sentences"
STRIP_HEIGHT = 0.13  # the strip's height as a share of its panel's (about twice the name's height)


def facet_grid(
    names: tuple[str, ...] = ("forest", "harbour", "meadow", "tundra"),
    columns: int = 2,
    strip: str | None = "#d9d9d9",
    ink: str = "black",
    legend_box: str | None = None,
    own_x: bool = False,
) -> tuple[np.ndarray, list[Line]]:
    """The grid of ``names`` (``columns`` panels a row) as a BGR image and its OCR lines.

    ``strip`` is the strips' fill (None: the names stand on the page above each panel, like a
    plain subplot title) and ``ink`` the colour of the names. ``legend_box``: the legend stands in
    one row above the panels in a box of that fill (seaborn's tinted legend frame) instead of in a
    column at the right. ``own_x``: every row prints its x ticks and, under its middle panel, the
    x title (panels not sharing their x axis), so a lower row's names stand just under the upper
    row's ticks and title."""
    rows = -(-len(names) // columns)
    fig = plt.figure(figsize=(7.5, 2.6 * rows), dpi=100)
    top = 0.93 if legend_box is None else 0.74  # a legend row above the grid needs room
    grid = fig.add_gridspec(
        rows, columns, left=0.1, right=0.74, bottom=0.16 / rows, top=top, hspace=0.75 if own_x else 0.3, wspace=0.06
    )
    texts: list[Any] = []
    steps = np.arange(1, 11)
    for k, name in enumerate(names):
        r, c = divmod(k, columns)
        ax = fig.add_subplot(grid[r, c])
        for j, colour in enumerate(SERIES.values()):
            ax.plot(steps, 20 + 8 * j + (k + 1) * np.log(steps) * (j + 1), color=colour, lw=1.5)
        ax.set_ylim(10, 80)
        ax.set_yticks([20, 40, 60])
        ax.set_xticks([2, 4, 6, 8, 10])
        labelled = own_x or r == rows - 1
        ax.tick_params(labelsize=9, labelbottom=labelled, labelleft=c == 0)
        if strip is not None:
            box = Rectangle((0, 1), 1, STRIP_HEIGHT, transform=ax.transAxes, clip_on=False)
            box.set(facecolor=strip, edgecolor="#333333", lw=0.8)
            ax.add_patch(box)
        texts.append(ax.text(0.5, 1 + STRIP_HEIGHT / 2, name, transform=ax.transAxes, ha="center", va="center"))
        texts[-1].set(fontsize=10, color=ink)
        if labelled:
            texts += ax.get_xticklabels()
        if own_x and c == columns // 2:
            texts.append(ax.set_xlabel(X_TITLE, fontsize=11))
        if c == 0:
            texts += ax.get_yticklabels()
    if not own_x:
        texts.append(fig.text(0.42, 0.03 / rows, X_TITLE, ha="center", fontsize=11))
    handles = [Line2D([], [], color=colour, lw=2) for colour in SERIES.values()]
    if legend_box is None:
        legend = fig.legend(handles, list(SERIES), loc="center left", bbox_to_anchor=(0.76, 0.5), frameon=False)
    else:
        legend = fig.legend(handles, list(SERIES), loc="upper center", bbox_to_anchor=(0.42, 0.99), ncol=len(SERIES),
                            frameon=True, facecolor=legend_box, edgecolor=legend_box, framealpha=1.0)  # fmt: skip
    fig.canvas.draw()
    return rendered(fig, [*texts, *legend.get_texts()])


def bar_grid(
    categories: tuple[str, ...] = ("Tagger", "Parser", "Linker"), rows: int = 2
) -> tuple[np.ndarray, list[Line]]:
    """``rows`` rows of two bar charts, each panel with its own word categories under its bars and
    no title: the upper row's categories stand over the lower row's panels, as names would."""
    fig, axes = plt.subplots(rows, 2, figsize=(6.5, 2.4 * rows), dpi=100, squeeze=False)
    texts: list[Any] = []
    for k, ax in enumerate(axes.flat):
        ax.bar(categories, [40 + 9 * ((j + k) % 4) for j in range(len(categories))], color="#4c72b0")
        ax.set_ylim(0, 80)
        ax.set_yticks([0, 25, 50, 75])
        ax.tick_params(labelsize=9)
        texts += ax.get_xticklabels() + ax.get_yticklabels()
    fig.tight_layout()
    fig.canvas.draw()
    return rendered(fig, texts)
