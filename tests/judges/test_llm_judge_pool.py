"""The LLM judge in the judge stage goes through the shared client: concurrently, cached, stopped when it cannot work."""

from __future__ import annotations

import json

import pytest

from helpers.runner_helpers import service_model, write_params
from scifigbench.devserver import DevServer
from scifigbench.families.reply_units import Unit
from scifigbench.judges.llm_stage import llm_unit_judge
from scifigbench.judges.stage import JudgeConfig, judge_units
from scifigbench.llm import RunAborted, ledger

KEY = "test-judge-pool-key-5"


@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)


def capability_units(n: int) -> list[Unit]:
    """Capability units whose answer is right exactly when its index is even."""
    units = []
    for i in range(n):
        fields = {
            "id": f"s{i}#counting",
            "question": f"How many bars are in chart {i}?",
            "answer": str(3 if i % 2 == 0 else 4),
            "expected": {"answer": 3, "answer_type": "number", "tolerance": 0},
        }
        units.append(
            Unit(f"s{i}#counting", f"s{i}", f"fig{i}", "base", "bar", "capability", "counting", f"p{i}", fields)
        )
    return units


def grade(body: dict) -> str:
    """A judge that compares the answer quoted in the prompt with the reference 3."""
    prompt = body["messages"][-1]["content"]
    text = prompt if isinstance(prompt, str) else prompt[0]["text"]
    answer = text.rsplit('"""', 2)[-2].strip() if '"""' in text else text
    return json.dumps({"correct": answer.endswith("3"), "reason": "compared with the reference"})


def _judge(tmp_path, url, **judge_model):
    params = write_params(tmp_path, {}, services={"judge": service_model(url, **judge_model)})
    return llm_unit_judge(JudgeConfig(kind="llm", llm_model="judge"), params)


def test_units_are_judged_concurrently_with_the_judge_models_concurrency(tmp_path, monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))
    units = capability_units(24)
    with DevServer(api_key=KEY, latency_s=0.1, reply=grade) as srv:
        judge, jid = _judge(tmp_path, srv.base_url, concurrency=6)
        try:
            table = judge_units(units, "m", judge, jid, progress=False)
        finally:
            judge.close()
        peak = srv.peak_in_flight
    assert 2 < peak <= 6  # several units in flight at once, never more than the judge model allows
    assert list(table["unit_id"]) == [u.unit_id for u in units]  # unit order kept
    assert table["error"].isna().all()
    assert list(table["correct"]) == [i % 2 == 0 for i in range(24)]
    runs = ledger.totals(ledger.read(tmp_path / "cache"))
    assert runs[("judge", "judge")]["calls"] == 24


def test_a_judge_that_cannot_work_stops_the_stage(tmp_path, monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))
    with DevServer(api_key="the-right-key") as srv:
        url = srv.base_url
        judge, jid = _judge(tmp_path, url, concurrency=4)
        try:
            with pytest.raises(RunAborted, match=f"model judge at {url}.*http_401"):
                judge_units(capability_units(40), "m", judge, jid, progress=False)
        finally:
            judge.close()
        assert len(srv.records) < 10


@pytest.mark.parametrize(
    "reply",
    [
        {"correct": True, "reason": "ok", "score": 1},  # a reply written for another rubric
        {"correct": True},  # a field missing
    ],
)
def test_strict_schemas_refuse_extra_and_missing_keys(reply):
    from scifigbench.families.llm_schemas import CAPABILITY, MQM
    from scifigbench.judges import llm as llm_judge

    with pytest.raises(llm_judge.JudgeReplyError, match="schema violation"):
        llm_judge.parse_reply(json.dumps(reply), CAPABILITY)
    item = {"key": "title", "coverage": "complete", "correctness": "correct", "subtype": None, "span": ""}
    ok = {"items": [item], "violations": [], "binding_errors": []}
    assert llm_judge.parse_reply(json.dumps(ok), MQM) == ok
    with pytest.raises(llm_judge.JudgeReplyError, match="items/0"):
        llm_judge.parse_reply(json.dumps({**ok, "items": [{**item, "score": 3}]}), MQM)
