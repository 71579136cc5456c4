"""check-params on the judge section: hybrid and llm name a declared model; fallback_model is gone."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scifigbench import params
from scifigbench.judges import config
from scifigbench.params_check import check

MODELS = {"sim": {"backend": "simulated", "profile": "careful"}}


def _write(tmp_path: Path, judge: dict) -> Path:
    path = tmp_path / "params.yaml"
    path.write_text(yaml.safe_dump({"seed": 42, "models": MODELS, "judge": judge}))
    return path


def test_hybrid_naming_a_declared_model_passes(tmp_path: Path) -> None:
    path = _write(tmp_path, {"kind": "hybrid", "llm_model": "sim"})
    check(path)
    assert config.load(path) == config.JudgeConfig(kind="hybrid", llm_model="sim")


@pytest.mark.parametrize(
    ("judge", "message"),
    [
        ({"kind": "hybrid"}, r"params\.yaml:judge\.llm_model: judge\.kind hybrid needs a model key"),
        ({"kind": "hybrid", "llm_model": "gpt"}, r"params\.yaml:judge\.llm_model: 'gpt' is not a key of models.*sim"),
        ({"kind": "llm", "llm_model": "gpt"}, r"params\.yaml:judge\.llm_model: 'gpt' is not a key of models"),
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
