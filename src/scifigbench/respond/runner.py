"""Send every setup to one model and collect exactly one row per setup.

Order of lookups for each setup: the journal of an interrupted run (reused verbatim), then the
content-addressed cache, then a real call. Calls run on an asyncio worker pool whose attempts go
through :class:`~scifigbench.llm.retrying.Attempts` (rate limits, adaptive concurrency, retries,
fail-fast). Every finished row that the server decided is journalled at once, so a killed run
resumes without repeating a completed call; a setup that keeps failing ends as an explicit error
row, never as a missing one, and a worker's own exception ends only its row.

The run stops without touching the previous table when the configuration cannot work (a few
identical 401/402/403/404/connect failures, or identical 400s before any success) or when more
rows than ``run.max_error_share`` failed.

Simulated respondents are deterministic and in-process: they skip cache and journal. Their
answers are reused per request from a one-file value store, keyed by the setup row, a hash of
everything the respondent reads about the figure, the profile, model name, seed and the code
version of the respondents, so adding one figure computes only that figure's answers.
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

from scifigbench.caching.keys import code_version, content_key
from scifigbench.caching.stepstore import ValueStore
from scifigbench.contracts import RESPONSES
from scifigbench.llm import ledger
from scifigbench.llm.aborted import RunAborted
from scifigbench.llm.backends import ChatBackend, make_backend
from scifigbench.llm.cache import CACHE_FILE, POOLS_DIR, Answer, ResponseCache
from scifigbench.llm.config import Effective
from scifigbench.llm.request import Request, SetupError, build_request
from scifigbench.llm.retrying import Attempts
from scifigbench.llm.run_stats import RunStats
from scifigbench.respond.journal import Journal
from scifigbench.tableio import sha256_file, write_json, write_table

JOURNAL_FILE = "journal.sqlite"
WORKERS_PER_SLOT = 2


class TooManyErrors(RunAborted):
    """More rows failed than ``run.max_error_share`` allows: the table is not replaced."""


def _row(eff: Effective, setup_id: str, key: str, **values: Any) -> dict[str, Any]:
    row = {
        "setup_id": setup_id,
        "model": eff.name,
        "model_id": eff.model.model_id,
        "backend": eff.model.backend,
        "request_hash": key,
        "text": None,
        "finish_reason": None,
        "prompt_tokens": None,
        "completion_tokens": None,
        "cost_usd": None,
        "error": None,
        "sim_trace": None,
    }
    row.update(values)
    return row


def _answer_row(eff: Effective, setup_id: str, key: str, ans: Answer) -> dict[str, Any]:
    """The row of an answer: the same bytes whether it was just obtained or read from the cache."""
    cost = eff.model.price.cost(ans.prompt_tokens, ans.completion_tokens) if eff.model.price else None
    return _row(
        eff,
        setup_id,
        key,
        text=ans.text,
        finish_reason=ans.finish_reason,
        prompt_tokens=ans.prompt_tokens,
        completion_tokens=ans.completion_tokens,
        cost_usd=cost,
    )


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
            raise SetupError(
                f"setup {sid}: image {path} has sha256 {seen[path][:12]}…, the setups table says {sha[:12]}…; "
                "rerun the setups stage"
            )


class _Caller:
    """The asyncio part: a worker pool draining the pending requests."""

    def __init__(
        self,
        eff: Effective,
        backend: ChatBackend,
        cache: ResponseCache,
        journal: Journal,
        run_ledger: ledger.RunLedger,
        bar: tqdm,
        pools: Path | None = None,
    ) -> None:
        self.eff = eff
        self.pools = pools  # the rate-limit pools' token files (limits shared per account and across processes)
        self.backend = backend
        self.cache = cache
        self.journal = journal
        self.ledger = run_ledger
        self.stats = run_ledger.stats
        self.bar = bar
        self.rows: dict[str, dict[str, Any]] = {}

    async def call(self, attempts: Attempts, req: Request) -> tuple[dict[str, Any], bool]:
        """All attempts for one request: its final row and whether the server decided it (journal it)."""
        try:
            messages = req.materialize()
            out = await attempts.run(messages)
        except (RunAborted, asyncio.CancelledError):
            raise
        except Exception as exc:  # a bug or a local failure ends this row, not the run; retried on resume
            error = self.backend.scrub(f"local: {type(exc).__name__}: {exc}")
            return _row(self.eff, req.setup_id, req.key, error=error), False
        if out.failure is not None:
            n = out.attempts
            row = _row(
                self.eff,
                req.setup_id,
                req.key,
                error=f"{out.failure} (gave up after {n} attempt{'s' if n > 1 else ''})",
            )
            return row, out.failure.from_server and not attempts.watch.blames_config(out.failure)
        comp = out.completion
        ans = Answer(comp.text, comp.finish_reason, comp.prompt_tokens, comp.completion_tokens, out.latency_s)
        self.cache.put(req.key, ans)
        return _answer_row(self.eff, req.setup_id, req.key, ans), True

    async def run(self, pending: dict[str, list[Request]]) -> dict[str, dict[str, Any]]:
        """Drain ``pending`` with the workers; close the client only once every worker has stopped.

        When a worker fails (the run cannot work, or a bug outside a row), no new request starts;
        requests already on the wire may finish (bounded by the timeout) and are journalled, then
        the remaining workers are cancelled and the failure is raised.
        """
        attempts = Attempts(self.eff, self.backend, self.stats, self.pools)
        queue: asyncio.Queue[list[Request]] = asyncio.Queue()
        # by image, so the requests on the wire at once share few images and each image is read,
        # checked against its hash and encoded once (the encodings are cached for a few images only);
        # a setups table ordered by task would otherwise read every image once per task
        for group in sorted(pending.values(), key=lambda g: str(g[0].image_path)):
            queue.put_nowait(group)

        stopping = False

        async def worker() -> None:
            while not queue.empty() and not stopping:
                group = queue.get_nowait()
                first, keep = await self.call(attempts, group[0])
                # setups whose requests are identical share one call; the others count as cache hits
                for i, req in enumerate(group):
                    row = first if i == 0 else {**first, "setup_id": req.setup_id}
                    if keep:
                        self.journal.append(row)
                    self.rows[req.setup_id] = row
                    self.stats.errors += row["error"] is not None
                    self.stats.cache_hits += i > 0 and row["error"] is None
                    self.bar.update(1)
                self.ledger.batch_done()  # a killed run is still counted up to its last batch
                self.bar.set_postfix(
                    retries=self.stats.retries,
                    errors=self.stats.errors,
                    concurrency=attempts.slots.limit,
                    refresh=False,
                )

        # twice as many workers as slots: a worker waiting out a Retry-After holds no slot, and
        # another takes it, so a few 429s do not idle the configured concurrency
        n = max(1, min(WORKERS_PER_SLOT * self.eff.concurrency, len(pending)))
        tasks = [asyncio.create_task(worker()) for _ in range(n)]
        try:
            done, running = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            failed = next((t.exception() for t in done if t.exception() is not None), None)
            if failed is not None:
                # no new request starts; those already on the wire may finish and be journalled,
                # since the server is producing (and billing) their answers anyway
                stopping = True
                if running:
                    await asyncio.wait(running, timeout=self.eff.timeout_s)
                raise failed
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)  # every worker has stopped ...
            await self.backend.close()  # ... before the client goes
        return self.rows


def _progress(total: int, desc: str, *, initial: int = 0, enabled: bool = True) -> tqdm:
    return tqdm(
        total=total,
        initial=initial,
        desc=desc,
        unit="setup",
        file=sys.stderr,
        mininterval=0.5,
        dynamic_ncols=True,
        disable=not enabled,
    )


def content_stats(table: pd.DataFrame, eff: Effective) -> dict[str, Any]:
    """What the answers in the table hold and cost (tokens kept with each answer), not how this run got them."""
    answered = table["error"].isna()
    cost = (
        None
        if eff.model.price is None and eff.model.backend != "simulated"
        else round(float(table["cost_usd"].fillna(0).sum()), 6)
    )
    return {
        "model": eff.name,
        "backend": eff.model.backend,
        "model_id": eff.model.model_id,
        "setups": int(len(table)),
        "answered": int(answered.sum()),
        "errors": int((~answered).sum()),
        "prompt_tokens": int(table["prompt_tokens"].fillna(0).sum()),
        "completion_tokens": int(table["completion_tokens"].fillna(0).sum()),
        "cost_usd": cost,
    }


def _write(
    rows: list[dict[str, Any]], eff: Effective, out: Path, stats_out: Path, setup_ids: pd.Series
) -> pd.DataFrame:
    """Validate (every row answers a setup of the table, as the judge checks when it reads) and write."""
    table = write_table(
        pd.DataFrame(rows, columns=RESPONSES.column_names), out, "responses", refs={"setups": setup_ids}, root=None
    )
    write_json(stats_out, content_stats(table, eff))
    return table


def check_error_share(eff: Effective, rows: list[dict[str, Any]]) -> None:
    """Refuse to publish a table with more failed rows than ``run.max_error_share`` allows."""
    failed = [r for r in rows if r["error"] is not None]
    if eff.max_error_share is None or not rows or len(failed) <= eff.max_error_share * len(rows):
        return
    sample = "; ".join(f"{r['setup_id']}: {r['error'][:160]}" for r in failed[:3])
    raise TooManyErrors(
        f"model {eff.name}: {len(failed)} of {len(rows)} setups failed, more than run.max_error_share "
        f"= {eff.max_error_share:g} allows; the previous table is kept. First failures: {sample}. "
        "Fix the cause and rerun (add --retry-errors to call the failed setups again)."
    )


def run_http(
    eff: Effective,
    setups: pd.DataFrame,
    root: Path,
    cache_dir: Path,
    out: Path,
    stats_out: Path,
    *,
    retry_errors: bool = False,
    progress: bool = True,
) -> tuple[pd.DataFrame, RunStats]:
    """Responses of an HTTP model for every setup (journal, then cache, then calls), written to ``out``."""
    started = time.monotonic()
    stats = RunStats.start(eff, setups=len(setups))
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
                rows[req.setup_id] = {c: old.get(c) for c in RESPONSES.column_names}
                stats.resumed += 1
                stats.errors += old["error"] is not None
                continue
            ans = cache.get(req.key)
            if ans is not None:
                rows[req.setup_id] = _answer_row(eff, req.setup_id, req.key, ans)
                stats.cache_hits += 1
                continue
            pending.setdefault(req.key, []).append(req)
        if pending:
            backend = make_backend(eff.model, gen, eff.timeout_s)
            backend.open()
            run_ledger = ledger.RunLedger(cache_dir, stats)
            with _progress(len(requests), f"respond {eff.name}", initial=len(rows), enabled=progress) as bar:
                caller = _Caller(eff, backend, cache, journal, run_ledger, bar, cache_dir / POOLS_DIR)
                calling = time.monotonic()
                try:
                    rows.update(asyncio.run(caller.run(pending)))
                finally:
                    stats.call_s = time.monotonic() - calling
                    stats.wall_s = time.monotonic() - started
                    run_ledger.close()  # what was spent, even when the run stops (or is terminated)
        ordered = [rows[r.setup_id] for r in requests]
        check_error_share(eff, ordered)
        stats.wall_s = time.monotonic() - started
        table = _write(ordered, eff, out, stats_out, setups["setup_id"])
        journal.clear()  # only now: the table holds every row the journal was keeping safe
        if not pending:
            ledger.append(cache_dir, stats)
    finally:
        cache.close()
        journal.close()
    return table, stats


def simulated_store(root: Path) -> ValueStore:
    """Simulated answers by request content; the version covers the respondents' code and what it uses."""
    return ValueStore("respond-sim", code_version("scifigbench.families.respondent"), root)


class SimulatedAnswers:
    """A simulated respondent's answers by setup row, reused from :func:`simulated_store`.

    The respond stage and ``plan`` (which needs the answers a judge will read before they are
    written) compute them the same way. Use as a context manager: the store is one file.
    """

    def __init__(self, eff: Effective, root: Path) -> None:
        from scifigbench.families import respondent as simulated

        self._eff, self._respond = eff, simulated.respond
        self.context: dict[str, Any] = {"root": root, "profile_overrides": dict(eff.model.profile_overrides or {})}
        self.with_spec = simulated.figures_with_spec(self.context)  # the figures it can answer
        self._digests = simulated.figure_digests(self.context)
        self._who = {
            "profile": str(eff.model.profile),
            "overrides": self.context["profile_overrides"],
            "model": eff.name,
            "seed": eff.seed,
        }
        self._store = simulated_store(root)

    def __enter__(self) -> SimulatedAnswers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._store.close()

    def answer(self, rec: dict[str, Any]) -> tuple[str, Any]:
        """(text, trace) for the setup row ``rec`` of a figure in :attr:`with_spec`."""
        reuse = content_key(rec, self._digests.get(rec["figure_id"]), self._who)
        answer = self._store.get(reuse)
        if answer is None:
            eff = self._eff
            answer = self._respond(rec, str(eff.model.profile), eff.name, eff.seed, self.context)
            self._store.put(reuse, answer)
        return answer


def run_simulated(
    eff: Effective, setups: pd.DataFrame, root: Path, out: Path, stats_out: Path, *, progress: bool = True
) -> tuple[pd.DataFrame, RunStats]:
    """Responses of a simulated respondent: deterministic, in-process, no cache, journal or ledger."""
    started = time.monotonic()
    setup_ids = setups["setup_id"]  # the whole table: what the judge checks the responses against
    identity, gen = eff.model.identity(), eff.generation
    rows = []
    with SimulatedAnswers(eff, root) as answers:
        skipped = setups[~setups["figure_id"].isin(answers.with_spec)]
        if len(skipped):
            print(
                f"respond {eff.name}: skipped {len(skipped)} setup(s) on {skipped['figure_id'].nunique()} figure(s) "
                "without a spec: a simulated respondent reads the ground-truth spec, so real figures need a real "
                "model",
                file=sys.stderr,
            )
            setups = setups[setups["figure_id"].isin(answers.with_spec)]
        stats = RunStats(eff.name, "simulated", eff.model.model_id, setups=len(setups))
        for rec in tqdm(
            setups.to_dict("records"),
            desc=f"respond {eff.name}",
            unit="setup",
            file=sys.stderr,
            mininterval=0.5,
            disable=not progress,
        ):
            text, trace = answers.answer(rec)
            rows.append(
                _row(
                    eff,
                    rec["setup_id"],
                    build_request(rec, identity, eff.model.model_id, gen, root).key,
                    text=text,
                    finish_reason="stop",
                    cost_usd=0.0,
                    sim_trace=json.dumps(trace, sort_keys=True),
                )
            )
    stats.calls = len(rows)
    stats.wall_s = time.monotonic() - started
    return _write(rows, eff, out, stats_out, setup_ids), stats


def respond(
    eff: Effective,
    setups: pd.DataFrame,
    root: Path,
    cache_dir: Path,
    out: Path,
    stats_out: Path,
    *,
    retry_errors: bool = False,
    progress: bool = True,
) -> tuple[pd.DataFrame, RunStats]:
    """Run one model over the setups and write its responses table and content statistics."""
    if eff.model.backend == "simulated":
        return run_simulated(eff, setups, root, out, stats_out, progress=progress)
    return run_http(eff, setups, root, cache_dir, out, stats_out, retry_errors=retry_errors, progress=progress)
