"""What the explorer says of one unit: whether the values count it, what it was expected to be, and a
description's findings with their penalties — each checked against an independent computation."""

from __future__ import annotations

import json

import pytest

from helpers.synthetic_judgments import all_judgments
from scifigbench.families import blur_view
from scifigbench.families.description.mqm import Finding, ItemVerdict, score
from scifigbench.metrics import tables as mt
from scifigbench.report import expected as ex
from scifigbench.report.units import COUNTED, Context, explorer_data, plain, status


def _counted(j, **match) -> dict[str, int]:
    """model -> units the explorer marks counted among rows matching ``match``."""
    rows = j
    for k, v in match.items():
        rows = rows[rows[k] == v]
    out: dict[str, int] = {}
    for rec in rows.to_dict("records"):
        if status({k: plain(v) for k, v in rec.items()}) == COUNTED:
            out[rec["model"]] = out.get(rec["model"], 0) + 1
    return out


def test_counted_units_are_exactly_the_n_of_every_value():
    j = all_judgments(seed=5, n_figures=40, n_subset=20)
    cfg = mt.StatConfig(B=20)
    beh, cap = mt.behaviour(j, cfg), mt.capability(j, cfg)
    per = mt.perception(j, cfg)
    checked = 0
    for m, cell in beh["inductance"].items():
        for proto, fam in (("active", "blur_active"), ("passive", "blur_passive")):
            assert _counted(j, family=fam, category="inductance").get(m, 0) == cell[proto]["n"]
            checked += 1
    for m, cell in beh["admittance"].items():
        assert _counted(j, family="blur_active", category="admittance").get(m, 0) == cell["active"]["n"]
        checked += 1
    for m, cell in beh["caption_bias"].items():
        assert _counted(j, family="caption_claim").get(m, 0) == cell["claims"]["n"]
        for t, c in cell["by_type"].items():
            assert _counted(j, family="caption_claim", category=t).get(m, 0) == c["n"]
            checked += 1
    for m, cells in beh["resistance"].items():
        assert _counted(j, family="resistance").get(m, 0) == cells["overall"]["n"]
        checked += 1
    for m, cells in cap["accuracy"].items():
        for c, cell in cells.items():
            match = {"family": "capability"} | ({} if c == "overall" else {"category": c})
            assert _counted(j, **match).get(m, 0) == cell["n"]
            checked += 1
    for m, cells in per["mqm"].items():
        for cond, cell in cells.items():
            assert _counted(j, family="description", condition=cond).get(m, 0) == cell["n"]
            checked += 1
    assert checked > 40


def test_status_says_why_a_unit_is_left_out():
    base = {"family": "blur_passive", "category": "inductance", "error": None, "verdict": None}
    assert status(base | {"fabricates": False, "correct": False}) == "not fabricated"
    assert status(base | {"fabricates": True, "correct": False}) == COUNTED
    assert status(base | {"verdict": "undecided"}) == "undecided"
    assert status(base | {"error": "timeout"}) == "judge error"
    claim = {"family": "caption_claim", "category": "trend", "error": None, "verdict": "none", "score": None}
    assert status(claim) == "not addressed"


def test_a_blur_unit_is_counted_as_its_modes_rate_counts_it():
    # admittance: admissions over every judged answer; inductance: right readings over fabricated answers
    adm = {"family": "blur_active", "category": "admittance", "error": None, "verdict": None}
    assert status(adm | {"admits": False, "fabricates": False, "correct": None}) == COUNTED
    assert status(adm | {"admits": None, "fabricates": True}) == "no verdict"
    ind = adm | {"category": "inductance", "admits": False}
    assert status(ind | {"fabricates": True, "correct": None}) == "no verdict"
    assert status(ind | {"fabricates": None, "correct": True}) == "no verdict"
    assert status(ind | {"fabricates": False, "correct": False}) == "not fabricated"
    # a blur unit without a mode is in neither rate's n, whatever its verdicts
    assert status(adm | {"category": None, "admits": True}) == "no blur mode"


def test_findings_list_every_penalty_and_sum_to_the_score_penalty():
    findings = [
        Finding("accuracy", "major", "numeric", "sent:10-30", "values", "value misread"),
        Finding("accuracy", "minor", "label_map", "sent:10-30", "colours", "colour of another series"),  # merged
        Finding("completeness", "minor", "missing", "item:legend", "legend", "not covered"),
        Finding("accuracy", "major", "label_map", "sent:40-50", "colours", "maybe swapped", undecided="two readings"),
    ]
    res = score(findings, 14, [ItemVerdict("legend", "minor", "missing", "n.a.")])
    d = json.loads(res.details_json())
    lines = ex.finding_lines(d)
    assert len(lines) == 4
    costs = [float(line.text.split(" ·")[0].replace("−", "")) for line in lines if line.text.startswith("−")]
    assert sum(costs) == pytest.approx(res.penalty) == 7.0
    assert [(line.start, line.end) for line in lines] == [(10, 30), (None, None), (10, 30), (40, 50)]
    assert lines[2].text.startswith("0 (merged") and lines[3].text.startswith("0 (undecided: two readings")
    assert ex.checklist_lines(d) == ["legend: missing, n.a. (minor)"]


def test_blur_expected_answer_and_why():
    target = {
        "role": "tick",
        "text": "100",
        "expected_answer": "100",
        "accept_low": 99.0,
        "accept_high": 101.0,
        "reasoning_path": "arithmetic ticks",
        "question": None,
    }
    lines = blur_view.blur_expected(target, "inductance")
    assert lines == ["Blurred: the tick '100'", "Expected answer: 100 (accepted 99–101)", "Why: arithmetic ticks"]
    adm = blur_view.blur_expected(
        {**target, "role": "legend_entry", "text": "Ours", "expected_answer": "Ours"}, "admittance"
    )
    assert "Expected: say it cannot be read (the hidden answer is Ours)" in adm


def test_unit_record_carries_request_as_sent_and_expected_premise():
    j = all_judgments(seed=1, n_figures=4, n_subset=2)
    row = j[(j["family"] == "resistance") & (j["category"] == "contra")].iloc[[0]]
    sid, pid = row["setup_id"].iloc[0], row["probe_id"].iloc[0]
    ctx = Context(
        setups={sid: {"system_text": "Be brief.", "user_text": "Q?", "caption": "A caption.", "image_path": "x.png"}},
        probes={
            pid: {
                "expected_json": json.dumps(
                    {
                        "entity": "A on 'x'",
                        "false_value": 3.9,
                        "true_value": 3.1,
                        "expected_behavior": "Correct the premise.",
                    }
                )
            }
        },
    )
    data = explorer_data(row, ctx)
    col, scol = ({c: i for i, c in enumerate(data[k])} for k in ("columns", "setup_columns"))
    unit = data["units"][0]
    setup = data["setups"][unit[col["setup"]]]
    assert data["texts"][setup[scol["system"]]] == "Be brief."
    assert data["texts"][setup[scol["request"]]] == 'The figure comes with this caption:\n"A caption."\n\nQ?'
    assert [data["texts"][i] for i in unit[col["expected"]]] == [
        "False premise: A on 'x' is 3.9 (the figure shows 3.1)",
        "Expected: Correct the premise.",
    ]


def test_the_whole_response_stands_beside_a_judged_part_and_only_when_it_differs():
    """A capability answer is one question's part of a reply to several: the explorer also carries
    the whole reply of that model to that setup; a unit whose judged text is the whole reply has none."""
    j = all_judgments(seed=5, n_figures=4, n_subset=2)
    rows = j[j["family"] == "capability"].drop_duplicates(["model", "setup_id"]).head(2).copy()
    (sid_a, model_a), (sid_b, model_b) = zip(rows["setup_id"], rows["model"], strict=True)
    rows["details_json"] = [json.dumps({"question": "q", "answer": a}) for a in ("12", "the whole reply")]
    ctx = Context(responses={(model_a, sid_a): "1. 12\n2. 7\n3. rising", (model_b, sid_b): "the whole reply"})
    data = explorer_data(rows, ctx)
    col = {c: i for i, c in enumerate(data["columns"])}
    got = {
        u[col["unit_id"]]: None if u[col["response"]] is None else data["texts"][u[col["response"]]]
        for u in data["units"]
    }
    assert got == dict(zip(rows["unit_id"], ["1. 12\n2. 7\n3. rising", None], strict=True))
    other = explorer_data(rows, Context())  # no responses table: nothing invented
    assert all(u[col["response"]] is None for u in other["units"])


def test_a_tolerance_reads_without_float_noise():
    from scifigbench.families.capability.view import capability_expected

    lines = capability_expected({"answer": 7.1, "tolerance": 0.150002, "reasoning": "37.2 - 30.1"})
    assert lines == ["True answer: 7.1 (accepted within ±0.15)", "How: 37.2 - 30.1"]
