"""The run stamp: commit, dirty flag and date of the report's rendering, kept out of every hash.

A fresh clone's ``make repro`` must reproduce ``dvc.lock`` and ``metrics/`` byte for byte, so the
three facts that differ between two honest runs of the same inputs cannot live in the report's
pages (a DVC output hashed in dvc.lock) or in ``metrics/``. The report stage writes them to
``reports/stamp.js``, which ``.dvcignore`` hides from DVC (not hashed, not cached) and git ignores
with the rest of ``reports/``. The pages load it with a ``<script>`` and fill the header's
commit/dirty/date fields; without it (a report checked out from the DVC cache) they say so.

The stamp carries the params hash of the header it was written beside, so a page whose stamp
belongs to another run (a report restored from the run cache next to an old stamp) shows the
stamp as stale instead of vouching for it.
"""

from __future__ import annotations

import datetime as dt
import json
import subprocess
from pathlib import Path
from typing import Any

STAMP_FILE = "stamp.js"
STAMP_GLOBAL = "SCIFIGBENCH_STAMP"
# Files the pipeline itself rewrites: a run that only changed these is not a dirty checkout.
PIPELINE_WRITTEN = ("dvc.lock", "metrics")


def _git(root: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def git_state(root: Path) -> dict[str, Any]:
    """Commit of ``root``'s checkout and whether a tracked file other than the pipeline's own
    outputs (dvc.lock, metrics/) differs from it; both None outside a git checkout."""
    commit = _git(root, "rev-parse", "HEAD")
    if commit is None:
        return {"commit": None, "dirty": None}
    excludes = [f":(exclude){p}" for p in PIPELINE_WRITTEN]
    status = _git(root, "status", "--porcelain", "--untracked-files=no", "--", ".", *excludes)
    return {"commit": commit.strip(), "dirty": None if status is None else bool(status.strip())}


def stamp(root: Path, params_sha256: str | None, now: dt.datetime | None = None) -> dict[str, Any]:
    """The stamp record: git state, UTC date-time of rendering, and the params hash it belongs to."""
    when = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    return {**git_state(root), "date": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "params_sha256": params_sha256}


def stamp_js(record: dict[str, Any]) -> str:
    """The stamp as a script setting one global the pages read (works from file://, unlike fetch)."""
    return f"window.{STAMP_GLOBAL} = {json.dumps(record, sort_keys=True)};\n"
