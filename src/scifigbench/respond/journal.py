"""The journal of a run in progress: every finished row, written as soon as it is known.

A run killed at any point resumes from here: a setup whose row is journalled under the same
request key is not sent again and its row is reused exactly as first produced (including error
rows, so a resumed run ends with the same table as an uninterrupted one). The journal of a model
is cleared once its final table has been written; the next run then starts from the cache.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scifigbench.caching.shelf import connect

SCHEMA = """
CREATE TABLE IF NOT EXISTS rows (
    model TEXT NOT NULL,
    setup_id TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    is_error INTEGER NOT NULL,
    row TEXT NOT NULL,
    PRIMARY KEY (model, setup_id)
)
"""


class Journal:
    def __init__(self, path: Path, model: str) -> None:
        self.model = model
        self.con = connect(Path(path))
        self.con.execute(SCHEMA)

    def load(self, *, include_errors: bool = True) -> dict[str, dict[str, Any]]:
        """Journalled rows of this model by setup id."""
        sql = "SELECT setup_id, row FROM rows WHERE model = ?" + ("" if include_errors else " AND is_error = 0")
        return {sid: json.loads(row) for sid, row in self.con.execute(sql, (self.model,))}

    def append(self, row: dict[str, Any]) -> None:
        self.con.execute(
            "INSERT OR REPLACE INTO rows VALUES (?, ?, ?, ?, ?)",
            (self.model, row["setup_id"], row["request_hash"], int(row["error"] is not None), json.dumps(row)),
        )

    def clear(self) -> None:
        self.con.execute("DELETE FROM rows WHERE model = ?", (self.model,))

    def close(self) -> None:
        self.con.close()
