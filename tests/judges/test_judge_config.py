"""check-params on the judge section and model roles: a judge is a declared service, never a respondent."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scifigbench import params
from scifigbench.judges import config
from scifigbench.pipeline.params_check import check

MODELS = {"sim": {"backend": "simulated", "profile": "careful"}}
JUDGE = {"backend": "openai", "base_url": "http://127.0.0.1:9/v1", "model": "j", "api_key_env": "K"}
SERVICES = {"gpt": {"roles": ["judge"], **JUDGE}, "writer": {"roles": ["probe_writer"], **JUDGE}}


def _write(tmp_path: Path, judge: dict, **sections: dict) -> Path:
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump({"seed": 42, "models": MODELS, "services": SERVICES, "judge": judge, **sections}))
    return path


def test_hybrid_naming_a_declared_judge_service_passes(tmp_path: Path) -> None:
    path = _write(tmp_path, {"kind": "hybrid", "llm_model": "gpt"})
    check(path)
    assert config.load(path) == config.JudgeConfig(kind="hybrid", llm_model="gpt")


@pytest.mark.parametrize(
    ("judge", "message"),
    [
        ({"kind": "hybrid"}, r"params\.yaml:judge\.llm_model: judge\.kind hybrid needs a model key"),
        (
            {"kind": "hybrid", "llm_model": "nope"},
            r"params\.yaml:judge\.llm_model: .*params\.yaml:services: no model 'nope'; known service models are "
            r"\['gpt', 'writer'\]",
        ),
        (
            {"kind": "llm", "llm_model": "sim"},
            r"judge\.llm_model: .*models\.sim: a respondent cannot serve as judge.*under services with "
            r"roles: \[judge\]",
        ),
        (
            {"kind": "llm", "llm_model": "writer"},
            r"judge\.llm_model: .*services\.writer\.roles: \['probe_writer'\] does not include 'judge'",
        ),
        ({"kind": "mixed"}, r"params\.yaml:judge\.kind: 'mixed' is not one of \['rule', 'llm', 'hybrid'\]"),
        (
            {"kind": "rule", "fallback_model": "sim"},
            r"params\.yaml:judge\.fallback_model: no longer read; use judge\.kind: hybrid with judge\.llm_model",
        ),
    ],
)
def test_check_params_names_the_file_and_key(tmp_path: Path, judge: dict, message: str) -> None:
    with pytest.raises(params.ParamsError, match=message):
        check(_write(tmp_path, judge))


def test_the_repository_params_keep_the_rule_judge() -> None:
    assert config.load(Path(__file__).resolve().parents[2] / "params.yaml").kind == "rule"


@pytest.mark.parametrize(
    ("sections", "message"),
    [
        ({"services": {"sim": {"roles": ["judge"], **JUDGE}}}, r"\['sim'\] declared under both models and services"),
        ({"services": {"x": {"roles": ["respondent"], **JUDGE}}}, r"x\.roles: a respondent is declared under models"),
        ({"services": {"x": {"roles": ["grader"], **JUDGE}}}, r"services\.x\.roles: unknown role\(s\) \['grader'\]"),
        ({"services": {"x": JUDGE}}, r"services\.x\.roles: list what this model is for"),
        ({"models": {"r": {"roles": ["judge"], **JUDGE}}}, r"models\.r\.roles: every model under models is a"),
        (
            {"probes": {"llm_generator": "gpt"}},
            r"probes\.llm_generator: .*services\.gpt\.roles: \['judge'\] does not "
            r"include 'probe_writer'",
        ),
    ],
)
def test_check_params_refuses_a_model_in_the_wrong_section_or_role(tmp_path: Path, sections: dict, message: str):
    with pytest.raises(params.ParamsError, match=message):
        check(_write(tmp_path, {"kind": "rule"}, **sections))


def test_a_probe_writer_service_passes(tmp_path: Path) -> None:
    check(_write(tmp_path, {"kind": "rule"}, probes={"llm_generator": "writer"}))
