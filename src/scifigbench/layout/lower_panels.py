"""Names printed on the page over the lower row of a grid of panels are panel titles, not ticks.

A grid whose panels are named by plain titles (no shaded strip under them, so the strip rule does
not see them) puts the lower row's names mid-figure: a row of short words, evenly spaced like
categories, just under the upper row's tick labels and x title. Read alone they look like the x
categories of the row above. Two things tell them apart, both from geometry:

- each name stands over one panel of the row below: its centre lies over one of that row's x tick
  runs, and no run has two of them (categories of one axis crowd under one panel);
- each name hugs the panel it heads: the drawing below it begins nearer than anything printed or
  drawn above it (a category or an x title hangs just under its own drawing instead).
"""

from __future__ import annotations

import numpy as np

from scifigbench.layout import pixels
from scifigbench.layout.elements import SAME_ROW, Box, Label, Run, in_rows

OVER_RUN = 0.3  # (share of a run's width, plus a label height) a name's centre is this near its run's middle


def names_over_lower_panels(labels: list[Label], runs: list[Run], drawn: np.ndarray, seen: np.ndarray) -> list[Label]:
    """The word labels among ``labels`` that name the panels of a lower grid row: two or more in a
    row, each over its own x tick run of the nearest row of runs below, and each nearer the
    drawing below it than to what stands above it (a lower row: something stands above).
    ``drawn`` is the drawing's ink outside text (where a panel below begins); ``seen`` is all ink
    and text (what stands above)."""
    words = [lb for lb in labels if lb.value is None and not lb.rotated and lb.swatch is None]
    x_runs = [r for r in runs if r.axis == "x"]
    found: list[Label] = []
    for row in in_rows(words):
        if len(row) >= 2 and _heads_panels(row, x_runs, drawn, seen):
            found += row
    return found


def _heads_panels(row: list[Label], x_runs: list[Run], drawn: np.ndarray, seen: np.ndarray) -> bool:
    bottom = max(lb.box[3] for lb in row)
    below = [r for r in x_runs if r.box[1] >= bottom]
    if not below:
        return False
    top = min(r.box[1] for r in below)
    nearest = [r for r in below if r.box[1] <= top + SAME_ROW * r.labels[0].height]
    heads = [_run_under(lb, nearest) for lb in row]
    if None in heads or len(set(heads)) < len(heads):
        return False  # a word over no panel, or two over one: categories or notes, not names
    return all(_hugs_panel_below(lb.box, drawn, seen) for lb in row)


def _run_under(lb: Label, runs: list[Run]) -> int | None:
    for r in runs:
        middle = (r.box[0] + r.box[2]) / 2
        if abs(lb.cx - middle) <= OVER_RUN * (r.box[2] - r.box[0]) + lb.height:
            return r.index
    return None


def _hugs_panel_below(box: Box, drawn: np.ndarray, seen: np.ndarray) -> bool:
    """The drawing under ``box`` begins nearer than the nearest ink or text above it. A row with
    nothing above it heads the top row of panels, which the title rules read already."""
    x0, y0, x1, y1 = pixels.pixels_of(box)  # the label's own box is text: start outside it
    below = np.flatnonzero(drawn[y1:, x0:x1].any(axis=1))
    above = np.flatnonzero(seen[:y0, x0:x1].any(axis=1))
    return bool(len(below) and len(above)) and int(below[0]) < y0 - int(above[-1])
