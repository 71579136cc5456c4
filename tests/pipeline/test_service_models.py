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
HTTP = {"backend": "openai", "api_key_env": KEY_ENV, "requests_per_minute": None, "concurrency": 8}


class JudgeServer(DevServer):
    """A judge that answers every judge prompt validly and notes what each request carried."""

    def __init__(self) -> None:
        super().__init__(api_key=KEY, reply=self._verdict)
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
    with DevServer(api_key=KEY) as respondent, JudgeServer() as judge:
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
