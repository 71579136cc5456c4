"""JSON Lines input: one object per non-blank line, every failure naming file and line.

Judge input files and the release's verdict tables are both JSONL written by other tools; a
malformed line must stop the run with its location rather than be skipped, so both read them here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def json_objects(path: Path, error: type[Exception] = ValueError) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """(line number, "<path>: line <n>", object) per non-blank line; raises ``error`` for a line that is not an object."""
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            where = f"{path}: line {lineno}"
            try:
                data = json.loads(line)
            except json.JSONDecodeError as err:
                raise error(f"{where}: not valid JSON ({err.msg} at column {err.colno})") from None
            if not isinstance(data, dict):
                raise error(f"{where}: a record must be a JSON object, got {type(data).__name__}")
            yield lineno, where, data
