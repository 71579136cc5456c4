"""Limits per account: model entries of one account share one rate limit, across processes too;
the adaptive concurrency stops at the floor set in params."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from helpers.complete_client import run_together
from helpers.runner_helpers import service_model, write_params
from scifigbench import params
from scifigbench.devserver import DevServer, reply_text
from scifigbench.llm import ratelimit
from scifigbench.llm.config import check_pools, load, pool_file
from scifigbench.llm.ratelimit import RateLimiter
from scifigbench.llm.retrying import AdaptiveConcurrency
from scifigbench.pipeline.params_check import check

KEY = "test-pools-key-77"
ACCOUNT = {"backend": "openai", "base_url": "http://127.0.0.1:9/v1", "model": "m", "api_key_env": "K"}


def _taken(limiter: RateLimiter) -> int:
    """How many requests ``limiter`` may take now, with the clock stopped (0 wait each)."""
    n = 0
    while limiter._store.transact(lambda buckets: RateLimiter._take(buckets, 0.0)) <= 0:
        n += 1
    return n


def test_limiters_of_one_pool_file_draw_on_one_bucket(tmp_path, monkeypatch):
    monkeypatch.setattr(ratelimit.time, "time", lambda: 1000.0)  # no refill: only the burst is there
    a, b = (RateLimiter(requests_per_minute=600, pool_file=tmp_path / "pool.json") for _ in range(2))
    assert (_taken(a), _taken(b)) == (10, 0)  # one second's burst of 10/s, taken by the first: none left
    c, d = RateLimiter(requests_per_minute=600), RateLimiter(requests_per_minute=600)
    assert (_taken(c), _taken(d)) == (10, 10)  # private limiters: each its own bucket
    monkeypatch.setattr(ratelimit.time, "time", lambda: 1000.5)
    assert (_taken(b), _taken(a)) == (5, 0)  # half a second refills half the shared bucket


def test_entries_of_one_account_share_a_pool_unless_named_apart(tmp_path):
    p = tmp_path / "params.yaml"
    p.write_text(
        json.dumps(
            {
                "run": {},
                "models": {
                    "a": ACCOUNT,
                    "b": {**ACCOUNT, "model": "m2"},
                    "c": {**ACCOUNT, "api_key_env": "K2"},
                    "d": {**ACCOUNT, "pool": "batch"},
                },
                "services": {"j": {"roles": ["judge"], **ACCOUNT, "model": "m3"}},
            }
        )
    )
    files = {name: pool_file(tmp_path, load(name, p, "judge" if name == "j" else "respondent")) for name in "abcdj"}
    assert files["a"] == files["b"] == files["j"]  # one key variable at one URL: one account, one limit
    assert len({files["a"], files["c"], files["d"]}) == 3  # another key, or a named pool, is limited apart
    check_pools(p)


def test_entries_of_one_pool_must_declare_the_same_limits(tmp_path):
    p = tmp_path / "params.yaml"
    p.write_text(
        json.dumps(
            {
                "run": {"requests_per_minute": 600},
                "models": {"a": ACCOUNT, "b": {**ACCOUNT, "requests_per_minute": 100}},
            }
        )
    )
    with pytest.raises(params.ParamsError, match=r"'a' and 'b' share the rate-limit pool K@http.*different limits"):
        check(p)


def test_adaptive_concurrency_stops_at_the_floor(tmp_path):
    async def throttled_windows(slots: AdaptiveConcurrency) -> None:
        for _ in range(200):
            await slots.acquire()
            await slots.release(throttled=True)

    slots = AdaptiveConcurrency(16, floor=4)
    asyncio.run(throttled_windows(slots))
    assert slots.limit == slots.lowest == 4  # throttling that never lets up: halved 16 -> 8 -> 4, not to 1
    p = tmp_path / "params.yaml"
    p.write_text(
        json.dumps(
            {
                "run": {"min_concurrency": 3, "concurrency": 8},
                "models": {"a": ACCOUNT, "b": {**ACCOUNT, "concurrency": 2}},
            }
        )
    )
    assert load("a", p).min_concurrency == 3
    with pytest.raises(params.ParamsError, match=r"models\.b: min_concurrency 3 is above concurrency 2"):
        load("b", p)


def test_two_processes_of_one_account_keep_to_its_limit_together(tmp_path):
    """Two judge models on one key at one URL, each in its own process (as `dvc repro -j 2` runs two
    judge stages): the server sees their requests at the account's rate, not twice it."""
    per_minute, n = 240.0, 10  # 4 requests/s with a burst of 4; 10 requests per process
    stamps: list[float] = []

    def reply(body: dict) -> str:
        stamps.append(time.monotonic())  # server-side, when each request is answered
        return reply_text(body["messages"][-1]["content"])

    with DevServer(api_key=KEY, reply=reply) as srv:
        services = {name: service_model(srv.base_url, model=name, concurrency=8) for name in ("judge-a", "judge-b")}
        path = write_params(tmp_path, {}, services=services, requests_per_minute=per_minute)
        run_together(path, tmp_path, KEY, [(name, name, name) for name in services], n)
    assert len(stamps) == 2 * n
    span = max(stamps) - min(stamps)
    rate, burst = per_minute / 60, max(1.0, per_minute / 60)
    # with one bucket: 2n requests need (2n - burst) / rate seconds; each process alone would need half
    print(
        f"\n{2 * n} requests of two processes in {span:.2f} s: "
        f"{(2 * n - burst) / span:.2f}/s beyond the burst, limit {rate:g}/s"
    )
    assert (2 * n - burst) / span <= rate * 1.3, f"{2 * n} requests in {span:.2f} s: above {rate:g}/s"
