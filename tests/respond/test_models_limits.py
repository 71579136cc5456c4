"""Retry timing, Retry-After parsing, the rate limiter, key scrubbing and the dev server's own guarantees."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from email.utils import formatdate

import pytest

from scifigbench import params
from scifigbench.devserver import DevServer, Faults
from scifigbench.llm.apikey import masker
from scifigbench.llm.backends import CallFailed, parse_retry_after
from scifigbench.llm.config import ModelConfig, RunConfig, effective, load
from scifigbench.llm.ratelimit import RateLimiter
from scifigbench.llm.retrying import AdaptiveConcurrency, backoff_delay, estimate_tokens

EFF = effective("m", ModelConfig(backend="openai", base_url="http://x/v1", model="m", api_key_env="K"),
                RunConfig(backoff_base_s=1.0, backoff_max_s=8.0, retry_after_max_s=30.0))


def test_backoff_doubles_with_jitter_up_to_the_cap():
    rng = random.Random(0)
    fail = CallFailed("http_500", "x", retryable=True)
    for attempt, ceiling in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (7, 8.0)]:
        delays = [backoff_delay(attempt, fail, EFF, rng) for _ in range(200)]
        assert ceiling / 2 <= min(delays) and max(delays) <= ceiling
        assert max(delays) - min(delays) > ceiling / 4  # jittered, not a constant


def test_retry_after_is_honoured_and_capped():
    rng = random.Random(0)
    d = backoff_delay(1, CallFailed("http_429", "x", retryable=True, retry_after=5.0), EFF, rng)
    assert 5.0 <= d <= 5.0 * 1.1 + 0.01
    assert backoff_delay(1, CallFailed("http_429", "x", retryable=True, retry_after=900.0), EFF, rng) <= 30.0 * 1.1 + 0.01


def test_parse_retry_after_forms():
    assert parse_retry_after({"retry-after": "3"}) == 3.0
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert 8 <= parse_retry_after({"retry-after": formatdate(time.time() + 10, usegmt=True)}) <= 10
    assert parse_retry_after({"retry-after": "soon"}) is None and parse_retry_after({}) is None


def test_token_estimate_counts_text_images_and_output_budget():
    msgs = [{"role": "system", "content": "x" * 40},
            {"role": "user", "content": [{"type": "text", "text": "y" * 360},
                                         {"type": "image_url", "image_url": {"url": "data:image/png;base64," + "A" * 9000}}]}]
    assert estimate_tokens(msgs, 2048) == 10 + 90 + 1000 + 2048  # the image's base64 is not counted as text


def test_scrub_masks_every_occurrence():
    scrub = masker("sk-abc")
    assert scrub("bad key sk-abc, again sk-abc.") == "bad key ***, again ***."
    assert masker("", "  ")("nothing sk-abc") == "nothing sk-abc"


def test_rate_limiter_spaces_requests_beyond_the_burst():
    async def go() -> float:
        lim = RateLimiter(requests_per_minute=1200)  # 20/s, burst of 20
        start = time.monotonic()
        for _ in range(26):
            await lim.acquire()
        return time.monotonic() - start

    assert asyncio.run(go()) >= 6 / 20 * 0.9  # the 6 beyond the burst wait for refills


def test_token_limit_holds_callers_back():
    async def go() -> float:
        lim = RateLimiter(tokens_per_minute=6000)  # 100 tokens/s
        start = time.monotonic()
        await lim.acquire(100)
        await lim.acquire(50)
        return time.monotonic() - start

    assert asyncio.run(go()) >= 0.45


def _window(slots: AdaptiveConcurrency, throttled: int, total: int) -> None:
    """One window of ``total`` attempts of which ``throttled`` got a 429."""
    async def go() -> None:
        for i in range(total):
            await slots.acquire()
            await slots.release(throttled=i < throttled)

    asyncio.run(go())


def test_adaptive_concurrency_halves_on_sustained_throttling_and_climbs_back():
    slots = AdaptiveConcurrency(16)
    _window(slots, throttled=2, total=16)   # a few stray 429s: the limit stays
    assert slots.limit == 16
    _window(slots, throttled=8, total=16)   # half the window throttled: halve
    assert slots.limit == 8
    _window(slots, throttled=8, total=8)
    _window(slots, throttled=8, total=8)
    _window(slots, throttled=8, total=8)
    assert slots.limit == 1 and slots.lowest == 1
    for expected in range(2, 6):           # clean windows add one each
        _window(slots, throttled=0, total=8)
        assert slots.limit == expected
    for _ in range(40):
        _window(slots, throttled=0, total=16)
    assert slots.limit == 16               # never above the configured concurrency


def test_adaptive_concurrency_holds_attempts_beyond_the_limit():
    async def go() -> int:
        slots = AdaptiveConcurrency(3)
        peak = 0

        async def one() -> None:
            nonlocal peak
            await slots.acquire()
            peak = max(peak, slots.in_flight)
            await asyncio.sleep(0.01)
            await slots.release(throttled=False)

        await asyncio.gather(*(one() for _ in range(12)))
        return peak

    assert asyncio.run(go()) == 3


@pytest.mark.parametrize("key,value,message", [
    ("concurrency", 0, r"models\.a\.concurrency: 0 is not allowed; use a number >= 1"),
    ("concurrency", -4, r"models\.a\.concurrency: -4 is not allowed"),
    ("concurrency", 2.5, r"models\.a\.concurrency: 2\.5"),
    ("requests_per_minute", -5, r"models\.a\.requests_per_minute: -5 is not allowed; use a number > 0 or null"),
    ("requests_per_minute", 0, r"models\.a\.requests_per_minute: 0"),
    ("tokens_per_minute", 0, r"models\.a\.tokens_per_minute: 0"),
    ("timeout_s", 0, r"models\.a\.timeout_s: 0"),
    ("max_retries", -1, r"models\.a\.max_retries: -1"),
    ("concurrency", None, r"models\.a\.concurrency: must be set"),
])
def test_non_positive_limits_are_refused_naming_the_key(tmp_path, key, value, message):
    p = tmp_path / "params.yaml"
    p.write_text(json.dumps({"run": {}, "models": {"a": {"backend": "openai", "base_url": "u", "model": "m",
                                                          "api_key_env": "K", key: value}}}))
    with pytest.raises(params.ParamsError, match=message):
        load("a", p)


def test_run_section_limits_are_checked_too(tmp_path):
    p = tmp_path / "params.yaml"
    p.write_text(json.dumps({"run": {"requests_per_minute": -5},
                             "models": {"a": {"backend": "openai", "base_url": "u", "model": "m", "api_key_env": "K"}}}))
    with pytest.raises(params.ParamsError, match=r"run\.requests_per_minute: -5"):
        load("a", p)


def test_null_means_no_limit_even_against_a_run_default(tmp_path):
    p = tmp_path / "params.yaml"
    base = {"backend": "openai", "base_url": "u", "model": "m", "api_key_env": "K"}
    p.write_text(json.dumps({"run": {"requests_per_minute": 600, "tokens_per_minute": 1000},
                             "models": {"free": {**base, "requests_per_minute": None, "tokens_per_minute": None},
                                        "inherits": base}}))
    free, inherits = load("free", p), load("inherits", p)
    assert (free.requests_per_minute, free.tokens_per_minute) == (None, None)
    assert (inherits.requests_per_minute, inherits.tokens_per_minute) == (600, 1000)


def test_model_overrides_beat_run_defaults(tmp_path):
    p = tmp_path / "params.yaml"
    p.write_text(json.dumps({"run": {"max_tokens": 2048, "concurrency": 8, "seed": 42},
                             "models": {"a": {"backend": "openai", "base_url": "u", "model": "m", "api_key_env": "K",
                                              "max_tokens": 512, "concurrency": 2}}}))
    eff = load("a", p)
    assert eff.generation == {"temperature": 0.0, "max_tokens": 512, "seed": 42} and eff.concurrency == 2
    with pytest.raises(params.ParamsError, match="no model 'b'"):
        load("b", p)


def test_incomplete_model_entry_names_the_missing_keys(tmp_path):
    p = tmp_path / "params.yaml"
    p.write_text(json.dumps({"models": {"az": {"backend": "azure", "endpoint": "e", "api_key_env": "K"}}}))
    with pytest.raises(params.ParamsError, match=r"models\.az.*\['api_version', 'deployment'\]"):
        load("az", p)


def test_default_params_models_load(repo_root):
    for name in ("sim-careful", "sim-fabricator", "sim-follower", "sim-weak"):
        eff = load(name, repo_root / "params.yaml")
        assert eff.model.backend == "simulated" and eff.generation["seed"] == 42


def test_fault_plan_is_deterministic_and_honours_rates():
    f = Faults(rates={"429": 0.3, "empty": 0.2}, seed=5)
    draws = [f.choose(f"h{i}", 1) for i in range(4000)]
    assert draws == [f.choose(f"h{i}", 1) for i in range(4000)]
    assert abs(draws.count("429") / 4000 - 0.3) < 0.03 and abs(draws.count("empty") / 4000 - 0.2) < 0.03
    with pytest.raises(ValueError, match="unknown fault"):
        Faults(rates={"418": 0.1})


def test_dev_server_stops_itself_after_its_lifetime():
    srv = DevServer(lifetime_s=0.3).start()
    url = srv.base_url + "/chat/completions"
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=body, method="POST")) as resp:
        assert json.load(resp)["choices"][0]["message"]["content"] == "Reply to: hi"
    time.sleep(0.8)
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(urllib.request.Request(url, data=body, method="POST"), timeout=2)
