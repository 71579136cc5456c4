#!/usr/bin/env python3
"""Drive headless Chromium over the DevTools protocol: open the report/explorer, run checks, screenshot.

Usage: python scripts/screenshot_report.py --docs          # every screenshot of docs/ from reports/ (after make repro)
       python scripts/screenshot_report.py [reports/index.html] [docs/report.png] [--height 4200]
       python scripts/screenshot_report.py reports/explorer.html docs/explorer.png --height 1400 --wait-ready \
           --fragment 'model=sim-weak&family=blur_active'
Needs Debian's chromium (apt-get install -y chromium) and websocket-client (a test dependency).
Networking features are switched off and a fresh profile is used for every run: the pages are
self-contained, so a page that needed the network would show broken images here.
"""

from __future__ import annotations

import argparse
import base64
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
         "--disable-backgrounding-occluded-windows", "--disable-ipc-flooding-protection",
         "--disable-component-update", "--disable-sync", "--disable-quic", "--hide-scrollbars",
         "--remote-debugging-port=0", "--remote-allow-origins=*", "about:blank"]


def find_chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


class Chromium:
    """One headless Chromium with one page, spoken to over the DevTools protocol (a websocket)."""

    def __init__(self, width: int = 1320, height: int = 1600, timeout: float = 60.0):
        import websocket  # websocket-client

        exe = find_chromium()
        if exe is None:
            raise FileNotFoundError("chromium not found (apt-get install -y chromium)")
        self.timeout = timeout
        # Chromium's helper processes may still write the profile for a moment after the browser
        # exits; what they leave behind is a temporary folder, never worth failing a test over
        self._profile = tempfile.TemporaryDirectory(prefix="scifig-chromium-", ignore_cleanup_errors=True)
        self.proc = subprocess.Popen([exe, *FLAGS, f"--user-data-dir={self._profile.name}", f"--window-size={width},{height}"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(self._profile.name) / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while not (port_file.is_file() and len(port_file.read_text().split()) >= 2):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("chromium did not open its DevTools port")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        targets = json.loads(_http_get(f"http://127.0.0.1:{port}/json/list"))
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=timeout)
        self._id = 0
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and return its result (events arriving meanwhile are dropped)."""
        self._id += 1
        self.ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self._id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    def open(self, url: str) -> None:
        """Navigate and wait for the load event."""
        self.call("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def eval(self, expression: str) -> Any:
        res = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in res:
            raise RuntimeError(f"{expression}: {res['exceptionDetails'].get('exception', {}).get('description')}")
        return res["result"].get("value")

    def wait_for(self, expression: str) -> None:
        deadline = time.monotonic() + self.timeout
        while not self.eval(expression):
            if time.monotonic() > deadline:
                raise TimeoutError(f"page never satisfied: {expression}")
            time.sleep(0.1)

    def screenshot(self, png: Path, full_page: bool = False) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.call("Page.getLayoutMetrics")["cssContentSize"]
            params.update(captureBeyondViewport=True,
                          clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1})
        data = self.call("Page.captureScreenshot", **params)["data"]
        png.parent.mkdir(parents=True, exist_ok=True)
        png.write_bytes(base64.b64decode(data))
        return png

    def close(self) -> None:
        if getattr(self, "ws", None) is not None:
            self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._profile.cleanup()

    def __enter__(self) -> "Chromium":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _http_get(url: str) -> str:
    from urllib.request import urlopen

    with urlopen(url, timeout=10) as resp:  # the local DevTools endpoint only
        return resp.read().decode()


# Every value link of the report (a table cell's <a> to the explorer) with the n it stands for: data-n on the
# link, or (a report written before links carried it) the "n=<count>" of the cell's hover text.
VALUE_LINKS_JS = """[...document.querySelectorAll('td a[href^="explorer.html#"]')].map(a => {
  const m = /(?:^|, )n=(\\d+)/.exec(a.closest('td').title || '');
  const n = a.dataset.n !== undefined ? Number(a.dataset.n) : (m ? Number(m[1]) : null);
  return [a.getAttribute('href').split('#')[1], n];
})"""
# Follow fragments in the open explorer, one after the other; the count shown for each: data-n on #count
# (figures with per=figure), or the "<n> of <total> units" text of an explorer that predates it.
# Each fragment goes in synchronously: replaceState sets the hash without queueing anything, and the
# hashchange event dispatched by hand runs the explorer's own listener (readHash, apply) before
# dispatchEvent returns. Chromium ignores URL changes beyond 200 in 10 s (its IPC flooding protection,
# switched off in FLAGS): a report has more value links than that, and a hash set through location.hash
# past the limit never fired its event (the check hung until the socket's timeout). The URL is checked
# after every change, so a browser that still drops one fails loudly instead of counting a stale filter.
FOLLOW_JS = """((fragments) => fragments.map((f) => {
  const before = location.href;
  history.replaceState(null, '', '#' + f);
  if (location.hash !== new URL('#' + f, before).hash) throw new Error('the browser ignored the URL change to #' + f);
  dispatchEvent(new HashChangeEvent('hashchange', {oldURL: before, newURL: location.href}));
  const c = document.getElementById('count');
  return c.dataset.n !== undefined ? Number(c.dataset.n) : Number(c.textContent.split(' ')[0]);
}))"""


LINK_BATCH = 25  # links followed per evaluation: each evaluation answers well within the socket's timeout


class LinkCheck(NamedTuple):
    fragment: str  # the explorer filters of the link (URL fragment)
    n: int | None  # what the report's value says it counts
    shown: int  # what the explorer counted on following the link

    @property
    def ok(self) -> bool:
        return self.n is not None and self.n == self.shown


def check_value_links(browser: Chromium, reports: Path) -> list[LinkCheck]:
    """Follow every value link of ``reports/index.html`` in the explorer; one check per link."""
    browser.open((reports / "index.html").resolve().as_uri())
    links = browser.eval(VALUE_LINKS_JS)
    browser.open((reports / "explorer.html").resolve().as_uri())
    browser.wait_for("document.body.dataset.ready === '1'")
    # in batches: one evaluation must answer within the browser's timeout, and every filter change
    # re-renders the explorer (the report has a few hundred links, more with each new table)
    fragments = [f for f, _ in links]
    shown = [
        n
        for i in range(0, len(fragments), LINK_BATCH)
        for n in browser.eval(f"{FOLLOW_JS}({json.dumps(fragments[i : i + LINK_BATCH])})")
    ]
    return [LinkCheck(f, n, s) for (f, n), s in zip(links, shown, strict=True)]


def screenshot(html: Path, png: Path, width: int = 1320, height: int = 4200, wait_ready: bool = False,
               fragment: str = "") -> Path:
    """Open ``html`` from the file system (with ``#fragment``, e.g. explorer filters) and save a screenshot."""
    with Chromium(width, height) as browser:
        browser.open(html.resolve().as_uri() + (f"#{fragment}" if fragment else ""))
        if wait_ready:  # the explorer marks <body data-ready> once its data is inflated and listed
            browser.wait_for("document.body.dataset.ready === '1'")
            browser.eval("Promise.all([...document.images].filter(i => !i.complete && i.getBoundingClientRect().top < innerHeight).map("
                         "i => new Promise(r => { i.onload = i.onerror = r; }))).then(() => true)")
        return browser.screenshot(png)


# The screenshots in docs/ (README.md, docs/metrics.md): (png, page, height, explorer fragment). The explorer
# views are what a reader checks a verdict with: a value link's units, a description's findings, a blur
# unit's expected answer against every model's, a caption-bias claim inside the caption the model saw.
DOCS_SHOTS = [
    ("report.png", "index.html", 4200, None),
    ("explorer.png", "explorer.html", 1300, "model=sim-weak&family=blur_active&category=inductance&status=counted"),
    ("explorer-description.png", "explorer.html", 1100,
     "model=sim-weak&family=description&condition=base&status=counted"),
    ("explorer-compare.png", "explorer.html", 900, "unit=syn_bar_058%2Findb%2Fblur_active"),
    ("explorer-caption.png", "explorer.html", 900,
     "model=sim-follower&family=caption_claim&category=trend&status=counted"),
]


def docs_screenshots(reports: Path, docs: Path) -> list[Path]:
    """Regenerate every screenshot of ``DOCS_SHOTS`` from the report folder."""
    return [
        screenshot(reports / page, docs / png, height=height, wait_ready=fragment is not None, fragment=fragment or "")
        for png, page, height, fragment in DOCS_SHOTS
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("html", nargs="?", default="reports/index.html", type=Path)
    ap.add_argument("png", nargs="?", default="docs/report.png", type=Path)
    ap.add_argument("--width", type=int, default=1320)
    ap.add_argument("--height", type=int, default=4200)
    ap.add_argument("--wait-ready", action="store_true", help="wait for the explorer to list its units")
    ap.add_argument("--fragment", default="", help="URL fragment, e.g. model=sim-weak&family=blur_active")
    ap.add_argument("--docs", action="store_true", help="regenerate every screenshot of docs/ from reports/")
    args = ap.parse_args()
    if args.docs:
        for png in docs_screenshots(Path("reports"), Path("docs")):
            print(png)
        return 0
    print(screenshot(args.html, args.png, args.width, args.height, args.wait_ready, args.fragment))
    return 0


if __name__ == "__main__":
    sys.exit(main())
