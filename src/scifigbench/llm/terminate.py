"""SIGTERM as an exception, so that a stopped run still runs its ``finally`` blocks.

By default SIGTERM (what ``dvc``, ``timeout`` and process managers send) ends Python at once:
the ledger never hears of the calls the run paid for. Inside :func:`sigterm_raises` it raises
:class:`Terminated` instead, which unwinds like ``sys.exit(143)``: the event loop cancels the
requests in flight, the ledger writes its final line, and the process exits non-zero.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Terminated(SystemExit):
    """The process received SIGTERM; exits with status 128 + 15 when not caught."""


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Terminated(128 + signum)


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block, SIGTERM raises :class:`Terminated` (main thread only; elsewhere a no-op)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
