"""The cost ledger: one JSON line per run of a model's calls, summed across runs.

It lives next to the call cache (``<cache dir>/ledger.jsonl``: untracked by git and by dvc), so it
survives reruns that a tracked statistics file would overwrite: the money a first run spent is
still there after a second run answered everything from the cache. Appending a line is one small
write, so concurrent stages (one per model under ``dvc repro -j``) do not lose each other's lines.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from scifigbench.llm.run_stats import RunStats

LEDGER_FILE = "ledger.jsonl"
SUMMED = ("calls", "cache_hits", "retries", "errors", "prompt_tokens", "completion_tokens", "cost_usd")


def append(cache_dir: Path, stats: RunStats) -> Path:
    """Add one run's record to the ledger (created with its folder when missing)."""
    path = Path(cache_dir) / LEDGER_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps({"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **stats.to_json()}, sort_keys=True)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line + "\n")
    return path


def read(cache_dir: Path) -> list[dict[str, Any]]:
    """Every record, oldest first; a line that is not JSON is refused naming its number."""
    path = Path(cache_dir) / LEDGER_FILE
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{n}: not a JSON record ({exc.msg})") from None
    return out


def totals(records: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, float]]:
    """Sums of :data:`SUMMED` per (role, model), plus the number of runs."""
    out: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: dict.fromkeys(("runs", *SUMMED), 0))
    for rec in records:
        row = out[(str(rec.get("role", "respond")), str(rec.get("model")))]
        row["runs"] += 1
        for key in SUMMED:
            row[key] += rec.get(key) or 0
    return dict(out)
