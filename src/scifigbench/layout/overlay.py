"""An overlay image of a layout reading, so that a person can check roles at a glance.

Each label gets a box in its role's colour and a short tag (role initial, run and position); the
frame is drawn dashed-grey; marked boxes (e.g. chosen blur targets) get a thick magenta outline.
A key of role colours is added as a strip under the figure.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from scifigbench.layout.elements import (
    ANNOTATION,
    AXIS_TITLE,
    FURNITURE,
    LEGEND,
    PANEL_TITLE,
    ROLES,
    TICK,
    TITLE,
    VALUE,
    Box,
    Layout,
)

COLOURS = {  # BGR, chosen to stay apart from each other on white and on chart colours
    TICK: (200, 120, 0),
    AXIS_TITLE: (0, 140, 255),
    LEGEND: (0, 170, 0),
    TITLE: (120, 0, 120),
    PANEL_TITLE: (200, 0, 200),
    VALUE: (0, 200, 200),
    ANNOTATION: (120, 120, 120),
    FURNITURE: (0, 0, 230),
}
TAGS = {
    TICK: "T",
    AXIS_TITLE: "A",
    LEGEND: "L",
    TITLE: "Ti",
    PANEL_TITLE: "P",
    VALUE: "V",
    ANNOTATION: "N",
    FURNITURE: "F",
}
MARK = (255, 0, 255)


def _pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x)), int(round(y))


def overlay(img: np.ndarray, layout: Layout, marked: Sequence[tuple[Box, str]] = ()) -> np.ndarray:
    """``img`` with the layout drawn on it and a key strip below; ``marked``: (box, caption) to highlight."""
    scale = max(1.0, 900 / max(img.shape[1], 1))
    out = cv2.resize(img, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC) if scale > 1 else img.copy()
    out = cv2.addWeighted(out, 0.6, np.full_like(out, 255), 0.4, 0)
    if layout.frame is not None:
        x0, y0, x1, y1 = (v * scale for v in layout.frame)
        cv2.rectangle(out, _pt(x0, y0), _pt(x1, y1), (160, 160, 160), 1, cv2.LINE_4)
    for lb in layout.labels:
        colour = COLOURS[lb.role]
        x0, y0, x1, y1 = (v * scale for v in lb.box)
        cv2.rectangle(out, _pt(x0, y0), _pt(x1, y1), colour, 2)
        tag = TAGS[lb.role] + (
            f"{lb.axis}{lb.run}.{lb.position}"
            if lb.run is not None
            else f"{lb.position}"
            if lb.position is not None
            else ""
        )
        cv2.putText(out, tag, _pt(x0, max(10, y0 - 2)), cv2.FONT_HERSHEY_SIMPLEX, 0.4, colour, 1, cv2.LINE_AA)
        if lb.swatch is not None:
            cv2.rectangle(out, _pt(x1 + 2, y0), _pt(x1 + 10, y0 + 8), tuple(int(c) for c in lb.swatch), -1)
    for box, caption in marked:
        x0, y0, x1, y1 = (v * scale for v in box)
        cv2.rectangle(out, _pt(x0 - 4, y0 - 4), _pt(x1 + 4, y1 + 4), MARK, 3)
        cv2.putText(out, caption, _pt(x0, y1 + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5, MARK, 1, cv2.LINE_AA)
    key = np.full((26, out.shape[1], 3), 255, np.uint8)
    x = 4
    for role in ROLES:
        cv2.rectangle(key, (x, 6), (x + 12, 18), COLOURS[role], -1)
        cv2.putText(key, role, (x + 15, 17), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1, cv2.LINE_AA)
        x += 20 + 8 * len(role)
    return np.vstack([out, key])
