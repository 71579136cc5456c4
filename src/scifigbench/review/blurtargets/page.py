"""A static HTML page to review blur targets and probes with the keyboard alone, one figure at a time.

Each figure is shown with every label OCR read outlined over it, its ranked candidates numbered
(``blur_candidates``; in the vetting model's order, with its answer beside each, when
``conditions.vetting`` asked one: ``blur_vetting``), the target the stage proposes per mode and,
below it, that target blurred as the ``admb``/``indb`` condition shows it, at the figure's own size on
the page, beside the caption as the model gets it with that blur (``text.redact``; the full caption
is folded away under it). A reviewer accepts the
proposal, picks another candidate or any other label (by key or click) as the target of either
mode, or rejects the mode (keys in :data:`KEYS`). A page opened from ``file://`` cannot write to
the repository, so the decisions are downloaded as a CSV with the columns of
``review/blur_targets.csv``; ``scifigbench review blur import FILE`` checks them and merges them
into that file, as the ``confirm``/``replace``/``reject`` commands would. Images are JPEG beside
the page (``<page>_files/``), linked relatively; the figures' data is one JSON object in the page,
so the folder can be copied or opened from anywhere.

The probes proposed for the same figures (written by an LLM or read from the layout, waiting for a
person) are listed beside it: the question as the model gets it, the outcome it expects and the
fact it rests on. A reviewer moves through them and confirms or rejects each by key; saving also
downloads ``probe_decisions.csv`` (the columns of ``review/probes.csv``), which ``scifigbench
review probes import`` merges. One page, one pass per figure, for everything a person decides on it.
"""

from __future__ import annotations

import functools
import html
import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pandas as pd

from scifigbench import paths
from scifigbench.blurtargets.candidates import MODES, accepted_note, row_boxes
from scifigbench.blurtargets.decisions import STORE, Decision
from scifigbench.blurtargets.text import redact
from scifigbench.conditions import config
from scifigbench.conditions.blur import review_pair
from scifigbench.conditions.images import read_bgr
from scifigbench.decisions import probes as probe_store
from scifigbench.ocr.boxes import ocr_boxes_path, read_ocr_boxes
from scifigbench.review.probes.page import facts, outcome
from scifigbench.tableio import atomic_write_text

MAX_W = 620  # pixels of the figure on the page; enough to read tick labels
ASSET = Path(__file__).with_name("page.js")
KEYS = """\
n / ArrowDown   next figure           p / ArrowUp   previous figure
m               switch mode           1-9           select the candidate listed there
ArrowRight / ArrowLeft (Tab)          select the next / previous label OCR read (click: select it)
a / Enter       accept the selection: confirm the proposal, or make the selection the target
r               reject the mode       u             undo this page's decision on the mode
e               edit the expected answer before accepting (Enter accepts, Escape leaves the field)
j / k           next / previous probe  y / x         confirm / reject the probe   c   clear it
s               save: download blur_decisions.csv (and probe_decisions.csv), then
                scifigbench review blur import FILE (and scifigbench review probes import FILE)"""


def _shrunk(img: np.ndarray) -> tuple[np.ndarray, float]:
    scale = min(1.0, MAX_W / img.shape[1])
    if scale == 1.0:
        return img, 1.0
    size = (int(img.shape[1] * scale), int(img.shape[0] * scale))
    return cv2.resize(img, size, interpolation=cv2.INTER_AREA), scale


def _save(img: np.ndarray, path: Path) -> float:
    """Write ``img`` shrunk to the page's width as JPEG; returns the scale it was shrunk by."""
    path.parent.mkdir(parents=True, exist_ok=True)
    small, scale = _shrunk(img)
    ok, buf = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 88])
    if not ok:
        raise ValueError(f"cannot encode {path}")
    path.write_bytes(buf.tobytes())
    return scale


def _missing(v: Any) -> bool:
    """A null cell: None, or the NaN a parquet row gives for one."""
    return v is None or (isinstance(v, float) and v != v)


def _text(v: Any) -> str:
    return "" if _missing(v) else str(v)


def _box(r: Any) -> list[float]:
    return [round(float(r.x0), 1), round(float(r.y0), 1), round(float(r.x1), 1), round(float(r.y1), 1)]


def _target(r: Any) -> dict:
    return {
        "text": _text(r.text),
        "status": _text(r.status),
        "rule": _text(r.rule),
        "box": _box(r),
        "expected": _text(r.expected_answer) + accepted_note(r),
        "question": _text(r.question),
        "why": _text(r.reasoning_path),
    }


def _vetting_note(v: Any) -> str:
    """The vetting model's answer on a candidate, for the page ("" when it was not asked)."""
    if v is None:
        return ""
    if _text(v.error):
        return f"{v.model}: no answer ({v.error})"
    head = f"{v.model}: role {v.role}, inferable {v.inferable}"
    dropped = " - dropped from the ranking as furniture" if _missing(v.vetted_rank) else ""
    return f"{head}{dropped}: {v.reason}"


def _order(c: Any, v: Any) -> tuple[int, int]:
    """Where a candidate is listed: its vetted place when the model was asked (dropped ones last),
    else the stage's rank."""
    if v is None:
        return 0, int(c.rank)
    return (1, int(c.rank)) if _missing(v.vetted_rank) else (0, int(v.vetted_rank))


def _candidate(r: Any, v: Any = None) -> dict:
    return {
        "vetting": _vetting_note(v),
        "rank": int(r.rank),
        "text": _text(r.text),
        "box": _box(r),
        "score": float(r.score),
        "rule": _text(r.rule),
        "reasons": _text(r.reasons),
        "doubt": _text(r.doubt),
        "held_back": _text(r.held_back),
        "expected": _text(r.expected_answer),
        "question": _text(r.question),
        "why": _text(r.reasoning_path),
    }


def _probe(p: Any) -> dict:
    """A proposed probe as the page lists it: what the model is asked and what is expected of it."""
    expected = json.loads(p.expected_json)
    return {
        "probe_id": str(p.probe_id),
        "family": str(p.family),
        "category": str(p.category),
        "text": str(p.text),
        "expected": outcome(expected),
        "fact": json.dumps(facts(expected), ensure_ascii=False),
    }


def page_data(
    targets: Sequence[Any],
    candidates: Sequence[Any],
    root: Path,
    files: Path,
    decisions: Mapping[str, Decision],
    vetting: Mapping[str, Any] | None = None,
    probes: Sequence[Any] = (),
    probe_decisions: Mapping[str, Mapping[str, str]] | None = None,
) -> dict:
    """The page's JSON: per figure its image, labels, candidates and proposals per mode (writing
    the images under ``files``) and its proposed probes, the decisions already in the two review
    files, and their CSV columns. ``vetting`` (rows of blur_vetting by candidate id) orders the
    candidates and is shown beside them; ``probes`` are rows of the probes table waiting for review."""
    vetting = vetting or {}
    probe_decisions = probe_decisions or {}
    params_file = root / "params.yaml"
    cfg = config.load(params_file)[0] if params_file.is_file() else config.ConditionsConfig()
    figures = pd.read_parquet(root / paths.FIGURES).set_index("figure_id")
    by_fig: dict[str, dict[str, Any]] = defaultdict(lambda: {"targets": {}, "candidates": defaultdict(list)})
    for t in targets:
        by_fig[t.figure_id]["targets"][t.mode] = t
    for c in candidates:
        by_fig[c.figure_id]["candidates"][c.mode].append(c)
    probes_of: dict[str, list[dict]] = defaultdict(list)
    for p in sorted(probes, key=lambda p: p.probe_id):
        probes_of[p.figure_id].append(_probe(p))

    @functools.lru_cache(maxsize=1)
    def image(figure_id: str) -> np.ndarray:
        return read_bgr(root / figures.loc[figure_id, "image_path"])

    out = []
    for fid in sorted(by_fig.keys() | probes_of.keys()):  # a figure with probes and no blur proposal too
        img = image(fid)
        stem = fid.replace("/", "__")
        scale = _save(img, files / f"{stem}.jpg")
        boxes = read_ocr_boxes(root / ocr_boxes_path(fid)) or []
        in_order = sorted(boxes, key=lambda b: (round(b.box[1] / 8), b.box[0]))  # rows of 8 px, left to right
        labels = [{"text": b.text, "box": [round(v, 1) for v in b.box]} for b in in_order]
        caption = figures.loc[fid, "caption"] if "caption" in figures.columns else None
        caption = None if _missing(caption) else str(caption)
        modes = {}
        for mode in MODES:
            t = by_fig[fid]["targets"].get(mode)
            blurred = None
            if t is not None:
                _, dim = review_pair(img, row_boxes(t), cfg, margin=3, clear_of=[b.box for b in boxes])
                blurred = f"{files.name}/{stem}.{mode}.jpg"
                _save(dim, files / f"{stem}.{mode}.jpg")
            modes[mode] = {
                "target_id": f"{fid}/{mode}",
                "current": _target(t) if t is not None else None,
                "blurred": blurred,
                # what the model gets with this blur: the caption without what names the target
                "caption": _text(redact(caption, t.text) if t is not None else caption),
                "candidates": [
                    _candidate(c, vetting.get(c.candidate_id))
                    for c in sorted(
                        by_fig[fid]["candidates"][mode], key=lambda c: _order(c, vetting.get(c.candidate_id))
                    )
                ],
            }
        out.append(
            {
                "figure_id": fid,
                "image": f"{files.name}/{stem}.jpg",
                "scale": scale,
                "caption": _text(caption),
                "labels": labels,
                "modes": modes,
                "probes": probes_of[fid],
            }
        )
    known = {f"{f['figure_id']}/{m}" for f in out for m in MODES}
    old = {tid: {c: getattr(d, c) for c in STORE.columns} for tid, d in decisions.items() if tid in known}
    shown = {p["probe_id"] for ps in probes_of.values() for p in ps}
    columns = probe_store.STORE.columns
    old_probes = {pid: {c: d.get(c, "") for c in columns} for pid, d in probe_decisions.items() if pid in shown}
    return {
        "figures": out,
        "decided": old,
        "columns": list(STORE.columns),
        "probe_decided": old_probes,
        "probe_columns": list(columns),
    }


def write_page(
    targets: Sequence[Any],
    root: Path,
    out: Path,
    candidates: Sequence[Any] = (),
    decisions: Mapping[str, Decision] | None = None,
    vetting: Mapping[str, Any] | None = None,
    probes: Sequence[Any] = (),
    probe_decisions: Mapping[str, Mapping[str, str]] | None = None,
) -> int:
    """Write ``out`` (HTML) and its images for the figures of ``targets``, ``candidates`` and
    ``probes`` (rows of the blur_targets, blur_candidates and probes tables, as attributes;
    ``vetting``: blur_vetting rows by candidate id); returns the figure count."""
    files = out.with_name(f"{out.stem}_files")
    data = page_data(targets, candidates, root, files, decisions or {}, vetting, probes, probe_decisions)
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    keys = html.escape(KEYS)
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>Blur-target and probe review</title><style>"
        "body{font-family:sans-serif;margin:1em;display:flex;gap:1.2em}#left{flex:none}#side{flex:1;min-width:26em}"
        "#stage{position:relative;display:inline-block}#stage img{display:block}"
        ".lab{position:absolute;border:1px solid rgba(0,110,255,.55);cursor:pointer;box-sizing:border-box}"
        ".lab.cand{border:2px solid #e69500}.lab.cur{border:2px solid #d00}.lab.sel{border:3px solid #0a0;"
        "background:rgba(0,170,0,.15)}.tag{position:absolute;top:-1.1em;left:0;font:bold 11px sans-serif;"
        "color:#e69500}li.sel{background:#dfd}li{margin:.3em 0;cursor:pointer}.doubt{color:#b00}"
        ".vet{color:#35a}.decided{font-weight:bold;color:#060}code{background:#f3f3f3}#blurred{margin-top:.5em}"
        "ol{list-style:none;padding-left:0}pre{white-space:pre-wrap;font-size:12px;color:#555}"
        "#probes li{border-left:3px solid #ccc;padding-left:.4em}#probes li.sel{border-left-color:#0a0}"
        ".fact{font-size:12px;color:#555}</style></head><body>"
        "<div id='left'><div id='stage'><img id='fig' alt='figure'></div><br><img id='blurred' alt='blurred'></div>"
        "<div id='side'><h2 id='title'></h2><div id='caption'></div>"
        "<details><summary>full caption</summary><div id='full'></div></details>"
        "<h3 id='mode'></h3><div id='current'></div>"
        "<ol id='cands'></ol><div id='selected'></div><label>expected answer: <input id='expected' size='40'></label>"
        "<div id='decision'></div><h3 id='probes-title'></h3><ol id='probes'></ol>"
        "<p id='progress'></p><pre>" + keys + "</pre></div>"
        f"<script>window.BLUR_REVIEW = {payload};</script><script>{ASSET.read_text(encoding='utf-8')}</script>"
        "</body></html>\n"
    )
    atomic_write_text(out, page)
    return len(data["figures"])
