"""Per-item results of a stage's step, so a stage redoes only what changed.

Why: DVC reruns a whole stage when any of its inputs change, e.g. one figure added to 250. The
work inside a stage is per figure, so each figure's result is kept as a record of
:mod:`scifigbench.caching.shelf` (keyed by what it is computed from, stored under the step's code
version) and a rerun fetches the unchanged figures instead of recomputing them. The records are
untracked cache state: deleting them costs time, never correctness.
"""

from __future__ import annotations

import pickle
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scifigbench.caching.shelf import Rows, Shelf

STEPS = "steps"  # the kind folder of every step store: steps/<step>/<version>
VALUE = "value.pickle"  # in a record's folder, beside the files/ the step wrote


def _pickled(value: Any) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


class StepStore:
    """Per-figure results of one step: a pickled value plus the files the step wrote."""

    def __init__(self, step: str, version: str, repo_root: Path | str = ".") -> None:
        self.shelf = Shelf.of(f"{STEPS}/{step}", version, repo_root)
        self.dir = self.shelf.folder
        self.hits = 0
        self.misses = 0

    def get(self, key: str, restore_to: Path | None = None) -> Any | None:
        """The stored value (None when absent); its files are copied back under ``restore_to``."""
        value = self.shelf.load_folder(key, lambda entry: pickle.loads((entry / VALUE).read_bytes()))
        if value is None:
            self.misses += 1
            return None
        files = self.shelf.path(key) / "files"
        if restore_to is not None and files.is_dir():
            for f in files.rglob("*"):
                if f.is_file():
                    target = restore_to / f.relative_to(files)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(f, target)
        self.hits += 1
        return value

    def put(self, key: str, value: Any, files: Iterable[str] = (), root: Path | None = None) -> None:
        """Store ``value`` and the files (paths relative to ``root``) the step wrote for it."""

        def fill(tmp: Path) -> None:
            for rel in files:
                target = tmp / "files" / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(Path(root or ".") / rel, target)
            (tmp / VALUE).write_bytes(_pickled(value))

        self.shelf.store_folder(key, fill)


class ValueStore:
    """Per-item results of one step that are values only (no files), as rows of one SQLite file.

    Why not :class:`StepStore`: steps with thousands of small items (a verdict per judged unit,
    an answer per simulated request) paid a directory, a temporary folder and a rename per item;
    one file with one row per key costs a fraction of that both to fill and to read. A killed run
    loses only its uncommitted rows, which are recomputed next time (use the store as a context
    manager so the rows are committed).
    """

    def __init__(self, step: str, version: str, repo_root: Path | str = ".") -> None:
        self.rows = Rows(Shelf.of(f"{STEPS}/{step}", version, repo_root).folder)
        self.path = self.rows.path
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> Any | None:
        """The stored value, or None when absent."""
        value = self.rows.load(key, pickle.loads)
        if value is None:
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key`` (an existing row is kept: same key, same content)."""
        self.rows.store(key, _pickled(value))

    def close(self) -> None:
        """Commit what was put and close the file."""
        self.rows.close()

    def __enter__(self) -> ValueStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
