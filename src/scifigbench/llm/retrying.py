"""All attempts of one request: rate limit, adaptive concurrency, timeout, retries, fail-fast.

Shared by the respond runner, the LLM judge and the probe generator, so all of them count, pace,
throttle and retry calls the same way and stop the same way when the configuration is wrong.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scifigbench.llm.aborted import RunAborted
from scifigbench.llm.backends import CallFailed, ChatBackend, Completion
from scifigbench.llm.config import Effective, pool_file
from scifigbench.llm.ratelimit import RateLimiter
from scifigbench.llm.run_stats import RunStats

IMAGE_TOKEN_ESTIMATE = 1000  # a rough per-image prompt cost for the tokens-per-minute reservation
FAIL_FAST_AFTER = 3  # identical fatal failures in a row (no success between) that stop a run
# Nothing listening (kind "connect") is an outage, not one request's failure: every request in
# flight meets it at once, so counting it like a refused key stopped whole runs on a 0.3 s blip.
# It is retried without using up the request's attempts, and stops the run only once it has
# lasted OUTAGE_S with no success anywhere (a dead endpoint stops within a minute: one more
# CONNECT_TIMEOUT_S at most). The waits between tries are capped at OUTAGE_RETRY_MAX_S, so the
# run resumes within seconds of the server's return.
OUTAGE_S = 30.0
OUTAGE_RETRY_MAX_S = 2.0
WINDOW_MIN = 8  # attempts per adaptive-concurrency window at the least
SHRINK_SHARE = 0.25  # share of throttled attempts in a window that halves the concurrency


def estimate_tokens(messages: list[dict[str, Any]], max_tokens: int) -> float:
    """Tokens to reserve before a call: ~4 characters per token, a flat cost per image, the output budget."""
    chars, images = 0, 0
    for msg in messages:
        parts = msg["content"] if isinstance(msg["content"], list) else [{"type": "text", "text": msg["content"]}]
        for part in parts:
            if part.get("type") == "image_url":
                images += 1
            else:
                chars += len(part.get("text") or "")
    return chars / 4 + images * IMAGE_TOKEN_ESTIMATE + max_tokens


def backoff_delay(attempt: int, failure: CallFailed, eff: Effective, rng: random.Random) -> float:
    """Seconds to wait before attempt ``attempt + 1``: Retry-After if given, else jittered doubling."""
    if failure.retry_after is not None:
        wait = min(failure.retry_after, eff.retry_after_max_s)
        return wait + rng.uniform(0, 0.1 * wait + 0.01)
    ceiling = min(eff.backoff_max_s, eff.backoff_base_s * 2 ** (attempt - 1))
    return rng.uniform(ceiling / 2, ceiling)


class AdaptiveConcurrency:
    """How many attempts may be in flight now: fewer while the provider throttles, more once it stops.

    Additive increase, multiplicative decrease over windows of about one round of attempts: a
    window in which more than :data:`SHRINK_SHARE` of the attempts were throttled (429) halves
    the limit, a window without any throttling raises it by one, up to the configured
    concurrency. Judging whole windows rather than single 429s keeps a few stray 429s (which
    shared providers send at random) from collapsing throughput, while sustained throttling
    still backs off quickly. Only the throttled request waits its Retry-After; the others go on.
    """

    def __init__(self, maximum: int, floor: int = 1) -> None:
        self.maximum = maximum
        self.floor = min(floor, maximum)  # ``run.min_concurrency``: throttling that does not follow load
        self.limit = maximum  # (shared providers) must not drive the run down to one request at a time
        self.lowest = maximum
        self.in_flight = 0
        self._cond = asyncio.Condition()
        self._seen = 0
        self._throttled = 0

    async def acquire(self) -> None:
        async with self._cond:
            await self._cond.wait_for(lambda: self.in_flight < self.limit)
            self.in_flight += 1

    async def release(self, *, throttled: bool) -> None:
        async with self._cond:
            self.in_flight -= 1
            self._seen += 1
            self._throttled += throttled
            if self._seen >= max(WINDOW_MIN, self.limit):
                if self._throttled > SHRINK_SHARE * self._seen:
                    self.limit = max(self.floor, self.limit // 2)
                elif self._throttled == 0:
                    self.limit = min(self.maximum, self.limit + 1)
                self.lowest = min(self.lowest, self.limit)
                self._seen = self._throttled = 0
            self._cond.notify_all()


# what to look at when a run stops on a failure that every request would meet
HINTS = {
    "http_400": "check the model's generation params in params.yaml (reasoning models refuse temperature, seed "
    "and max_tokens: see omit and max_completion_tokens)",
    "http_401": "check the key in the variable named by the model's api_key_env",
    "http_402": "add credit to the account or use another key",
    "http_403": "check that the key may use this model and endpoint",
    "http_404": "check the model name and base_url (deployment and endpoint on Azure)",
    "unsendable": "check the key and base_url",
    "connect": "check base_url and that the server is running",
}


class FailFast:
    """Trips after :data:`FAIL_FAST_AFTER` identical failures that blame the configuration, none succeeding between,
    or after an outage (nothing listening) of :data:`OUTAGE_S` with no success between.

    A failure blames the configuration when its kind is fatal (:data:`~scifigbench.llm.backends.FATAL_KINDS`),
    or when it is a 400 while no request has succeeded yet: a 400 for every first request with the
    same reason is a parameter the model refuses, while a 400 after successes is one request's own.
    A 400 counts as identical only with the same reason.
    ``section`` is where the model is declared in params.yaml (``models`` or ``services``), for the message.
    """

    def __init__(self, model: str, url: str, section: str = "models", clock: Any = time.monotonic) -> None:
        self.model, self.url, self.section = model, url, section
        self.tripped: RunAborted | None = None
        self.any_success = False
        self.sent = 0  # attempts that reached the server (for the message: what else was sent)
        self._same: tuple[str, str] | None = None
        self._count = 0
        self._clock = clock
        self._outage_since: float | None = None  # the first "connect" failure since the last success
        self._outage_count = 0

    def check(self) -> None:
        if self.tripped is not None:
            raise self.tripped

    def blames_config(self, failure: CallFailed) -> bool:
        """Whether ``failure`` says the configuration is wrong rather than this one request (then not journalled)."""
        return failure.fatal or (failure.kind == "http_400" and not self.any_success)

    @staticmethod
    def is_outage(failure: CallFailed) -> bool:
        """Whether ``failure`` says nothing is listening: retried until :data:`OUTAGE_S` has passed."""
        return failure.kind == "connect"

    def succeeded(self) -> None:
        self.any_success = True
        self._same, self._count = None, 0
        self._outage_since, self._outage_count = None, 0

    def failed(self, failure: CallFailed) -> None:
        if self.is_outage(failure):
            now = self._clock()
            self._outage_since = now if self._outage_since is None else self._outage_since
            self._outage_count += 1
            lasted = now - self._outage_since
            if lasted >= OUTAGE_S and self._outage_count >= FAIL_FAST_AFTER:
                self._trip(failure, f"could not connect for {lasted:.0f} s ({self._outage_count} tries)")
            return
        if not self.blames_config(failure):
            return
        same = (failure.kind, "" if failure.fatal else failure.message)
        self._count = self._count + 1 if same == self._same else 1
        self._same = same
        if self._count >= FAIL_FAST_AFTER:
            self._trip(failure, f"{self._count} identical failures in a row")

    def _trip(self, failure: CallFailed, why: str) -> None:
        if self.tripped is not None:
            return
        others = self.sent - (0 if self.is_outage(failure) else self._count)
        sent = "nothing else reached the server" if others <= 0 else f"{others} other request(s) reached the server"
        self.tripped = RunAborted(
            f"model {self.model} at {self.url} (params.yaml {self.section}.{self.model}): stopped after {why}, "
            f"{sent}: {failure}. To fix: {HINTS.get(failure.kind, 'fix the configuration and rerun')}."
        )


@dataclass(frozen=True)
class Outcome:
    """The end of one request: a completion, or the failure that ended it, after ``attempts`` tries."""

    completion: Completion | None
    failure: CallFailed | None
    attempts: int
    latency_s: float | None


class Attempts:
    """Runs requests against one backend; every attempt is counted in ``stats``.

    Must be created inside the event loop that runs the requests (its limiters belong to it).
    ``pools`` is the folder of the rate-limit pools' token files: given, the model's limits are
    shared with every entry of its pool, in any process; None keeps them to this client.
    """

    def __init__(self, eff: Effective, backend: ChatBackend, stats: RunStats, pools: Path | None = None) -> None:
        self.eff, self.backend, self.stats = eff, backend, stats
        shared = pool_file(pools, eff) if pools is not None else None
        self.limiter = RateLimiter(eff.requests_per_minute, eff.tokens_per_minute, shared)
        self.slots = AdaptiveConcurrency(eff.concurrency, eff.min_concurrency)
        self.watch = FailFast(eff.name, backend.url, eff.section)
        self.rng = random.Random()  # jitter only spreads retries; it needs no reproducibility

    async def _once(self, messages: list[dict[str, Any]]) -> Completion:
        try:
            return await asyncio.wait_for(self.backend.complete(messages), timeout=self.eff.timeout_s)
        except TimeoutError:
            raise CallFailed(
                "timeout", f"no reply within {self.eff.timeout_s:g} s", retryable=True, from_server=False
            ) from None

    async def _attempt(self, messages: list[dict[str, Any]], reserve: float) -> Completion:
        """One attempt inside a concurrency slot; the slot is returned whatever happens."""
        self.watch.check()
        await self.limiter.acquire(reserve)
        await self.slots.acquire()
        throttled = False
        try:
            self.watch.check()  # another worker may have tripped it while this one waited
            self._sent(1)  # counted when it starts: one stopped on the wire may still be billed
            return await self._once(messages)
        except CallFailed as failure:
            throttled = failure.kind == "http_429"
            if self.watch.is_outage(failure):  # it never connected: no server received it
                self._sent(-1)
            raise
        finally:
            await self.slots.release(throttled=throttled)
            self.stats.lowest_concurrency = self.slots.lowest

    def _sent(self, n: int) -> None:
        """Count attempts that reached the server (the ledger's calls, what a provider may bill)."""
        self.stats.calls += n
        self.watch.sent += n

    async def run(self, messages: list[dict[str, Any]]) -> Outcome:
        """Every attempt of one request; raises :class:`RunAborted` when the run must stop."""
        eff, stats = self.eff, self.stats
        reserve = estimate_tokens(messages, eff.output_budget)
        last = eff.max_retries + 1
        attempt = outages = 0
        while attempt < last:
            start = time.monotonic()
            try:
                comp = await self._attempt(messages, reserve)
            except CallFailed as failure:
                self.limiter.settle(reserve, reserve)
                stats.failed_attempts[failure.kind] = stats.failed_attempts.get(failure.kind, 0) + 1
                self.watch.failed(failure)
                self.watch.check()
                if self.watch.is_outage(failure):  # tried again until the outage stops the run
                    outages += 1
                    stats.retries += 1
                    ceiling = min(eff.backoff_max_s, OUTAGE_RETRY_MAX_S, eff.backoff_base_s * 2 ** (outages - 1))
                    await asyncio.sleep(self.rng.uniform(ceiling / 2, ceiling))
                    continue
                attempt += 1
                if not failure.retryable or attempt == last:
                    return Outcome(None, failure, attempt + outages, None)
                stats.retries += 1
                await asyncio.sleep(backoff_delay(attempt, failure, eff, self.rng))
                continue
            attempt += 1
            self.watch.succeeded()
            latency = time.monotonic() - start
            used = (comp.prompt_tokens or 0) + (comp.completion_tokens or 0)
            self.limiter.settle(reserve, used or reserve)
            stats.prompt_tokens += comp.prompt_tokens or 0
            stats.completion_tokens += comp.completion_tokens or 0
            if eff.model.price is not None:
                stats.add_cost(eff.model.price.cost(comp.prompt_tokens, comp.completion_tokens))
            return Outcome(comp, None, attempt + outages, round(latency, 4))
        raise AssertionError("unreachable: the last attempt returns")
