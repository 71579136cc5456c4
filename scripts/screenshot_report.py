#!/usr/bin/env python3
"""Render reports/index.html in headless Chromium and save a PNG (to check that the report renders).

Usage: python scripts/screenshot_report.py [reports/index.html] [docs/report.png] [--height 4200]
Needs Debian's chromium (apt-get install -y chromium). Networking features are switched off: the
report is self-contained, so a page that needed the network would show broken images here.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def find_chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def screenshot(html: Path, png: Path, width: int = 1320, height: int = 4200, timeout: float = 90.0) -> Path:
    exe = find_chromium()
    if exe is None:
        raise FileNotFoundError("chromium not found (apt-get install -y chromium)")
    png.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        cmd = [exe, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
               f"--screenshot={png.resolve()}", html.resolve().as_uri()]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0 or not png.is_file():
        raise RuntimeError(f"chromium failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return png


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", nargs="?", default="reports/index.html", type=Path)
    ap.add_argument("png", nargs="?", default="docs/report.png", type=Path)
    ap.add_argument("--width", type=int, default=1320)
    ap.add_argument("--height", type=int, default=4200)
    args = ap.parse_args()
    print(screenshot(args.html, args.png, args.width, args.height))
    return 0


if __name__ == "__main__":
    sys.exit(main())
