"""Importers for real figures: a generic manifest (CSV/JSON) and the SciVQA layout.

Real figures have no spec: spec_path, reference description and text elements stay null/empty
unless the source provides them; nothing is invented. Images are copied into the corpus so the
stage output is self-contained. Every problem is reported with the file and row it comes from.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
from PIL import Image, UnidentifiedImageError

from scifigbench.contracts.figures import safe_id
from scifigbench.corpus.figure_record import FigureRecord
from scifigbench.tableio import sha256_bytes

CHART_ALIASES = {
    "bar": "bar", "bar chart": "bar", "bar plot": "bar", "histogram": "bar", "bar_chart": "bar",
    "line": "line", "line chart": "line", "line plot": "line", "line_chart": "line",
    "pie": "pie", "pie chart": "pie", "donut": "pie", "pie_chart": "pie",
}
ID_OK = re.compile(r"^[A-Za-z0-9_.\-]+$")


class ManifestError(ValueError):
    """Bad importer input; the message names the file and the row."""


def chart_type_of(raw: Any, where: str) -> str:
    key = str(raw).strip().lower() if raw is not None else ""
    if key not in CHART_ALIASES:
        raise ManifestError(f"{where}: unknown chart type {raw!r}; expected one of {sorted(set(CHART_ALIASES))}")
    return CHART_ALIASES[key]


def read_png(path: Path, where: str) -> tuple[bytes, int, int]:
    """The image's bytes and size; fails on missing files and on anything that is not a valid PNG."""
    if not path.is_file():
        raise ManifestError(f"{where}: image not found: {path}")
    data = path.read_bytes()
    try:
        with Image.open(path) as im:
            im.verify()
        with Image.open(path) as im:
            fmt = im.format
            im.load()
            width, height = im.size
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise ManifestError(f"{where}: corrupt or unreadable image {path}: {exc}") from None
    if fmt != "PNG":
        raise ManifestError(f"{where}: {path} is a {fmt} image; only PNG is accepted")
    return data, width, height


@dataclass
class Entry:
    """One figure to import, already located on disk."""

    figure_id: str
    chart_type: str
    image: Path
    caption: str | None
    reference_description: str | None = None
    variant: str = "real"
    title: str | None = None
    n_panels: int = 1
    where: str = ""


def _text(v: Any) -> str | None:
    if v is None or (isinstance(v, float) and pd.isna(v)):
        return None
    s = str(v).strip()
    return s or None


def _load_manifest_rows(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise ManifestError(f"{path}: manifest not found")
    if path.suffix.lower() == ".csv":
        df = pd.read_csv(path, dtype=str, keep_default_na=False)
        return df.to_dict("records")
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ManifestError(f"{path}: not valid JSON: {exc}") from None
        if isinstance(data, dict) and "figures" in data:
            data = data["figures"]
        if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
            raise ManifestError(f"{path}: expected a JSON list of objects (or {{'figures': [...]}})")
        return data
    raise ManifestError(f"{path}: manifest must be .csv or .json")


def manifest_entries(path: Path | str) -> list[Entry]:
    """Entries of a manifest; image paths are relative to the manifest's folder (the data root)."""
    path = Path(path)
    root = path.parent.resolve()
    rows = _load_manifest_rows(path)
    entries: list[Entry] = []
    seen: dict[str, int] = {}
    for n, row in enumerate(rows, start=1):
        image_raw = _text(row.get("image", row.get("image_path")))
        given_id = _text(row.get("id", row.get("figure_id")))
        where = f"{path}: row {n}" + (f" (id={given_id!r})" if given_id else (f" (image={image_raw!r})" if image_raw else ""))
        if not image_raw:
            raise ManifestError(f"{where}: field 'image' is empty or missing")
        image = (root / image_raw).resolve()
        if not image.is_relative_to(root):
            raise ManifestError(f"{where}: image path {image_raw!r} is outside the data root {root}")
        chart_type = chart_type_of(row.get("chart_type"), f"{where}: field 'chart_type'")
        fid = given_id or safe_id(Path(image_raw).with_suffix("").as_posix())
        if not ID_OK.match(fid):
            raise ManifestError(f"{where}: field 'id' {fid!r} may only hold letters, digits, '_', '.', '-'")
        if fid in seen:
            raise ManifestError(f"{where}: duplicate id {fid!r} (first used in row {seen[fid]})")
        seen[fid] = n
        entries.append(Entry(
            figure_id=fid, chart_type=chart_type, image=image, caption=_text(row.get("caption")),
            reference_description=_text(row.get("reference_description")),
            variant=_text(row.get("variant")) or "real", title=_text(row.get("title")), where=where,
        ))
    if not entries:
        raise ManifestError(f"{path}: manifest has no rows")
    return entries


def scivqa_entries(folder: Path | str) -> list[Entry]:
    """One entry per image_file of a SciVQA-format folder (qa.json + images/)."""
    folder = Path(folder)
    qa = folder / "qa.json"
    if not qa.is_file():
        raise ManifestError(f"{qa}: not found (expected a SciVQA folder with qa.json and images/)")
    try:
        records = json.loads(qa.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ManifestError(f"{qa}: not valid JSON: {exc}") from None
    root = (folder / "images").resolve()
    entries: dict[str, Entry] = {}
    for n, rec in enumerate(records, start=1):
        image_file = _text(rec.get("image_file"))
        where = f"{qa}: record {n} (instance_id={rec.get('instance_id')!r}, image_file={image_file!r})"
        if not image_file:
            raise ManifestError(f"{where}: field 'image_file' is empty or missing")
        if image_file in entries:
            continue
        image = (root / image_file).resolve()
        if not image.is_relative_to(root):
            raise ManifestError(f"{where}: image path is outside {root}")
        compound = bool(rec.get("compound"))
        try:
            n_panels = int(rec.get("figs_numb") or 1) if compound else 1
        except ValueError:
            raise ManifestError(f"{where}: field 'figs_numb' is not a number: {rec.get('figs_numb')!r}") from None
        entries[image_file] = Entry(
            figure_id="scivqa_" + safe_id(Path(image_file).stem),
            chart_type=chart_type_of(rec.get("figure_type"), f"{where}: field 'figure_type'"),
            image=image, caption=_text(rec.get("caption")), variant=safe_id(str(rec.get("figure_type")).lower()),
            n_panels=max(1, n_panels), where=where,
        )
    return list(entries.values())


def import_entries(entries: list[Entry], source: str, stage_root: Path, corpus_dir: Path) -> list[FigureRecord]:
    """Check and copy each image into ``<stage_root>/<corpus_dir>/images``; return the records."""
    images = stage_root / corpus_dir / "images"
    images.mkdir(parents=True, exist_ok=True)
    out = []
    for e in entries:
        data, width, height = read_png(e.image, e.where)
        (images / f"{e.figure_id}.png").write_bytes(data)
        out.append(FigureRecord(
            figure_id=e.figure_id, source=source, chart_type=e.chart_type, variant=e.variant, n_panels=e.n_panels,
            title=e.title, image_path=(corpus_dir / "images" / f"{e.figure_id}.png").as_posix(),
            image_sha256=sha256_bytes(data), width=width, height=height, spec_path=None, caption=e.caption,
            reference_description=e.reference_description,
        ))
    return out
