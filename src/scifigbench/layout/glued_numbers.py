"""Tick labels OCR read as one line ('1000 10000', '2024* 2025*') are one label per number.

Ticks set close together along an axis (dense years, log decades, '$5,000 $10,000 $20,000') reach
OCR as one line of numbers. Left whole, the line is neither a tick nor a value: the reader sees no
number in it, the tick run loses those places, and a question about the axis's end asks for a
year the chart prints. The ink tells where one number ends: a blank wider than a word space of
the line's own type (``grouped_digits.SEPARATOR_GAP``, the same bound that keeps '1 234' one
number). The line parts only when those blanks cut it into as many pieces as it has numbers.
"""

from __future__ import annotations

import numpy as np

from scifigbench.freetext.label_words import number
from scifigbench.layout import pixels
from scifigbench.layout.elements import Box, Label, in_reading_order
from scifigbench.layout.grouped_digits import SEPARATOR_GAP


def numbers_in(text: str) -> list[str] | None:
    """The numbers a line of two or more numbers holds ('600 900' -> ['600', '900']), else None."""
    parts = text.split()
    if len(parts) < 2 or any(number(p) is None for p in parts):
        return None
    return parts


def _pieces(ink: np.ndarray, box: Box, k: int) -> list[Box] | None:
    """``box`` cut at every blank wider than a word space, when that makes ``k`` pieces; else None."""
    x0, y0, x1, y1 = box
    cuts = [g for g in pixels.blank_gaps(ink, box) if g[1] - g[0] > SEPARATOR_GAP * (y1 - y0)]
    if len(cuts) != k - 1:
        return None
    starts = [x0, *(g1 for _, g1 in cuts)]
    ends = [*(g0 for g0, _ in cuts), x1]
    return [(a, y0, b, y1) for a, b in zip(starts, ends, strict=True)]


def numbers_parted(labels: list[Label], ink: np.ndarray) -> list[Label]:
    """``labels`` with each one-line run of numbers parted into one label per number; indices
    renumbered in reading order."""
    out: list[Label] = []
    for lb in labels:
        parts = numbers_in(lb.text) if len(lb.lines) == 1 and not lb.rotated else None
        boxes = _pieces(ink, lb.box, len(parts)) if parts else None
        if parts is None or boxes is None:
            out.append(lb)
            continue
        out += [Label(lb.index, p, b, lb.score, (b,), value=number(p)) for p, b in zip(parts, boxes, strict=True)]
    return in_reading_order(out)
