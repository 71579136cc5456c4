"""A test input built once per test run and shared by every xdist worker.

Why: a session fixture is per process, so with two workers each one rendered the same tiny corpus,
and two modules ran the same conditions pass on the same fixture figures. The build is
deterministic, so the first worker to need it builds it under an exclusive lock in the folder the
workers share (the parent of each worker's basetemp, as the validated stamps use) and the others
wait and take it. A build that fails leaves no marker, so the next one starts again from nothing.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every xdist worker of this test run sees: the parent of the workers' basetemps
    (the basetemp itself without xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], object]) -> Path:
    """The folder ``build`` filled for ``name`` in this test run; only the first caller runs it."""
    shared = shared_folder(tmp_path_factory)
    root, done = shared / f"built-once-{name}", shared / f"built-once-{name}.done"
    with open(shared / f"built-once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir()
            build(root)
            done.touch()
    return root


def copy_of(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], object]) -> Path:
    """A private copy of the shared build (for a module that changes what it is given)."""
    dst = tmp_path_factory.mktemp(name)
    shutil.copytree(built_once(tmp_path_factory, name, build), dst, dirs_exist_ok=True)
    return dst
