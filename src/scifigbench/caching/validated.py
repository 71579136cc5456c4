"""Stamps of table contents that already passed their contract's great-expectations suite.

Why: a stage validates every table it reads, and nearly always that exact content was validated
a moment earlier by the stage that wrote it (or by the previous run). Importing
great-expectations and running a suite costs a stage seconds, more than the work of one added
figure. A stamp says "this content, with these foreign-key sets, passed this suite under this
contract code and GX version"; :func:`scifigbench.contracts.validate` skips only the GX suite
for a stamped content (conforming the dtypes and checking that path columns name existing files
always run, since those depend on more than the table's bytes).

Stamps are untracked cache state (one empty record per stamp on a :mod:`scifigbench.caching.shelf`
under ``<cache dir>/validated/``):
deleting them costs time, never correctness. They are off unless a process enables a folder: the
``scifigbench`` command enables the repository's cache folder for the stage it runs; library
callers and tests validate in full every time unless they enable one themselves.
"""

from __future__ import annotations

from pathlib import Path

from scifigbench import paths
from scifigbench.caching.shelf import Shelf

KIND = "validated"
_shelf: Shelf | None = None


def default_folder() -> Path:
    """``validated/`` in the cache directory ($SCIFIGBENCH_CACHE_DIR, else .scifigbench-cache)."""
    return paths.cache_root() / KIND


def enable(folder: Path | str | None) -> None:
    """Keep and consult stamps in ``folder`` from now on in this process (None turns them off)."""
    global _shelf
    _shelf = None if folder is None else Shelf(folder)


def seen(key: str) -> bool:
    """Whether a content with this key passed its suite before (always False when stamps are off)."""
    return _shelf is not None and _shelf.has(key)


def record(key: str) -> None:
    """Remember that the content with this key passed its suite (no-op when stamps are off).

    A stamp is an empty file, so writing it half is impossible; a failure to write one (a
    read-only cache) only means the next reader validates again.
    """
    if _shelf is None:
        return
    try:
        _shelf.store(key, b"")
    except OSError:
        pass
