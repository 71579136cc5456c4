"""The one way every cache keeps a record: a key, a value, and where it is stored.

Why one idea: five caches (the step stores, the conditions figure memo, the OCR readings, the
validated stamps, the model answers) each had their own folder rules, temporary-file dance and
notion of a damaged entry. Here:

- **where**: a store is a *kind* (``steps/corpus-render``, ``conditions``, ``ocr``...) and a *code
  version* (:func:`scifigbench.caching.keys.code_version` of the code that computes the values),
  under the cache root (:func:`scifigbench.paths.cache_root`). Records of code that no longer exists
  sit in other version folders of the same kind, which is what ``scifigbench gc`` drops;
- **key**: :func:`scifigbench.caching.keys.content_key` of what the value is computed from; a
  record is ``<folder>/<key[:2]>/<key><suffix>`` (a file, or a folder of files);
- **writing** is atomic (a temporary name renamed into place): a killed process never leaves half a
  record, and two processes storing the same key both end with one whole record;
- **lookup** treats a missing or unreadable record as a miss: the value is computed again.

Stores of thousands of small values keep them as rows of one SQLite file instead (:class:`Rows`),
with the same where / key / miss rules.
"""

from __future__ import annotations

import os
import pickle
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from scifigbench import paths
from scifigbench.files.atomic import atomic_write_bytes

T = TypeVar("T")
TEMP_PREFIX = "."  # a record being written: a hidden name beside its final one
DAMAGED = (OSError, ValueError, KeyError, TypeError, EOFError, AttributeError, IndexError, pickle.UnpicklingError)


def folder_of(kind: str, version: str, repo_root: Path | str = ".") -> Path:
    """Where the records of ``kind`` computed by code ``version`` live."""
    return paths.cache_root(repo_root) / kind / version


class Shelf:
    """Records as files (or folders of files) named by key under one folder."""

    def __init__(self, folder: Path | str, suffix: str = "") -> None:
        self.folder = Path(folder)
        self.suffix = suffix

    @classmethod
    def of(cls, kind: str, version: str, repo_root: Path | str = ".", suffix: str = "") -> Shelf:
        return cls(folder_of(kind, version, repo_root), suffix)

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}{self.suffix}"

    def has(self, key: str) -> bool:
        return self.path(key).exists()

    def load(self, key: str, decode: Callable[[bytes], T]) -> T | None:
        """The decoded record, or None when it is absent or cannot be decoded (a damaged record)."""
        try:
            return decode(self.path(key).read_bytes())
        except DAMAGED:
            return None

    def load_folder(self, key: str, read: Callable[[Path], T]) -> T | None:
        """``read`` of the folder record ``key``, or None when it is absent or damaged."""
        entry = self.path(key)
        if not entry.is_dir():
            return None
        try:
            return read(entry)
        except DAMAGED:
            return None

    def store(self, key: str, data: bytes) -> None:
        """Write the record ``key`` in one step."""
        atomic_write_bytes(self.path(key), data)

    def store_folder(self, key: str, fill: Callable[[Path], None]) -> None:
        """Write the folder record ``key``: ``fill`` writes into a temporary folder renamed into place.
        An existing record is kept (same key, same content)."""
        entry = self.path(key)
        if entry.exists():
            return
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=entry.parent, prefix=f"{TEMP_PREFIX}{key[:8]}-"))
        try:
            fill(tmp)
            os.replace(tmp, entry)
        except OSError:
            if not entry.exists():  # not "another process stored the same record first"
                raise
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)


def connect(path: Path, autocommit: bool = True) -> sqlite3.Connection:
    """Open (creating) a SQLite file in WAL mode, tolerant of other readers and writers."""
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(
        path, timeout=60.0, isolation_level=None if autocommit else "DEFERRED", check_same_thread=False
    )
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=NORMAL")  # durable across process kills; fsync at checkpoints
    con.execute("PRAGMA busy_timeout=60000")
    return con


ROWS_FILE = "values.sqlite"


class Rows:
    """Records as rows (key, blob) of one SQLite file: for stores of many small values.

    Writes are batched in transactions and committed on :meth:`close` (use it as a context
    manager) or every :attr:`BATCH` rows; a killed run loses only its uncommitted rows.
    """

    BATCH = 2000

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / ROWS_FILE
        self._db: sqlite3.Connection | None = None
        self._pending = 0
        self._lock = threading.Lock()  # callers may use one store from worker threads

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = connect(self.path, autocommit=False)
            self._db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
            self._db.commit()
        return self._db

    def load(self, key: str, decode: Callable[[bytes], T]) -> T | None:
        with self._lock:
            row = self._conn().execute("SELECT value FROM entries WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return decode(row[0])
        except DAMAGED:
            return None

    def store(self, key: str, data: bytes) -> None:
        """Keep ``data`` under ``key`` (an existing row is kept: same key, same content)."""
        with self._lock:
            db = self._conn()
            db.execute("INSERT OR IGNORE INTO entries (key, value) VALUES (?, ?)", (key, data))
            self._pending += 1
            if self._pending >= self.BATCH:
                db.commit()
                self._pending = 0

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.commit()
                self._db.close()
                self._db = None
                self._pending = 0
