"""What OCR read on each figure, as JSON beside the stage's tables (``data/conditions/ocr/<id>.json``).

Reviewers replace a proposed blur target by typing the text they want blurred; the review
command checks that text against these boxes at once, instead of the next stage run failing on
it. The review previews blur as the stage does, keeping the padding off these boxes
(``blur.blur_region``). Plain JSON keeps the replacement check free of OpenCV and OCR imports.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from scifigbench import paths
from scifigbench.ocr.engine import OcrBox
from scifigbench.tableio import atomic_write_text

OCR_DIR = paths.OCR_BOXES


def ocr_boxes_path(figure_id: str) -> Path:
    return OCR_DIR / f"{figure_id}.json"


def write_ocr_boxes(path: Path, backend: str, boxes: Sequence[OcrBox]) -> None:
    rows = [
        {"text": b.text, "box": [round(v, 2) for v in b.box], "score": round(b.score, 4), "element_id": b.element_id}
        for b in boxes
    ]
    atomic_write_text(path, json.dumps({"backend": backend, "boxes": rows}, indent=0, ensure_ascii=False) + "\n")


def read_ocr_boxes(path: Path) -> list[OcrBox] | None:
    """The boxes stored for a figure, or None if the stage has not read that figure."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return [OcrBox(r["text"], tuple(r["box"]), r["score"], r.get("element_id")) for r in data["boxes"]]


def text_boxes(root: Path, figure_id: str) -> list[tuple[float, float, float, float]]:
    """The boxes of the text the stage read on a figure (none if it has not read it): a preview
    keeps the blur's padding off them, as the stage does."""
    return [b.box for b in read_ocr_boxes(root / ocr_boxes_path(figure_id)) or []]
