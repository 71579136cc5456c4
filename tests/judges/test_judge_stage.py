"""The judge stage's own logic: unit splitting, error rows instead of zeros, LLM MQM scoring."""

from __future__ import annotations

import json

import pytest

from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench.contracts import JUDGMENTS, validate
from scifigbench.families import registry as rules
from scifigbench.families.description.judge import mqm_from_reply
from scifigbench.judges.stage import hybrid, judge_units, rule_judge
from scifigbench.judges.units import units_for
from scifigbench.rubric.checklists import checklist


def _setup(task: str, condition: str = "base") -> tuple[dict, object, object]:
    spec = RESPONDENT_FIGURES[0]()
    ctx = context([spec])
    setup = next(s for s in setups_for(spec) if s["task"] == task and s["condition"] == condition)
    return setup, spec, ctx


def test_failed_response_gives_one_error_row_per_unit_and_no_score():
    setup, spec, ctx = _setup("capability")
    units = units_for(setup, {"text": None, "error": "HTTP 503 after 5 attempts"}, ctx.probes, spec, ctx.blur_targets, None)
    table = validate(judge_units(units, "m", rule_judge, rules.JUDGE_ID, progress=False), JUDGMENTS, where="t")
    assert len(table) == 4
    assert table["error"].str.contains("HTTP 503").all()
    assert table["score"].isna().all() and table["correct"].isna().all()


@pytest.mark.parametrize("task", ["resistance", "capability"])
def test_an_empty_reply_is_an_error_row_not_a_zero(task):
    """An empty reply (e.g. a reasoning model out of tokens) must not count as accepting a false premise."""
    setup, spec, ctx = _setup(task)
    units = units_for(setup, {"text": " \n ", "error": None}, ctx.probes, spec, ctx.blur_targets, None)
    table = judge_units(units, "m", rule_judge, rules.JUDGE_ID, progress=False)
    assert len(table) == len(json.loads(setup["probe_ids"]))
    assert table["error"].str.contains("empty response text").all()
    assert table["score"].isna().all()


def test_a_judge_failure_is_an_error_row_not_a_zero():
    setup, spec, ctx = _setup("resistance")
    units = units_for(setup, {"text": "1. No.\n2. Yes.\n3. Maybe.", "error": None}, ctx.probes, spec, ctx.blur_targets, None)

    def broken(unit):
        raise ValueError("judge reply is not a JSON object")

    table = judge_units(units, "m", broken, "llm:x", progress=False)
    assert list(table["error"].unique()) == ["ValueError: judge reply is not a JSON object"]
    assert table["score"].isna().all()
    assert set(table["unit_id"]) == {f"{setup['setup_id']}#{c}" for c in ("inexist", "contra", "unanswerable")}


def test_capbias_description_splits_into_mqm_and_one_unit_per_claim():
    setup, spec, ctx = _setup("describe", "capbias")
    units = units_for(setup, {"text": "A bar chart.", "error": None}, ctx.probes, spec, ctx.blur_targets, None)
    probe = ctx.probes[json.loads(setup["probe_ids"])[0]]
    n_claims = len(json.loads(probe["expected_json"])["claims"])
    assert n_claims >= 2
    assert [u.family for u in units] == ["description"] + ["caption_claim"] * n_claims


def test_llm_mqm_reply_is_scored_by_the_shared_engine():
    items = checklist("bar")  # 14 items, N*5 = 70
    major = next(i for i in items if i.severity == "major")
    minor = next(i for i in items if i.severity == "minor")
    reply = {
        "items": [
            {"key": major.key, "coverage": "missing", "correctness": "n.a."},             # completeness major 5
            {"key": minor.key, "coverage": "complete", "correctness": "wrong", "subtype": "trend", "span": "s1"},  # accuracy minor 2
            {"key": "not-an-item", "coverage": "missing", "correctness": "wrong"},        # ignored
        ],
        "violations": [{"span": "s2", "severity": "major"}],                             # accuracy major 5 (halluc)
        "binding_errors": [{"span": "s2"}],                                               # same span: deduplicated
    }
    result = mqm_from_reply(reply, "bar")
    assert result.penalty == 5 + 2 + 5
    assert abs(result.score - (100 - 12 * 100 / 70)) < 1e-9
    assert result.by_subtype["trend"] == 2 and result.by_subtype["missing"] == 5


@pytest.mark.parametrize("task", ["resistance", "capability"])
def test_hybrid_hands_over_only_the_units_the_rules_leave_undecided(task):
    setup, spec, ctx = _setup(task)
    units = units_for(setup, {"text": "1. a\n2. b\n3. c\n4. d", "error": None}, ctx.probes, spec, ctx.blur_targets, None)
    asked = []

    def first(unit):
        if unit is units[0]:
            details = {"evidence": "e", "undecided": "two opposite cues"}
            return {"judge_id": rules.JUDGE_ID, "verdict": "undecided", "score": None, "details_json": json.dumps(details)}
        return {"judge_id": rules.JUDGE_ID, "verdict": "v", "score": 0.0, "details_json": None}

    def llm(unit):
        asked.append(unit.unit_id)
        return {"judge_id": "llm:j", "verdict": "w", "score": 1.0, "details_json": None}

    judge = hybrid(first, llm, "llm:j")
    out = [judge(u) for u in units]
    assert asked == [units[0].unit_id]
    assert (out[0]["judge_id"], out[0]["verdict"], out[0]["score"]) == ("llm:j", "w", 1.0)
    assert json.loads(out[0]["details_json"])["rule_undecided"] == {"evidence": "e", "undecided": "two opposite cues"}
    assert out[1:] == [first(u) for u in units[1:]]  # decided units: the rule judge's columns, untouched


def test_a_unit_the_llm_cannot_take_is_an_error_row_under_the_llm_judge_id():
    setup, spec, ctx = _setup("resistance")
    units = units_for(setup, {"text": "1. a\n2. b\n3. c", "error": None}, ctx.probes, spec, ctx.blur_targets, None)

    def first(unit):
        return {"judge_id": rules.JUDGE_ID, "verdict": "undecided", "details_json": json.dumps({"undecided": "r"})}

    def llm(unit):
        raise ValueError("no reference")

    row = hybrid(first, llm, "llm:j")(units[0])
    assert (row["judge_id"], row["error"]) == ("llm:j", "ValueError: no reference")
    assert json.loads(row["details_json"])["rule_undecided"] == {"undecided": "r"}


def test_each_row_records_its_question_and_exactly_its_part_of_the_reply():
    setup, spec, ctx = _setup("resistance")
    parts = ["No, the figure has no such series.", "It is 3.1, not 3.9.", "The figure cannot tell."]
    reply = "\n".join(f"{i}. {p}" for i, p in enumerate(parts, 1))
    units = units_for(setup, {"text": reply, "error": None}, ctx.probes, spec, ctx.blur_targets, None)
    table = judge_units(units, "m", rule_judge, rules.JUDGE_ID, progress=False)
    probe_ids = json.loads(setup["probe_ids"])
    for (_, row), pid, part in zip(table.iterrows(), probe_ids, parts):
        details = json.loads(row["details_json"])
        assert details["answer"] == part  # this unit's part, not the whole reply
        assert details["question"] == ctx.probes[pid]["text"]
        assert "evidence" in details  # the judge's own details are kept beside them
    setup, spec, ctx = _setup("describe", "capbias")
    units = units_for(setup, {"text": "A bar chart of speed-ups.", "error": None}, ctx.probes, spec, ctx.blur_targets, None)
    table = judge_units(units, "m", rule_judge, rules.JUDGE_ID, progress=False)
    claims = json.loads(ctx.probes[json.loads(setup["probe_ids"])[0]]["expected_json"])["claims"]
    rows = table[table["family"] == "caption_claim"]
    assert [json.loads(d)["claim"] for d in rows["details_json"]] == [c["claim"] for c in claims]
    assert all(json.loads(d)["answer"] == "A bar chart of speed-ups." for d in table["details_json"])
