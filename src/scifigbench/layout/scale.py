"""Where a printed value stands says what it is: value labels set by a linear scale.

Charts print a bar's value at its end (outside or inside), a point's value just above it, or a
value in the middle of its bar. Each placement moves one edge (or the centre) of the label along
one axis in proportion to the value, so across the labels of a chart that edge is a linear
function of the number printed. A value printed inside a segment of a stacked or diverging bar
does not move with its value, but the segment it is printed on is as long as its value. When
the other labels fit such a line closely, the place (or the segment) of a hidden label says its
value to within a small range, the way a reader estimates an unlabelled bar against the labelled
ones (the paper's inductance example: a value annotation inferable from the scale).

The fit is robust to a few numbers that are no value labels (a year in a legend, a note): the
line is the one most labels agree on, and it must hold for at least two thirds of them and three
besides the hidden one; a column of numbers beside the drawing (a 'NET' column) is a table and is
not counted against it. Labels on one line across the value axis (a row of a table) never make a
scale by their places: the values must stand in separate rows (or columns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import median

import numpy as np

from scifigbench.layout.elements import Label

MIN_FIT = 3  # labels besides the hidden one that the scale is read from
SHARE = 2 / 3  # of all value labels, at least this many must fit the scale
FIT_PX = 0.2  # the most a fitted label may stand off the line, in label heights
READ_SHARE = 0.05  # an estimate is good to 5 % of the span of the printed values
MAX_NUMBERS = 150  # more numbers than any chart labels its values with: a table (and pairs grow as n^2)
SEPARATE_ROWS = 0.5  # labels moving along one axis stand at least this far apart across it, in label heights
MIN_TRAVEL = 2  # the values must move their labels at least this far end to end, in label heights
MOVED = 0.5  # and a label counts as moved by its value when this far from the next, in label heights
THICKNESS_SHARE = 0.1  # bars of one chart are as thick as one another to within this share (and a pixel)
LOOSE_FIT = 2  # a refit whose largest offset, this many times over, exceeds the tolerance is too loose to read


@dataclass(frozen=True)
class Measure:
    """What of a label tracks its value: a place along an axis, or the length of the block of
    colour it is printed on. ``sign``: the slope's sign when values grow (y grows downwards)."""

    name: str
    axis: str
    of: Callable[[Label], float | None]
    sign: int
    place: bool  # a position on the page (labels must stand in separate rows) rather than a length
    across: Callable[[Label], float | None] | None = None  # a length's bar thickness: one for all bars


def _block_side(lb: Label, k: int) -> float | None:
    return None if lb.block is None else lb.block[k + 2] - lb.block[k]


MEASURES = (
    Measure("left edge", "x", lambda lb: lb.box[0], 1, True),
    Measure("right edge", "x", lambda lb: lb.box[2], 1, True),
    Measure("centre", "x", lambda lb: lb.cx, 1, True),
    Measure("bottom edge", "y", lambda lb: lb.box[3], -1, True),
    Measure("top edge", "y", lambda lb: lb.box[1], -1, True),
    Measure("centre", "y", lambda lb: lb.cy, -1, True),
    Measure(
        "length of the bar segment it is printed on",
        "x",
        lambda lb: _block_side(lb, 0),
        1,
        False,
        lambda lb: _block_side(lb, 1),
    ),
    Measure(
        "height of the column segment it is printed on",
        "y",
        lambda lb: _block_side(lb, 1),
        1,
        False,
        lambda lb: _block_side(lb, 0),
    ),
)


@dataclass(frozen=True)
class Part:
    """Labels placed alike: ``measure`` of each is ``offset + slope * value`` (the scale's slope)."""

    measure: Measure
    offset: float
    labels: tuple[Label, ...]


@dataclass(frozen=True)
class Scale:
    """A linear scale of value labels along one axis, in pixels per unit of value: one placement
    (part) of the labels, or two sharing the slope (a dot plot prints the lower value left of its
    dot and the higher one right of it)."""

    slope: float
    parts: tuple[Part, ...]
    off_px: float  # the farthest any label stands from its line

    @property
    def axis(self) -> str:
        return self.parts[0].measure.axis

    @property
    def labels(self) -> tuple[Label, ...]:
        return tuple(lb for part in self.parts for lb in part.labels)

    @property
    def how(self) -> str:
        """Which measure of the labels follows the scale, in words."""
        return " or ".join(dict.fromkeys(part.measure.name for part in self.parts))

    def part_of(self, lb: Label) -> int:
        return next(k for k, part in enumerate(self.parts) if any(o is lb for o in part.labels))

    @property
    def values(self) -> list[float]:
        return [_value(lb) for lb in self.labels]


def _value(lb: Label) -> float:
    """The number a label of a scale shows (only numbers are fitted)."""
    if lb.value is None:
        raise ValueError(f"label {lb.text!r} shows no number")
    return float(lb.value)


def _separate(labels: Sequence[Label], axis: str) -> bool:
    """No two labels share a line across the value axis (distinct rows for values moving along x)."""
    across = sorted(lb.cy if axis == "x" else lb.cx for lb in labels)
    unit = median(lb.height for lb in labels)
    return all(b - a >= SEPARATE_ROWS * unit for a, b in zip(across, across[1:], strict=False))


def fit_scale(labels: Sequence[Label]) -> Scale | None:
    """The linear scale most of ``labels`` (numbers) are placed by, or None if there is none.

    Tries each measure; a candidate line runs through two labels of different value, collects
    every label within ``FIT_PX`` label heights of it, and is refitted on those by least squares.
    The scale kept has the most labels, then the closest fit.
    """
    numbers = [lb for lb in labels if lb.value is not None]
    if not MIN_FIT + 1 <= len(numbers) <= MAX_NUMBERS:
        return None
    tol = FIT_PX * median(lb.height for lb in numbers)
    best: tuple[Scale, int] | None = None  # the scale and the labels it is measured against
    for measure in MEASURES:
        measured = [lb for lb in numbers if measure.of(lb) is not None]
        if len(measured) < MIN_FIT + 1:
            continue
        values = np.array([_value(lb) for lb in measured])
        places = np.array([measure.of(lb) for lb in measured], dtype=float)
        seen: set[bytes] = set()
        for i, j in combinations(range(len(measured)), 2):
            if values[i] == values[j]:
                continue
            slope = (places[j] - places[i]) / (values[j] - values[i])
            near = np.abs(places - places[i] - slope * (values - values[i])) <= tol
            key = near.tobytes()
            if near.sum() < MIN_FIT + 1 or key in seen or len(set(values[near])) < MIN_FIT:
                continue
            seen.add(key)
            cand = _joint((measure,), (tuple(lb for lb, k in zip(measured, near, strict=True) if k),))
            if cand is None or cand.off_px > tol:
                continue
            if best is None or (len(cand.labels), -cand.off_px) > (len(best[0].labels), -best[0].off_px):
                rest = [lb for lb in measured if all(lb is not o for o in cand.labels)]
                tabled = _in_columns(rest, measure.axis, tol) if measure.place else []
                best = cand, len(measured) - len(tabled)
    if best is None:
        return None
    scale, against = best
    if len(scale.labels) < SHARE * against and (two := _second_part(scale, numbers, tol)) is not None:
        scale = two
    return scale if len(scale.labels) >= SHARE * against else None


def _second_part(scale: Scale, numbers: Sequence[Label], tol: float) -> Scale | None:
    """``scale`` with a second placement of the labels it left out: another edge on the same axis
    whose labels stand on a parallel line (the same slope, another offset), at least three of them."""
    first = scale.parts[0]
    if not first.measure.place:
        return None
    rest = [lb for lb in numbers if all(lb is not o for o in first.labels)]
    best: Scale | None = None
    for measure in MEASURES:
        if not measure.place or measure.axis != first.measure.axis or measure is first.measure:
            continue
        offsets = np.array([(measure.of(lb) or 0.0) - scale.slope * _value(lb) for lb in rest])
        for anchor in offsets:
            near = [lb for lb, o in zip(rest, offsets, strict=True) if abs(o - anchor) <= tol]
            if len(near) < MIN_FIT:
                continue
            cand = _joint((first.measure, measure), (first.labels, tuple(near)))
            if cand is not None and cand.off_px <= tol and (best is None or len(cand.labels) > len(best.labels)):
                best = cand
    return best


def _in_columns(labels: Sequence[Label], axis: str, tol: float) -> list[Label]:
    """Numbers set in a column of their own beside the drawing (a 'NET' or 'Don't know' column
    for values moving along x, a row of totals for values moving along y): three or more sharing
    an edge or their centre. They are a table, not labels the scale failed to place."""
    places = [m for m in MEASURES if m.place and m.axis == axis]
    out = []
    for lb in labels:
        for m in places:
            here = m.of(lb)
            if here is not None and sum(abs((m.of(o) or 0.0) - here) <= tol for o in labels) >= 3:  # and two more
                out.append(lb)
                break
    return out


def _joint(measures: Sequence[Measure], groups: Sequence[tuple[Label, ...]]) -> Scale | None:
    """The least-squares scale with one slope and an offset per group of labels (each group by its
    own measure), if the values move the labels visibly, the way values grow on screen, each
    group's labels stand in separate rows (places) and its blocks are of one thickness (lengths)."""
    labels = [lb for g in groups for lb in g]
    values = np.array([_value(lb) for lb in labels])
    places = np.array([m.of(lb) for m, g in zip(measures, groups, strict=True) for lb in g], dtype=float)
    design = np.zeros((len(labels), 1 + len(groups)))
    design[:, 0] = values
    row = 0
    for k, g in enumerate(groups):
        design[row : row + len(g), 1 + k] = 1.0
        row += len(g)
    if np.linalg.matrix_rank(design) < design.shape[1]:
        return None
    coef = np.linalg.lstsq(design, places, rcond=None)[0]
    slope = float(coef[0])
    unit = median(lb.height for lb in labels)
    if slope * measures[0].sign <= 0 or abs(slope) * float(np.ptp(values)) < MIN_TRAVEL * unit:
        return None
    for m, g in zip(measures, groups, strict=True):
        if m.place and not _separate(g, m.axis):
            return None
        if m.across is not None and not _one_thickness([m.across(lb) for lb in g]):
            return None  # blocks of several thicknesses are no bars of one chart (wedges of a pie)
    spots = np.sort(values * slope)
    if 1 + int(np.sum(np.diff(spots) >= MOVED * unit)) < MIN_FIT:
        return None  # the values hardly move their labels: one far number makes no scale
    off = float(np.max(np.abs(places - design @ coef)))
    parts = tuple(Part(m, float(c), g) for m, g, c in zip(measures, groups, coef[1:], strict=True))
    return Scale(slope, parts, off)


def _one_thickness(sizes: Sequence[float | None]) -> bool:
    """The bars are all as thick as one another, to within a tenth (and a pixel)."""
    known = [s for s in sizes if s is not None]
    if len(known) != len(sizes):
        return False
    mid = median(known)
    return all(abs(s - mid) <= THICKNESS_SHARE * mid + 1 for s in known)


def estimate(label: Label, scale: Scale) -> tuple[Scale, float] | None:
    """The value the scale's other labels put at ``label`` (one of the scale's labels), with the
    scale refitted without it; None when the rest no longer make a close scale (each placement
    keeps two labels besides it, and ``MIN_FIT`` in all)."""
    k = scale.part_of(label)
    groups = [tuple(lb for lb in part.labels if lb is not label) for part in scale.parts]
    rest = [lb for g in groups for lb in g]
    if len(rest) < MIN_FIT or len({lb.value for lb in rest}) < MIN_FIT or any(len(g) < 2 for g in groups):
        return None
    refit = _joint([part.measure for part in scale.parts], groups)
    if refit is None or refit.off_px > FIT_PX * median(lb.height for lb in rest):
        return None
    at = refit.parts[k].measure.of(label)
    return None if at is None else (refit, (at - refit.parts[k].offset) / refit.slope)


def read_within(scale: Scale, refit: Scale, unit: float) -> float | None:
    """How far from the printed value an estimate may be: 5 % of the span of all the values the
    chart prints on the scale (the extent a reader sees drawn), at least one unit of the printed
    precision; None when the scale fitted without the hidden label is itself looser than that
    (its spread, twice over, read as values)."""
    within = max(READ_SHARE * (max(scale.values) - min(scale.values)), unit)
    return None if LOOSE_FIT * refit.off_px / abs(refit.slope) > within else within
