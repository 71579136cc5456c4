"""A static HTML page of blur-target proposals, so a person can review dozens at reading speed.

Each proposal is one row: the figure with the target boxed in red, the same figure blurred as
the ``admb``/``indb`` condition would blur it, then the text, rule, reasoning, expected answer
and the command that confirms it. Images are written as JPEG beside the page (``<page>_files/``)
and linked relatively, so the folder can be copied or opened from anywhere.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pandas as pd

from scifigbench import paths
from scifigbench.conditions import config
from scifigbench.conditions.blur import review_pair
from scifigbench.conditions.candidates import accepted_note, row_boxes
from scifigbench.conditions.images import read_bgr
from scifigbench.conditions.ocr_boxes import text_boxes
from scifigbench.tableio import atomic_write_text

MAX_W = 520  # pixels of each image on the page; enough to read tick labels


def _shrunk(img):
    scale = min(1.0, MAX_W / img.shape[1])
    return (
        img
        if scale == 1.0
        else cv2.resize(img, (int(img.shape[1] * scale), int(img.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    )


def _save(img, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    ok, buf = cv2.imencode(".jpg", _shrunk(img), [cv2.IMWRITE_JPEG_QUALITY, 88])
    if not ok:
        raise ValueError(f"cannot encode {path}")
    path.write_bytes(buf.tobytes())


def write_page(targets: Sequence[Any], root: Path, out: Path) -> None:
    """Write ``out`` (HTML) and its images for every target (rows of the blur_targets table, as attributes)."""
    params_file = root / "params.yaml"
    cfg = config.load(params_file)[0] if params_file.is_file() else config.ConditionsConfig()
    figures = pd.read_parquet(root / paths.FIGURES).set_index("figure_id")
    files = out.with_name(f"{out.stem}_files")

    @functools.lru_cache(maxsize=1)  # targets sorted by id: a figure's targets come one after another
    def figure(figure_id: str) -> tuple[np.ndarray, list[tuple[float, float, float, float]]]:
        return read_bgr(root / figures.loc[figure_id, "image_path"]), text_boxes(root, figure_id)

    rows = []
    for r in sorted(targets, key=lambda t: t.target_id):
        img, text = figure(r.figure_id)
        marked, blurred = review_pair(img, row_boxes(r), cfg, margin=3, clear_of=text)
        stem = r.target_id.replace("/", "__")
        _save(marked, files / f"{stem}.marked.jpg")
        _save(blurred, files / f"{stem}.blurred.jpg")
        e = html.escape
        rows.append(
            f'<tr id="{e(r.target_id)}"><td><img src="{e(files.name)}/{e(stem)}.marked.jpg" alt="original"></td>'
            f'<td><img src="{e(files.name)}/{e(stem)}.blurred.jpg" alt="blurred"></td>'
            f"<td><b>{e(r.target_id)}</b> <i>({e(str(r.status))})</i><br>text: <code>{e(str(r.text))}</code><br>"
            f"mode: {e(str(r.mode))}<br>rule: <code>{e(str(r.rule))}</code><br>expected answer: "
            f"<code>{e(str(r.expected_answer))}</code>{e(accepted_note(r))}<br>why: {e(str(r.reasoning_path))}<br>"
            f"match: {e(str(r.match_tier))} {float(r.match_score):.2f}<br>"
            f"<code>scifigbench review blur confirm {e(r.target_id)}</code></td></tr>"
        )
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>Blur-target proposals</title><style>"
        "body{font-family:sans-serif;margin:1em}td{vertical-align:top;padding:6px;border-bottom:1px solid #ccc}"
        f"img{{max-width:{MAX_W}px}}code{{background:#f3f3f3}}</style></head><body>"
        f"<h1>Blur-target proposals ({len(rows)})</h1><p>Left: the figure with the proposed target boxed in red. "
        "Middle: the figure as the blur condition shows it. Confirm several at once with "
        "<code>scifigbench review blur confirm ID ID ...</code> or <code>--rule RULE</code>; reject likewise; "
        "or edit review/blur_targets.csv and run <code>scifigbench review blur check</code>.</p>"
        "<table>" + "".join(rows) + "</table></body></html>\n"
    )
    atomic_write_text(out, page)
