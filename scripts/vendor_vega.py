#!/usr/bin/env python3
"""Write the offline page template of ``dvc plots show`` (src/scifigbench/report/dvc_plots/page.html).

Why: DVC's own page loads vega, vega-lite and vega-embed from a CDN, so ``dvc plots show`` draws
nothing on a machine without the network. This template inlines the three libraries at pinned
versions (every one BSD-3-Clause; their licence texts go to LICENSE-vega.txt beside it), and
.dvc/config names it (``plots.html_template``), so the page DVC writes is self-contained.

The tarballs come from the npm registry with ``npm pack`` and are checked against the integrity
hashes pinned here before anything is read from them. Rerun after changing a pin:

    python scripts/vendor_vega.py
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "src" / "scifigbench" / "report" / "dvc_plots"
# package -> (version, npm integrity of its tarball, the browser build inside it); the order is the load order
PINS = {
    "vega": (
        "5.33.1",
        "sha512-1fArfVDUqVbb5z8n+/nVQb+VNBzx8svY6CrsyTK4Ujm4yrd9I1auoKxBAPXLCavY1LcrbHUskQbGUP8gXOzyQw==",
        "package/build/vega.min.js",
    ),
    "vega-lite": (
        "5.23.0",
        "sha512-l4J6+AWE3DIjvovEoHl2LdtCUkfm4zs8Xxx7INwZEAv+XVb6kR6vIN1gt3t2gN2gs/y4DYTs/RPoTeYAuEg6mA==",
        "package/build/vega-lite.min.js",
    ),
    "vega-embed": (
        "6.29.0",
        "sha512-PmlshTLtLFLgWtF/b23T1OwX53AugJ9RZ3qPE2c01VFAbgt3/GSNI/etzA/GzdrkceXFma+FDHNXUppKuM0U6Q==",
        "package/build/vega-embed.min.js",
    ),
}
PLACEHOLDERS = ("{plot_divs}", "{scripts}", "{refresh_tag}")  # what DVC replaces in the template


def _tarball(name: str, version: str, integrity: str, into: Path) -> Path:
    out = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--pack-destination", str(into)],
        check=True,
        capture_output=True,
        text=True,
    )
    path = into / out.stdout.strip().splitlines()[-1]
    algo, want = integrity.split("-", 1)
    got = base64.b64encode(hashlib.new(algo, path.read_bytes()).digest()).decode()
    if got != want:
        raise SystemExit(f"{path.name}: {algo} {got} is not the pinned {want}")
    return path


def _member(tarball: Path, member: str) -> str:
    with tarfile.open(tarball) as tar:
        f = tar.extractfile(member)
        if f is None:
            raise SystemExit(f"{tarball.name}: no {member}")
        return f.read().decode("utf-8")


def _licence(tarball: Path, name: str) -> str:
    """The package's LICENSE text; vega's tarball has none (its package.json says BSD-3-Clause, the
    licence of its repository, whose text is vega-lite's with the same copyright holder)."""
    with tarfile.open(tarball) as tar:
        if "package/LICENSE" in tar.getnames():
            return _member(tarball, "package/LICENSE").strip()
    return (
        f"{name}: BSD-3-Clause (its package.json; the tarball carries no LICENSE file, the text is vega-lite's below)"
    )


def _script(name: str, js: str) -> str:
    """One inline script: the build without its source-map line, checked to be safe inside the page."""
    js = "\n".join(line for line in js.splitlines() if not line.startswith("//# sourceMappingURL="))
    if "</script" in js.lower() or any(p in js for p in PLACEHOLDERS):
        raise SystemExit(f"{name}: its build cannot be inlined as it is (a closing script tag or a DVC placeholder)")
    return f"<script>/* {name} {PINS[name][0]} (BSD-3-Clause, see LICENSE-vega.txt) */\n{js}\n</script>"


def main() -> None:
    scripts, licences = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (version, integrity, build) in PINS.items():
            tarball = _tarball(name, version, integrity, Path(tmp))
            scripts.append(_script(name, _member(tarball, build)))
            licences.append(f"{name} {version} ({integrity})\n\n{_licence(tarball, name)}\n")
    page = (
        '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n{refresh_tag}\n<title>scifigbench plots</title>\n'
        "<!-- written by scripts/vendor_vega.py: vega, vega-lite and vega-embed inlined,"
        " so the page needs no network -->\n"
        + "\n".join(scripts)
        + "\n<style>body { font-family: sans-serif; } table { border-spacing: 15px; }</style>\n</head>\n"
        "<body>\n{plot_divs}\n</body>\n</html>\n"
    )
    (OUT / "page.html").write_text(page)
    (OUT / "LICENSE-vega.txt").write_text(
        "The plots page template (page.html) inlines these builds from the npm registry. Their minified\n"
        "bundles keep the licence comments of the libraries they bundle (d3 modules: ISC; fast-json-patch,\n"
        "json-stringify-pretty-compact: MIT; semver: ISC).\n\n" + "\n\n".join(licences)
    )
    print(f"wrote {OUT / 'page.html'} ({len(page) / 1e6:.2f} MB) and {OUT / 'LICENSE-vega.txt'}")


if __name__ == "__main__":
    main()
