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
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from scifigbench.models.backends import CallFailed, ChatBackend, Completion, make_backend
from scifigbench.models.cache import Answer, ResponseCache
from scifigbench.models.config import Effective
from scifigbench.models.journal import Journal
from scifigbench.models.ratelimit import RateLimiter
from scifigbench.models.request import Request, SetupError, build_request
from scifigbench.tableio import sha256_file, write_json, write_table

CACHE_FILE = "responses.sqlite"
JOURNAL_FILE = "journal.sqlite"
IMAGE_TOKEN_ESTIMATE = 1000  # a rough per-image prompt cost for the tokens-per-minute reservation


@dataclass
class RunStats:
    """What one invocation cost; written next to the table as ``<model>.stats.json``."""

    model: str
    backend: str
    model_id: str
    setups: int = 0
    calls: int = 0            # HTTP attempts actually sent in this run
    cache_hits: int = 0
    resumed: int = 0          # rows taken from the journal of an interrupted run
    retries: int = 0
    errors: int = 0           # setups that ended as error rows
    failed_attempts: dict[str, int] = field(default_factory=dict)
    prompt_tokens: int = 0    # tokens of the calls sent in this run
    completion_tokens: int = 0
    cost_usd: float = 0.0     # spent in this run
    wall_s: float = 0.0       # the whole stage
    call_s: float = 0.0       # the calling phase alone (throughput = calls / call_s)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["requests_per_s"] = round(self.calls / self.call_s, 3) if self.call_s > 0 else None
        out["wall_s"] = round(self.wall_s, 3)
        out["call_s"] = round(self.call_s, 3)
        out["cost_usd"] = round(self.cost_usd, 6)
        return out


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


def backoff_delay(attempt: int, failure: CallFailed, eff: Effective, rng: random.Random) -> float:
    """Seconds to wait before attempt ``attempt + 1``: Retry-After if given, else jittered doubling."""
    if failure.retry_after is not None:
        wait = min(failure.retry_after, eff.retry_after_max_s)
        return wait + rng.uniform(0, 0.1 * wait + 0.01)
    ceiling = min(eff.backoff_max_s, eff.backoff_base_s * 2 ** (attempt - 1))
    return rng.uniform(ceiling / 2, ceiling)


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
        self.limiter = RateLimiter(eff.requests_per_minute, eff.tokens_per_minute)
        self.rng = random.Random()  # jitter only spreads retries; it needs no reproducibility
        self.rows: dict[str, dict[str, Any]] = {}

    def _estimate(self, req: Request) -> float:
        """Tokens to reserve before the call: ~4 characters per token, a flat image cost, the full output budget."""
        chars = 0
        for msg in req.messages:
            parts = msg["content"] if isinstance(msg["content"], list) else [{"text": msg["content"]}]
            chars += sum(len(p.get("text", "")) for p in parts)
        return chars / 4 + IMAGE_TOKEN_ESTIMATE + int(self.eff.generation.get("max_tokens", 0))

    async def _attempt(self, messages: list[dict[str, Any]]) -> Completion:
        try:
            return await asyncio.wait_for(self.backend.complete(messages), timeout=self.eff.timeout_s)
        except asyncio.TimeoutError:
            raise CallFailed("timeout", f"no reply within {self.eff.timeout_s:g} s", retryable=True) from None

    async def call(self, req: Request) -> dict[str, Any]:
        """All attempts for one request; returns its final row (answer or error)."""
        eff, stats = self.eff, self.stats
        try:
            messages = req.materialize()
        except (SetupError, OSError) as exc:
            return _row(eff, req.setup_id, req.key, error=f"setup: {exc}")
        reserve = self._estimate(req)
        last = eff.max_retries + 1
        for attempt in range(1, last + 1):
            await self.limiter.acquire(reserve)
            stats.calls += 1
            start = time.monotonic()
            try:
                comp = await self._attempt(messages)
            except CallFailed as failure:
                self.limiter.settle(reserve, reserve)
                stats.failed_attempts[failure.kind] = stats.failed_attempts.get(failure.kind, 0) + 1
                if not failure.retryable or attempt == last:
                    return _row(eff, req.setup_id, req.key, attempts=attempt,
                                error=f"{failure} (gave up after {attempt} attempt{'s' if attempt > 1 else ''})")
                delay = backoff_delay(attempt, failure, eff, self.rng)
                if failure.retry_after is not None:
                    self.limiter.pause(delay)
                stats.retries += 1
                await asyncio.sleep(delay)
                continue
            latency = time.monotonic() - start
            used = (comp.prompt_tokens or 0) + (comp.completion_tokens or 0)
            self.limiter.settle(reserve, used if used else reserve)
            ans = Answer(comp.text, comp.finish_reason, comp.prompt_tokens, comp.completion_tokens, round(latency, 4))
            self.cache.put(req.key, ans)
            stats.prompt_tokens += comp.prompt_tokens or 0
            stats.completion_tokens += comp.completion_tokens or 0
            row = _answer_row(eff, req.setup_id, req.key, ans, attempts=attempt, cached=False)
            stats.cost_usd += row["cost_usd"] or 0.0
            return row
        raise AssertionError("unreachable: the last attempt returns")

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


def _write(table: pd.DataFrame, stats: RunStats, out: Path, stats_out: Path) -> pd.DataFrame:
    table = write_table(table, out, "responses", root=None)
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
        table = _write(pd.DataFrame([rows[r.setup_id] for r in requests]), stats, out, stats_out)
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
    from scifigbench.models import simulated

    started = time.monotonic()
    stats = RunStats(eff.name, "simulated", eff.model.model_id, setups=len(setups))
    identity, gen = eff.model.identity(), eff.generation
    context: dict[str, Any] = {"root": root, "profile_overrides": dict(eff.model.profile_overrides or {})}
    rows = []
    for rec in tqdm(setups.to_dict("records"), desc=f"respond {eff.name}", unit="setup", file=sys.stderr,
                    mininterval=0.5, disable=not progress):
        key = build_request(rec, identity, eff.model.model_id, gen, root).key
        text, trace = simulated.respond(rec, str(eff.model.profile), eff.name, eff.seed, context)
        rows.append(_row(eff, rec["setup_id"], key, text=text, finish_reason="stop", attempts=1, cost_usd=0.0,
                         sim_trace=json.dumps(trace, sort_keys=True)))
    stats.calls = len(rows)
    stats.wall_s = time.monotonic() - started
    return _write(pd.DataFrame(rows), stats, out, stats_out), stats


def respond(eff: Effective, setups: pd.DataFrame, root: Path, cache_dir: Path, out: Path, stats_out: Path, *,
            retry_errors: bool = False, progress: bool = True) -> tuple[pd.DataFrame, RunStats]:
    """Run one model over the setups and write its responses table and run statistics."""
    if eff.model.backend == "simulated":
        return run_simulated(eff, setups, root, out, stats_out, progress=progress)
    return run_http(eff, setups, root, cache_dir, out, stats_out, retry_errors=retry_errors, progress=progress)
