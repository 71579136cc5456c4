"""The real dvc.yaml against local test servers: the README's LLM-judge recipe bills the judge as a
judge only, `plan` equals what the server then receives, and a failed respond run under `dvc repro`
keeps the previous table.

A respondent server answers the HTTP respondent ``api``; a judge server answers judge prompts with
schema-valid verdicts and records, for every request it answers, the model named and whether an
image was attached.
"""

from __future__ import annotations

import copy
import hashlib
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from helpers.judge_replies import valid_verdict
from helpers.tiny_pipeline import DVC, make_repo, sh, tiny_params, write_params
from scifigbench import paths
from scifigbench.devserver import DevServer
from scifigbench.pipeline.plan import Line, plan

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]

KEY = "test-service-models-key-3"
KEY_ENV = "SCIFIGBENCH_TEST_KEY"
LIFETIME_S = 3600.0  # the module's servers outlive its dvc runs on a loaded machine (the default is 600 s)
HTTP = {"backend": "openai", "api_key_env": KEY_ENV, "requests_per_minute": None, "concurrency": 8}


class JudgeServer(DevServer):
    """A judge that answers every judge prompt validly and notes what each request carried."""

    def __init__(self) -> None:
        super().__init__(api_key=KEY, reply=self._verdict, lifetime_s=LIFETIME_S)
        self.kinds: Counter[tuple[str, str]] = Counter()  # (model, "image" | "text") -> requests answered

    def _verdict(self, body: dict[str, Any]) -> str:
        images = any(
            isinstance(m.get("content"), list) and any(p.get("type") == "image_url" for p in m["content"])
            for m in body["messages"]
        )
        with self.lock:
            self.kinds[(body["model"], "image" if images else "text")] += 1
        return valid_verdict(body)


@pytest.fixture(scope="module")
def servers():
    with DevServer(api_key=KEY, lifetime_s=LIFETIME_S) as respondent, JudgeServer() as judge:
        yield respondent, judge


def _params(respondent: DevServer) -> dict[str, Any]:
    params = tiny_params(("sim-careful", "sim-weak"))
    params["models"]["api"] = {**HTTP, "base_url": respondent.base_url, "model": "vlm"}
    return params


def _env(root: Path) -> dict[str, str]:
    return {KEY_ENV: KEY, paths.CACHE_ENV: str(root / paths.CACHE_DIR), "SCIFIGBENCH_WARM_IDLE": "20"}


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory: pytest.TempPathFactory, servers) -> Path:
    root = make_repo(tmp_path_factory.mktemp("svc") / "repo", _params(servers[0]))
    sh(root, str(DVC), "repro", "-q", env=_env(root))
    return root


def _md5(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def _ran(output: str) -> set[str]:
    return set(re.findall(r"Running stage '([^']+)'", output))


def _plan(root: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Line]:
    monkeypatch.chdir(root)
    return {ln.role: ln for ln in plan(root / "params.yaml", root / paths.CACHE_DIR) if ln.role.startswith("judge ")}


def test_a_rejected_key_under_dvc_repro_keeps_the_previous_table(pipeline: Path, servers) -> None:
    respondent, _ = servers
    table, stats = pipeline / paths.responses("api"), pipeline / paths.response_stats("api")
    before = (_md5(table), _md5(stats))
    params = _params(respondent)
    params["models"]["api"]["max_tokens"] = 300  # a changed request: every setup is sent again
    write_params(pipeline, params)
    respondent.fail_status = 401
    try:
        res = sh(pipeline, str(DVC), "repro", check=False, env=_env(pipeline))
    finally:
        respondent.fail_status = None
        write_params(pipeline, _params(respondent))
    assert res.returncode != 0
    assert "401" in res.stdout + res.stderr and "respond@api" in res.stdout + res.stderr
    assert (_md5(table), _md5(stats)) == before  # DVC did not delete them, the run did not replace them
    print(f"\n401 under dvc repro: exit {res.returncode}, responses md5 {before[0]} unchanged")


def test_readme_llm_judge_recipe_bills_the_judge_as_a_judge_and_plan_equals_the_bill(
    pipeline: Path, servers, monkeypatch: pytest.MonkeyPatch
) -> None:
    respondent, judge = servers
    asked_before = len(respondent.records)
    recipe = _params(respondent)
    recipe["services"] = {"llm-judge": {"roles": ["judge"], **HTTP, "base_url": judge.base_url, "model": "judge-4o"}}
    # the recipe sets keys of the judge section (the dvc stages read judge.audit too, so it stays)
    recipe["judge"] = {**recipe["judge"], "kind": "llm", "llm_model": "llm-judge", "caption_ab_seed": 42}
    write_params(pipeline, recipe)

    fresh = _plan(pipeline, monkeypatch)  # every respondent has answered; nothing judged by the LLM yet
    assert set(fresh) == {"judge sim-careful", "judge sim-weak", "judge api"}  # the judge is no respondent
    assert not any(ln.upper_bound for ln in fresh.values())  # answers exist: exact counts
    # (a request another respondent's judge sends first is counted cached: the stages share the cache)
    res = sh(pipeline, str(DVC), "repro", env=_env(pipeline))
    ran = _ran(res.stdout)
    # setups reads judge.kind (what the judge can judge) and the audit and vetting stages read services;
    # with no audit or vetting set they write empty tables and the setups come out the same, so no
    # respond@ stage runs
    audits = {f"audit@{m}" for m in ("sim-careful", "sim-weak", "api")} | {"vetting"}
    assert ran == {"params", "setups", "judge@sim-careful", "judge@sim-weak", "judge@api", "metrics", "report"} | audits
    fresh_sent = len(judge.records)
    assert fresh_sent == sum(ln.to_send for ln in fresh.values()) > 0  # plan equals the bill
    assert set(judge.kinds) == {("judge-4o", "text")}  # judge requests only, no image
    assert len(respondent.records) == asked_before  # no respondent call either

    grown = copy.deepcopy(recipe)  # a new respondent: its judge requests are planned before it answers
    grown["models"]["sim-follower"] = {"backend": "simulated", "profile": "follower"}
    write_params(pipeline, grown)
    bound = _plan(pipeline, monkeypatch)["judge sim-follower"]
    assert bound.upper_bound and bound.cached == 0
    sh(pipeline, str(DVC), "repro", "-q", "respond@sim-follower", env=_env(pipeline))
    partly = _plan(pipeline, monkeypatch)  # answers exist: exact; the others' requests are in the cache
    assert not any(ln.upper_bound for ln in partly.values())
    others = [ln for role, ln in partly.items() if role != "judge sim-follower"]
    assert all(ln.to_send == 0 and ln.cached == ln.requests for ln in others)
    sh(pipeline, str(DVC), "repro", "-q", env=_env(pipeline))
    partly_sent = len(judge.records) - fresh_sent
    assert partly_sent == sum(ln.to_send for ln in partly.values()) <= bound.requests
    assert max(judge.requests.values()) == 1  # no judge request was paid twice
    print(
        f"\nrecipe: judge server requests by (model, kind) {dict(judge.kinds)}; respondent server +0\n"
        f"fresh: plan {sum(ln.to_send for ln in fresh.values())} to send "
        f"({sum(ln.cached for ln in fresh.values())} shared between respondents), server {fresh_sent}\n"
        f"new respondent: plan before its answers <= {bound.requests} (upper bound); after, partly cached: "
        f"{sum(ln.cached for ln in partly.values())} cached, {sum(ln.to_send for ln in partly.values())} to send; "
        f"server {partly_sent}; duplicate judge calls {sum(n - 1 for n in judge.requests.values())}"
    )


def _planned(output: str) -> dict[str, tuple[str, int]]:
    """`scifigbench plan`'s rows by role: (the requests cell, the "to send" count)."""
    rows = {}
    for line in output.splitlines()[1:]:
        cells = re.split(r"\s{2,}", line.strip())
        if line.startswith("notes:"):
            break
        if len(cells) == 9:
            rows[f"{cells[0]} {cells[1]}"] = (cells[2], int(cells[4].replace(",", "")))
    return rows


def _edit_prompt_plan_and_run(root: Path, servers, text: str) -> tuple[dict[str, tuple[str, int]], int, int, str]:
    """Write capability.txt of the checkout, plan with that checkout's code, then `dvc repro`: the
    plan's rows and what each server received."""
    respondent, judge = servers
    (root / "src" / "scifigbench" / "prompts" / "capability.txt").write_text(text, encoding="utf-8")
    out = sh(root, sys.executable, "-m", "scifigbench", "plan", env=_env(root)).stdout
    asked, judged = len(respondent.records), len(judge.records)
    sh(root, str(DVC), "repro", "-q", env=_env(root))
    return _planned(out), len(respondent.records) - asked, len(judge.records) - judged, out


@pytest.mark.timeout(2400)  # three `dvc repro` of the tiny pipeline: over 900 s at a load of 16 on 2 cores
def test_plan_after_a_respondent_prompt_edit_equals_what_the_servers_receive(pipeline: Path, servers) -> None:
    """An edited respondent prompt reruns setups, respond and judge; `plan` before the run counts the
    respondent's new requests and the judge requests for the answers about to change, exactly as the
    servers then receive them. Put back, the old setups come back with their cached answers: 0 sent."""
    respondent, judge = servers
    recipe = _params(respondent)
    recipe["services"] = {"llm-judge": {"roles": ["judge"], **HTTP, "base_url": judge.base_url, "model": "judge-4o"}}
    recipe["judge"] = {**recipe["judge"], "kind": "llm", "llm_model": "llm-judge", "caption_ab_seed": 42}
    write_params(pipeline, recipe)
    sh(pipeline, str(DVC), "repro", "-q", env=_env(pipeline))  # everything judged by the LLM judge
    prompt = pipeline / "src" / "scifigbench" / "prompts" / "capability.txt"
    original = prompt.read_text(encoding="utf-8")
    try:
        edited = original.rstrip("\n") + "\nAnswer each question in one short sentence.\n"
        rows, asked, judged, out = _edit_prompt_plan_and_run(pipeline, servers, edited)
        back, asked_back, judged_back, _ = _edit_prompt_plan_and_run(pipeline, servers, original)
    finally:
        prompt.write_text(original, encoding="utf-8")
    respond_rows = {k: v for k, v in rows.items() if " respond" in k}
    judge_rows = {k: v for k, v in rows.items() if " judge " in k}
    assert "setups differ from" in out and set(judge_rows) == {
        f"llm-judge judge {m}" for m in ("api", "sim-careful", "sim-weak")
    }
    # the simulated respondents' new answers are computed, so their judge lines are exact; the HTTP
    # respondent's are not known before they are sent: one request per unit, labelled an upper bound
    assert [k for k, (cell, _) in rows.items() if cell.startswith("<=")] == ["llm-judge judge api"], out
    planned_asked = sum(n for _, n in respond_rows.values())
    planned_judged = sum(n for _, n in judge_rows.values())
    assert planned_asked == asked > 0, out
    # measured (load 16): plan 6 respondent + <=24 judge; the servers got 6 + 6 (the respondent's new
    # answers split into fewer judgeable units than one per question): exact where answers are known,
    # a labelled bound where they cannot be
    exact = sum(n for k, (cell, n) in judge_rows.items() if not cell.startswith("<="))
    assert exact <= judged <= planned_judged and judged > 0, out
    assert (sum(n for _, n in back.values()), asked_back, judged_back) == (0, 0, 0)
    print(
        f"\ncapability.txt edited: plan {planned_asked} respondent + {planned_judged} judge requests to send; "
        f"servers received {asked} + {judged}. Put back: plan 0, servers {asked_back} + {judged_back}"
    )
