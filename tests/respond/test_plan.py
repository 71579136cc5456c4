"""``scifigbench plan`` counts what would be sent, what the cache answers, and the ceiling of its cost."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from helpers.runner_helpers import openai_model, run_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer
from scifigbench.llm.request import user_prompt
from scifigbench.pipeline.plan import plan, plan_command

KEY = "test-plan-key-31"


def test_plan_counts_cache_answered_requests_and_sends_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    monkeypatch.chdir(tmp_path)
    write_setups(tmp_path, setup_rows(tmp_path, 2))
    with DevServer(api_key=KEY) as srv:
        models = {"m": openai_model(srv.base_url), "sim": {"backend": "simulated", "profile": "careful"}}
        write_params(tmp_path, models)
        run_model(tmp_path, "m")  # 4 setups answered and cached
        setups = write_setups(tmp_path, setup_rows(tmp_path, 3))  # one more figure: 2 new setups
        sent_before = len(srv.records)
        lines = {ln.model: ln for ln in plan(tmp_path / "params.yaml", tmp_path / paths.CACHE_DIR)}
        result = CliRunner().invoke(plan_command, ["--params", str(tmp_path / "params.yaml")])
        assert len(srv.records) == sent_before  # planning sends nothing
    m = lines["m"]
    assert (m.requests, m.cached, m.to_send) == (6, 4, 2)
    new = setups[setups["figure_id"] == "fig002"]
    prompt = sum(len(user_prompt(r.user_text, r.caption)) / 4 + 1000 for r in new.itertuples())
    assert m.prompt_tokens == pytest.approx(prompt) and m.output_tokens_max == 2 * 256
    assert m.cost_usd_max == pytest.approx(
        sum(round(len(user_prompt(r.user_text, r.caption)) / 4 + 1000) * 1.0 + 256 * 2.0 for r in new.itertuples())
        / 1e6
    )
    assert (lines["sim"].to_send, lines["sim"].cost_usd_max) == (0, 0.0)
    assert result.exit_code == 0 and "simulated: in-process" in result.output
    assert result.output.splitlines()[1].split()[:5] == ["m", "respond", "6", "4", "2"]


def test_plan_without_setups_says_what_to_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_params(tmp_path, {"sim": {"backend": "simulated", "profile": "careful"}})
    result = CliRunner().invoke(plan_command, ["--params", str(tmp_path / "params.yaml")])
    assert result.exit_code == 1 and "dvc repro setups" in result.output


def test_plan_says_what_setups_left_out_for_the_judge(tmp_path, monkeypatch):
    """The counts come from data/setups/left_out.json, written by the setups stage."""
    import json

    monkeypatch.chdir(tmp_path)
    write_setups(tmp_path, setup_rows(tmp_path, 1))
    write_params(tmp_path, {"sim": {"backend": "simulated", "profile": "careful"}})
    reason = "the rule judge needs a ground-truth spec for a description and the figure has none"
    left = {
        "judge_kind": "rule",
        "requests": 7,
        "units": 9,
        "figures": 1,
        "by_reason": {reason: {"family": "description", "figures": 1, "units": 9, "requests": 7}},
    }
    (tmp_path / paths.SETUPS_LEFT_OUT).write_text(json.dumps(left))
    result = CliRunner().invoke(plan_command, ["--params", str(tmp_path / "params.yaml")])
    assert result.exit_code == 0, result.output
    assert (
        "  setups: 7 request(s) and 9 unit(s) left out of setups, which the configured judge (judge.kind rule) "
        f"cannot judge: 9 description unit(s) on 1 figure(s): {reason}"
    ) in result.output
