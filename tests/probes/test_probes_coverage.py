"""The path without a model is explicit: a plan before the run, coverage.json after it, failures per figure."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pandas as pd
import yaml
from test_probes_stage import _corpus

from scifigbench import paths
from scifigbench.probes import coverage, stage
from scifigbench.probes.coverage import (
    NEEDS_GENERATOR,
    NEEDS_LLM_JUDGE,
    NEEDS_PROBE_REVIEW,
    NEEDS_READING,
    NEEDS_REAL_MODEL,
    NEEDS_REVIEW,
    Setting,
)

FIGS = pd.DataFrame({"figure_id": ["s1", "s2", "r1"], "spec_path": ["a.json", "b.json", None]})
OFFLINE = Setting(
    generator=None,
    scivqa_qa=None,
    judge_kind="rule",
    judge_model=None,
    real_models=(),
    simulated_models=("sim-careful", "sim-weak"),
    layout_probes=False,
)


def test_offline_without_layout_probes_says_what_real_figures_miss_and_why() -> None:
    cov = coverage.coverage(FIGS, None, OFFLINE)
    assert cov["figures"] == {"synthetic": 2, "real": 1}
    gaps = {g["family"]: g["needs"] for g in cov["not_measured"]}
    assert set(gaps) == {"capability", "resistance", "caption_bias", "description", "all"}
    assert gaps["caption_bias"].startswith(NEEDS_GENERATOR) and gaps["description"] == NEEDS_LLM_JUDGE
    assert gaps["all"] == NEEDS_REAL_MODEL
    plan = cov["plan"]
    assert plan.startswith("Plan: 1 real figure(s) without a spec and 2 synthetic.")
    assert (
        "real figures get: blur" in plan and "Not measured on real figures: capability (needs a generator model" in plan
    )
    assert "only simulated models (sim-careful, sim-weak), which skip real figures" in plan


def test_offline_default_plans_layout_probes_for_real_figures() -> None:
    cov = coverage.coverage(FIGS, None, replace(OFFLINE, layout_probes=True))
    assert {g["family"] for g in cov["not_measured"]} == {"description", "all"}
    assert "real figures get: capability, resistance, caption_bias, blur" in cov["plan"]


def test_layout_probes_count_once_confirmed() -> None:
    on = replace(OFFLINE, layout_probes=True)
    probes = pd.DataFrame(
        {
            "figure_id": ["r1", "r1"],
            "family": ["resistance", "capability"],
            "category": ["contra", "counting"],
            "status": ["proposed", "confirmed"],
        }
    )
    gaps = {g["family"]: g["needs"] for g in coverage.coverage(FIGS, probes, on)["not_measured"]}
    assert gaps["resistance"] == NEEDS_PROBE_REVIEW and "capability" not in gaps
    assert gaps["caption_bias"] == NEEDS_READING  # no real figure's reading gave one


def test_a_full_setup_leaves_only_unreviewed_blur() -> None:
    full = Setting(
        generator="gpt", scivqa_qa=None, judge_kind="llm", judge_model="gpt", real_models=("gpt",), simulated_models=()
    )
    probes = pd.DataFrame({"figure_id": ["r1", "s1"], "family": ["blur", "blur"], "status": ["proposed", "confirmed"]})
    cov = coverage.coverage(FIGS, probes, full)
    assert cov["not_measured"] == [{"family": "blur", "figures": "real", "needs": NEEDS_REVIEW}]
    assert cov["families"]["blur"]["probes_real"] == 1 and cov["families"]["blur"]["probes_synthetic"] == 1


def test_synthetic_only_corpus_has_no_gaps() -> None:
    cov = coverage.coverage(FIGS[FIGS.spec_path.notna()], None, OFFLINE)
    assert cov["not_measured"] == [] and "no real figures" in cov["plan"]


def test_setting_is_read_from_params(tmp_path: Path) -> None:
    p = tmp_path / "params.yaml"
    p.write_text(
        yaml.safe_dump(
            {
                "probes": {"llm_generator": "g"},
                "judge": {"kind": "llm", "llm_model": "g"},
                "models": {"r": {"backend": "openai"}, "s": {"backend": "simulated"}},
                "services": {"g": {"roles": ["judge", "probe_writer"], "backend": "openai"}},
            }
        )
    )
    assert Setting.load(p) == Setting("g", None, "llm", "g", ("r",), ("s",))  # a service is not a respondent


def test_stage_prints_the_plan_and_writes_coverage(tmp_path: Path, capsys) -> None:
    stage.run(_corpus(tmp_path), tmp_path)
    err = capsys.readouterr().err
    assert "Plan: 1 real figure(s) without a spec and 4 synthetic." in err
    assert "probes: not measured on real figures: caption_bias (needs a layout reading that settles one" in err
    cov = json.loads((tmp_path / stage.COVERAGE).read_text())
    assert {g["family"] for g in cov["not_measured"]} >= {"capability", "resistance", "caption_bias", "description"}
    assert cov["families"]["capability"]["probes_synthetic"] == 16 and cov["families"]["capability"]["probes_real"] == 0
    assert json.loads((tmp_path / stage.ERRORS).read_text()) == {"failed": 0, "failures": []}


def test_a_failing_figure_is_recorded_and_the_others_get_probes(tmp_path: Path, monkeypatch, capsys) -> None:
    real = stage.spec_probes

    def flaky(spec, *args, **kwargs):
        if spec.figure_id == "l1":
            raise OverflowError("math range error")
        return real(spec, *args, **kwargs)

    monkeypatch.setattr(stage, "spec_probes", flaky)
    stage.run(_corpus(tmp_path), tmp_path)
    df = pd.read_parquet(tmp_path / paths.PROBES)
    assert "l1" not in set(df[df.family == "capability"].figure_id) and {"b1", "p1", "p2"} <= set(df.figure_id)
    errors = json.loads((tmp_path / stage.ERRORS).read_text())
    assert errors["failed"] == 1
    assert errors["failures"][0]["item"] == "l1" and errors["failures"][0]["step"] == "spec probes"
    assert "OverflowError: math range error" in errors["failures"][0]["error"]
    assert "probes: 1 of 5 figures failed" in capsys.readouterr().err


def test_plan_command_prints_the_families_paragraph(tmp_path: Path, monkeypatch) -> None:
    from click.testing import CliRunner

    from scifigbench.pipeline.plan import plan_command

    params_file = _corpus(tmp_path)
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(plan_command, ["--params", str(params_file), "--families"])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("Plan: 1 real figure(s) without a spec and 4 synthetic.")
