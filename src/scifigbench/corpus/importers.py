"""Importers for real figures: a generic manifest (CSV/JSON) and the SciVQA layout.

Real figures have no spec: spec_path, reference description and text elements stay null/empty
unless the source provides them; nothing is invented. Images are converted to 8-bit RGB PNG
(see ``image_import``) and copied into the corpus so the stage output is self-contained. Every
problem is reported with the file and row it comes from; a bad row does not stop the others: it
becomes an :class:`~scifigbench.failures.ItemFailure` and the stage imports the rest.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from scifigbench.concepts.kinds import CHART_KINDS, SPELLINGS, kind_from_spelling
from scifigbench.contracts.figures import safe_id
from scifigbench.corpus.figure_record import FigureRecord
from scifigbench.corpus.image_import import ImageImportError, import_image
from scifigbench.corpus.manifest_text import ManifestEncodingError, decode_manifest
from scifigbench.failures import ItemFailure, from_exception
from scifigbench.tableio import sha256_bytes

if TYPE_CHECKING:
    from scifigbench.corpus.config import CorpusConfig

EXTRA_FIELDS = "\0extra"   # where csv puts the values of a row longer than the header
ID_OK = re.compile(r"^[A-Za-z0-9_.\-]+$")


class ManifestError(ValueError):
    """Bad importer input; the message names the file and the row."""


def chart_type_of(raw: Any, where: str) -> str:
    kind = kind_from_spelling(raw)
    if kind is None:
        raise ManifestError(f"{where}: unknown chart type {raw!r}; expected one of {', '.join(CHART_KINDS)} "
                            f"(spellings: {', '.join(sorted(SPELLINGS))})")
    return kind




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


#: Columns every manifest row needs, each with the other names it may go by.
REQUIRED_COLUMNS = {"image": ("image", "image_path"), "chart_type": ("chart_type",)}


def _check_columns(path: Path, columns: set[str]) -> None:
    """One error for a required column no row has, instead of the same error on every row."""
    missing = [name for name, names in REQUIRED_COLUMNS.items() if not columns & set(names)]
    if missing:
        names = " / ".join(repr(n) for name in missing for n in REQUIRED_COLUMNS[name])
        raise ManifestError(f"{path}: no column {names}; columns found: {', '.join(sorted(columns)) or 'none'}")


def _load_manifest_rows(path: Path) -> tuple[list[dict[str, Any]], str | None]:
    """The manifest's rows, and a note when some were read in a fallback encoding."""
    if not path.is_file():
        raise ManifestError(f"{path}: manifest not found")
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".json"):
        raise ManifestError(f"{path}: manifest must be .csv or .json")
    try:
        decoded = decode_manifest(path.read_bytes(), path, csv_rows=suffix == ".csv")
    except ManifestEncodingError as exc:
        raise ManifestError(str(exc)) from None
    if suffix == ".csv":
        # csv, not pandas: a row with more fields than the header (an unquoted comma in a caption)
        # must be that row's error, not a silent shift of every row into an index column.
        reader = csv.DictReader(io.StringIO(decoded.text, newline=""), restkey=EXTRA_FIELDS)
        rows = [dict(r) for r in reader]
        _check_columns(path, {str(c).strip() for c in reader.fieldnames or ()})
        return rows, decoded.note(path)
    try:
        data = json.loads(decoded.text)
    except json.JSONDecodeError as exc:
        raise ManifestError(f"{path}: not valid JSON: {exc}") from None
    if isinstance(data, dict) and "figures" in data:
        data = data["figures"]
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise ManifestError(f"{path}: expected a JSON list of objects (or {{'figures': [...]}})")
    if data:
        _check_columns(path, {str(k) for r in data for k in r})
    return data, decoded.note(path)


@dataclass
class Rows:
    """The entries a source yields, and the rows it could not turn into entries."""

    entries: list[Entry]
    failures: list[ItemFailure]
    notes: list[str] = field(default_factory=list)  # said on the terminal, not failures (e.g. an encoding read)


def _manifest_entry(row: dict[str, Any], n: int, path: Path, root: Path, seen: dict[str, int]) -> Entry:
    image_raw = _text(row.get("image", row.get("image_path")))
    given_id = _text(row.get("id", row.get("figure_id")))
    where = f"{path}: row {n}" + (f" (id={given_id!r})" if given_id else (f" (image={image_raw!r})" if image_raw else ""))
    if row.get(EXTRA_FIELDS):
        raise ManifestError(f"{where}: {len(row) - 1 + len(row[EXTRA_FIELDS])} fields but the header has "
                            f"{len(row) - 1}; quote a caption that contains a comma")
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
    return Entry(
        figure_id=fid, chart_type=chart_type, image=image, caption=_text(row.get("caption")),
        reference_description=_text(row.get("reference_description")),
        variant=_text(row.get("variant")) or "real", title=_text(row.get("title")), where=where,
    )


def manifest_entries(path: Path | str) -> Rows:
    """Entries of a manifest; image paths are relative to the manifest's folder (the data root).

    A bad manifest (missing, unreadable, empty) raises :class:`ManifestError`; a bad row is a failure.
    """
    path = Path(path)
    root = path.parent.resolve()
    rows, note = _load_manifest_rows(path)
    if not rows:
        raise ManifestError(f"{path}: manifest has no rows")
    out = Rows([], [], [note] if note else [])
    seen: dict[str, int] = {}
    for n, row in enumerate(rows, start=1):
        try:
            out.entries.append(_manifest_entry(row, n, path, root, seen))
        except ManifestError as exc:
            out.failures.append(from_exception(f"{path.name} row {n}", "read manifest row", exc, expected=True))
    return out


def _scivqa_entry(rec: dict[str, Any], where: str, image_file: str, root: Path) -> Entry:
    image = (root / image_file).resolve()
    if not image.is_relative_to(root):
        raise ManifestError(f"{where}: image path is outside {root}")
    compound = bool(rec.get("compound"))
    try:
        n_panels = int(rec.get("figs_numb") or 1) if compound else 1
    except ValueError:
        raise ManifestError(f"{where}: field 'figs_numb' is not a number: {rec.get('figs_numb')!r}") from None
    return Entry(
        figure_id="scivqa_" + safe_id(Path(image_file).stem),
        chart_type=chart_type_of(rec.get("figure_type"), f"{where}: field 'figure_type'"),
        image=image, caption=_text(rec.get("caption")), variant=safe_id(str(rec.get("figure_type")).lower()),
        n_panels=max(1, n_panels), where=where,
    )


def scivqa_entries(folder: Path | str) -> Rows:
    """One entry per image_file of a SciVQA-format folder (qa.json + images/); bad records are failures."""
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
    out = Rows([], [])
    for n, rec in enumerate(records, start=1):
        image_file = _text(rec.get("image_file"))
        where = f"{qa}: record {n} (instance_id={rec.get('instance_id')!r}, image_file={image_file!r})"
        if image_file in entries:
            continue
        try:
            if not image_file:
                raise ManifestError(f"{where}: field 'image_file' is empty or missing")
            entries[image_file] = _scivqa_entry(rec, where, image_file, root)
        except ManifestError as exc:
            out.failures.append(from_exception(f"qa.json record {n}", "read SciVQA record", exc, expected=True))
    out.entries = list(entries.values())
    return out


def source_rows(cfg: CorpusConfig, root: Path) -> Rows:
    """The entries of the configured import source (``manifest`` or ``scivqa``), relative to ``root``."""
    if cfg.source == "manifest":
        if not cfg.manifest:
            raise ManifestError("params corpus.manifest must name a CSV/JSON manifest when source = manifest")
        return manifest_entries(root / cfg.manifest)
    if not cfg.scivqa_dir:
        raise ManifestError("params corpus.scivqa_dir must name a SciVQA folder when source = scivqa")
    return scivqa_entries(root / cfg.scivqa_dir)


def import_entries(entries: list[Entry], source: str, stage_root: Path, corpus_dir: Path,
                   max_pixels: int) -> tuple[list[FigureRecord], list[ItemFailure]]:
    """Convert and copy each image into ``<stage_root>/<corpus_dir>/images``; the records and the failures."""
    images = stage_root / corpus_dir / "images"
    images.mkdir(parents=True, exist_ok=True)
    out, failures = [], []
    for e in entries:
        try:
            img = import_image(e.image, max_pixels)
        except ImageImportError as exc:
            failures.append(from_exception(e.figure_id, "import image", ManifestError(f"{e.where}: {exc}"), expected=True))
            continue
        (images / f"{e.figure_id}.png").write_bytes(img.png)
        out.append(FigureRecord(
            figure_id=e.figure_id, source=source, chart_type=e.chart_type, variant=e.variant, n_panels=e.n_panels,
            title=e.title, image_path=(corpus_dir / "images" / f"{e.figure_id}.png").as_posix(),
            image_sha256=sha256_bytes(img.png), width=img.width, height=img.height, spec_path=None,
            caption=e.caption, reference_description=e.reference_description,
        ))
    return out, failures
