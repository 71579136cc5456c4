"""The explorer's data: every judged unit of every model, with its image, question, answer and verdict.

Written as a JavaScript file (``explorer/units.js``) rather than JSON fetched at run time, because
browsers refuse ``fetch`` on ``file://`` pages and the explorer must open from the file system.
Repeated strings (questions asked of every model, descriptions shared by a description's MQM,
caption-claim and passive-blur units) are stored once in ``texts`` and referenced by index, and the
JSON is gzip-compressed and base64-encoded (the page inflates it with the browser's own
``DecompressionStream``): answers of four models are ~10 MB as text and ~1 MB compressed, which keeps
the report folder under 10 MB.
"""

from __future__ import annotations

import base64
import gzip
import json
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from scifigbench.concepts.verdict_labels import verdict_label  # defined once: the review and audit compare it too

# the columns of one unit record, in order (the explorer's JavaScript reads them by these names)
COLUMNS = (
    "unit_id",
    "model",
    "family",
    "category",
    "condition",
    "chart_type",
    "figure_id",
    "verdict",
    "score",
    "question",
    "answer",
    "evidence",
    "image",
)


def plain(v: Any) -> Any:
    """A pandas cell as a plain Python value (NA/NaN -> None)."""
    if v is pd.NA or v is None or (isinstance(v, float) and v != v):
        return None
    return v


def details(raw: Any) -> dict[str, Any]:
    """The judgment row's ``details_json`` as a dict ({} when absent or not an object)."""
    if not isinstance(raw, str):
        return {}
    try:
        d = json.loads(raw)
    except json.JSONDecodeError:
        return {}
    return d if isinstance(d, dict) else {}


def evidence_text(d: dict[str, Any]) -> str | None:
    """The judge's stated reason: rule evidence, LLM/release reasoning, plus the true fact behind a claim."""
    ev = d.get("evidence") or d.get("reasoning") or d.get("reason")
    if d.get("reality"):
        ev = f"{ev} (in the figure: {d['reality']})" if ev else f"in the figure: {d['reality']}"
    return ev


@dataclass
class _Texts:
    """String table: each distinct text stored once."""

    items: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)

    def ref(self, text: str | None) -> int | None:
        if not text:
            return None
        if text not in self.index:
            self.index[text] = len(self.items)
            self.items.append(text)
        return self.index[text]


def explorer_data(j: pd.DataFrame, images: dict[str, tuple[str | None, str]]) -> dict[str, Any]:
    """``{"columns", "texts", "images", "units"}`` for the explorer.

    ``images`` maps a setup id to (thumbnail href or None, full-size href); a unit whose setup has
    no image is listed with ``image`` null.
    """
    texts = _Texts()
    image_rows: list[list[str | None]] = []
    image_index: dict[tuple[str | None, str], int] = {}
    units = []
    for rec in j.sort_values(["model", "unit_id"]).to_dict("records"):
        rec = {k: plain(v) for k, v in rec.items()}
        d = details(rec.get("details_json"))
        img = images.get(rec["setup_id"])
        if img is not None and img not in image_index:
            image_index[img] = len(image_rows)
            image_rows.append(list(img))
        score = rec.get("score")
        units.append(
            [
                rec["unit_id"],
                rec["model"],
                rec["family"],
                rec.get("category"),
                rec["condition"],
                rec["chart_type"],
                rec["figure_id"],
                verdict_label(rec),
                None if score is None else round(float(score), 2),
                texts.ref(d.get("question") or d.get("claim")),
                texts.ref(d.get("answer")),
                texts.ref(rec.get("error") or evidence_text(d)),
                None if img is None else image_index[img],
            ]
        )
    return {"columns": list(COLUMNS), "texts": texts.items, "images": image_rows, "units": units}


def units_js(data: dict[str, Any]) -> str:
    """The data as a script setting ``window.SCIFIG_UNITS_GZ``: base64 of the gzip-compressed JSON."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")
    return f'window.SCIFIG_UNITS_GZ = "{packed}";\n'


def read_units_js(text: str) -> dict[str, Any]:
    """The inverse of :func:`units_js` (for checks and scripts that read a written explorer)."""
    packed = text.split('"', 2)[1]
    return json.loads(gzip.decompress(base64.b64decode(packed)))
