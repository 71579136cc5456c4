"""Where a printed value stands says what it is: value labels set by a linear scale.

Charts print a bar's value at its end (outside or inside), a point's value just above it, or a
value in the middle of its bar. Each placement moves one edge (or the centre) of the label along
one axis in proportion to the value, so across the labels of a chart that edge is a linear
function of the number printed. When the other labels fit such a line closely, the place of a
hidden label says its value to within a small range, the way a reader estimates an unlabelled bar
against the labelled ones (the paper's inductance example: a value annotation inferable from
the scale).

The fit is robust to a few numbers that are no value labels (a year in a legend, a note): the
line is the one most labels agree on, and it must hold for at least two thirds of them and three
besides the hidden one; a column of numbers beside the drawing (a 'NET' column) is a table and is
not counted against it. Labels on one line across the value axis (a row of a table) never make a
scale: the values must stand in separate rows (or columns).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import median

import numpy as np

from scifigbench.layout.elements import Box, Label

MIN_FIT = 3  # labels besides the hidden one that the scale is read from
SHARE = 2 / 3  # of all value labels, at least this many must fit the scale
FIT_PX = 0.2  # the most a fitted label may stand off the line, in label heights
READ_SHARE = 0.05  # an estimate is good to 5 % of the span of the printed values
# the edge of a label that tracks its value, per axis along which the values move
_EDGES: dict[str, dict[str, Callable[[Box], float]]] = {
    "x": {"left edge": lambda b: b[0], "right edge": lambda b: b[2], "centre": lambda b: (b[0] + b[2]) / 2},
    "y": {"bottom edge": lambda b: b[3], "top edge": lambda b: b[1], "centre": lambda b: (b[1] + b[3]) / 2},
}


@dataclass(frozen=True)
class Scale:
    """A linear placement of value labels: ``edge`` of each label sits at ``offset + slope * value``
    along ``axis`` (pixels; y grows downwards, so upward-growing values have a negative slope)."""

    axis: str
    edge: str
    offset: float
    slope: float
    labels: tuple[Label, ...]  # the labels it was fitted on
    off_px: float  # the farthest any of them stands from the line

    def value_at(self, box: Box) -> float:
        return (_EDGES[self.axis][self.edge](box) - self.offset) / self.slope

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
    return all(b - a >= 0.5 * unit for a, b in zip(across, across[1:], strict=False))


def fit_scale(labels: Sequence[Label]) -> Scale | None:
    """The linear scale most of ``labels`` (numbers) are placed by, or None if there is none.

    Tries each axis and each label edge; a candidate line runs through two labels of different
    value, collects every label within ``FIT_PX`` label heights of it, and is refitted on those
    by least squares. The scale kept has the most labels, then the closest fit.
    """
    numbers = [lb for lb in labels if lb.value is not None]
    if len(numbers) < MIN_FIT + 1:
        return None
    values = np.array([_value(lb) for lb in numbers])
    tol = FIT_PX * median(lb.height for lb in numbers)
    best: Scale | None = None
    for axis, edges in _EDGES.items():
        for edge, place in edges.items():
            places = np.array([place(lb.box) for lb in numbers])
            seen: set[bytes] = set()
            for i, j in combinations(range(len(numbers)), 2):
                if values[i] == values[j]:
                    continue
                slope = (places[j] - places[i]) / (values[j] - values[i])
                near = np.abs(places - places[i] - slope * (values - values[i])) <= tol
                key = near.tobytes()
                if near.sum() < MIN_FIT + 1 or key in seen or len(set(values[near])) < MIN_FIT:
                    continue
                seen.add(key)
                cand = _fitted(axis, edge, [lb for lb, k in zip(numbers, near, strict=True) if k])
                if cand is None or cand.off_px > tol:
                    continue
                if best is None or (len(cand.labels), -cand.off_px) > (len(best.labels), -best.off_px):
                    best = cand
    if best is None:
        return None
    rest = [lb for lb in numbers if all(lb is not o for o in best.labels)]
    if len(best.labels) < SHARE * (len(numbers) - len(_in_columns(rest, best.axis, tol))):
        return None
    return best


def _in_columns(labels: Sequence[Label], axis: str, tol: float) -> list[Label]:
    """Numbers set in a column of their own beside the drawing (a 'NET' or 'Don't know' column
    for values moving along x, a row of totals for values moving along y): three or more sharing
    an edge or their centre. They are a table, not labels the scale failed to place."""
    out = []
    for lb in labels:
        for place in _EDGES[axis].values():
            if sum(abs(place(o.box) - place(lb.box)) <= tol for o in labels) >= 3:  # itself and two more
                out.append(lb)
                break
    return out


def _fitted(axis: str, edge: str, labels: Sequence[Label]) -> Scale | None:
    """The least-squares scale of ``labels`` along ``axis`` by ``edge``, if they stand in separate
    rows and their values move them visibly the way values grow on screen."""
    place = _EDGES[axis][edge]
    values = np.array([_value(lb) for lb in labels])
    places = np.array([place(lb.box) for lb in labels])
    slope, offset = (float(v) for v in np.polyfit(values, places, 1))
    unit = median(lb.height for lb in labels)
    grows = slope > 0 if axis == "x" else slope < 0
    if not grows or abs(slope) * float(np.ptp(values)) < 3 * unit or not _separate(labels, axis):
        return None
    spots = np.sort(places)
    if 1 + int(np.sum(np.diff(spots) >= 0.5 * unit)) < MIN_FIT:
        return None  # the values hardly move their labels: one far number makes no scale
    off = float(np.max(np.abs(places - offset - slope * values)))
    return Scale(axis, edge, offset, slope, tuple(labels), off)


def estimate(label: Label, scale: Scale) -> tuple[Scale, float] | None:
    """The value the scale's other labels put at ``label``'s place (one of the scale's labels),
    with the scale refitted without it; None when the rest no longer make a close scale."""
    rest = [lb for lb in scale.labels if lb is not label]
    if len(rest) < MIN_FIT or len({lb.value for lb in rest}) < MIN_FIT:
        return None
    refit = _fitted(scale.axis, scale.edge, rest)
    if refit is None or refit.off_px > FIT_PX * median(lb.height for lb in rest):
        return None
    return refit, refit.value_at(label.box)


def read_within(scale: Scale, refit: Scale, unit: float) -> float | None:
    """How far from the printed value an estimate may be: 5 % of the span of all the values the
    chart prints on the scale (the extent a reader sees drawn), at least one unit of the printed
    precision; None when the scale fitted without the hidden label is itself looser than that
    (its spread, twice over, read as values)."""
    within = max(READ_SHARE * (max(scale.values) - min(scale.values)), unit)
    return None if 2 * refit.off_px / abs(refit.slope) > within else within
