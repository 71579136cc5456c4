"""The real dvc.yaml on tiny params: a params typo keeps every previous output; removing a model
removes it from the metrics and the report (and metrics/report rerun for it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.tiny_pipeline import DVC, make_repo, sh, snapshot, tiny_params, write_params

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]

OUTPUTS = ("data", "metrics", "reports")


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_repo(tmp_path_factory.mktemp("pipe") / "repo", tiny_params(("sim-careful", "sim-weak")))
    sh(root, str(DVC), "repro", "-q")
    return root


def test_params_typo_keeps_every_previous_output(pipeline: Path) -> None:
    before = snapshot(pipeline, *OUTPUTS)
    assert any(k.startswith("metrics/") for k in before) and "reports/index.html" in before
    params = tiny_params(("sim-careful", "sim-weak"))
    params["metrics"]["bootstrp"] = params["metrics"].pop("bootstrap")  # the typo
    params["corpus"]["n_bar"] = 3  # and a real change upstream
    write_params(pipeline, params)
    res = sh(pipeline, str(DVC), "repro", check=False)
    assert res.returncode != 0
    assert "bootstrp" in res.stdout + res.stderr
    after = snapshot(pipeline, *OUTPUTS)
    assert sorted(after) == sorted(before)
    changed = [k for k in before if after[k] != before[k]]
    assert changed == []
    write_params(pipeline, tiny_params(("sim-careful", "sim-weak")))
    status = sh(pipeline, str(DVC), "status", "-q", check=False)
    assert status.returncode == 0, status.stdout  # fixing the typo: everything is up to date again


def test_removing_a_model_removes_it_from_metrics_and_report(pipeline: Path) -> None:
    def models_in_metrics() -> set[str]:
        perception = json.loads((pipeline / "metrics" / "perception.json").read_text())
        run = json.loads((pipeline / "metrics" / "run.json").read_text())
        return set(perception["mqm"]) | set(run["judgments"])

    assert models_in_metrics() == {"sim-careful", "sim-weak"}
    write_params(pipeline, tiny_params(("sim-careful",)))
    dry = sh(pipeline, str(DVC), "repro", "--dry").stdout
    assert "Running stage 'metrics'" in dry and "Running stage 'report'" in dry
    sh(pipeline, str(DVC), "repro", "-q")
    assert (pipeline / "data" / "judgments" / "sim-weak.parquet").exists()  # its file is still there...
    assert models_in_metrics() == {"sim-careful"}  # ...but no longer read
    assert "sim-weak" not in (pipeline / "reports" / "index.html").read_text()
    assert "sim-weak" not in "".join(p.read_text() for p in (pipeline / "reports" / "plots").glob("*.csv"))
