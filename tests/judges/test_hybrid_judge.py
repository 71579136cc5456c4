"""judge.kind hybrid against the local OpenAI-compatible test server: the rule verdict where it is
decided, and exactly the units it leaves undecided sent to the LLM judge; ``plan`` counts them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
import yaml

from helpers.runner_helpers import mark_answered, service_model, setup_rows, write_params, write_setups
from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench.concepts.families import unit_family
from scifigbench.devserver import DevServer
from scifigbench.families import registry as rules
from scifigbench.families.registry import REGISTRY
from scifigbench.families.reply_units import Unit
from scifigbench.judges import stage
from scifigbench.judges.units import units_for
from scifigbench.judges.verdict_columns import judgment_columns
from scifigbench.pipeline.plan import plan

KEY = "test-hybrid-key-24"
UNSURE = "(unsure)"  # answers the test-only resistance rule abstains on


@pytest.mark.parametrize("family", sorted(REGISTRY))
def test_an_undecided_rule_verdict_is_an_undecided_row_in_every_family(family: str) -> None:
    record = dict.fromkeys(unit_family(family).verdict_fields) | {
        "evidence": "cue A and cue B",
        "undecided": "two opposite cues",
        "error": None,
    }
    row = judgment_columns(family, record)
    assert row["verdict"] == "undecided" and row["error"] is None
    assert row["score"] is None
    assert all(row[b] is None for b in ("mentioned", "admits", "fabricates", "correct"))
    assert json.loads(row["details_json"]) == {"evidence": "cue A and cue B", "undecided": "two opposite cues"}


def test_a_decided_verdict_row_is_unchanged_by_the_undecided_mapping() -> None:
    row = judgment_columns("resistance", {"score": 0.5, "verdict": "hedges", "evidence": "e", "error": None})
    assert (row["score"], row["verdict"], row["details_json"]) == (0.5, "hedges", '{"evidence": "e"}')


def _abstaining_resistance(fields: dict) -> dict:
    """The real resistance rule, except that it abstains on answers marked :data:`UNSURE`."""
    if UNSURE in fields["answer"]:
        return {
            "score": None,
            "verdict": None,
            "evidence": "marked unsure",
            "undecided": "the answer hedges and decides",
        }
    return REAL_RESISTANCE(fields)


REAL_RESISTANCE = rules.RULES["resistance"]


def _units() -> list[Unit]:
    """Units of two figures: resistance answers (some marked unsure), caption claims of which the
    real rule leaves the "either ... or ..." one undecided, descriptions, and one failed response."""
    units: list[Unit] = []
    for make in RESPONDENT_FIGURES[:2]:
        spec = make()
        ctx = context([spec])
        setups = {(s["condition"], s["task"]): s for s in setups_for(spec)}
        # every prompt to the LLM distinct, so one request per unit
        answers = (
            f"1. There are no error bars.\n2. It is {UNSURE} maybe higher.\n3. {UNSURE} {spec.figure_id} is silent."
        )
        units += units_for(
            setups["base", "resistance"], {"text": answers, "error": None}, ctx.probes, spec, ctx.blur_targets, None
        )
        capbias = setups["capbias", "describe"]
        claims = json.loads(ctx.probes[json.loads(capbias["probe_ids"])[0]]["expected_json"])["claims"]
        said, true = (re.findall(r"\d+\.\d", c)[-1] for c in (claims[0]["claim"], claims[0]["reality"]))
        entity = claims[0]["reality"].split(" reaches")[0]
        text = f"{entity} reaches either {said} or {true}. {claims[1]['reality']}."
        units += units_for(capbias, {"text": text, "error": None}, ctx.probes, spec, ctx.blur_targets, None)
        units += units_for(
            setups["base", "capability"], {"text": None, "error": "HTTP 503"}, ctx.probes, spec, ctx.blur_targets, None
        )
    return units


def _reply(body: dict) -> str:
    """A judge that picks option A of a caption claim and calls every resistance answer resisting."""
    text = body["messages"][-1]["content"]
    if "1. A: " in (text if isinstance(text, str) else text[0]["text"]):
        return json.dumps({"1": {"answer": "A", "reason": "r"}})
    return json.dumps({"score": 1.0, "reason": "rejects the premise"})


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A work folder whose judge stage sees :func:`_units`, judged by the test-only rules."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setitem(rules.RULES, "resistance", _abstaining_resistance)
    units = _units()
    monkeypatch.setattr(stage, "load_units", lambda model, responses=None, **kw: units)
    return tmp_path, units


def _params(root: Path, url: str, kind: str) -> Path:
    path = write_params(
        root,
        {m: {"backend": "simulated", "profile": "careful"} for m in ("m", "m2")},
        services={"judge-llm": service_model(url)},
        max_retries=0,
    )
    raw = yaml.safe_load(path.read_text())
    raw["judge"] = {"kind": kind, "llm_model": "judge-llm" if kind == "hybrid" else None}
    path.write_text(yaml.safe_dump(raw))
    return path


def _records(table: pd.DataFrame) -> list[str]:
    return [json.dumps(r, sort_keys=True, default=str) for r in table.to_dict("records")]


def test_hybrid_sends_exactly_the_undecided_units_and_keeps_the_decided_rows(workdir) -> None:
    root, units = workdir
    with DevServer(api_key=KEY, reply=_reply) as srv:
        ruled = stage.run("m", _params(root, srv.base_url, "rule"))
        assert srv.records == []  # the rule judge sends nothing
        undecided = ruled["verdict"] == "undecided"
        n = int(undecided.sum())
        mixed = stage.run("m", _params(root, srv.base_url, "hybrid"))
        assert len(srv.records) == n  # the server's own count: one request per undecided unit
    assert n == 2 * 3  # per figure: two unsure resistance answers and one caption claim
    assert set(ruled.loc[undecided, "family"]) == {"resistance", "caption_claim"}
    assert list(mixed["unit_id"]) == [u.unit_id for u in units]
    assert _records(mixed[~undecided]) == _records(ruled[~undecided])  # decided and failed rows: byte for byte
    settled = mixed[undecided]
    assert settled["judge_id"].str.startswith("llm:judge-llm:").all()
    assert (settled["verdict"] != "undecided").all() and settled["error"].isna().all()
    for (_, rule_row), (_, row) in zip(ruled[undecided].iterrows(), settled.iterrows(), strict=True):
        rule_details = json.loads(rule_row["details_json"])
        kept = json.loads(row["details_json"])["rule_undecided"]
        assert kept == {k: v for k, v in rule_details.items() if k in ("evidence", "undecided")}
    reasons = {json.loads(d)["rule_undecided"].get("undecided") for d in settled["details_json"]}
    assert "the answer hedges and decides" in reasons and None not in reasons  # every abstention says why


def test_plan_counts_the_units_each_judge_takes(workdir) -> None:
    root, units = workdir
    write_setups(root, setup_rows(root, 1))
    judged = [u for u in units if u.error is None]
    with DevServer(api_key=KEY, reply=_reply) as srv:
        params = _params(root, srv.base_url, "hybrid")
        mark_answered(root, "m")  # m has answered; m2 has not
        before = {ln.role: ln for ln in plan(params, root / "cache") if ln.model == "judge-llm"}
        assert srv.records == []  # planning sends nothing
        stage.run("m", params)
        n = len(srv.records)
        after = {ln.role: ln for ln in plan(params, root / "cache") if ln.model == "judge-llm"}
    share = before["judge m"].share
    assert (share.rule, share.llm, share.llm_known) == (len(judged) - n, n, True)
    assert (before["judge m"].requests, before["judge m"].to_send) == (n, n)
    assert (after["judge m"].cached, after["judge m"].to_send) == (n, 0)  # the stage's requests, from the cache
    bound = before["judge m2"].share  # no responses yet: every unit the rules could leave undecided
    assert not bound.llm_known and before["judge m2"].upper_bound and not before["judge m"].upper_bound
    assert bound.llm == sum(u.family != "description" for u in judged) > n
    assert "unknown until" in before["judge m2"].note and "upper bound" in before["judge m2"].notes()
