"""Value labels of several series at one category, each given to its series by the colour of its mark.

Grouped bars print one value per series at every category, so the category alone does not say
whose value a label is; a false premise about it must name the series too ("CIFAR-10 on 'Adam'").
The order of the bars in a group usually follows the legend, but not always (a reversed legend, a
sorted group), so the order is not trusted: each label goes to the legend entry whose swatch has
the colour of the mark the label stands on or next to —

- a label printed on a bar (``Label.block``): the bar's colour around the text;
- a label in coloured text (``Label.swatch`` of a value label): that colour;
- a label beside a bar's end: the solid colour just past the label towards the bar's base
  (below it on vertical bars, left of it on horizontal ones).

A label is given a series only when exactly one swatch is near its colour and every other swatch
is clearly further; a group where any label has none, or two labels share a series, gets none.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scifigbench.layout.elements import Label
from scifigbench.layout.pixels import INK_DELTA, background, median_colour

MATCH = 45  # largest channel difference between a mark's colour and its swatch (anti-aliasing, JPEG)
MARGIN = 2.0  # the next swatch must differ from the mark at least this many times more
FILLED = 0.6  # share of the strip past a label that must be one solid colour to count as its bar
REACH = 1.2  # how far past the label (in label heights) the bar's colour is looked for


def _median(pixels: np.ndarray) -> tuple[int, int, int] | None:
    return median_colour(pixels) if len(pixels) else None


def _strip_colour(img: np.ndarray, bg: np.ndarray, lb: Label, axis: str) -> tuple[int, int, int] | None:
    """The solid colour of the strip just past ``lb`` towards the base of its bar, or None when
    that strip is mostly page (``bg``: the label stands in free space, not at a bar's end)."""
    x0, y0, x1, y1 = lb.box
    h = lb.height
    if axis == "x":  # vertical bars: the bar's top is below its label
        w = x1 - x0
        box = (x0 + 0.3 * w, y1 + 1, x1 - 0.3 * w, y1 + 1 + REACH * h)
    else:  # horizontal bars: the bar's end is left of its label
        box = (x0 - 1 - REACH * h, y0 + 0.3 * h, x0 - 1, y1 - 0.3 * h)
    bx0, by0, bx1, by1 = (int(round(v)) for v in box)
    H, W = img.shape[:2]
    patch = img[max(0, by0) : min(H, by1), max(0, bx0) : min(W, bx1)].reshape(-1, 3).astype(np.int16)
    if len(patch) == 0:
        return None
    ink = patch[np.abs(patch - bg).max(axis=1) > INK_DELTA]
    colour = _median(ink)
    if colour is None:
        return None
    solid = np.abs(patch - np.array(colour)).max(axis=1) <= MATCH
    return colour if solid.mean() >= FILLED else None


def _block_colour(img: np.ndarray, lb: Label) -> tuple[int, int, int] | None:
    """The colour of the bar a label is printed on, read around the text inside the block."""
    assert lb.block is not None
    x0, y0, x1, y1 = (int(round(v)) for v in lb.block)
    region = img[y0:y1, x0:x1].astype(np.int16)
    keep = np.ones(region.shape[:2], dtype=bool)
    tx0, ty0, tx1, ty1 = (int(round(v)) for v in lb.box)
    keep[max(0, ty0 - y0) : max(0, ty1 - y0), max(0, tx0 - x0) : max(0, tx1 - x0)] = False
    return _median(region[keep])


def mark_colour(img: np.ndarray, bg: np.ndarray, lb: Label, axis: str) -> tuple[int, int, int] | None:
    """The colour of the mark a value label belongs to (see the module's list), or None; ``bg`` is
    the page's colour (:func:`~scifigbench.layout.pixels.background`, read once per image)."""
    if lb.block is not None:
        return _block_colour(img, lb)
    if lb.swatch is not None:
        return lb.swatch
    return _strip_colour(img, bg, lb, axis)


def _nearest(colour: tuple[int, int, int], legend: Sequence[Label]) -> int | None:
    """The place in ``legend`` of the one entry whose swatch has ``colour``; None when none is near
    or two are."""
    dist = sorted(
        (max(abs(a - b) for a, b in zip(colour, lb.swatch or (), strict=True)), k) for k, lb in enumerate(legend)
    )
    if not dist or dist[0][0] > MATCH:
        return None
    if len(dist) > 1 and dist[1][0] < MARGIN * max(dist[0][0], 8):
        return None
    return dist[0][1]


def series_of(
    img: np.ndarray, groups: Sequence[Sequence[Label]], legend: Sequence[Label], axis: str
) -> list[list[int]] | None:
    """Per group of value labels (one category's), the place in ``legend`` of each label's entry;
    None unless every label of every group has one and no group gives one entry twice."""
    if len(legend) < 2 or any(lb.swatch is None for lb in legend):
        return None
    bg = background(img)
    out = []
    for group in groups:
        entries = []
        for lb in group:
            colour = mark_colour(img, bg, lb, axis)
            k = None if colour is None else _nearest(colour, legend)
            if k is None:
                return None
            entries.append(k)
        if len(set(entries)) != len(entries):
            return None
        out.append(entries)
    return out
