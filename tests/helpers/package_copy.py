"""A copy of the shipped package for the toy-family tests, and what a test changed in it."""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import scifigbench

PACKAGE = Path(scifigbench.__file__).parent


def copy_package(tmp_path: Path) -> Path:
    """The package copied to ``tmp_path/src/scifigbench`` (without bytecode); returns the copy."""
    package = tmp_path / "src" / "scifigbench"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    return package


def changed(a: Path, b: Path) -> tuple[list[str], list[str]]:
    """Files of ``b`` that differ from ``a`` and folders only ``b`` has (paths relative to ``b``)."""
    diff, added = [], []
    for cmp_dir in _walk(filecmp.dircmp(a, b, ignore=["__pycache__"])):
        rel = Path(cmp_dir.right).relative_to(b)
        diff += [str(rel / f) for f in cmp_dir.diff_files]
        added += [str(rel / f) for f in cmp_dir.right_only]
    return sorted(diff), sorted(added)


def _walk(d: filecmp.dircmp):
    yield d
    for sub in d.subdirs.values():
        yield from _walk(sub)
