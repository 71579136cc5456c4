"""Reviewers' decision files: git-tracked CSVs under review/, one row per decided item.

Blur targets and LLM-written probes are both proposed by a stage and settled by a person with
``confirm``, ``replace`` or ``reject``. Each queue has its own columns, but the file rules are one:
an id column and a ``decision`` column are required, every row is checked with an error naming
file, line and field, an id is decided at most once, and the file is rewritten sorted by id so
git diffs stay small. Stages regenerate proposals and apply these rows afterwards, which is why a
decision survives reruns.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scifigbench.files.atomic import atomic_write_text

DECISIONS = ("confirm", "replace", "reject")


class ReviewFileError(ValueError):
    """A review row cannot be applied; the message names the file, line and field."""


@dataclass(frozen=True)
class DecisionFile:
    """The layout of one queue's decision file.

    ``columns`` starts with ``id_column`` and ``decision``; ``replacement`` says what the
    ``replace_column`` (``text`` unless given) must hold for a ``replace`` (for the error message);
    ``check_row(row, where)`` adds the queue's own field checks and raises :class:`ReviewFileError`.
    """

    id_column: str
    columns: tuple[str, ...]
    replacement: str
    check_row: Callable[[dict[str, str], str], None] | None = None
    replace_column: str = "text"

    def read(self, path: Path | str) -> dict[str, dict[str, str]]:
        """Rows by id, every column present (empty when absent) plus ``where`` (file, line, id); no file: {}."""
        path = Path(path)
        if not path.exists():
            return {}
        out: dict[str, dict[str, str]] = {}
        with open(path, newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            missing = [c for c in (self.id_column, "decision") if c not in (reader.fieldnames or [])]
            if missing:
                raise ReviewFileError(f"{path}: missing column(s) {missing}; expected {list(self.columns)}")
            for line, raw in enumerate(reader, start=2):
                row = {c: (raw.get(c) or "").strip() for c in self.columns}
                item = row[self.id_column]
                where = f"{path}, line {line} ({self.id_column}={item!r})"
                if not item:
                    raise ReviewFileError(f"{where}: field '{self.id_column}' is empty")
                if row["decision"] not in DECISIONS:
                    raise ReviewFileError(f"{where}: field 'decision' is {row['decision']!r}, "
                                          f"expected one of {list(DECISIONS)}")
                if row["decision"] == "replace" and not row[self.replace_column]:
                    raise ReviewFileError(
                        f"{where}: field '{self.replace_column}' is empty; 'replace' needs {self.replacement}"
                    )
                if self.check_row is not None:
                    self.check_row(row, where)
                if item in out:
                    raise ReviewFileError(f"{where}: {self.id_column} decided twice")
                out[item] = row | {"where": where}
        return out

    def write(self, path: Path | str, rows: dict[str, dict[str, str]]) -> None:
        """All rows sorted by id, atomically; columns not in the layout are dropped."""
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=list(self.columns), lineterminator="\n")
        writer.writeheader()
        for item in sorted(rows):
            writer.writerow({c: rows[item].get(c, "") for c in self.columns})
        atomic_write_text(path, buf.getvalue())

    def record(self, path: Path | str, *row: dict[str, str]) -> None:
        """Add or replace the decisions on one or more items (one read, one atomic write)."""
        rows = self.read(path)
        for r in row:
            rows[r[self.id_column]] = r
        self.write(path, rows)
