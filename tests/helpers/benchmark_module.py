"""Import a script of ``benchmarks/`` in a test: the scripts are no package (each runs as
``python benchmarks/NAME.py`` and imports its siblings by bare name), so the folder goes on the path
only while the module loads."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def benchmark_module(name: str) -> ModuleType:
    """The benchmark script ``benchmarks/<name>.py`` as a module."""
    sys.path.insert(0, str(BENCH))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH))
