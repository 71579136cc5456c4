"""The cost ledger: JSON lines recording what each run of a model's calls did, summed across runs.

It lives next to the call cache (``<cache dir>/ledger.jsonl``: untracked by git and by dvc), so it
survives reruns that a tracked statistics file would overwrite: the money a first run spent is
still there after a second run answered everything from the cache. Appending a line is one small
write, so concurrent stages (one per model on ``dvc queue start -j`` workers) do not lose each other's lines.

A run writes a snapshot of its statistics after every batch of calls (:class:`RunLedger`) and a
last one, marked ``final``, when it ends — also when it is stopped by SIGTERM — so a run killed
outright is still counted up to its last batch. Snapshots of one run share its ``run`` id and are
cumulative: the sums take the latest line of each run.
"""

from __future__ import annotations

import json
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

from scifigbench.llm.run_stats import RunStats

LEDGER_FILE = "ledger.jsonl"
SUMMED = ("calls", "cache_hits", "retries", "errors", "prompt_tokens", "completion_tokens", "cost_usd")
BATCH_CALLS = 32  # a snapshot after this many calls since the last one ...
BATCH_S = 5.0  # ... or after this many seconds with calls not yet written


def append(cache_dir: Path, stats: RunStats, *, run: str | None = None, final: bool = True) -> Path:
    """Add a record of ``stats`` to the ledger (created with its folder when missing)."""
    path = Path(cache_dir) / LEDGER_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    record = {"at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "run": run, "final": final, **stats.to_json()}
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record, sort_keys=True) + "\n")
    return path


class RunLedger:
    """The ledger lines of one run: a snapshot per batch of calls (:meth:`batch_done`), a final one at the end."""

    def __init__(self, cache_dir: Path, stats: RunStats) -> None:
        self.cache_dir, self.stats = Path(cache_dir), stats
        self.run_id = uuid.uuid4().hex[:16]
        self._written_calls = 0
        self._written_at = time.monotonic()

    def batch_done(self) -> None:
        """Write a snapshot when a batch of calls is not in the ledger yet; cheap to call after every request."""
        new = self.stats.calls - self._written_calls
        if new >= BATCH_CALLS or (new > 0 and time.monotonic() - self._written_at >= BATCH_S):
            self._write(final=False)

    def close(self) -> None:
        """The run's last line (whatever ended it)."""
        self._write(final=True)

    def _write(self, *, final: bool) -> None:
        append(self.cache_dir, self.stats, run=self.run_id, final=final)
        self._written_calls, self._written_at = self.stats.calls, time.monotonic()


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


def latest_per_run(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last snapshot of each run (a record without a run id is a run of its own), in order of first line."""
    runs: dict[object, dict[str, Any]] = {}
    for n, rec in enumerate(records):
        runs[rec.get("run") or n] = rec
    return list(runs.values())


def totals(records: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, float | None]]:
    """Sums of :data:`SUMMED` per (role, model) over each run's latest line, plus the number of runs.

    The cost is the sum over the runs that had a price; ``unpriced_runs`` counts the others. Why
    not unknown as soon as one run is: one run without a price hid what every earlier priced run
    of the model had cost. Only a model none of whose runs had a price has an unknown (None) cost.
    """
    out: dict[tuple[str, str], dict[str, float | None]] = defaultdict(
        lambda: dict.fromkeys(("runs", *SUMMED, "unpriced_runs"), 0)
    )
    for rec in latest_per_run(records):
        row = out[(str(rec.get("role", "respond")), str(rec.get("model")))]
        row["runs"] = (row["runs"] or 0) + 1
        for key in SUMMED:
            value = rec.get(key, 0) if key == "cost_usd" else rec.get(key) or 0
            if value is None:
                row["unpriced_runs"] = (row["unpriced_runs"] or 0) + 1
            else:
                row[key] = (row[key] or 0) + value
    for row in out.values():
        if row["unpriced_runs"] == row["runs"]:
            row["cost_usd"] = None
    return dict(out)
