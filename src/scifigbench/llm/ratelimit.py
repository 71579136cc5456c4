"""An asyncio limiter for requests per minute and tokens per minute, private or shared by an account.

Both limits are token buckets refilled continuously and allowed to burst one second's worth, so
calls are spread evenly rather than fired in bursts that trip the provider's own limiter. Token
use is not known before a call: the caller reserves an estimate and settles the difference when
the usage comes back. Throttling by the provider (429) is answered by the adaptive concurrency
of :mod:`scifigbench.llm.retrying`, not by pausing every caller here.

A provider limits an account, not a model entry: two entries with one key, or the judge stages
of ``dvc queue start -j`` workers, draw on the same limit. A limiter given a pool file keeps its buckets in
that small JSON file and changes them under an exclusive ``flock``, so every limiter of the pool,
in this process or another, takes from the same buckets (the lock is held for a read and a write,
never while waiting). The bucket clock is the wall clock, which every process shares.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


class _Bucket:
    def __init__(self, per_minute: float, level: float | None = None, stamp: float | None = None) -> None:
        self.rate = per_minute / 60.0
        self.capacity = max(1.0, self.rate)
        self.level = self.capacity if level is None else min(level, self.capacity)
        self.stamp = time.time() if stamp is None else stamp

    def refill(self, now: float) -> None:
        self.level = min(self.capacity, self.level + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now

    def wait_for(self, amount: float) -> float:
        """Seconds until ``amount`` (capped at the capacity) is available."""
        need = min(amount, self.capacity)
        return 0.0 if self.level >= need else (need - self.level) / self.rate


Buckets = dict[str, _Bucket]  # "requests" and/or "tokens"


class _Private:
    """Buckets of one limiter, in memory."""

    def __init__(self, limits: dict[str, float]) -> None:
        self.buckets = {name: _Bucket(per_minute) for name, per_minute in limits.items()}

    def transact(self, change: Callable[[Buckets], T]) -> T:
        return change(self.buckets)


class _Pooled:
    """Buckets kept in a pool file, read and written under an exclusive lock for each change."""

    def __init__(self, path: Path, limits: dict[str, float]) -> None:
        self.path, self.limits = path, limits
        path.parent.mkdir(parents=True, exist_ok=True)

    def transact(self, change: Callable[[Buckets], T]) -> T:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            raw = os.read(fd, 1 << 16)
            try:
                state = json.loads(raw) if raw else {}
            except ValueError:
                state = {}  # a torn or foreign file: start from full buckets rather than fail the run
            buckets = {
                name: _Bucket(per_minute, *(state.get(name) or (None, None)))
                for name, per_minute in self.limits.items()
            }
            result = change(buckets)
            data = json.dumps({name: [b.level, b.stamp] for name, b in buckets.items()}).encode()
            os.lseek(fd, 0, os.SEEK_SET)
            os.ftruncate(fd, 0)
            os.write(fd, data)
            return result
        finally:
            os.close(fd)  # releases the lock


class RateLimiter:
    """Requests and tokens per minute (None: no limit); ``pool_file``: shared with every limiter of that file."""

    def __init__(
        self,
        requests_per_minute: float | None = None,
        tokens_per_minute: float | None = None,
        pool_file: Path | None = None,
    ) -> None:
        limits = {
            name: float(per_minute)
            for name, per_minute in (("requests", requests_per_minute), ("tokens", tokens_per_minute))
            if per_minute
        }
        self._store = _Pooled(pool_file, limits) if pool_file is not None and limits else _Private(limits)
        self._lock = asyncio.Lock()

    @staticmethod
    def _take(buckets: Buckets, tokens: float) -> float:
        """Take one request of ``tokens`` tokens if both buckets hold it now; else the seconds to wait."""
        now = time.time()
        wants = {"requests": 1.0, "tokens": tokens}
        waits = [0.0]
        for name, bucket in buckets.items():
            bucket.refill(now)
            waits.append(bucket.wait_for(wants[name]))
        wait = max(waits)
        if wait <= 0:
            for name, bucket in buckets.items():
                bucket.level -= min(wants[name], bucket.capacity)
        return wait

    async def acquire(self, tokens: float = 0.0) -> None:
        """Wait until one request of about ``tokens`` tokens may be sent, and take it."""
        async with self._lock:  # one waiter at a time keeps the order fair
            while (wait := self._store.transact(lambda buckets: self._take(buckets, tokens))) > 0:
                await asyncio.sleep(wait)

    def settle(self, reserved: float, used: float) -> None:
        """Correct the token bucket once the real usage of a call is known."""

        def correct(buckets: Buckets) -> None:
            bucket = buckets.get("tokens")
            if bucket is not None:
                bucket.level -= used - min(reserved, bucket.capacity)

        self._store.transact(correct)
