"""Claims on request keys across processes: one process sends a request, the others wait for its answer.

Why: a client groups identical requests that are on the wire at once, but only inside its own
process. Under ``dvc queue start -j 2`` two judge stages run side by side over one cache, and they ask
the same judge the same thing whenever two respondents gave the same answer to a setup (or the
audit's second judge is the primary judge): both used to pay for it, and which answer the cache
kept depended on timing. A process now claims a key before sending it; one that finds the key
claimed waits, then reads the answer from the cache (or sends it itself if the claimant failed).

How: one POSIX record lock per key on a single file in the cache folder (``claims.lock``), on one
byte at an offset taken from the key. Record locks belong to the process, so threads and tasks of
one process never wait for each other here (their grouping is the client's), the kernel drops a
killed process's locks, and the file never grows or needs cleaning. Such locks are also dropped
when the process closes any descriptor of the file, so each process opens it once and keeps it.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

CLAIMS_FILE = "claims.lock"  # inside the cache folder
POLL_FIRST_S = 0.01  # a claimed key is tried again after this, doubling ...
POLL_MAX_S = 0.2  # ... up to this: a judge answer takes seconds, a wait costs at most this much extra

_fds: dict[Path, int] = {}  # per process: never closed (closing one descriptor would drop every lock)
_fds_lock = threading.Lock()


def _descriptor(path: Path) -> int:
    path = path.resolve()
    with _fds_lock:
        if path not in _fds:
            path.parent.mkdir(parents=True, exist_ok=True)
            _fds[path] = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        return _fds[path]


def offset(key: str) -> int:
    """The byte of the claims file that stands for ``key`` (a sha256 hex digest): 60 bits of it."""
    return int(key[:15], 16)


class Claims:
    """``async with claims.hold(key):`` while sending ``key``; waits while another process holds it."""

    def __init__(self, folder: Path) -> None:
        self.fd = _descriptor(Path(folder) / CLAIMS_FILE)

    def try_hold(self, key: str) -> bool:
        """Claim ``key`` if no other process holds it."""
        try:
            fcntl.lockf(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset(key))
        except (BlockingIOError, PermissionError):
            return False
        return True

    def release(self, key: str) -> None:
        fcntl.lockf(self.fd, fcntl.LOCK_UN, 1, offset(key))

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        """Hold the claim on ``key`` for the block, first waiting (without blocking the loop) for
        another process's claim to end."""
        delay = POLL_FIRST_S
        while not self.try_hold(key):
            await asyncio.sleep(delay)
            delay = min(2 * delay, POLL_MAX_S)
        try:
            yield
        finally:
            self.release(key)
