"""The axes of a panel of traces over an ordered x axis (line and area charts).

Every kind whose series run along ordered x positions gets the same ticks, margins, log scale
and grid, so a chart read "at x" looks alike whichever marks it carries.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.ticker import FuncFormatter

from scifigbench.spec import Panel


def ordered_x_axis(ax: Axes, panel: Panel, x: np.ndarray) -> None:
    """Label the x positions, pad the ends, scale and limit y, draw the grid (after the traces)."""
    ax.set_xticks(x, labels=panel.categories)
    span = x.max() - x.min()
    ax.set_xlim(x.min() - 0.04 * span, x.max() + 0.04 * span)
    if panel.y_scale == "log":
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(FuncFormatter(_log_minor_label))
    else:
        ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    if panel.y_range:
        ax.set_ylim(*panel.y_range)
    if panel.grid:
        ax.grid(True, linestyle="--", linewidth=0.5, alpha=0.6)


def _log_minor_label(v: float, _pos: int) -> str:
    """Label the 2x and 5x minor ticks of a log axis, as papers often do within a decade."""
    if v <= 0:
        return ""
    mant = v / 10 ** np.floor(np.log10(v) + 1e-9)
    return f"{v:g}" if any(abs(mant - m) < 1e-6 for m in (2, 5)) else ""
