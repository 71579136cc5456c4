"""Content-addressed cache of successful model answers (SQLite in WAL mode).

Keyed by the request's content address (see :mod:`scifigbench.llm.request`), so any consumer
that sends the same request — another model key pointing at the same endpoint, a rerun, the LLM
judge — gets the stored answer instead of paying again. Only successes are stored: a failure must
be retried on the next run, never replayed. Each write commits on its own, so a killed process
loses at most the call in flight; WAL lets several processes read and write at once (the same
connection rules as every row store, :func:`scifigbench.caching.shelf.connect`). The answers are
paid for, so ``scifigbench gc`` reports this file and never drops it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from scifigbench import paths
from scifigbench.caching.shelf import connect

CACHE_FILE = "responses.sqlite"  # inside the cache directory
POOLS_DIR = "limits"  # inside the cache directory: the rate-limit pools' token files (see llm.ratelimit)
CACHE_ENV = paths.CACHE_ENV


def cache_dir(override: Path | None = None) -> Path:
    """The cache directory: an explicit one, else $SCIFIGBENCH_CACHE_DIR, else paths.CACHE_DIR."""
    return Path(override) if override else paths.cache_root()


SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    key TEXT PRIMARY KEY,
    text TEXT NOT NULL,
    finish_reason TEXT,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    latency_s REAL,
    created_at REAL NOT NULL
)
"""


@dataclass(frozen=True)
class Answer:
    """A successful completion, as stored in the cache."""

    text: str
    finish_reason: str | None
    prompt_tokens: int | None
    completion_tokens: int | None
    latency_s: float | None


class ResponseCache:
    """``get``/``put`` of answers by request key; one instance per process."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.con = connect(self.path)
        self.con.execute(SCHEMA)

    def get(self, key: str) -> Answer | None:
        row = self.con.execute(
            "SELECT text, finish_reason, prompt_tokens, completion_tokens, latency_s FROM answers WHERE key = ?", (key,)
        ).fetchone()
        return Answer(*row) if row else None

    def put(self, key: str, answer: Answer) -> None:
        """Store an answer; the first answer stored under a key wins (they are interchangeable)."""
        self.con.execute(
            "INSERT OR IGNORE INTO answers VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                answer.text,
                answer.finish_reason,
                answer.prompt_tokens,
                answer.completion_tokens,
                answer.latency_s,
                time.time(),
            ),
        )

    def __len__(self) -> int:
        return self.con.execute("SELECT COUNT(*) FROM answers").fetchone()[0]

    def close(self) -> None:
        self.con.close()
