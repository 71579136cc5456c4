#!/usr/bin/env python3
"""How fast the explorer opens from file://, and how big the report folder is (issue 25: under 2 s, 10 MB).

Opens reports/explorer.html in headless Chromium several times (fresh page each time), and prints the
time from navigation start until the explorer has inflated its units and listed the first page (the page
records it as ``data-ready-ms``), then the same for a value link (a filtered view) and for one unit across
all models, and the size of reports/. Run after `make repro`: python benchmarks/explorer_open.py [reports]
Prints times, never asserts them (machines differ; see CONTRIBUTING.md).
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from screenshot_report import Chromium, find_chromium  # noqa: E402

RUNS = 5


def open_ms(browser: Chromium, url: str) -> float:
    browser.open("about:blank")
    browser.open(url)
    browser.wait_for("document.body.dataset.ready === '1'")
    return float(browser.eval("Number(document.body.dataset.readyMs)"))


def main() -> int:
    reports = Path(sys.argv[1] if len(sys.argv) > 1 else "reports")
    size = sum(f.stat().st_size for f in reports.rglob("*") if f.is_file())
    units_js = reports / "explorer" / "units.js"
    print(
        f"reports/: {size / 1e6:.2f} MB in {sum(1 for f in reports.rglob('*') if f.is_file())} files "
        f"(explorer/units.js {units_js.stat().st_size / 1e6:.2f} MB, limit 10 MB)"
    )
    if find_chromium() is None:
        print("chromium not installed: no open times")
        return 0
    page = (reports / "explorer.html").resolve().as_uri()
    with Chromium() as browser:
        browser.open(page)
        browser.wait_for("document.body.dataset.ready === '1'")
        first = browser.eval("document.querySelector('#units .unit')?.dataset.unit")
        views = {
            "all units": page,
            "a value link": page + "#family=description&condition=base&status=counted",
            "one unit, all models": page + "#unit=" + quote(first, safe=""),
        }
        for name, url in views.items():
            times = [open_ms(browser, url) for _ in range(RUNS)]
            print(
                f"explorer open, {name}: median {statistics.median(times):.0f} ms "
                f"(min {min(times):.0f}, max {max(times):.0f}, {RUNS} runs; target < 2000 ms)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
