"""Stamps of table contents that already passed their contract's great-expectations suite.

Why: a stage validates every table it reads, and nearly always that exact content was validated
a moment earlier by the stage that wrote it (or by the previous run). Importing
great-expectations and running a suite costs a stage seconds, more than the work of one added
figure. A stamp says "this content, with these foreign-key sets, passed this suite under this
contract code and GX version"; :func:`scifigbench.contracts.validate` skips only the GX suite
for a stamped content (conforming the dtypes and checking that path columns name existing files
always run, since those depend on more than the table's bytes).

Stamps are untracked cache state (one empty file per stamp under ``<cache dir>/validated/``):
deleting them costs time, never correctness. They are off unless a process enables a folder: the
``scifigbench`` command enables the repository's cache folder for the stage it runs; library
callers and tests validate in full every time unless they enable one themselves.
"""

from __future__ import annotations

from pathlib import Path

from scifigbench import paths

_folder: Path | None = None


def default_folder() -> Path:
    """``validated/`` in the cache directory ($SCIFIGBENCH_CACHE_DIR, else .scifigbench-cache)."""
    return paths.cache_root() / "validated"


def enable(folder: Path | str | None) -> None:
    """Keep and consult stamps in ``folder`` from now on in this process (None turns them off)."""
    global _folder
    _folder = None if folder is None else Path(folder)


def _stamp(key: str) -> Path | None:
    return None if _folder is None else _folder / key[:2] / key


def seen(key: str) -> bool:
    """Whether a content with this key passed its suite before (always False when stamps are off)."""
    stamp = _stamp(key)
    return stamp is not None and stamp.is_file()


def record(key: str) -> None:
    """Remember that the content with this key passed its suite (no-op when stamps are off).

    A stamp is an empty file, so writing it half is impossible; a failure to write one (a
    read-only cache) only means the next reader validates again.
    """
    stamp = _stamp(key)
    if stamp is None:
        return
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.touch()
    except OSError:
        pass
