"""When a run stops: identical configuration failures in a row, or an outage that lasted long enough.

The rule is checked with a clock the test moves, so the 30 s outage limit costs no time; the
3 s outage survived over real HTTP is in tests/respond/test_real_api.py.
"""

from __future__ import annotations

import pytest

from scifigbench.llm.backends import CallFailed
from scifigbench.llm.retrying import FAIL_FAST_AFTER, OUTAGE_S, FailFast

REFUSED = CallFailed("connect", "cannot connect to http://h/v1: refused", retryable=True, from_server=False)
NO_KEY = CallFailed("http_401", "the server answered 401: bad key", retryable=False)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_refused_connections_stop_the_run_only_after_the_outage_limit() -> None:
    clock = Clock()
    watch = FailFast("m", "http://h/v1", clock=clock)
    for _ in range(50):  # every request in flight fails at once: no count of them stops the run
        watch.failed(REFUSED)
    clock.now += OUTAGE_S - 0.5
    watch.failed(REFUSED)
    assert watch.tripped is None
    clock.now += 0.5
    watch.failed(REFUSED)
    assert watch.tripped is not None
    assert f"could not connect for {OUTAGE_S:.0f} s" in str(watch.tripped)
    assert "nothing else reached the server" in str(watch.tripped)


def test_a_success_ends_the_outage() -> None:
    clock = Clock()
    watch = FailFast("m", "http://h/v1", clock=clock)
    watch.failed(REFUSED)
    clock.now += OUTAGE_S - 1
    watch.succeeded()  # the server came back
    watch.failed(REFUSED)
    clock.now += OUTAGE_S - 1
    watch.failed(REFUSED)
    watch.failed(REFUSED)
    assert watch.tripped is None  # the new outage is younger than the limit


@pytest.mark.parametrize(
    ("section", "sent", "said"),
    [
        ("models", 0, "nothing else reached the server"),
        ("services", 12, "12 other request(s) reached the server"),
    ],
)
def test_the_message_names_the_section_and_what_else_was_sent(section: str, sent: int, said: str) -> None:
    watch = FailFast("judge-4o", "http://h/v1", section)
    for _ in range(sent):
        watch.sent += 1
        watch.succeeded()
    for _ in range(FAIL_FAST_AFTER):
        watch.sent += 1
        watch.failed(NO_KEY)
    message = str(watch.tripped)
    assert f"(params.yaml {section}.judge-4o)" in message and said in message
    assert f"{FAIL_FAST_AFTER} identical failures in a row" in message
