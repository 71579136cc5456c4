"""Send every setup to one model and collect exactly one row per setup.

Order of lookups for each setup: the journal of an interrupted run (reused verbatim), then the
content-addressed cache, then a real call. Calls run on an asyncio worker pool of the model's
concurrency behind a requests/tokens-per-minute limiter; failed attempts are retried with
exponential backoff and jitter (or the server's Retry-After) up to ``max_retries`` times. Every
finished row is journalled at once, so a killed run resumes without repeating a completed call;
a setup that keeps failing ends as an explicit error row, never as a missing one.

Simulated respondents are deterministic and in-process: they skip cache and journal and are
called directly.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from scifigbench.contracts import RESPONSES
from scifigbench.llm.backends import ChatBackend, make_backend
from scifigbench.llm.cache import CACHE_FILE, Answer, ResponseCache
from scifigbench.llm.config import Effective
from scifigbench.respond.journal import Journal
from scifigbench.llm.request import Request, SetupError, build_request
from scifigbench.llm.retrying import Attempts
from scifigbench.llm.run_stats import RunStats
from scifigbench.tableio import sha256_file, write_json, write_table

JOURNAL_FILE = "journal.sqlite"


def _row(eff: Effective, setup_id: str, key: str, **values: Any) -> dict[str, Any]:
    row = {
        "setup_id": setup_id, "model": eff.name, "model_id": eff.model.model_id, "backend": eff.model.backend,
        "request_hash": key, "text": None, "finish_reason": None, "prompt_tokens": None, "completion_tokens": None,
        "latency_s": None, "attempts": 0, "cached": False, "cost_usd": None, "error": None, "sim_trace": None,
    }
    row.update(values)
    return row


def _answer_row(eff: Effective, setup_id: str, key: str, ans: Answer, *, attempts: int, cached: bool) -> dict[str, Any]:
    cost = eff.model.price.cost(ans.prompt_tokens, ans.completion_tokens) if eff.model.price else None
    return _row(eff, setup_id, key, text=ans.text, finish_reason=ans.finish_reason, prompt_tokens=ans.prompt_tokens,
                completion_tokens=ans.completion_tokens, latency_s=ans.latency_s, attempts=attempts, cached=cached,
                cost_usd=cost)


def check_images(setups: pd.DataFrame, root: Path) -> None:
    """Every image must still have the hash the setups table recorded (a stale table would serve stale answers)."""
    seen: dict[str, str] = {}
    for sid, path, sha in zip(setups["setup_id"], setups["image_path"], setups["image_sha256"]):
        if path not in seen:
            full = root / str(path)
            if not full.is_file():
                raise SetupError(f"setup {sid}: image {full} does not exist")
            seen[path] = sha256_file(full)
        if seen[path] != sha:
            raise SetupError(f"setup {sid}: image {path} has sha256 {seen[path][:12]}…, the setups table says {sha[:12]}…; "
                             "rerun the setups stage")


class _Caller:
    """The asyncio part: a worker pool draining the pending requests."""

    def __init__(self, eff: Effective, backend: ChatBackend, cache: ResponseCache, journal: Journal,
                 stats: RunStats, bar: tqdm) -> None:
        self.eff, self.backend, self.cache, self.journal, self.stats, self.bar = eff, backend, cache, journal, stats, bar
        self.attempts = Attempts(eff, backend, stats)
        self.rows: dict[str, dict[str, Any]] = {}

    async def call(self, req: Request) -> dict[str, Any]:
        """All attempts for one request; returns its final row (answer or error)."""
        try:
            messages = req.materialize()
        except (SetupError, OSError) as exc:
            return _row(self.eff, req.setup_id, req.key, error=f"setup: {exc}")
        out = await self.attempts.run(messages)
        if out.failure is not None:
            n = out.attempts
            return _row(self.eff, req.setup_id, req.key, attempts=n,
                        error=f"{out.failure} (gave up after {n} attempt{'s' if n > 1 else ''})")
        comp = out.completion
        ans = Answer(comp.text, comp.finish_reason, comp.prompt_tokens, comp.completion_tokens, out.latency_s)
        self.cache.put(req.key, ans)
        return _answer_row(self.eff, req.setup_id, req.key, ans, attempts=out.attempts, cached=False)

    async def run(self, pending: dict[str, list[Request]]) -> dict[str, dict[str, Any]]:
        queue: asyncio.Queue[list[Request]] = asyncio.Queue()
        for group in pending.values():
            queue.put_nowait(group)

        async def worker() -> None:
            while True:
                try:
                    group = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                first = await self.call(group[0])
                # setups whose requests are identical share one call; the others count as cache hits
                for i, req in enumerate(group):
                    row = first if i == 0 else {**first, "setup_id": req.setup_id, "attempts": 0,
                                                "cached": first["error"] is None}
                    self.journal.append(row)
                    self.rows[req.setup_id] = row
                    self.stats.errors += row["error"] is not None
                    self.stats.cache_hits += bool(row["cached"])
                    self.bar.update(1)
                self.bar.set_postfix(retries=self.stats.retries, errors=self.stats.errors, refresh=False)

        n = max(1, min(self.eff.concurrency, len(pending)))
        try:
            await asyncio.gather(*(worker() for _ in range(n)))
        finally:
            await self.backend.close()
        return self.rows


def _progress(total: int, desc: str, *, initial: int = 0, enabled: bool = True) -> tqdm:
    return tqdm(total=total, initial=initial, desc=desc, unit="setup", file=sys.stderr, mininterval=0.5,
                dynamic_ncols=True, disable=not enabled)


def _write(rows: list[dict[str, Any]], stats: RunStats, out: Path, stats_out: Path) -> pd.DataFrame:
    table = write_table(pd.DataFrame(rows, columns=RESPONSES.column_names), out, "responses", root=None)
    write_json(stats_out, stats.to_json())
    return table


def run_http(eff: Effective, setups: pd.DataFrame, root: Path, cache_dir: Path, out: Path, stats_out: Path, *,
             retry_errors: bool = False, progress: bool = True) -> tuple[pd.DataFrame, RunStats]:
    """Responses of an HTTP model for every setup (journal, then cache, then calls), written to ``out``."""
    started = time.monotonic()
    stats = RunStats(eff.name, eff.model.backend, eff.model.model_id, setups=len(setups))
    check_images(setups, root)
    identity, gen = eff.model.identity(), eff.generation
    requests = [build_request(r, identity, eff.model.model_id, gen, root) for r in setups.to_dict("records")]
    cache = ResponseCache(cache_dir / CACHE_FILE)
    journal = Journal(cache_dir / JOURNAL_FILE, eff.name)
    try:
        journalled = journal.load(include_errors=not retry_errors)
        rows: dict[str, dict[str, Any]] = {}
        pending: dict[str, list[Request]] = {}
        for req in requests:
            old = journalled.get(req.setup_id)
            if old is not None and old["request_hash"] == req.key:
                rows[req.setup_id] = old
                stats.resumed += 1
                stats.errors += old["error"] is not None
                continue
            ans = cache.get(req.key)
            if ans is not None:
                rows[req.setup_id] = _answer_row(eff, req.setup_id, req.key, ans, attempts=0, cached=True)
                stats.cache_hits += 1
                continue
            pending.setdefault(req.key, []).append(req)
        if pending:
            backend = make_backend(eff.model, gen, eff.timeout_s)
            backend.open()
            with _progress(len(requests), f"respond {eff.name}", initial=len(rows), enabled=progress) as bar:
                caller = _Caller(eff, backend, cache, journal, stats, bar)
                calling = time.monotonic()
                rows.update(asyncio.run(caller.run(pending)))
                stats.call_s = time.monotonic() - calling
        stats.wall_s = time.monotonic() - started
        table = _write([rows[r.setup_id] for r in requests], stats, out, stats_out)
        journal.clear()  # only now: the table holds every row the journal was keeping safe
    finally:
        cache.close()
        journal.close()
    return table, stats


def run_simulated(eff: Effective, setups: pd.DataFrame, root: Path, out: Path, stats_out: Path, *,
                  progress: bool = True) -> tuple[pd.DataFrame, RunStats]:
    """Responses of a simulated respondent: deterministic, in-process, no cache or journal.

    Latency is left empty so that the table depends on nothing but (seed, model, setup).
    """
    from scifigbench.simulated import respondent as simulated

    started = time.monotonic()
    context: dict[str, Any] = {"root": root, "profile_overrides": dict(eff.model.profile_overrides or {})}
    seen = simulated.figures_with_spec(context)
    skipped = setups[~setups["figure_id"].isin(seen)]
    if len(skipped):
        print(f"respond {eff.name}: skipped {len(skipped)} setup(s) on {skipped['figure_id'].nunique()} figure(s) "
              "without a spec: a simulated respondent reads the ground-truth spec, so real figures need a real model",
              file=sys.stderr)
        setups = setups[setups["figure_id"].isin(seen)]
    stats = RunStats(eff.name, "simulated", eff.model.model_id, setups=len(setups))
    identity, gen = eff.model.identity(), eff.generation
    rows = []
    for rec in tqdm(setups.to_dict("records"), desc=f"respond {eff.name}", unit="setup", file=sys.stderr,
                    mininterval=0.5, disable=not progress):
        key = build_request(rec, identity, eff.model.model_id, gen, root).key
        text, trace = simulated.respond(rec, str(eff.model.profile), eff.name, eff.seed, context)
        rows.append(_row(eff, rec["setup_id"], key, text=text, finish_reason="stop", attempts=1, cost_usd=0.0,
                         sim_trace=json.dumps(trace, sort_keys=True)))
    stats.calls = len(rows)
    stats.wall_s = time.monotonic() - started
    return _write(rows, stats, out, stats_out), stats


def respond(eff: Effective, setups: pd.DataFrame, root: Path, cache_dir: Path, out: Path, stats_out: Path, *,
            retry_errors: bool = False, progress: bool = True) -> tuple[pd.DataFrame, RunStats]:
    """Run one model over the setups and write its responses table and run statistics."""
    if eff.model.backend == "simulated":
        return run_simulated(eff, setups, root, out, stats_out, progress=progress)
    return run_http(eff, setups, root, cache_dir, out, stats_out, retry_errors=retry_errors, progress=progress)
