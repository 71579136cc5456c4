"""A local content-addressed store of per-figure work, so a stage redoes only what changed.

Why: DVC reruns a whole stage when any of its inputs change, e.g. one figure added to 250. The
work inside a stage is per figure, so each figure's result is kept under a key made of
everything it depends on — the step's inputs (spec, image hash, the step's params), a *code
version* (hashes of the files the step's code reads, i.e. its import closure, and the versions of
the libraries that draw the pixels) — and a rerun fetches the unchanged figures instead of recomputing them. A key never
names a figure by position, so adding, removing or reordering figures leaves the other keys alone.

The store is an untracked cache (``.scifigbench-cache/steps/``, or ``$SCIFIGBENCH_CACHE_DIR``):
deleting it costs time, never correctness. Entries are written to a temporary folder and renamed
into place, so a killed run never leaves a half entry.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path
from typing import Any

from scifigbench import paths
from scifigbench.caching import codedeps

LIBRARIES = ("matplotlib", "numpy", "opencv-python-headless", "pillow", "rapidocr", "onnxruntime")


def library_versions(names: Iterable[str] = LIBRARIES) -> dict[str, str]:
    """Installed version of each named distribution ("absent" when it is not installed)."""
    out = {}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


@functools.cache
def code_version(*modules: str) -> str:
    """Hash of the files the dotted ``modules`` read (their import closure, prompts and data files,
    :func:`scifigbench.caching.codedeps.code_files`) plus the versions of the drawing libraries: an edit
    of that code is a new version, an edit anywhere else in the package is not."""
    return content_key(library_versions(), codedeps.files_digest(*modules))[:16]


def content_key(*parts: Any) -> str:
    """A stable key of JSON-able parts (dict keys sorted)."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


class StepStore:
    """Per-figure results of one step: a pickled value plus the files the step wrote."""

    def __init__(self, step: str, version: str, repo_root: Path | str = ".") -> None:
        self.dir = paths.cache_root(repo_root) / "steps" / step / version
        self.hits = 0
        self.misses = 0

    def _entry(self, key: str) -> Path:
        return self.dir / key[:2] / key

    def get(self, key: str, restore_to: Path | None = None) -> Any | None:
        """The stored value (None when absent); its files are copied back under ``restore_to``."""
        entry = self._entry(key)
        value_file = entry / "value.pickle"
        if not value_file.is_file():
            self.misses += 1
            return None
        files = entry / "files"
        if restore_to is not None and files.is_dir():
            for f in files.rglob("*"):
                if f.is_file():
                    target = restore_to / f.relative_to(files)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(f, target)
        self.hits += 1
        return pickle.loads(value_file.read_bytes())

    def put(self, key: str, value: Any, files: Iterable[str] = (), root: Path | None = None) -> None:
        """Store ``value`` and the files (paths relative to ``root``) the step wrote for it."""
        entry = self._entry(key)
        if entry.exists():
            return
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=entry.parent, prefix=f".{key[:8]}-"))
        try:
            for rel in files:
                target = tmp / "files" / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(Path(root or ".") / rel, target)
            (tmp / "value.pickle").write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, entry)
        except OSError:
            if entry.exists():  # another process stored the same entry first
                shutil.rmtree(tmp, ignore_errors=True)
                return
            raise
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)


class ValueStore:
    """Per-item results of one step that are values only (no files), as rows of one SQLite file.

    Why not :class:`StepStore`: steps with thousands of small items (a verdict per judged unit,
    an answer per simulated request) paid a directory, a temporary folder and a rename per item;
    one file with one row per key costs a fraction of that both to fill and to read. Writes are
    batched in transactions and committed on :meth:`close` (use the store as a context manager);
    a killed run loses only its uncommitted rows, which are recomputed next time.
    """

    BATCH = 2000  # rows per transaction

    def __init__(self, step: str, version: str, repo_root: Path | str = ".") -> None:
        self.path = paths.cache_root(repo_root) / "steps" / step / version / "values.sqlite"
        self.hits = 0
        self.misses = 0
        self._db: sqlite3.Connection | None = None
        self._pending = 0
        self._lock = threading.Lock()  # a judge may call from worker threads

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=60, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
            self._db.commit()
        return self._db

    def get(self, key: str) -> Any | None:
        """The stored value, or None when absent."""
        with self._lock:
            row = self._conn().execute("SELECT value FROM entries WHERE key = ?", (key,)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return pickle.loads(row[0])

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key`` (an existing row is kept: same key, same content)."""
        blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        with self._lock:
            db = self._conn()
            db.execute("INSERT OR IGNORE INTO entries (key, value) VALUES (?, ?)", (key, blob))
            self._pending += 1
            if self._pending >= self.BATCH:
                db.commit()
                self._pending = 0

    def close(self) -> None:
        """Commit what was put and close the file."""
        with self._lock:
            if self._db is not None:
                self._db.commit()
                self._db.close()
                self._db = None
                self._pending = 0

    def __enter__(self) -> ValueStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
