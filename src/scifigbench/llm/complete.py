"""A cached ``complete(messages) -> text`` for callers other than the respond stage, safe to call from many threads.

The LLM judge and the probe generator take any function from chat messages to reply text. This
one sends through the configured backend of a ``params.yaml: models`` entry and stores answers in
the same content-addressed cache as respond (images inlined as data URLs are keyed by the sha256
of their bytes), so rerunning a judge costs no calls and a changed rubric is never served a stale
verdict.

Calls from any number of threads meet on one event loop running in a background thread, where
one :class:`~scifigbench.llm.retrying.Attempts` applies the model's rate limits, adaptive
concurrency, retries and fail-fast exactly as for respond: a caller that wants throughput calls
from :attr:`CachedComplete.concurrency` threads at once. Identical requests asked while one is on
the wire wait for its answer instead of being sent again, as respond groups identical setups; so
do identical requests of other processes over the same cache (two judge stages of one
``dvc queue start -j`` workers), through a claim on the request's key (:mod:`scifigbench.llm.claims`). A
request that finally fails raises :class:`CallFailed` (scrubbed of the key); a run that cannot
work raises :class:`RunAborted` in every caller. What the calls cost goes to the ledger per batch
of calls and when ``close()`` ends the run.
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from scifigbench import params
from scifigbench.llm import config, ledger
from scifigbench.llm.aborted import RunAborted
from scifigbench.llm.backends import CallFailed, make_backend
from scifigbench.llm.cache import CACHE_FILE, POOLS_DIR, Answer, ResponseCache, cache_dir
from scifigbench.llm.claims import Claims
from scifigbench.llm.request import reference_images, request_key
from scifigbench.llm.retrying import Attempts
from scifigbench.llm.run_stats import RunStats


def completion_key(eff: config.Effective, messages: list[dict[str, Any]]) -> str:
    """The cache key of ``messages`` sent to model ``eff`` (inlined images by the hash of their bytes)."""
    m = eff.model
    return request_key(m.identity(), m.model_id, eff.generation, reference_images(messages))


def model_tag(eff: config.Effective) -> str:
    """``<params key>:<model id>@<8 hex>``: the judge model as a judge id names it. The digest covers
    what decides its replies besides the prompt (endpoint identity, model id, generation settings),
    the same parts the cache key covers, so another model or other settings under one params key
    give another judge id."""
    m = eff.model
    digest = request_key(m.identity(), m.model_id, eff.generation, [])[:8]
    return f"{eff.name}:{m.model_id}@{digest}"


class CachedComplete:
    """Call it with chat messages (from up to ``concurrency`` threads); ``close()`` at the end.

    ``role`` (one of :data:`config.SERVICE_ROLES`) is what the model is used for: it must be
    declared for it under ``services``, and the ledger counts its calls under it.
    """

    def __init__(
        self,
        model: str,
        params_path: Path | str = params.DEFAULT_PARAMS,
        cache: Path | None = None,
        role: str = "judge",
    ) -> None:
        self.eff = config.load(model, params_path, role)  # a ``services`` entry declared for ``role``
        self.cache_dir = cache_dir(cache)
        self.cache = ResponseCache(self.cache_dir / CACHE_FILE)  # used on the loop thread only
        self.claims = Claims(self.cache_dir)
        self.stats = RunStats.start(self.eff, role=role)
        self.ledger = ledger.RunLedger(self.cache_dir, self.stats)
        self._loop = asyncio.new_event_loop()  # one loop for the client's whole life: its connections belong to it
        self._thread = threading.Thread(target=self._loop.run_forever, name=f"llm-{model}", daemon=True)
        self._thread.start()
        self._attempts: Attempts | None = None
        self._sending: dict[str, asyncio.Future[str]] = {}  # requests on the wire by key (loop thread only)
        self._opened = time.monotonic()

    @property
    def concurrency(self) -> int:
        """How many callers at once keep this model's configured concurrency busy.

        Twice the model's concurrency: a caller waiting out a Retry-After holds no slot of the
        client's adaptive limit, and another caller's request takes it meanwhile.
        """
        return 2 * self.eff.concurrency

    def key(self, messages: list[dict[str, Any]]) -> str:
        return completion_key(self.eff, messages)

    def __call__(self, messages: list[dict[str, Any]]) -> str:
        key = self.key(messages)  # hashing inlined images happens in the caller's thread
        return asyncio.run_coroutine_threadsafe(self._complete(key, messages), self._loop).result()

    async def _complete(self, key: str, messages: list[dict[str, Any]]) -> str:
        hit = self.cache.get(key)
        if hit is not None:
            self.stats.cache_hits += 1
            return hit.text
        sending = self._sending.get(key)
        if sending is None:
            sending = self._sending[key] = asyncio.ensure_future(self._claimed(key, messages))
            sending.add_done_callback(lambda _: self._sending.pop(key, None))
            return await asyncio.shield(sending)
        # an identical request is on the wire: its answer serves this caller too (one call paid,
        # and a rerun, served from the cache, gets the same text as this run)
        try:
            text = await asyncio.shield(sending)
        except CallFailed:
            self.stats.errors += 1
            raise
        self.stats.cache_hits += 1
        return text

    async def _claimed(self, key: str, messages: list[dict[str, Any]]) -> str:
        """The answer to ``key``: from the cache if another process sent it while this one waited
        for its claim, else sent here."""
        async with self.claims.hold(key):
            hit = self.cache.get(key)
            if hit is not None:
                self.stats.cache_hits += 1
                return hit.text
            return await self._send(key, messages)

    async def _send(self, key: str, messages: list[dict[str, Any]]) -> str:
        """One request's attempts; its answer goes to the cache."""
        if self._attempts is None:
            backend = make_backend(self.eff.model, self.eff.generation, self.eff.timeout_s)
            backend.open()
            self._attempts = Attempts(self.eff, backend, self.stats, self.cache_dir / POOLS_DIR)
        out = await self._attempts.run(messages)
        self.ledger.batch_done()
        if out.failure is not None:
            self.stats.errors += 1
            raise out.failure
        comp = out.completion
        answer = Answer(comp.text, comp.finish_reason, comp.prompt_tokens, comp.completion_tokens, out.latency_s)
        self.cache.put(key, answer)
        return comp.text

    def close(self) -> None:
        try:
            if self._attempts is not None:
                asyncio.run_coroutine_threadsafe(self._attempts.backend.close(), self._loop).result()
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()
            self.cache.close()
            self.stats.wall_s = self.stats.call_s = time.monotonic() - self._opened
            if self.stats.calls or self.stats.cache_hits:
                self.ledger.close()


__all__ = ["CachedComplete", "CallFailed", "RunAborted"]
