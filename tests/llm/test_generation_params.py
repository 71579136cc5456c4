"""Generation parameters per model family: the request body carries exactly the keys the model takes.

Reasoning models (o-series, GPT-5 family) refuse ``temperature``, ``seed`` and ``max_tokens``; their
entries omit them, cap output with ``max_completion_tokens`` and may set ``reasoning_effort``. The
expectations are the bodies the dev server received, for both the respond runner and the
cached completion client of the judge.
"""

from __future__ import annotations

import pytest

from helpers.runner_helpers import openai_model, run_model, service_model, setup_rows, write_params, write_setups
from scifigbench import params
from scifigbench.devserver import DevServer
from scifigbench.llm import CachedComplete
from scifigbench.llm.config import ModelConfig, RunConfig, generation, load
from scifigbench.pipeline.params_check import check

RUN = {"temperature": 0.0, "seed": 42, "max_tokens": 256}  # what write_params puts in the run section
CASES = {
    "sampling model (run defaults)": ({}, {**RUN}),
    "reasoning model": (
        {"omit": ["temperature", "seed"], "max_completion_tokens": 4000, "reasoning_effort": "low"},
        {"max_completion_tokens": 4000, "reasoning_effort": "low"},
    ),
    "nothing optional sent": ({"omit": ["temperature", "seed", "max_tokens"]}, {}),
    "overrides and extra body": (
        {"temperature": 0.7, "top_p": 0.9, "extra_body": {"top_k": 5}},
        {"temperature": 0.7, "seed": 42, "max_tokens": 256, "top_p": 0.9, "top_k": 5},
    ),
}


@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", "test-generation-key")


@pytest.mark.parametrize("case", CASES)
def test_the_request_body_has_exactly_the_configured_keys(tmp_path, case):
    entry, expected = CASES[case]
    write_setups(tmp_path, setup_rows(tmp_path, 1))
    with DevServer() as srv:
        path = write_params(
            tmp_path, {"m": openai_model(srv.base_url, **entry)}, services={"j": service_model(srv.base_url, **entry)}
        )
        table, _ = run_model(tmp_path, "m")
        judge = CachedComplete("j", path, tmp_path / "judge-cache")
        try:
            judge([{"role": "user", "content": "Rate this."}])
        finally:
            judge.close()
        bodies = [r.params for r in srv.records]
    assert table["error"].isna().all() and len(bodies) == 3  # two setups, one judge call
    assert all(body == {"model": "test-vlm", **expected} for body in bodies), bodies


def test_a_sampling_model_keeps_the_generation_and_so_the_cache_keys_it_had():
    model = ModelConfig(backend="openai", base_url="http://x/v1", model="m", api_key_env="K")
    assert generation(model, RunConfig()) == {"temperature": 0.0, "max_tokens": 2048, "seed": 42}


def test_the_output_budget_follows_the_cap_that_applies(tmp_path):
    models = {
        "sampling": openai_model("http://x/v1", max_tokens=300),
        "reasoning": openai_model("http://x/v1", omit=["max_tokens"], max_completion_tokens=9000),
        "uncapped": openai_model("http://x/v1", omit=["max_tokens"]),
    }
    path = write_params(tmp_path, models)
    assert [load(m, path).output_budget for m in models] == [300, 9000, 256]  # uncapped: the run's as an estimate


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"omit": ["temprature"]}, r"models\.m\.omit: \['temprature'\] cannot be omitted"),
        ({"omit": ["temperature"], "temperature": 0.5}, r"models\.m: \['temperature'\] both set and listed in omit"),
        ({"max_tokens": 100, "max_completion_tokens": 200}, r"max_tokens and max_completion_tokens are both set"),
        ({"temperature": None}, r"models\.m: \['temperature'\] written null; .* list it in omit"),
        ({"max_completion_tokens": 0}, r"models\.m\.max_completion_tokens: 0 is not allowed"),
        ({"reasoning_effort": " "}, r"models\.m\.reasoning_effort: must name an effort"),
        ({"reasoning_effort": 3}, r"models\.m\.reasoning_effort: expected a string"),
    ],
)
def test_check_params_refuses_contradictory_generation_settings(tmp_path, entry, message):
    path = write_params(tmp_path, {"m": openai_model("http://x/v1", **entry)})
    with pytest.raises(params.ParamsError, match=message):
        check(path)
