"""An asyncio limiter for requests per minute and tokens per minute.

Both limits are token buckets refilled continuously and allowed to burst one second's worth, so
calls are spread evenly rather than fired in bursts that trip the provider's own limiter. Token
use is not known before a call: the caller reserves an estimate and settles the difference when
the usage comes back. Throttling by the provider (429) is answered by the adaptive concurrency
of :mod:`scifigbench.llm.retrying`, not by pausing every caller here.
"""

from __future__ import annotations

import asyncio
import time


class _Bucket:
    def __init__(self, per_minute: float) -> None:
        self.rate = per_minute / 60.0
        self.capacity = max(1.0, self.rate)
        self.level = self.capacity
        self.stamp = time.monotonic()

    def refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + (now - self.stamp) * self.rate)
        self.stamp = now

    def wait_for(self, amount: float) -> float:
        """Seconds until ``amount`` (capped at the capacity) is available."""
        need = min(amount, self.capacity)
        return 0.0 if self.level >= need else (need - self.level) / self.rate


class RateLimiter:
    def __init__(self, requests_per_minute: float | None = None, tokens_per_minute: float | None = None) -> None:
        self._requests = _Bucket(requests_per_minute) if requests_per_minute else None
        self._tokens = _Bucket(tokens_per_minute) if tokens_per_minute else None
        self._lock = asyncio.Lock()

    async def acquire(self, tokens: float = 0.0) -> None:
        """Wait until one request of about ``tokens`` tokens may be sent, and take it."""
        async with self._lock:  # one waiter at a time keeps the order fair
            while True:
                now = time.monotonic()
                waits = [0.0]
                for bucket, amount in ((self._requests, 1.0), (self._tokens, tokens)):
                    if bucket is not None:
                        bucket.refill(now)
                        waits.append(bucket.wait_for(amount))
                wait = max(waits)
                if wait <= 0:
                    break
                await asyncio.sleep(wait)
            if self._requests is not None:
                self._requests.level -= 1.0
            if self._tokens is not None:
                self._tokens.level -= min(tokens, self._tokens.capacity)

    def settle(self, reserved: float, used: float) -> None:
        """Correct the token bucket once the real usage of a call is known."""
        if self._tokens is not None:
            self._tokens.level -= used - min(reserved, self._tokens.capacity)
