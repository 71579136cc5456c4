"""From OCR lines and pixels to labels with roles (see :mod:`scifigbench.layout`).

Order of reading, each step using what the earlier ones found:
1. lines -> labels: lines stacked tightly and aligned are one wrapped label, unless the lower
   one has its own legend swatch; a name with its share on one line is two labels (``shares``);
   a number with spaced thousands is one number (``grouped_digits``);
2. tick runs: three or more labels sharing a right edge (y-axis) or a centre line (x-axis), evenly
   spaced; numbers must increase along the axis; two or more word labels in a row right under
   the drawing (ink outside any text), or in a column just left of it, are categories however
   they are spaced; powers of ten whose exponents OCR flattened ('102') are read as powers; a row
   heading columns of numbers is a data table's header, not an axis; words on a filled box at
   the drawing's top or bottom (a logo), and a row of facet strips anywhere, join no run;
3. the frame: the extent of the drawing (ink outside any text) and of the tick runs;
4. roles, first match wins: furniture words, facet strips (filled boxes side by side: panel
   titles), a logo (a filled box above the runs: furniture), tick, panel mark, legend swatch or
   coloured text,
   axis title (rotated beside the frame, or centred under an x run, or alone and centred just
   under the frame), value label (a number inside the frame), title / panel title
   (above the frame), furniture (below or outside the frame), annotation (the rest);
5. titles standing apart in one row are panel titles, one per panel.
"""

from __future__ import annotations

import functools
import math
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from scifigbench.freetext.label_words import (
    furniture_words,
    generic_heading,
    number,
    panel_mark,
    power_exponent,
    residual_answer,
    tokens,
    two_answers_in_one,
)
from scifigbench.layout import legend_heading, lower_panels, pixels
from scifigbench.layout.elements import (
    ANNOTATION,
    AXIS_TITLE,
    FURNITURE,
    INSIDE_FRAME,
    LEGEND,
    LEGEND_COLUMN_REACH,
    PANEL_TITLE,
    SAME_ROW,
    TICK,
    TITLE,
    VALUE,
    Box,
    Label,
    Layout,
    Run,
    TextLine,
    in_reading_order,
    in_rows,
)
from scifigbench.layout.glued_numbers import numbers_parted
from scifigbench.layout.grouped_digits import grouped_read
from scifigbench.layout.shares import shares_parted

MIN_SCORE = 0.5

# Distances in label heights (the median height of the labels concerned), so they hold at any scale.
STACK_OVERLAP = 0.45  # lines of one label may overlap this much: OCR boxes include ascenders and descenders
STACK_LEADING = 0.35  # the most blank between two lines of one label; a wider gap starts another label
STACK_HEIGHT_RATIO = 1.4  # lines of one label share a font size; one this much taller is a title or another label
STACK_ALIGN = 0.6  # stacked lines are left-, right- or centre-set: edges this close count as aligned
LEVEL_TOLERANCE = 0.2  # tick numbers of one axis share a baseline; rising value labels drift more than this
UNDER_DRAWING_OVERLAP = 0.5  # category labels may touch the drawing's lower edge, by at most half a line
UNDER_DRAWING_GAP = 1.0  # and stand at most one line below it; further down is an axis title or a note
LEFT_OF_DRAWING_GAP = 1.5  # row names of horizontal bars end within this of the drawing's left edge
PANEL_PITCH = 6  # a word column spaced wider than this holds one title per stacked panel, not legend entries
TITLE_REACH = 3  # a rotated y-axis title stands within this of its tick column, not in a neighbour's
FRAME_MARGIN = 0.5  # a label this far inside (or outside) the frame edge is on that side of it
LEGEND_ROW_REACH = 20  # entries of a legend row stand within this of each other; further apart are other notes
SAME_LINE = 0.45  # lines side by side on one baseline: centres within this (OCR boxes differ by their descenders)
LINE_SLACK_PX = 3.0  # the least tolerance of an alignment in pixels: small print is a few pixels high
NUMBER_SLACK_PX = 4.0  # the least tolerance of a right or top edge in pixels: digits of unequal width end unevenly
LIST_EDGE = 0.5  # items of a list (and names of a densely set column) share a left or right edge within this
LIST_PITCH = 2.2  # items of one list stand at most this far apart, centre to centre; further is another block
NUMBER_EDGE = 0.6  # right-aligned labels (y tick numbers, row names) share their right edge within this
TURNED_EDGE = 0.5  # rotated x labels share their top edge within this
TURNED_PITCH = 6  # rotated x labels stand at most this far apart; further apart are other panels' labels
RAGGED_EDGE = 0.6  # flush-left names whose right ends differ by more than this are ragged (not right-aligned)
ROW_TOP = 0.4  # lines of a row of categories share their top edge within this
MARK_LEVEL = 0.4  # a bare panel mark '(a)' and the word after it share a line: centres within this
MARK_REACH = 3  # and that word starts at most this far right of the mark
ABOVE_DRAWING = 0.5  # a line centred more than this above the drawing's top is a title, not a row name
OVER_DRAWING = 0.25  # a row ending no more than this below the drawing's top stands over it (panel titles)
HEAD_REACH = 8  # numbers stacked under a word within this are the column it heads (a table, not a legend)
LEGEND_INSIDE = 2  # a word column starting this far right of the drawing's left edge stands inside it
TITLE_SPAN = 2  # a rotated y-axis title's centre lies within this of its tick column's ends
X_TITLE_OVERLAP = 0.5  # an x-axis title may overlap its tick run's lower edge by this
X_TITLE_REACH = 3  # and stands at most this below it; further down is a note
UNDER_FRAME = 0.25  # a label starting less than this above the frame's lower edge is under the frame
PANEL_TITLE_REACH = 3  # a panel title stands at most this above its panel's top y tick
PANEL_TITLE_OVERLAP = 0.25  # and may reach this far below that tick's top
FRAME_TITLE_REACH = 2.5  # an x-axis title under the frame stands within this of the frame or its hanging ticks
PAST_FRAME = 2  # a direct series label starts at most this far left of the frame's right edge
BADGE_MARGIN = 2.5  # a block holding words reaches at most this past them on any side (two-line badges)
LINE_INK = 10  # (text heights) a plot holding this many pixels in a name's colour draws its line
TITLES_APART = 2  # titles in a row with this much blank between them head one panel each
BELOW_TITLE = 0.25  # a panel title below a suptitle may start this far above the suptitle's bottom
LEVEL_HEIGHTS = 1.25  # two boxes on one line are of one height: the taller at most this times the shorter
LEVEL_CENTRES = 0.25  # and their centres differ by at most this
WORD_GAP = 0.25  # a blank at least this wide parts two words whose OCR boxes overlap
SWATCH_SIZE = (0.3, 1.3)  # a colour swatch inside a text line is this wide, in heights of the line
# Shares of other sizes than a label height.
ROTATED_ASPECT = 1.8  # a line of three or more characters this many times taller than wide is set upwards
CENTRE_SET = 0.2  # stacked lines whose centres differ by this share of the wider line's width are centre-set
EVEN_PITCH = (0.6, 1.6)  # a label continues an evenly spaced run when its step is within these shares of the median
SAME_SCALE = (0.6, 1.6)  # two slopes within these ratios are one value-per-pixel scale (a tick column)
BADGE_STRIP = 0.15  # the top and bottom strips of the drawing, as a share of its height, where badges sit
DRAWING_INK = 0.01  # a row or column of the drawing holds at least this share of the image's width/height in ink
X_TITLE_CENTRED = 0.3  # an x-axis title's centre is within this share of its run's width (plus a line) of its centre
NEXT_PANEL_TOP = 0.5  # another y tick column whose top is within this share of a run's height is the next panel's
FRAME_TITLE_CENTRED = 0.12  # an x-axis title under the frame is centred within this share of the frame's width
FRAME_TITLE_WIDTH = 0.9  # and no wider than this share of it
WIDEST_GAP = 0.5  # the gap between two names read as one line is at least this share of the line's height
SOLID_SWATCH = 0.85  # a swatch's block is at least this share ink: letters have holes
WIDEST_GAP_RATIO = 2  # and at least this many times the next widest (a gap between words)
DEFAULT_LABEL_PX = 10.0  # the label height (pixels) of an image with no labels: the unit needs some value
# a swatch read as a glyph: a line as '-', a square or dot as '■' / '●'
_LEADING_MARK = re.compile(r"^[-\u2013\u2014\u2190\u2192\u2022\u00b7~\u25a0-\u25cf]+\s*(?=[A-Za-z])")
_BARE_MARK = re.compile(r"^\(?[a-hA-H]\)$")


@dataclass(frozen=True)
class _Line:
    """An OCR line with its box changed by the reader (a swatch cut off its start)."""

    text: str
    box: Box
    score: float


def _box(box: Sequence[float]) -> Box:
    x0, y0, x1, y1 = (float(v) for v in box)
    return (x0, y0, x1, y1)


def _union(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _is_rotated(box: Box, text: str) -> bool:
    w, h = box[2] - box[0], box[3] - box[1]
    return len(text.strip()) >= 3 and h > ROTATED_ASPECT * w


def _joins(upper: Label, lower: Label, lower_swatch: bool, ink_of: Callable[[int], tuple[int, int] | None]) -> bool:
    """Is ``lower`` the next line of the wrapped label ``upper``? Not when the two are printed in
    different colours (two series named in their lines' colours, one under the other); the
    colours (``ink_of`` a line index) are read last, only for lines set as one label's would be."""
    if lower_swatch or upper.rotated or lower.rotated or upper.value is not None or lower.value is not None:
        return False
    if _letters(upper.text) == 0 or _letters(lower.text) == 0:
        return False
    last = upper.lines[-1][3] - upper.lines[-1][1]  # the upper label may already hold several lines
    h = min(last, lower.height)
    gap = lower.box[1] - upper.box[3]
    if not -STACK_OVERLAP * h <= gap <= STACK_LEADING * h or max(last, lower.height) > STACK_HEIGHT_RATIO * h:
        return False
    w = max(upper.box[2] - upper.box[0], lower.box[2] - lower.box[0])
    aligned = (
        abs(upper.cx - lower.cx) <= CENTRE_SET * w
        or abs(upper.box[0] - lower.box[0]) <= STACK_ALIGN * h
        or abs(upper.box[2] - lower.box[2]) <= STACK_ALIGN * h
    )
    return aligned and not pixels.inks_differ(ink_of(upper.index), ink_of(lower.index))


def _beside_others(singles: list[Label]) -> set[int]:
    """Lines with another line beside them on the same baseline (one of a row of categories)."""
    out: set[int] = set()
    for a in singles:
        for b in singles:
            if (
                a is not b
                and abs(a.cy - b.cy) <= SAME_LINE * min(a.height, b.height)
                and (a.box[2] < b.box[0] or b.box[2] < a.box[0])
            ):
                out.add(a.index)
                break
    return out


def _axis_title_under(upper: Label, lower: Label, in_row: set[int]) -> bool:
    """A generic heading ('Model', 'Dataset') right under one of a row of categories is the x-axis
    title centred under that row, not the category's second line. A line with a number in it
    ('P-Value=0.422') states a value and is no axis title."""
    return (
        len(upper.lines) == 1
        and upper.index in in_row
        and generic_heading(lower.text)
        and not any(ch.isdigit() for ch in lower.text)
    )


def _in_lists(singles: list[Label]) -> set[int]:
    """Lines that are items of a list: three or more sharing a left edge at an even pitch (a legend).

    Not when the first line starts a row of labels side by side: that is a category name wrapped
    over several lines under the chart ('Move / Core / Arg.' beside 'Orig.' and 'Merge Spans')."""
    out: set[int] = set()
    words = [lb for lb in singles if lb.value is None and not lb.rotated]
    for g in _groups(words, key=lambda b: b.box[0], tol=lambda b: max(LINE_SLACK_PX, LIST_EDGE * b.height)):
        g = sorted(g, key=lambda b: b.cy)
        for part in _evenly_spaced(g, lambda b: b.cy):
            tight = all(b.cy - a.cy <= LIST_PITCH * a.height for a, b in zip(part, part[1:], strict=False))
            if tight and not _starts_row(part[0], words):
                out.update(lb.index for lb in part)
    return out


def _at_row_pitch(singles: list[Label]) -> set[int]:
    """Lines that start a new row of a column: four or more word lines sharing a left or right edge
    at one even pitch (the row names of a horizontal bar chart, densely set). Such rows can be as
    close as the lines of a wrapped name, but a column holding a wrapped name is not evenly
    spaced: its second line sits much closer than the rows do ('Health care' / 'costs')."""
    out: set[int] = set()
    words = [lb for lb in singles if lb.value is None and not lb.rotated]
    for edge in (lambda b: b.box[0], lambda b: b.box[2]):
        for g in _groups(words, key=edge, tol=lambda b: max(LINE_SLACK_PX, LIST_EDGE * b.height)):
            if len(g) < 4:
                continue
            for part in _evenly_spaced(sorted(g, key=lambda b: b.cy), lambda b: b.cy):
                if len(part) >= 4:  # a wrapped name breaks the even pitch, so it is never inside one
                    out.update(b.index for b in part[1:])
    return out


def _starts_row(first: Label, words: list[Label]) -> bool:
    """Two or more other word lines share ``first``'s top edge, one on each side of it at least."""
    row = [o for o in words if o is not first and abs(o.box[1] - first.box[1]) <= ROW_TOP * first.height]
    return any(o.cx < first.cx for o in row) and any(o.cx > first.cx for o in row)


def _labels(
    lines: Sequence[TextLine],
    swatches: dict[int, tuple[int, int, int]],
    coloured: set[int],
    ink_of: Callable[[int], tuple[int, int] | None],
) -> list[Label]:
    singles = [
        Label(
            i,
            _LEADING_MARK.sub("", ln.text.strip()),
            _box(ln.box),
            float(ln.score),
            (_box(ln.box),),
            value=number(ln.text),
            rotated=_is_rotated(ln.box, ln.text),
            swatch=swatches.get(i),
            coloured_text=i in coloured,
        )
        for i, ln in enumerate(lines)
    ]
    keyed = {i for i, ln in enumerate(lines) if _LEADING_MARK.match(ln.text.strip())}  # a key read as a glyph
    listed = _in_lists(singles) | _at_row_pitch(singles) | keyed
    in_row = _beside_others(singles)
    merged: list[Label] = []
    for lb in sorted(singles, key=lambda b: (b.box[1], b.box[0])):
        starts = lb.keyed or lb.index in listed
        host = next(
            (m for m in reversed(merged) if _joins(m, lb, starts, ink_of) and not _axis_title_under(m, lb, in_row)),
            None,
        )
        if host is None:
            merged.append(lb)
            continue
        host.text = f"{host.text} {lb.text}"
        host.box = _union([host.box, lb.box])
        host.lines = host.lines + lb.lines
        host.score = min(host.score, lb.score)
    for mark in [m for m in merged if _BARE_MARK.match(m.text)]:
        right = [
            o
            for o in merged
            if o is not mark
            and abs(o.cy - mark.cy) <= MARK_LEVEL * mark.height
            and 0 <= o.box[0] - mark.box[2] <= MARK_REACH * mark.height
            and o.value is None
        ]
        if right:
            word = min(right, key=lambda o: o.box[0])
            mark.text, mark.box = f"{mark.text} {word.text}", _union([mark.box, word.box])
            mark.lines, mark.score = mark.lines + word.lines, min(mark.score, word.score)
            merged.remove(word)
    return in_reading_order(merged)


def _values(labels: list[Label]) -> list[float]:
    return [lb.value for lb in labels if lb.value is not None]


def _keeps_scale(part: list[Label], lb: Label, pos) -> bool:
    """Does ``lb`` continue the value per pixel of ``part``, on a linear or a logarithmic scale?"""
    points = [(pos(b), v) for b, v in zip(part + [lb], _values(part + [lb]), strict=True)]
    scales = [lambda v: v] + ([math.log] if all(v > 0 for _, v in points) else [])
    for f in scales:
        slopes = [(f(v1) - f(v0)) / (p1 - p0) for (p0, v0), (p1, v1) in zip(points, points[1:], strict=False)]
        if all(p1 > p0 for (p0, _), (p1, _) in zip(points, points[1:], strict=False)) and _same_scale(
            slopes[-1], statistics.median(slopes[:-1])
        ):
            return True
    return False


def _evenly_spaced(labels: list[Label], pos) -> list[list[Label]]:
    """Split labels in axis order where the spacing changes (a tick OCR missed, a second panel).

    For numbers the scale must stay too: two stacked panels' y ticks can sit evenly spaced in
    one column, but their value per pixel (linear or logarithmic) differs.
    """
    parts: list[list[Label]] = []
    for lb in labels:
        if parts and len(parts[-1]) >= 2:
            part = parts[-1]
            ref = statistics.median(pos(b) - pos(a) for a, b in zip(part, part[1:], strict=False))
            fits = EVEN_PITCH[0] * ref <= pos(lb) - pos(part[-1]) <= EVEN_PITCH[1] * ref
            if fits and all(b.value is not None for b in part) and lb.value is not None:
                fits = _keeps_scale(part, lb, pos)
        else:
            fits = bool(parts) and pos(lb) > pos(parts[-1][-1])
        if fits:
            parts[-1].append(lb)
        else:
            parts.append([lb])
    return [p for p in parts if len(p) >= 3]


def _same_scale(a: float, b: float) -> bool:
    return a * b > 0 and SAME_SCALE[0] <= a / b <= SAME_SCALE[1]


def _groups(labels: list[Label], key, tol) -> list[list[Label]]:
    out: list[list[Label]] = []
    for lb in sorted(labels, key=key):
        if out and abs(key(out[-1][-1]) - key(lb)) <= tol(lb):
            out[-1].append(lb)
        else:
            out.append([lb])
    return out


def _badge(lb: Label, drawing: Box | None) -> bool:
    """Words on a filled box in the top or bottom strip of the drawing's extent (a site's logo, a
    button, the shaded strip over a panel of a facet grid): no tick or category, so they join no
    run."""
    if not lb.filled or drawing is None:
        return False
    strip = BADGE_STRIP * (drawing[3] - drawing[1])
    return lb.box[3] <= drawing[1] + strip or lb.box[1] >= drawing[3] - strip


def _keyed(lb: Label) -> bool:
    """Words with a series' swatch on their left: a legend entry, wherever it stands."""
    return lb.keyed and lb.value is None


def _strips(lb: Label, labels: Sequence[Label]) -> bool:
    """Another label on a filled box stands in ``lb``'s row, clear of it: the strips naming the
    panels of a facet grid, not a logo."""
    return any(
        o is not lb
        and o.filled
        and abs(o.cy - lb.cy) <= SAME_ROW * max(o.height, lb.height)
        and (o.box[0] > lb.box[2] or lb.box[0] > o.box[2])
        for o in labels
    )


def _facet_strip(lb: Label, labels: Sequence[Label]) -> bool:
    """Words on a low band of their own colour with other filled words in their row: one of a row
    of facet strips, which may stand over any row of a grid (between the panels, not only at the
    drawing's top), and whose names are evenly spaced like categories but name panels."""
    return lb.band is not None and _strips(lb, labels)


class _Runs:
    """The runs found so far and the labels they took: each label joins at most one run, so every
    step after the first reads only the labels the steps before it left."""

    def __init__(self) -> None:
        self.runs: list[Run] = []
        self.taken: set[int] = set()

    def add(self, axis: str, members: list[Label], numeric: bool) -> None:
        self.runs.append(Run(len(self.runs), axis, members, numeric))
        self.taken.update(m.index for m in members)

    def left(self, labels: list[Label]) -> list[Label]:
        return [lb for lb in labels if lb.index not in self.taken]


def _runs(labels: list[Label], drawing: Box | None = None) -> list[Run]:
    """Aligned, evenly spaced labels along an axis; each label joins at most one run.

    A row of two or more word labels standing right under the drawing's lower edge, or a column of
    them ending just left of it, is a category run even when unevenly spaced (two bars, a gap
    between groups of rows, a wrapped last category). The steps run in a fixed order: numbers
    first, since a number's alignment is the surest; then rows, turned labels and word columns."""
    found = _Runs()
    free = _run_candidates(labels, drawing)
    _read_flat_powers(free)
    _number_columns(found, free)
    _label_rows(found, free, drawing)
    _turned_rows(found, labels)
    _flush_left_columns(found, free, drawing)
    _right_edge_columns(found, free, drawing)
    _mark_ticks(found.runs)
    return found.runs


def _run_candidates(labels: list[Label], drawing: Box | None) -> list[Label]:
    """Upright labels that may be ticks: not page furniture, a panel mark, a row of numbers, a
    badge or a facet strip."""
    return [
        lb
        for lb in labels
        if not lb.rotated
        and not furniture_words(lb.text)
        and not panel_mark(lb.text)
        and not _number_row(lb.text)
        and not _badge(lb, drawing)
        and not _facet_strip(lb, labels)
    ]


def _read_flat_powers(free: list[Label]) -> None:
    """A figure that prints one power of ten with its exponent raised ('10⁶') prints the others so
    too, where OCR may have read the exponent on the line ('107'): order them as powers."""
    if any(power_exponent(lb.text) is not None for lb in free):
        for lb in free:
            if (k := _flat_exponent(lb.text)) is not None:
                lb.value = 10.0**k


def _number_columns(found: _Runs, free: list[Label]) -> None:
    """y: numbers sharing a right edge, increasing upwards."""
    numeric = [lb for lb in free if lb.value is not None]
    for g in _groups(numeric, key=lambda b: b.box[2], tol=lambda b: max(NUMBER_SLACK_PX, NUMBER_EDGE * b.height)):
        for part in _increasing(sorted(g, key=lambda b: -b.cy)):
            for even in _evenly_spaced(part, lambda b: -b.cy):
                found.add("y", even, True)


def _label_rows(found: _Runs, free: list[Label], drawing: Box | None) -> None:
    """x: labels sharing a centre line, left to right; numbers must increase."""
    rest = [lb for lb in found.left(free) if not lb.keyed]
    for g in _groups(rest, key=lambda b: b.cy, tol=lambda b: max(LINE_SLACK_PX, SAME_LINE * b.height)):
        g = sorted(g, key=lambda b: b.cx)
        nums = [b for b in g if b.value is not None]
        if len(nums) >= 3 and len(nums) >= 0.8 * len(g):
            for part in _increasing(nums):  # one row can hold several panels' axes
                for even in _evenly_spaced(part, lambda b: b.cx):
                    if _level(even):
                        found.add("x", even, True)
        elif len(g) >= 3 and len(nums) <= 0.25 * len(g) and not _overlapping_x(g):
            for even in _evenly_spaced(g, lambda b: b.cx):
                if _over_drawing(even, drawing):
                    continue
                parts = _split_at_panels(even, found.runs)
                for part in parts:
                    if len(parts) == 1 or len(part) >= 3 or _under_drawing(part, drawing):
                        found.add("x", part, False)
        if not nums and not any(b.index in found.taken for b in g):
            for part in _split_at_panels(g, found.runs):
                if _under_drawing(part, drawing):
                    found.add("x", part, False)


def _turned_rows(found: _Runs, labels: list[Label]) -> None:
    """x labels written upwards (long category names): rotated, sharing a top edge, closely spaced."""
    turned = [lb for lb in labels if lb.rotated and not furniture_words(lb.text)]
    for g in _groups(turned, key=lambda b: b.box[1], tol=lambda b: max(NUMBER_SLACK_PX, TURNED_EDGE * b.height)):
        for even in _evenly_spaced(sorted(g, key=lambda b: b.cx), lambda b: b.cx):
            if all(b.cx - a.cx <= TURNED_PITCH * a.height for a, b in zip(even, even[1:], strict=False)):
                values = _values(even)
                is_numeric = len(values) == len(even)
                if not is_numeric or all(a < b for a, b in zip(values, values[1:], strict=False)):
                    found.add("x", even, is_numeric)


def _flush_left_columns(found: _Runs, free: list[Label], drawing: Box | None) -> None:
    """y categories set flush left on the page (web charts): sharing a left edge, evenly stacked,
    each ending before the drawing starts and standing at the height of its bars. Read before the
    right edges, whose tolerance grows with the height of wrapped names and can chain ragged ends."""
    rest = [lb for lb in found.left(free) if lb.swatch is None and lb.value is None]
    for g in _groups(rest, key=lambda b: b.box[0], tol=lambda b: LINE_SLACK_PX):
        for even in _evenly_spaced(sorted(g, key=lambda b: -b.cy), lambda b: -b.cy):
            ragged = max(b.box[2] for b in even) - min(b.box[2] for b in even) > RAGGED_EDGE * min(
                b.height for b in even
            )
            beside = drawing is not None and all(
                b.box[2] < drawing[0] and drawing[1] <= b.cy <= drawing[3] for b in even
            )
            if ragged and beside:  # names of one length share both edges: the right-edge rule reads those
                found.add("y", even, False)


def _right_edge_columns(found: _Runs, free: list[Label], drawing: Box | None) -> None:
    """y categories (horizontal bars): word labels sharing a right edge, evenly stacked; not a line
    above the drawing and starting left of it (a subtitle that happens to end where the row names end)."""
    rest = [
        lb
        for lb in found.left(free)
        if lb.swatch is None
        and lb.value is None
        and not (drawing is not None and lb.cy < drawing[1] - ABOVE_DRAWING * lb.height and lb.box[0] < drawing[0])
    ]
    for g in _groups(rest, key=lambda b: b.box[2], tol=lambda b: max(NUMBER_SLACK_PX, NUMBER_EDGE * b.height)):
        g = sorted(g, key=lambda b: -b.cy)
        for even in _evenly_spaced(g, lambda b: -b.cy):
            found.add("y", even, False)
        left = [b for b in g if b.index not in found.taken]
        if len(left) == len(g) and _left_of_drawing(left, drawing):
            found.add("y", left, False)


def _mark_ticks(runs: list[Run]) -> None:
    """Every run's labels become ticks of its axis, in order; a numeric run may be powers of ten."""
    for run in runs:
        if run.numeric:
            _powers_of_ten(run)
        for k, lb in enumerate(run.labels):
            lb.role, lb.axis, lb.run, lb.position = TICK, run.axis, run.index, k
            lb.why = f"{run.axis}-axis run of {len(run.labels)}"


_TEN_TO = re.compile(r"^10(-?\d)$")  # '102': 10² with its exponent read on the line


def _flat_exponent(text: str) -> int | None:
    """k when ``text`` could be ten to the k with its exponent read on the line ('102'), else None."""
    m = _TEN_TO.match(text.strip())
    return int(m.group(1)) if m else None


def _powers_of_ten(run: Run) -> None:
    """A log axis whose raised exponents OCR read on the line ('100', '101', '102' for 10⁰, 10¹,
    10²): numeric ticks that are each '10' and one digit, or powers written as such ('10⁶'),
    with exponents rising by one, are powers of ten. They are rewritten as a reader types them
    ('10^2'), with their values, so that a question and its expected answer name the tick
    printed, not the number 102."""
    read = [k if (k := power_exponent(lb.text)) is not None else _flat_exponent(lb.text) for lb in run.labels]
    exponents = [k for k in read if k is not None]
    if len(exponents) < max(3, len(read)) or any(b - a != 1 for a, b in zip(exponents, exponents[1:], strict=False)):
        return
    for lb, k in zip(run.labels, exponents, strict=True):
        lb.text, lb.value = f"10^{k}", 10.0**k


def _split_at_panels(g: list[Label], runs: list[Run]) -> list[list[Label]]:
    """A row of words (left to right) cut wherever a y-axis tick column stands between two of
    them, or where they stand under two different numeric x axes: each part lies under (or over)
    one panel. One word per part is one title or axis title per panel ('CommonVoice | TED-LIUM 3
    | LibriSpeech' over a 1x3 grid), not the categories of one axis; the categories of each panel
    stay together."""
    columns = [r.box for r in runs if r.axis == "y"]
    axes = [r.box for r in runs if r.axis == "x" and r.numeric]  # value axes of horizontal bars

    def panel(lb: Label) -> int | None:
        return next((k for k, a in enumerate(axes) if a[0] - lb.height <= lb.cx <= a[2] + lb.height), None)

    parts: list[list[Label]] = []
    for lb in g:
        if not parts:
            parts.append([lb])
            continue
        prev = parts[-1][-1]
        tick_column_between = any(prev.box[2] <= c[0] and c[2] <= lb.box[0] for c in columns)
        under = (panel(prev), panel(lb))
        if tick_column_between or (None not in under and under[0] != under[1]):
            parts.append([lb])
        else:
            parts[-1].append(lb)
    return parts


def _over_drawing(g: list[Label], drawing: Box | None) -> bool:
    """Words in a row standing wholly above the drawing head it (panel titles over three pies,
    column headers over a survey chart): categories sit under or beside what they name."""
    return drawing is not None and all(b.box[3] <= drawing[1] + OVER_DRAWING * b.height for b in g)


def _level(g: list[Label]) -> bool:
    """Tick numbers of one x axis are set on one line: their centres differ by a small fraction of
    their height. Value labels over bars of rising height can line up evenly too ('24', '26', '28'
    over three bars), but they climb with the bars."""
    h = statistics.median(b.height for b in g)
    mid = statistics.median(b.cy for b in g)
    return all(abs(b.cy - mid) <= LEVEL_TOLERANCE * h for b in g)


def _under_drawing(g: list[Label], drawing: Box | None) -> bool:
    """Two or more side-by-side word labels whose tops sit just below the drawing's lower edge."""
    if drawing is None or len(g) < 2 or _overlapping_x(g) or any(b.coloured_text for b in g):
        return False  # coloured words in a row under the chart are a legend, not categories
    h = statistics.median(b.height for b in g)
    return all(-UNDER_DRAWING_OVERLAP * h <= b.box[1] - drawing[3] <= UNDER_DRAWING_GAP * h for b in g)


def _left_of_drawing(g: list[Label], drawing: Box | None) -> bool:
    """Two or more stacked word labels ending just left of the drawing and beside it: the rows of
    a horizontal bar chart, however unevenly grouped ('Total', a gap, then the subgroups). Each is
    wider than tall: pieces of a rotated axis title, read letter group by letter group, are not."""
    if drawing is None or len(g) < 2:
        return False
    h = statistics.median(b.height for b in g)
    return all(
        0 <= drawing[0] - b.box[2] <= LEFT_OF_DRAWING_GAP * h
        and drawing[1] <= b.cy <= drawing[3]
        and b.box[2] - b.box[0] > b.height
        for b in g
    )


def _number_row(text: str) -> bool:
    """Several numbers in one OCR line: a whole axis of ticks read together."""
    parts = text.split()
    return len(parts) >= 3 and all(number(t) is not None for t in parts)


def _increasing(labels: list[Label]) -> list[list[Label]]:
    """Split labels in axis order into stretches whose values increase."""
    parts: list[list[Label]] = []
    for lb in labels:
        last = parts[-1][-1].value if parts else None
        if last is not None and lb.value is not None and last < lb.value:
            parts[-1].append(lb)
        else:
            parts.append([lb])
    return parts


def _overlapping_x(g: list[Label]) -> bool:
    return any(b.box[0] < a.box[2] for a, b in zip(g, g[1:], strict=False))


def _drawing(drawing: np.ndarray) -> Box | None:
    """The extent of the drawing: ink outside any text (bars, lines, axes, wedges)."""
    h, w = drawing.shape
    rows = np.flatnonzero(drawing.sum(axis=1) >= max(2, DRAWING_INK * w))
    cols = np.flatnonzero(drawing.sum(axis=0) >= max(2, DRAWING_INK * h))
    if not len(rows) or not len(cols):
        return None
    return (float(cols[0]), float(rows[0]), float(cols[-1] + 1), float(rows[-1] + 1))


def _legend_columns(runs: list[Run], drawing: Box | None, median_h: float) -> list[Run]:
    """Word 'y categories' standing inside the drawing are a legend whose swatches were missed,
    unless another word column prints the same names in the same order: then each is the row
    names of one panel of horizontal bars (a 1x2 grid sharing its categories)."""
    kept = []
    names = {r.index: [tokens(lb.text) for lb in r.labels] for r in runs if r.axis == "y" and not r.numeric}
    for run in runs:
        inside = drawing is not None and run.box[0] > drawing[0] + LEGEND_INSIDE * median_h
        twin = run.index in names and any(k != run.index and v == names[run.index] for k, v in names.items())
        if run.axis == "y" and not run.numeric and inside and not twin:
            pitch = statistics.median(a.cy - b.cy for a, b in zip(run.labels, run.labels[1:], strict=False))
            role, why = (
                (PANEL_TITLE, "one per stacked panel")
                if pitch > PANEL_PITCH * median_h
                else (LEGEND, "word column inside the drawing")
            )
            _released(run, role, why)
        else:
            kept.append(run)
    return _numbered(kept)


def _released(run: Run, role: str, why: str) -> None:
    """``run``'s labels leave it for ``role``: a run found to be no axis (a legend, a table's
    header, panel names) frees its labels of every tick field, so no later step reads them as ticks."""
    for lb in run.labels:
        lb.role, lb.axis, lb.run, lb.position, lb.why = role, None, None, None, why


def _runs_without(runs: list[Run], leaves: Callable[[Run], bool], why: str) -> list[Run]:
    """``runs`` but those ``leaves`` picks (no axis after all), renumbered; their labels become
    notes, free for ``_assign`` to read again."""
    kept = []
    for run in runs:
        if leaves(run):
            _released(run, ANNOTATION, why)
        else:
            kept.append(run)
    return _numbered(kept)


def _numbered(runs: list[Run]) -> list[Run]:
    """``runs`` with their indices (and their labels' run numbers) renumbered in order."""
    for k, run in enumerate(runs):
        run.index = k
        for lb in run.labels:
            lb.run = k
    return runs


def _tables_apart(runs: list[Run], labels: list[Label]) -> list[Run]:
    """A row of labels each heading a column of two or more numbers (the years over a data table
    printed under a chart) is a table's header, not an axis: its labels leave the runs, and so
    does any run standing in those columns (a table row read as a run). A tick has no numbers
    stacked under it."""
    heads = [lb for run in runs if run.axis == "x" and _heads_columns(run, labels) for lb in run.labels]
    # a table row that happens to read as a run (increasing, evenly spaced) stands in the columns
    return _runs_without(runs, lambda run: any(lb in heads or _under(lb, heads) for lb in run.labels), "in a table")


def _lower_panels_named(labels: list[Label], runs: list[Run], drawn: np.ndarray, seen: np.ndarray) -> list[Run]:
    """Names on the page over the panels of a lower grid row (``lower_panels``) are panel titles:
    a run they were read into leaves the runs, and its other labels are read again by ``_assign``."""
    names = lower_panels.names_over_lower_panels(labels, runs, drawn, seen)
    kept = _runs_without(runs, lambda run: any(lb in names for lb in run.labels), "")
    for lb in names:
        lb.role, lb.why = PANEL_TITLE, "centred over one panel of a lower row, nearer it than what is above"
    return kept


def _under(lb: Label, heads: list[Label]) -> bool:
    """``lb`` stands in the column one of ``heads`` heads."""
    return any(abs(lb.cx - h.cx) <= 0.5 * (h.box[2] - h.box[0]) and lb.cy > h.cy for h in heads)


def _heads_columns(run: Run, labels: list[Label]) -> bool:
    """Most members of ``run`` (three at least) have two or more numbers stacked right under them."""
    heads = 0
    for lb in run.labels:
        half = 0.5 * (lb.box[2] - lb.box[0])
        column = [
            o
            for o in labels
            if o.value is not None
            and o not in run.labels
            and abs(o.cx - lb.cx) <= half
            and 0 < o.cy - lb.cy <= HEAD_REACH * lb.height
        ]
        heads += len(column) >= 2
    return heads >= max(3, 0.8 * len(run.labels))


def _inside(box: Box, frame: Box, slack: float) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return frame[0] - slack <= cx <= frame[2] + slack and frame[1] - slack <= cy <= frame[3] + slack


def _assign(lb: Label, layout: Layout, median_h: float) -> None:
    frame = layout.frame or (0.0, 0.0, float(layout.width), float(layout.height))
    x_runs = [r for r in layout.runs if r.axis == "x"]
    y_runs = [r for r in layout.runs if r.axis == "y"]

    def role(r: str, why: str, axis: str | None = None) -> None:
        lb.role, lb.why, lb.axis = r, why, axis

    if _number_row(lb.text):
        return role(TICK, "a whole row of tick numbers read as one line", "y" if lb.rotated else "x")
    if furniture_words(lb.text):
        return role(FURNITURE, "credit/source/UI words")
    if _keyed(lb):  # before the filled-box rules: a legend may sit in a tinted frame
        return role(LEGEND, "colour swatch on its left")
    # a name inside a bar is the drawing's own: only a low band (a strip) or a badge's block names a panel or a site
    if lb.filled and (lb.band is not None or not lb.in_mark) and _strips(lb, layout.labels):
        return role(PANEL_TITLE, "one of a row of shaded strips (a facet grid's panel names)")
    if lb.filled and not lb.in_mark and layout.runs and lb.box[3] <= min(r.box[1] for r in layout.runs):
        return role(FURNITURE, "words on a filled box above the chart (a logo or badge)")
    if panel_mark(lb.text):
        return role(PANEL_TITLE, "panel mark (a), (b)")
    for r in y_runs:
        rb = r.box
        # its centre left of the tick column and close to it: a title set tight against the ticks
        # may overlap them, and one far to the left belongs to another panel's column
        near = lb.cx <= rb[0] and rb[0] - lb.box[2] <= TITLE_REACH * median_h
        if lb.rotated and near and rb[1] - TITLE_SPAN * median_h <= lb.cy <= rb[3] + TITLE_SPAN * median_h:
            return role(AXIS_TITLE, "rotated, left of a y-axis run", "y")
    if lb.rotated and (lb.box[2] <= frame[0] + median_h or lb.box[0] >= frame[2] - median_h):
        return role(AXIS_TITLE, "rotated, beside the frame", "y")
    if lb.coloured_text and lb.value is None:
        return role(LEGEND, "coloured text (direct series label)")
    for r in x_runs:
        rb = r.box
        below = (
            -X_TITLE_OVERLAP * lb.height <= lb.box[1] - rb[3] <= X_TITLE_REACH * max(median_h, lb.height)
            and lb.cy > rb[3]
        )
        centred = abs(lb.cx - (rb[0] + rb[2]) / 2) <= X_TITLE_CENTRED * (rb[2] - rb[0]) + median_h
        if below and centred and lb.value is None and not _words_beside(lb, layout.labels, (rb[0], rb[2])):
            gap = _panel_below(lb, layout, y_runs, frame, median_h)
            if gap is not None and gap < lb.box[1] - rb[3]:  # nearer the grid row below
                return role(PANEL_TITLE, "just above one panel's y-axis ticks")
            return role(AXIS_TITLE, "centred under an x-axis run", "x")
    if lb.value is not None:
        if _inside(lb.box, frame, FRAME_MARGIN * median_h):
            return role(VALUE, "number inside the frame, in no tick run")
        return role(TICK, "number beside the frame, in no regular run")
    if lb.box[3] <= frame[1] + FRAME_MARGIN * median_h:
        above = [r for r in x_runs + y_runs if r.box[0] - median_h <= lb.cx <= r.box[2] + median_h]
        wide_runs = {r.index for r in x_runs}
        if len(wide_runs) >= 2 and any(r.axis == "x" for r in above):
            return role(PANEL_TITLE, "above one panel's axis")
        return role(TITLE, "above the frame")
    if lb.box[1] >= frame[3] - UNDER_FRAME * median_h:
        if _titles_frame(lb, layout, frame, median_h):
            return role(AXIS_TITLE, "centred alone just under the frame", "x")
        if not layout.runs:  # no axes (a pie or donut): its wedge names may hang below the drawing
            return role(ANNOTATION, "below a chart without axes (a wedge's name)")
        return role(FURNITURE, "below the frame, not an axis title")
    if not _inside(lb.box, frame, median_h):
        return role(ANNOTATION, "beside the frame")
    if _panel_below(lb, layout, y_runs, frame, median_h) is not None:
        return role(PANEL_TITLE, "just above one panel's y-axis ticks")
    return role(ANNOTATION, INSIDE_FRAME)


def _panel_below(lb: Label, layout: Layout, y_runs: list[Run], frame: Box, median_h: float) -> float | None:
    """How far above the panel it heads ``lb`` stands, if it heads one. In a grid of two or more
    panels the figure's frame holds them all, so a panel's title stands inside it: a word line just
    above one panel's top y tick, between that tick column and the next panel's, and alone on its
    line over that panel, heads it (several words in a row there are the categories of the panel
    above)."""
    if len(y_runs) < 2 or lb.value is not None:
        return None
    for r in y_runs:
        top, left = r.box[1], r.box[2]
        nxt = [
            o.box[0]
            for o in y_runs
            if o.box[0] > left + median_h and abs(o.box[1] - top) < NEXT_PANEL_TOP * (r.box[3] - top)
        ]
        right = min([frame[2], *nxt])
        over = top - PANEL_TITLE_REACH * max(median_h, lb.height) <= lb.box[3] <= top + PANEL_TITLE_OVERLAP * lb.height
        if over and left <= lb.box[0] and lb.box[2] <= right:
            alone = not any(
                o is not lb and abs(o.cy - lb.cy) <= SAME_ROW * lb.height and left <= o.cx <= right
                for o in layout.labels
            )
            return top - lb.box[3] if alone else None
    return None


def _words_beside(lb: Label, labels: Sequence[Label], span: tuple[float, float] | None = None) -> bool:
    """Another word line stands in ``lb``'s row (``span``: with its centre between these x). An
    x-axis title is alone in its row under its tick run: two names side by side there are series
    named in place ('Serbia/Yugo.' and 'NATO' over the lower panel of a pair) or unread categories,
    and neither names the axis; the next panel's own axis title, beside the run, does not count."""
    return any(
        o is not lb
        and o.value is None
        and abs(o.cy - lb.cy) <= SAME_ROW * max(o.height, lb.height)
        and (span is None or span[0] <= o.cx <= span[1])
        for o in labels
    )


def _titles_frame(lb: Label, layout: Layout, frame: Box, median_h: float) -> bool:
    """A short line just under the frame (or under the tick labels hanging below it), centred on
    it and alone in its row: an x-axis title that is not centred under the x tick run OCR read
    (ticks it missed, powers of ten it could not parse). Credits and notes below a chart start at
    its left edge or stand further down; words side by side under the frame are unread categories."""
    reach = FRAME_TITLE_REACH * max(median_h, lb.height)
    hanging = [  # tick labels just under the frame, above this line (they may reach past the frame)
        o.box
        for o in layout.labels
        if o is not lb and frame[3] - median_h <= o.box[1] <= frame[3] + reach and o.box[3] < lb.box[1]
    ]
    left, right = min([frame[0], *(b[0] for b in hanging)]), max([frame[2], *(b[2] for b in hanging)])
    return (
        not _words_beside(lb, layout.labels)
        and lb.box[1] - max([frame[3], *(b[3] for b in hanging)]) <= reach
        and abs(lb.cx - (left + right) / 2) <= FRAME_TITLE_CENTRED * (right - left)
        and lb.box[2] - lb.box[0] <= FRAME_TITLE_WIDTH * (right - left)
        and len(lb.text.split()) <= 6
        and lb.value is None
    )


def read_layout(img: np.ndarray, lines: Sequence[TextLine]) -> Layout:
    """The labels of the BGR image ``img`` with roles, from its OCR ``lines``."""
    h, w = img.shape[:2]
    # lines without a Latin letter or digit are marker glyphs OCR misread ('日', '中'), not text
    lines = [ln for ln in lines if ln.score >= MIN_SCORE and any(ch.isascii() and ch.isalnum() for ch in ln.text)]
    ink = pixels.ink_mask(img)
    texts = pixels.text_mask(img.shape, [ln.box for ln in lines])
    swatches, coloured = {}, set()
    for i, ln in enumerate(lines):
        if _letters(ln.text) >= 1 and number(ln.text) is None and (inside := pixels.swatch_inside(img, ink, ln.box)):
            # the square was boxed with the text: the label starts after it, so a blur keeps the swatch
            swatches[i] = inside[0]
            lines[i] = _Line(ln.text, (inside[1], *ln.box[1:]), ln.score)
        elif _letters(ln.text) >= 1 and number(ln.text) is None:
            colour = pixels.swatch_left(img, ink, texts, ln.box)
            # text printed on a solid block (a logo's box) has the block's colour, not its own
            if colour is None and not pixels.on_fill(ink, ln.box):
                if (colour := pixels.text_colour(img, ink, ln.box)) is not None:
                    coloured.add(i)
            if colour is not None:
                swatches[i] = colour
    ink_of = functools.cache(lambda i: pixels.ink_colour(img, ink, lines[i].box))
    labels = numbers_parted(shares_parted(_labels(lines, swatches, coloured, ink_of), ink), ink)
    labels = grouped_read(_margins_parted(_answers_split(labels, ink), ink), ink)
    # the swatch spelled out: mypy narrows the colour to present only through the field itself
    keyed = {lb.index: lb.swatch for lb in labels if lb.swatch is not None and not lb.coloured_text}
    labels = _lone_swatches_dropped(labels)
    page = pixels.background(img)
    for lb in labels:
        if lb.value is not None and not lb.rotated:
            lb.block = pixels.block_under(img, lb.box)
        elif lb.value is None:
            # a light strip is no ink, so the ink's fill reading misses it: the band is read from the colours
            lb.band = pixels.band_under(img, lb.box, page)
            lb.in_mark = pixels.on_fill(ink, lb.box)  # kept only if its block proves no badge, below
            lb.filled = lb.band is not None or lb.in_mark
    median_h = statistics.median([lb.height for lb in labels]) if labels else DEFAULT_LABEL_PX
    # a logo's or badge's block holding words is no part of the drawing: it would stretch the frame
    # over the title beside it and past the names where the lines end
    badges = pixels.blocks_holding(ink, [lb.box for lb in labels if lb.filled], BADGE_MARGIN * median_h)
    for lb in labels:  # a block reaching well past its words (a bar) is the drawing's, not a badge
        lb.in_mark = lb.in_mark and not pixels.covers_any(badges, lb.box)
    drawn = ink & ~badges & ~texts  # the drawing's own ink: no words, no logos
    drawing = _drawing(drawn)
    runs = _tables_apart(_legend_columns(_runs(labels, drawing), drawing, median_h), labels)
    runs = _lower_panels_named(labels, runs, drawn, ink | texts)
    boxes = [r.box for r in runs] + ([drawing] if drawing else [])
    layout = Layout(w, h, labels, runs, _union(boxes) if boxes else None)
    _line_end_labels(labels, keyed, img, ink, drawn, layout, median_h)
    for lb in labels:
        if lb.run is None and lb.role not in (LEGEND, PANEL_TITLE):
            _assign(lb, layout, median_h)
    _titles_side_by_side(layout, drawn)
    _catch_all_beside_answers(layout)
    for lb in legend_heading.legend_headings(layout.labels, drawn):
        lb.role, lb.why = ANNOTATION, "heads a legend's keyed entries, with no key of its own"
    _legend_order(layout)
    return layout


def _answers_split(labels: list[Label], ink: np.ndarray) -> list[Label]:
    """Split a line that reads as two opposite answers ('Oppose Favor') at its widest blank gap.

    The two answers heading a diverging bar chart stand close enough for OCR to read them as one
    line; the ink tells where one ends: the widest run of blank columns inside the box, which
    must be wider than the gaps between the words of either answer."""
    out: list[Label] = []
    for lb in labels:
        pair = two_answers_in_one(lb.text) if len(lb.lines) == 1 and not lb.rotated else None
        cut = (_widest_gap(ink, lb.box) or _gap_around_swatch(ink, lb.box)) if pair else None
        if pair is None or cut is None:
            out.append(lb)
            continue
        left, right = pair.split(" | ")
        (x0, y0, x1, y1), (g0, g1) = lb.box, cut
        for text, box in ((left, (x0, y0, g0, y1)), (right, (g1, y0, x1, y1))):
            out.append(Label(lb.index, text, box, lb.score, (box,), swatch=lb.swatch, coloured_text=lb.coloured_text))
    return in_reading_order(out)


def _margins_parted(labels: list[Label], ink: np.ndarray) -> list[Label]:
    """Two one-line labels set on one line (of a height, centred alike) whose OCR boxes overlap at
    their ends ('Illegal in all/most cases' | 'Legal in all/most cases' a word space apart) meet at
    the blank between their ink: OCR pads each box, so the margins cross while the letters do not.
    Each box then ends where its ink ends, and a blur of one keeps off the other. Boxes whose ink
    meets (no blank column of a quarter of the line height near the overlap) are left as they are."""
    singles = sorted((lb for lb in labels if len(lb.lines) == 1 and not lb.rotated), key=lambda b: b.box[0])
    starts = [lb.box[0] for lb in singles]  # as sorted; a cut only moves a left edge rightwards
    for i, a in enumerate(singles):
        for j in range(i + 1, len(singles)):
            if starts[j] >= a.box[2]:
                break  # no later box starts inside this one
            b = singles[j]
            (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = a.box, b.box
            h = min(ay1 - ay0, by1 - by0)
            level = max(ay1 - ay0, by1 - by0) <= LEVEL_HEIGHTS * h and abs(a.cy - b.cy) <= LEVEL_CENTRES * h
            if not (ax0 < bx0 < ax1 < bx1) or not level:
                continue  # slanted words' boxes overlap too, but they are of unequal heights and steps
            y0, y1 = int(max(ay0, by0)), int(np.ceil(min(ay1, by1)))
            lo, hi = int(max(ax0, bx0 - h)), int(np.ceil(min(bx1, ax1 + h)))
            runs = pixels.column_runs(ink[y0:y1, lo:hi])
            gaps = [(lo + p + 1, lo + q) for (_, p), (q, _) in zip(runs, runs[1:], strict=False)]
            gaps = [(g0, g1) for g0, g1 in gaps if g1 - g0 >= WORD_GAP * h and g0 <= ax1 and g1 >= bx0]
            if not gaps:
                continue
            g0, g1 = max(gaps, key=lambda g: g[1] - g[0])
            a.box = (ax0, ay0, float(g0), ay1)
            b.box = (float(g1), by0, bx1, by1)
            a.lines, b.lines = (a.box,), (b.box,)
    return labels


def _widest_gap(ink: np.ndarray, box: Box) -> tuple[float, float] | None:
    """The widest run of blank columns strictly inside ``box`` (x from, x to), if it is clearly the
    widest: at least half the box's height and twice the next widest (a gap between words)."""
    _, y0, _, y1 = (int(round(v)) for v in box)
    gaps = sorted(((g1 - g0, g0, g1) for g0, g1 in pixels.blank_gaps(ink, box)), reverse=True)
    if (
        not gaps
        or gaps[0][0] < WIDEST_GAP * (y1 - y0)
        or (len(gaps) > 1 and gaps[0][0] < WIDEST_GAP_RATIO * gaps[1][0])
    ):
        return None
    _, g0, g1 = gaps[0]
    return g0, g1


def _gap_around_swatch(ink: np.ndarray, box: Box) -> tuple[float, float] | None:
    """The stretch from the end of one word to the start of the next around a colour swatch inside
    ``box`` ('Oppose ■ Favor': a legend whose second key stands between the two names OCR read as
    one line). A swatch is a solid block of ink about as wide as the text is tall, with a blank
    column on each side however narrow; letters have holes."""
    x0, y0, x1, y1 = (max(0, int(round(v))) for v in box)
    sub = ink[y0:y1, x0:x1]
    h = max(1, y1 - y0)
    runs = pixels.column_runs(sub)
    for k in range(1, len(runs) - 1):
        a, b = runs[k]
        block = sub[:, a : b + 1]
        rows = np.flatnonzero(block.any(axis=1))
        solid = block[rows[0] : rows[-1] + 1].mean() if len(rows) else 0.0
        if SWATCH_SIZE[0] * h <= b - a + 1 <= SWATCH_SIZE[1] * h and solid >= SOLID_SWATCH:
            return float(x0 + runs[k - 1][1] + 1), float(x0 + runs[k + 1][0])
    return None


def _line_end_labels(
    labels: list[Label],
    marks: dict[int, tuple[int, int, int]],
    img: np.ndarray,
    ink: np.ndarray,
    drawn: np.ndarray,
    layout: Layout,
    median_h: float,
) -> None:
    """Lines named at their ends: two or more one-line names standing past the right edge of the
    plot, each printed in the colour of the line that ends just left of it (``marks``: the colour
    found there), are direct series labels (a web chart naming 'Approve' and 'Disapprove' where
    their lines end). Their 'swatches' were dropped as lone ones, since no legend column holds
    them. One such name alone is left as it was: beside a legend it is an aside, and a chart of
    one line has nothing to tell apart. ``drawn`` is the drawing's ink outside text, where a line's
    hue is read."""
    if layout.frame is None:
        return
    right = _plot_right(layout.runs, layout.frame)
    plot = (layout.frame[0], layout.frame[1], right, layout.frame[3])
    # the hues the plot draws in, read once and only if a name without a line end beside it asks
    plot_hues = functools.cache(lambda: pixels.saturated_hues(img, drawn, plot))
    found = []
    past = [lb for lb in labels if lb.box[0] >= right - PAST_FRAME * median_h and len(lb.lines) == 1]
    for lb in past:
        if lb.swatch is not None or (colour := pixels.core_colour(img, ink, lb.box)) is None:
            continue
        mark = marks.get(lb.index)
        # the line ends just left of it in its colour, or (coming in too steeply to leave a mark
        # there) a line of its colour runs through the plot
        if pixels.same_hue(mark, colour) if mark else pixels.hues_like(plot_hues(), colour) >= LINE_INK * median_h:
            found.append((lb, colour))
    named = sum(lb.coloured_text for lb in past)  # names whose colour was seen without a line end
    if found and len(found) + named >= 2:
        for lb, colour in found:
            lb.swatch, lb.coloured_text = colour, True


def _catch_all_beside_answers(layout: Layout) -> None:
    """A survey's catch-all answer ('Don't know', 'No answer') set in black in the row of the
    scale's coloured answers heads one more column of values, as each answer heads its bars: it is
    one more series, not a title. Only beside a scale (``residual_answer``) and level with one of
    its answers."""
    legend = layout.of_role(LEGEND)
    names = [lb.text for lb in legend]
    for lb in layout.labels:
        level = any(lb.box[1] <= e.box[3] and e.box[1] <= lb.box[3] for e in legend)
        if lb.role in (TITLE, ANNOTATION) and level and residual_answer(lb.text, names):
            lb.role, lb.why = LEGEND, "a scale's catch-all answer in the row of its answers"


def _plot_right(runs: list[Run], frame: Box) -> float:
    """The right edge of the plot: where its x-axis ticks end, or the frame's edge without any. The
    frame holds all ink outside text, so a site's logo box at the top right stretches it past the
    names standing where the lines end."""
    ends = [r.box[2] for r in runs if r.axis == "x"]
    return max(ends) if ends else frame[2]


def _titles_side_by_side(layout: Layout, drawn: np.ndarray) -> None:
    """Titles standing apart in one row above the frame head one panel each: a figure has one title,
    so two or more in a row, each well clear of the next, are panel titles ('A&H data' | 'K&C data').
    ``drawn`` is the drawing's ink outside text: without tick runs to count panels by, it tells
    one drawing under the row from several."""
    rows = in_rows(layout.of_role(TITLE))
    # one drawing with one run of ticks per axis has no panels to head: titles in a row over it
    # head its columns (the two series of a dot plot named over its first row)
    counts = [sum(r.axis == axis for r in layout.runs) for axis in ("x", "y")]
    one_panel = max(counts) == 1  # a run of ticks on one axis at least, and on no axis two
    for k, row in enumerate(rows):
        # no ticks to count panels by (two rows of a dot plot make no run): the ink decides
        one = one_panel or (not layout.runs and _one_drawing_under(row, layout.frame, drawn))
        apart = all(
            b.box[0] - a.box[2] >= TITLES_APART * max(a.height, b.height) for a, b in zip(row, row[1:], strict=False)
        )
        over = layout.frame is not None and all(layout.frame[0] <= lb.cx <= layout.frame[2] for lb in row)
        if len(row) >= 2 and apart and not (one and over and k > 0):
            for lb in row:
                lb.role, lb.why = PANEL_TITLE, "one of several titles side by side"
        elif k > 0:
            _column_headers(row, layout)
    _figure_title_over_panels(layout)


def _figure_title_over_panels(layout: Layout) -> None:
    """A line alone in its row, above a row of two or more panel titles, heads the whole figure
    (a suptitle centred over the middle panel), however well it lines up with that one panel's
    axis. The panel titles of a grid's top row have siblings beside them and stay panel titles."""
    panels = layout.of_role(PANEL_TITLE)
    for lb in panels:
        if any(o is not lb and abs(o.cy - lb.cy) <= SAME_ROW * max(o.height, lb.height) for o in panels):
            continue
        below = [
            o
            for o in panels
            if o is not lb and o.box[1] >= lb.box[3] - BELOW_TITLE * lb.height and abs(o.cy - lb.cy) > lb.height
        ]
        rows = {round(o.cy / max(o.height, 1.0)) for o in below}
        if len(below) >= 2 and any(sum(round(o.cy / max(o.height, 1.0)) == r for o in below) >= 2 for r in rows):
            lb.role, lb.why = TITLE, "above a row of panel titles"


def _one_drawing_under(row: list[Label], frame: Box | None, drawn: np.ndarray) -> bool:
    """Whether the drawing below a row of names runs on from under the first name to under the last
    without a blank column: panels side by side (pies, each under its title) have page between
    them; the two columns of one dot plot are joined by the bars from one dot to the other."""
    if frame is None or len(row) < 2:
        return False
    return pixels.inked_throughout(drawn, (row[0].cx, max(lb.box[3] for lb in row), row[-1].cx, frame[3]))


def _column_headers(row: list[Label], layout: Layout) -> None:
    """Short texts set close together in one row under the title, centred over the drawing, head the
    columns of bars beneath them ('Disagree' | 'Agree' over a diverging chart): they name the
    series as a legend does, whether or not their colour survived the image's compression. A
    header whose colour was seen is a legend entry already and counts toward the row."""
    frame = layout.frame
    if frame is None:
        return
    # centred over the drawing: a header wider than its column of bars may reach past the frame
    over = [lb for lb in row if frame[0] <= lb.cx <= frame[2] and len(lb.text.split()) <= 4]
    keyed = [
        lb
        for lb in layout.of_role(LEGEND)
        if any(abs(lb.cy - t.cy) <= SAME_ROW * max(lb.height, t.height) for t in over)
    ]
    if over and len(over) + len(keyed) >= 2:
        for lb in over:
            lb.role, lb.why = LEGEND, "one of several short headers in a row over the drawing"


def _lone_swatches_dropped(labels: list[Label]) -> list[Label]:
    """Keep a swatch only where a legend has at least two entries: a lone 'swatch' is usually a
    line or marker of the plot that happens to end left of an annotation (a point named beside
    its marker). Entries of a legend stand in a column (left edges aligned) or in a row. A label
    level with an entry of a column legend of three or more, but in no column itself, is a named
    point next to the legend."""
    keyed = [lb for lb in labels if lb.keyed]

    def column(lb: Label) -> list[Label]:
        h = lb.height
        return [
            o
            for o in keyed
            if o is not lb and abs(o.box[0] - lb.box[0]) <= h and abs(o.cy - lb.cy) <= LEGEND_COLUMN_REACH * h
        ]

    def row(lb: Label) -> list[Label]:
        h = lb.height
        return [
            o
            for o in keyed
            if o is not lb
            and abs(o.cy - lb.cy) <= SAME_ROW * h
            and abs(o.cx - lb.cx) <= LEGEND_ROW_REACH * h
            and len(column(o)) < 2
        ]

    for lb in [lb for lb in keyed if not column(lb) and not row(lb)]:
        lb.swatch = None
    return labels


def _legend_order(layout: Layout) -> None:
    """Number legend entries in reading order (top to bottom, then left to right)."""
    entries = sorted(layout.of_role(LEGEND), key=lambda b: (round(b.cy / max(b.height, 1)), b.cx))
    for k, lb in enumerate(entries):
        lb.position = k
