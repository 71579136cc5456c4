"""Numbers printed with a space between groups of three digits ('1 234', '12 500 t') are one number.

Statistics pages outside the English-speaking world, and many style guides, part thousands by a
space; OCR reads the space as a space, and the reader of a number sees two ('1' and '234') or
none. A line reads as one grouped number only when the blank inside it is no wider than a space
of its own type: two tick labels OCR read as one line ('100   200') stand further apart.
"""

from __future__ import annotations

import re

import numpy as np

from scifigbench.freetext.label_words import number
from scifigbench.layout import pixels
from scifigbench.layout.elements import Label

_GROUPED = re.compile(r"^[(\[]?[+\-\u2212]?[$€£]?\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?:[.,]\d+)?\s*[kKMB%]?[)\]]?$")
# the widest blank inside a grouped number, in heights of its line: a word space is about a third
# of the height in common sans fonts; half a height leaves room for wide spacing, and two tick
# labels read as one line stand a height or more apart
SEPARATOR_GAP = 0.5


def grouped_value(lb: Label, ink: np.ndarray) -> float | None:
    """The number a label printed with spaced thousands shows, else None."""
    if lb.value is not None or lb.rotated or not _GROUPED.match(lb.text.strip()):
        return None
    _, y0, _, y1 = (max(0, int(round(v))) for v in lb.box)
    widest = max((g1 - g0 for g0, g1 in pixels.blank_gaps(ink, lb.box)), default=0.0)
    if widest > SEPARATOR_GAP * (y1 - y0):
        return None
    return number(re.sub(r"[ \u00a0\u202f\u2009]", "", lb.text.strip()))


def grouped_read(labels: list[Label], ink: np.ndarray) -> list[Label]:
    """``labels`` with the value of each one printed with spaced thousands set."""
    for lb in labels:
        if (value := grouped_value(lb, ink)) is not None:
            lb.value = value
    return labels
