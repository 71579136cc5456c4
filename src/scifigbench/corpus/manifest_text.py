"""A manifest's bytes as text, whatever common encoding a spreadsheet or editor saved it in.

Manifests are typed by people: Excel on Windows saves CSV as Windows-1252 ("cp1252"), older
tools as Latin-1, Excel's "Unicode text" and PowerShell as UTF-16 with a byte-order mark. A
caption with one 'é' or a curly quote in such a file used to stop the whole import with a
traceback, and every good figure was lost with it. The rules, in order:

- a byte-order mark decides (UTF-8, UTF-16 or UTF-32, either byte order);
- UTF-16 without a mark (every other byte NUL) is refused with what to do, since guessing the
  byte order would turn every caption into nonsense;
- otherwise each line is UTF-8 when it decodes as UTF-8, else Windows-1252 (which reads Latin-1
  text alike: the two differ only in bytes Latin-1 uses for control codes). Line by line, so a
  file pasted together from two sources keeps its UTF-8 rows as they are;
- a line neither reads (bytes Windows-1252 leaves undefined) fails naming its row.

The lines read as Windows-1252 are reported as a note, since a reader should check those captions.
"""

from __future__ import annotations

import codecs
import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

# longest marks first: the UTF-32-LE mark starts with the UTF-16-LE one
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
FALLBACK = "cp1252"


class ManifestEncodingError(ValueError):
    """The manifest's bytes cannot be read as text; the message names the file and the row."""


@dataclass
class ManifestText:
    """The decoded text, the encoding it was read in, and the rows read in :data:`FALLBACK`."""

    text: str
    encoding: str
    fallback_rows: list[int] = field(default_factory=list)
    unit: str = "row"  # what the numbers count: CSV data rows, or lines of a JSON file

    def note(self, path: Path) -> str | None:
        """One line for the terminal when some rows were not UTF-8, else None."""
        if not self.fallback_rows:
            return None
        rows = ", ".join(str(r) for r in self.fallback_rows[:10]) + (" ..." if len(self.fallback_rows) > 10 else "")
        return (
            f"{path}: {self.unit}(s) {rows} are not UTF-8 and were read as Windows-1252 (cp1252/Latin-1); "
            "check their captions, or save the manifest as UTF-8"
        )


def _row_of(prefix: str, csv_rows: bool) -> int:
    """The row a line starting after ``prefix`` belongs to: data rows count from 1 after a CSV
    header, as the importer counts them (quoted captions may span lines, blank lines are no row);
    lines count from 1 in other files."""
    if not csv_rows:
        return prefix.count("\n") + 1
    return sum(1 for row in csv.reader(io.StringIO(prefix)) if row)


def decode_manifest(data: bytes, path: Path | str, csv_rows: bool = True) -> ManifestText:
    """Decode a manifest's bytes (see the module docstring); raises :class:`ManifestEncodingError`."""
    unit = "row" if csv_rows else "line"
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return ManifestText(data.decode(encoding), encoding, unit=unit)
            except UnicodeDecodeError as exc:
                where = _row_of(data[len(bom) : exc.start].decode(encoding, "replace"), csv_rows)
                raise ManifestEncodingError(
                    f"{path}: {unit} {where}: not valid {encoding} although the file starts with its byte-order mark"
                ) from None
    if len(data) >= 4 and data[1::2][:64].count(0) > 0.9 * len(data[1::2][:64]):
        raise ManifestEncodingError(
            f"{path}: looks like UTF-16 without a byte-order mark; save the manifest as UTF-8 (or UTF-16 with a BOM)"
        )
    lines, fallback = [], []
    for raw in data.splitlines(keepends=True):
        try:
            lines.append(raw.decode("utf-8"))
            continue
        except UnicodeDecodeError:
            pass
        row = _row_of("".join(lines), csv_rows)
        try:
            lines.append(raw.decode(FALLBACK))
        except UnicodeDecodeError as exc:
            byte = raw[exc.start : exc.start + 1].hex()
            raise ManifestEncodingError(
                f"{path}: {unit} {row}: byte 0x{byte} is neither UTF-8 nor Windows-1252/Latin-1 text; "
                "save the manifest as UTF-8"
            ) from None
        fallback.append(row)
    return ManifestText("".join(lines), FALLBACK if fallback else "utf-8", fallback, unit)
