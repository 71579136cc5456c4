"""judge.audit against the local OpenAI-compatible test server: exactly the seeded share of units
is re-judged (the server's own count), through the call cache; the metrics compare both judges
and the report shows the agreement table; ``plan`` counts the audit's requests."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import yaml

from helpers.runner_helpers import mark_answered, service_model, setup_rows, write_params, write_setups
from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench import paths, seeded
from scifigbench.devserver import DevServer, Faults
from scifigbench.families.reply_units import Unit
from scifigbench.judges import audit, stage
from scifigbench.judges.units import units_for
from scifigbench.metrics.stats import cohen_kappa
from scifigbench.metrics.validity import audit_agreement
from scifigbench.pipeline.plan import plan, render
from scifigbench.report.page import render_report

KEY = "test-audit-key-25"


def _units() -> list[Unit]:
    """Capability and resistance units of every respondent figure under five conditions (distinct prompts),
    plus one failed response, which no judge takes."""
    units: list[Unit] = []
    for make in RESPONDENT_FIGURES:
        spec = make()
        ctx = context([spec])
        for base in setups_for(spec):
            if base["task"] not in ("capability", "resistance"):
                continue
            for condition in ("base", "noise", "lowc", "rot", "inpaper"):
                s = base | {"setup_id": f"{spec.figure_id}/{condition}/{base['task']}", "condition": condition}
                text = "\n".join(f"{i}. {s['setup_id']} answer {i}: 2.5" for i in range(1, 6))
                units += units_for(s, {"text": text, "error": None}, ctx.probes, spec, ctx.blur_targets, None)
    failed = s | {"setup_id": f"{spec.figure_id}/nocap/{s['task']}", "condition": "nocap"}
    units += units_for(failed, {"text": None, "error": "HTTP 503"}, ctx.probes, spec, ctx.blur_targets, None)
    return units


def _reply(body: dict) -> str:
    """A second judge that grades capability answers by the parity of the prompt's length and
    calls every resistance answer resisting: some agreement with the rules, some not. A repair
    request is answered for the prompt it repairs (its first message)."""
    text = body["messages"][0]["content"]
    text = text if isinstance(text, str) else text[0]["text"]
    if "Reference answer:" in text:
        return json.dumps({"correct": len(text) % 2 == 0, "reason": "r"})
    return json.dumps({"score": 1.0, "reason": "r"})


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))
    units = _units()
    monkeypatch.setattr(stage, "load_units", lambda model, responses=None, **kw: units)
    return tmp_path, units


def _params(root: Path, url: str, share: float | None) -> Path:
    path = write_params(
        root,
        {"m": {"backend": "simulated", "profile": "careful"}},
        services={"auditor": service_model(url)},
        max_retries=0,
    )
    raw = yaml.safe_load(path.read_text())
    raw["judge"] = {"kind": "rule", "audit": None if share is None else {"model": "auditor", "share": share}}
    path.write_text(yaml.safe_dump(raw))
    return path


def test_audit_sends_exactly_the_selected_share_and_reports_agreement(workdir) -> None:
    root, units = workdir
    judgeable = [u.unit_id for u in units if u.error is None]
    selected = seeded.share(judgeable, 0.1, seed=42)  # computed apart from the stage
    assert len(selected) == round(0.1 * len(judgeable)) and len(selected) >= 5
    with DevServer(api_key=KEY, reply=_reply) as srv:
        params = _params(root, srv.base_url, 0.1)
        primary = stage.run("m", params)
        assert srv.records == []  # the rule judge sends nothing
        audited = audit.run("m", params)
        assert len(srv.records) == len(selected)  # the server's own count: one request per selected unit
        again = audit.run("m", params)
        assert len(srv.records) == len(selected)  # a rerun is answered by the call cache
    assert sorted(audited["unit_id"]) == sorted(selected)
    assert audited["judge_id"].str.startswith("llm:auditor:").all() and audited["error"].isna().all()
    assert audited.equals(again)
    assert (root / paths.audit("m")).is_file()

    out = audit_agreement(primary, audited)
    rule = primary.set_index("unit_id")
    for family, cell in out["by_family"].items():
        rows = audited[audited["family"] == family]
        ours = [str(rule.at[u, "verdict"]) for u in rows["unit_id"]]
        theirs = [str(v) for v in rows["verdict"]]
        decided = [(a, b) for a, b in zip(ours, theirs, strict=True) if a != "undecided"]
        assert cell["n"] == len(decided) and cell["agree"] == sum(a == b for a, b in decided)
        kappa = cohen_kappa([a for a, _ in decided], [b for _, b in decided])
        assert cell["kappa"] == (None if math.isnan(kappa) else round(kappa, 6))
    page = render_report({"validity": {"review": {}, "audit": out}}, [], [], 0)
    assert "How often the judge agrees with a person and with a second judge" in page
    assert "llm:auditor:" in page


def test_no_audit_writes_an_empty_table_and_sends_nothing(workdir) -> None:
    root, _ = workdir
    with DevServer(api_key=KEY, reply=_reply) as srv:
        table = audit.run("m", _params(root, srv.base_url, None))
        assert srv.records == []
    assert table.empty and (root / paths.audit("m")).is_file()


def test_plan_counts_the_audit_requests(workdir) -> None:
    root, units = workdir
    write_setups(root, setup_rows(root, 1))
    selected = seeded.share((u.unit_id for u in units if u.error is None), 0.25, seed=42)
    with DevServer(api_key=KEY, reply=_reply) as srv:
        params = _params(root, srv.base_url, 0.25)
        mark_answered(root, "m")  # m has answered
        before = {ln.role: ln for ln in plan(params, root / "cache") if ln.model == "auditor"}
        assert srv.records == []  # planning sends nothing
        audit.run("m", params)
        after = {ln.role: ln for ln in plan(params, root / "cache") if ln.model == "auditor"}
    assert (before["audit m"].requests, before["audit m"].to_send) == (len(selected), len(selected))
    assert (
        before["audit m"].note
        == f"{len(selected)} of {len(units) - 3} judgeable units re-judged (judge.audit share 0.25)"
    )
    assert (after["audit m"].cached, after["audit m"].to_send) == (len(selected), 0)


def test_plan_bounds_the_judge_requests_with_their_repairs_and_counts_cached_ones_exactly(workdir) -> None:
    """A reply in prose fails the judge's schema and gets one repair request: before the run, plan's
    requests to send plus its repairs bound the server's count; after it, the cached prose replies
    lead plan to their repairs, and exactly the requests whose answers never came are still to send."""
    root, _ = workdir
    write_setups(root, setup_rows(root, 1))
    faults = Faults(rates={"prose": 0.3}, permanent_rate=0.1, permanent_kind="500")  # no retries in _params
    with DevServer(api_key=KEY, reply=_reply, faults=faults) as srv:
        params = _params(root, srv.base_url, 1.0)
        mark_answered(root, "m")  # m has answered
        before = next(ln for ln in plan(params, root / "cache") if ln.role == "audit m")
        audit.run("m", params)
        first_run = list(srv.records)
        after = next(ln for ln in plan(params, root / "cache") if ln.role == "audit m")
        audit.run("m", params)
        rerun = srv.records[len(first_run) :]
    repairs = [r for r in first_run if "That reply cannot be used" in r.user_text]
    firsts = [r for r in first_run if r not in repairs]
    assert len(firsts) == before.to_send == before.requests  # nothing cached yet
    assert len(repairs) == sum(r.outcome == "prose" for r in firsts) > 0  # one repair per reply in prose
    assert before.repairs_max == before.to_send
    assert len(first_run) <= before.to_send + before.repairs_max  # the stated bound holds
    failed = [r for r in first_run if r.outcome == "500"]
    assert failed and after.to_send == len(failed) == len(rerun)  # the rerun sends what plan says, no more
    assert after.requests == len(first_run) and after.cached == len(first_run) - len(failed)
    print(
        f"\nplan before: {before.to_send} to send + <={before.repairs_max} repairs; server {len(first_run)} "
        f"({len(firsts)} first, {len(repairs)} repairs); plan after: {after.to_send} to send, rerun sent {len(rerun)}"
    )
    rendered = render([before])
    assert f"<={before.repairs_max}" in rendered and "more may be sent" in rendered


@pytest.mark.parametrize(
    ("judge", "message"),
    [
        ({"audit": {"model": "nobody", "share": 0.1}}, "judge.audit.model: "),
        ({"audit": {"model": "auditor", "share": 0}}, "judge.audit.share: 0.0 is not in (0, 1]"),
        ({"audit": {"model": "auditor", "share": 1.5}}, "judge.audit.share: 1.5 is not in (0, 1]"),
        ({"audit": {"model": "auditor", "shares": 0.1}}, "unknown key(s) ['shares']"),
        ({"review": {"per_stratum": 0}}, "judge.review.per_stratum: 0 must be at least 1"),
    ],
)
def test_check_params_refuses_a_bad_audit_or_review_section(tmp_path: Path, judge: dict, message: str) -> None:
    from scifigbench.params import ParamsError
    from scifigbench.pipeline.params_check import check

    path = _params(tmp_path, "http://127.0.0.1:9/v1", None)
    raw = yaml.safe_load(path.read_text())
    raw["judge"] = {"kind": "rule", **judge}
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(ParamsError) as err:
        check(path)
    assert message in str(err.value)


def test_the_llm_judge_id_changes_with_the_model_and_its_settings_not_only_the_key(tmp_path: Path) -> None:
    """Two judge models (or one at two temperatures) under one services key were one judge id."""
    from scifigbench.judges.config import JudgeConfig
    from scifigbench.judges.llm_stage import llm_unit_judge

    def judge_id(**entry: object) -> str:
        path = write_params(
            tmp_path,
            {"m": {"backend": "simulated", "profile": "careful"}},
            services={"auditor": service_model("http://127.0.0.1:9/v1", **entry)},
        )
        judge, jid = llm_unit_judge(JudgeConfig(kind="llm", llm_model="auditor"), path)
        judge.close()
        return jid

    first = judge_id()
    assert first.startswith("llm:auditor:test-vlm@")
    assert judge_id() == first  # the same model and settings: the same id
    assert judge_id(model="other-vlm") != first
    assert judge_id(temperature=0.7) != first
