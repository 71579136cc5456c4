"""A real figure's facts from what the conditions stage left: its image and the OCR lines it read.

The conditions stage reads every figure (upright and turned, cached) and stores the lines in
``data/conditions/ocr/<figure_id>.json``; reading the layout again from those lines repeats no
OCR and gives the reading the blur targets were chosen from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import cv2

from scifigbench import paths
from scifigbench.layout import read_layout
from scifigbench.probes.real.reading import Facts, read_facts


@dataclass(frozen=True)
class Line:
    """One stored OCR line (the layout reader's ``TextLine``)."""

    text: str
    box: tuple[float, float, float, float]
    score: float


def stored_lines(root: Path, figure_id: str) -> list[Line] | None:
    """The lines the conditions stage stored for the figure, None when it has not read it."""
    path = root / paths.OCR_BOXES / f"{figure_id}.json"
    if not path.is_file():
        return None
    rows = json.loads(path.read_text(encoding="utf-8"))["boxes"]
    return [Line(r["text"], (r["box"][0], r["box"][1], r["box"][2], r["box"][3]), float(r["score"])) for r in rows]


def figure_facts(root: Path, figure_id: str, image_path: str, caption: str | None) -> Facts | str:
    """The figure's facts, or why there are none (no OCR reading stored, an unreadable image)."""
    lines = stored_lines(root, figure_id)
    if lines is None:
        return "the conditions stage stored no OCR reading for it"
    img = cv2.imread(str(root / image_path), cv2.IMREAD_COLOR)
    if img is None:
        return f"{image_path}: not a readable image"
    return read_facts(figure_id, read_layout(img, lines), lines, caption, img)
