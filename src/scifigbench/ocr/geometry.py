"""Pixel boxes ``(x0, y0, x1, y1)``: the unit OCR reads text in and a blur covers.

Kept apart from the blur targets so that OCR's second readings (turned lines, re-read crops) and
the targets that use them share one box type without importing each other.
"""

from __future__ import annotations

Box = tuple[float, float, float, float]


def area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def shared_area(a: Box, b: Box) -> float:
    """The area ``a`` and ``b`` have in common."""
    return area((max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])))


def overlaps(a: Box, b: Box, pad: float = 0.0) -> bool:
    return a[0] - pad < b[2] and b[0] < a[2] + pad and a[1] - pad < b[3] and b[1] < a[3] + pad
