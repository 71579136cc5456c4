"""scripts/screenshot_report.py as a module for tests: the headless Chromium driver and the value-link check."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def screenshot_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshot_report", REPO / "scripts" / "screenshot_report.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
