"""A legend's heading ('Approach' over its entries) is no entry and no series named in place.

ggplot, and matplotlib with a left-aligned legend title, set the heading flush with the keys and
each entry's text a key's width further right. So the heading is the top line of a column whose
entries start right of it, each with its key (a swatch the reader found, or the drawing's ink)
standing under the heading's start; the heading has no key of its own. A legend read from a word
column (its short keys missed) took the heading as its first entry; one read from keys left it a
note inside the plot.
"""

from __future__ import annotations

import numpy as np

from scifigbench.layout.elements import ANNOTATION, LEGEND, LEGEND_COLUMN_REACH, Label
from scifigbench.layout.pixels import SWATCH_REACH

KEY_INDENT = 0.5  # (label heights) an entry's text starts at least this right of the heading: its key is under it
MIN_LETTERS = 2  # a heading is a word
# Entries start within a key's reach (SWATCH_REACH, in line heights) of the heading's start, and follow
# one another as a legend column's lines do (LEGEND_COLUMN_REACH).


def legend_headings(labels: list[Label], drawn: np.ndarray) -> list[Label]:
    """The labels (legend entries or notes) that head a keyed legend column below them: no swatch
    of their own, no word line of the column above them, and at least two entries, most of the
    column, keyed under the heading's start. ``drawn`` is the drawing's ink outside text, where an
    unread key shows."""
    entries = [lb for lb in labels if lb.role == LEGEND]
    words = [lb for lb in labels if lb.role in (LEGEND, ANNOTATION) and lb.value is None and not lb.rotated]
    # a heading names what the entries share: a word ('× 10', a marker read as 'e' head nothing)
    heads = [lb for lb in words if sum(ch.isalpha() for ch in lb.text) >= MIN_LETTERS]
    out = []
    for head in heads:
        if head.swatch is not None or any(_follows(o, head) for o in words if o is not head):
            continue  # a key of its own, or a line of the column above it (the heading or an entry)
        column = _column_below(head, entries)
        keyed = [e for e in column if _keyed_under(e, head, drawn)]
        if len(keyed) >= 2 and 2 * len(keyed) > len(column):
            out.append(head)
    return out


def _follows(upper: Label, lower: Label) -> bool:
    """``upper`` stands right above ``lower`` in one column (``lower`` is the next line up)."""
    h = max(upper.height, lower.height)
    return abs(lower.box[0] - upper.box[0]) <= SWATCH_REACH * h and 0 < lower.cy - upper.cy <= LEGEND_COLUMN_REACH * h


def _column_below(head: Label, entries: list[Label]) -> list[Label]:
    """The entries stacked under ``head``, each starting within a key's reach of it (in the
    entry's line height: a heading set larger, or glued to other words, must not widen it)."""
    column: list[Label] = []
    for e in sorted((e for e in entries if e.cy > head.cy), key=lambda b: b.cy):
        last = column[-1] if column else head
        line = e.lines[0][3] - e.lines[0][1]
        if abs(e.box[0] - head.box[0]) <= SWATCH_REACH * line and e.cy - last.cy <= LEGEND_COLUMN_REACH * max(
            last.height, e.height
        ):
            column.append(e)
        elif column:
            break
    return column


def _keyed_under(entry: Label, head: Label, drawn: np.ndarray) -> bool:
    """``entry`` starts a key's width right of the heading, with a swatch or ink in between on its
    first line."""
    _, y0, _, y1 = entry.lines[0]
    if entry.box[0] < head.box[0] + KEY_INDENT * (y1 - y0):  # a line's height: the heading may be set larger
        return False
    if entry.keyed:
        return True
    x0, x1 = int(np.floor(head.box[0])), int(np.floor(entry.box[0]))
    return bool(drawn[int(np.floor(y0)) : int(np.ceil(y1)), max(0, x0) : x1].any())
