"""All attempts of one request: rate limit, per-call timeout, retries with backoff or Retry-After.

Shared by the respond runner and the cached ``complete`` function the LLM judge uses, so both
count, pace and retry calls the same way.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any

from scifigbench.llm.backends import CallFailed, ChatBackend, Completion
from scifigbench.llm.config import Effective
from scifigbench.llm.ratelimit import RateLimiter
from scifigbench.llm.run_stats import RunStats

IMAGE_TOKEN_ESTIMATE = 1000  # a rough per-image prompt cost for the tokens-per-minute reservation


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


@dataclass(frozen=True)
class Outcome:
    """The end of one request: a completion, or the failure that ended it, after ``attempts`` tries."""

    completion: Completion | None
    failure: CallFailed | None
    attempts: int
    latency_s: float | None


class Attempts:
    """Runs requests against one backend; every attempt is counted in ``stats``."""

    def __init__(self, eff: Effective, backend: ChatBackend, stats: RunStats) -> None:
        self.eff, self.backend, self.stats = eff, backend, stats
        self.limiter = RateLimiter(eff.requests_per_minute, eff.tokens_per_minute)
        self.rng = random.Random()  # jitter only spreads retries; it needs no reproducibility

    async def _once(self, messages: list[dict[str, Any]]) -> Completion:
        try:
            return await asyncio.wait_for(self.backend.complete(messages), timeout=self.eff.timeout_s)
        except asyncio.TimeoutError:
            raise CallFailed("timeout", f"no reply within {self.eff.timeout_s:g} s", retryable=True) from None

    async def run(self, messages: list[dict[str, Any]]) -> Outcome:
        eff, stats = self.eff, self.stats
        reserve = estimate_tokens(messages, int(eff.generation.get("max_tokens", 0)))
        last = eff.max_retries + 1
        for attempt in range(1, last + 1):
            await self.limiter.acquire(reserve)
            stats.calls += 1
            start = time.monotonic()
            try:
                comp = await self._once(messages)
            except CallFailed as failure:
                self.limiter.settle(reserve, reserve)
                stats.failed_attempts[failure.kind] = stats.failed_attempts.get(failure.kind, 0) + 1
                if not failure.retryable or attempt == last:
                    return Outcome(None, failure, attempt, None)
                delay = backoff_delay(attempt, failure, eff, self.rng)
                if failure.retry_after is not None:
                    self.limiter.pause(delay)  # the provider is overloaded: hold every worker back
                stats.retries += 1
                await asyncio.sleep(delay)
                continue
            latency = time.monotonic() - start
            used = (comp.prompt_tokens or 0) + (comp.completion_tokens or 0)
            self.limiter.settle(reserve, used or reserve)
            stats.prompt_tokens += comp.prompt_tokens or 0
            stats.completion_tokens += comp.completion_tokens or 0
            if eff.model.price is not None:
                stats.cost_usd += eff.model.price.cost(comp.prompt_tokens, comp.completion_tokens) or 0.0
            return Outcome(comp, None, attempt, round(latency, 4))
        raise AssertionError("unreachable: the last attempt returns")
