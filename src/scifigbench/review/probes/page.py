"""A static HTML page of proposed probes, so a person can check dozens at reading speed.

Each probe is one row: the figure, then its question (or biased caption), the expected outcome
and the fact it rests on (the set an absent sibling comes from, the printed value a premise
misquotes, the ticks a question reaches past, the claims with their reality), and the commands
that confirm or reject it. Images are copied beside the page (``<page>_files/``) and linked
relatively, so the folder can be copied or opened from anywhere.
"""

from __future__ import annotations

import html
import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scifigbench.tableio import atomic_write_text

MAX_W = 520  # pixels of the figure on the page


def facts(expected: dict[str, Any]) -> list[Any]:
    """What the probe rests on: its ``fact``, or each claim's with the claim and its reality."""
    if "claims" in expected:
        return [
            {"claim": c["claim"], "reality": c["reality"], "type": c["type"], "fact": c.get("fact")}
            for c in expected["claims"]
        ]
    return [expected.get("fact")]


def outcome(expected: dict[str, Any]) -> str:
    """The outcome a probe expects: the answer with its type and tolerance, or the behaviour."""
    if "answer" in expected:
        return f"answer: {expected['answer']!r} ({expected.get('answer_type')}; tolerance {expected.get('tolerance')})"
    return str(expected.get("expected_behavior") or expected.get("principle") or "")


def _row(probe: Any, image: str) -> str:
    e = html.escape
    expected = json.loads(probe.expected_json)
    fact = json.dumps(facts(expected), indent=1, ensure_ascii=False)
    pid = e(probe.probe_id)
    return (
        f'<tr id="{pid}"><td><img src="{e(image)}" alt="figure"></td>'
        f"<td><b>{pid}</b> <i>({e(str(probe.status))}, {e(str(probe.generator))})</i><br>"
        f"<p>{e(str(probe.text))}</p>expected: {e(outcome(expected))}<br>fact:<pre>{e(fact)}</pre>"
        f"<code>scifigbench review probes confirm {pid}</code><br>"
        f"<code>scifigbench review probes reject {pid} --note '...'</code></td></tr>"
    )


def write_page(probes: Iterable[Any], image_of: dict[str, Path], out: Path) -> int:
    """Write ``out`` (HTML) for ``probes`` (rows of the probes table, as attributes), each shown
    beside its figure (``image_of``: figure id -> image file); return the number of rows."""
    files = out.with_name(f"{out.stem}_files")
    files.mkdir(parents=True, exist_ok=True)
    rows = []
    for p in sorted(probes, key=lambda r: r.probe_id):
        src = image_of[p.figure_id]
        name = f"{p.figure_id}{src.suffix}"
        if not (files / name).exists():
            shutil.copyfile(src, files / name)
        rows.append(_row(p, f"{files.name}/{name}"))
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>Proposed probes</title><style>"
        "body{font-family:sans-serif;margin:1em}td{vertical-align:top;padding:6px;border-bottom:1px solid #ccc}"
        f"img{{max-width:{MAX_W}px}}pre{{background:#f3f3f3;white-space:pre-wrap;max-width:60em}}</style></head><body>"
        f"<h1>Proposed probes ({len(rows)})</h1><p>Each probe beside its figure, with the fact it rests on. "
        "A probe counts once confirmed; the decisions go to review/probes.csv and the probes stage "
        "applies them on its next run.</p><table>" + "".join(rows) + "</table></body></html>\n"
    )
    atomic_write_text(out, page)
    return len(rows)
