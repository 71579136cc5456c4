"""The cached `complete` function the LLM judge can use: same cache, same retries, key never leaks."""

from __future__ import annotations

import base64
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from helpers.complete_client import run_together
from helpers.runner_helpers import draw_chart, openai_model, service_model, write_params
from scifigbench.devserver import DevServer, Faults, reply_text
from scifigbench.llm.backends import CallFailed
from scifigbench.llm.complete import CachedComplete
from scifigbench.params import ParamsError

KEY = "sk-complete-test-987"


def _messages(text: str, png: bytes | None = None) -> list[dict]:
    content: list[dict] = [{"type": "text", "text": text}]
    if png is not None:
        content.append({"type": "image_url", "image_url": {"url": "data:image/png;base64," + base64.b64encode(png).decode()}})
    return [{"role": "user", "content": content}]


def test_cached_complete_calls_once_and_misses_on_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    draw_chart(tmp_path / "a.png", seed=1)
    draw_chart(tmp_path / "b.png", seed=2)
    a, b = (tmp_path / "a.png").read_bytes(), (tmp_path / "b.png").read_bytes()
    with DevServer(api_key=KEY, faults=Faults(rates={"503": 0.5}, seed=2)) as srv:
        params = write_params(tmp_path, {}, services={"judge": service_model(srv.base_url)}, max_retries=8)
        complete = CachedComplete("judge", params, tmp_path / "cache")
        try:
            assert complete(_messages("Rate this.", a)) == reply_text("Rate this.")
            assert complete(_messages("Rate this.", a)) == reply_text("Rate this.")  # from the cache
            complete(_messages("Rate this.", b))  # another image: a new request
            complete(_messages("Rate that.", a))  # another rubric text: a new request
            ok = srv.outcomes()["ok"]
            assert ok == 3 and complete.stats.cache_hits == 1
            assert complete.stats.calls == len(srv.records) and complete.stats.retries == len(srv.records) - 3
        finally:
            complete.close()
        again = CachedComplete("judge", params, tmp_path / "cache")  # a later judge run: all from the cache
        try:
            assert again(_messages("Rate that.", a)) == reply_text("Rate that.") and again.stats.calls == 0
        finally:
            again.close()


def test_identical_requests_in_flight_are_sent_once(tmp_path, monkeypatch):
    """Judge prompts that coincide (the same answer to the same question) cost one call, even when asked at once."""
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    texts = [f"Rate answer {i % 5}." for i in range(40)]  # 5 distinct requests, each asked 8 times
    with DevServer(api_key=KEY, latency_s=0.2, faults=Faults(rates={"503": 0.3}, seed=4)) as srv:
        params = write_params(tmp_path, {}, services={"judge": service_model(srv.base_url, concurrency=8)},
                              max_retries=8)
        complete = CachedComplete("judge", params, tmp_path / "cache")
        try:
            with ThreadPoolExecutor(complete.concurrency) as pool:
                replies = list(pool.map(lambda t: complete(_messages(t)), texts))
        finally:
            complete.close()
        outcomes = srv.outcomes()
    assert replies == [reply_text(t) for t in texts]
    assert outcomes["ok"] == 5 and sum(outcomes.values()) == complete.stats.calls  # one success per distinct request
    assert complete.stats.cache_hits == 35 and complete.stats.errors == 0


def test_cached_complete_raises_a_scrubbed_failure(tmp_path, monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    with DevServer(api_key="right-key", echo_key=True) as srv:
        params = write_params(tmp_path, {}, services={"judge": service_model(srv.base_url)})
        complete = CachedComplete("judge", params, tmp_path / "cache")
        try:
            with pytest.raises(CallFailed) as info:
                complete(_messages("Rate this."))
            assert complete.stats.errors == 1 and len(complete.cache) == 0  # failures are never cached
        finally:
            complete.close()
    assert info.value.kind == "http_401" and KEY not in str(info.value) and "***" in str(info.value)


def test_simulated_respondents_cannot_judge(tmp_path):
    sim = {"roles": ["judge"], "backend": "simulated", "profile": "careful"}
    params = write_params(tmp_path, {}, services={"sim": sim})
    with pytest.raises(ParamsError, match=r"services\.sim\.backend: a simulated respondent cannot serve as judge"):
        CachedComplete("sim", params, tmp_path / "cache")


def test_a_respondent_cannot_judge(tmp_path):
    """A judge declared under models would get respond@ and judge@ stages: refused, saying where it goes."""
    params = write_params(tmp_path, {"judge": openai_model("http://127.0.0.1:9/v1")})
    with pytest.raises(ParamsError, match=r"models\.judge: a respondent cannot serve as judge.*under services"):
        CachedComplete("judge", params, tmp_path / "cache")


def test_two_processes_asking_the_same_prompts_pay_for_each_once(tmp_path):
    """Two judge processes over one cache (two judge stages of `dvc repro -j 2`) asked the same
    prompts at once: every prompt reaches the server once, and both get its one answer."""
    n = 24
    with DevServer(api_key=KEY, latency_s=0.2) as srv:
        path = write_params(tmp_path, {}, services={"judge": service_model(srv.base_url, concurrency=8)})
        run_together(path, tmp_path, KEY, [("judge", "a", "same"), ("judge", "b", "same")], n)
        sent = dict(srv.requests)
    expected = [reply_text(f"same request {i}") for i in range(n)]
    assert [json.loads((tmp_path / f"replies-{t}.json").read_text()) for t in "ab"] == [expected, expected]
    duplicates = sum(k - 1 for k in sent.values())
    print(f"\ntwo processes, {n} shared prompts each: server {sum(sent.values())} requests, {duplicates} duplicates")
    assert len(sent) == n and duplicates == 0
