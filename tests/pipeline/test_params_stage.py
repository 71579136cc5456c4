"""A params mistake stops `dvc repro`: the params stage tracks the whole params file.

DVC reruns a stage only when a param it declares changed; with a list of sections, a misspelt
new section (`judgee:`) changed nothing any stage declares and the run passed silently.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).parent / "dvc"


def test_params_stage_tracks_the_whole_params_file() -> None:
    stage = yaml.safe_load((REPO / "dvc.yaml").read_text())["stages"]["params"]
    assert stage["params"] == [{"params.yaml": None}]


def _dvc(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "DVC_NO_ANALYTICS": "1", "HOME": str(cwd)}
    return subprocess.run([str(DVC), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_unknown_section_stops_repro_naming_it(tmp_path: Path) -> None:
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    shutil.copy(REPO / "dvc.yaml", tmp_path / "dvc.yaml")
    shutil.copytree(REPO / "bin", tmp_path / "bin")  # the launcher the stages run
    shutil.copytree(
        REPO / "src" / "scifigbench", tmp_path / "src" / "scifigbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    params = (REPO / "params.yaml").read_text()
    (tmp_path / "params.yaml").write_text(params)
    assert _dvc(tmp_path, "init", "--no-scm", "-q").returncode == 0
    first = _dvc(tmp_path, "repro", "params")
    assert first.returncode == 0, first.stdout + first.stderr
    marker = (tmp_path / "data" / "params.ok").read_bytes()

    (tmp_path / "params.yaml").write_text(params + "judgee:\n  kind: rule\n")
    res = _dvc(tmp_path, "repro")
    assert res.returncode != 0
    assert "judgee" in res.stdout + res.stderr
    assert (tmp_path / "data" / "params.ok").read_bytes() == marker  # kept (persist), nothing else ran
    assert not (tmp_path / "data" / "corpus").exists()


@pytest.mark.slow
def test_a_key_a_stage_declares_missing_stops_repro_before_any_stage(tmp_path: Path) -> None:
    """A judge section written anew without `audit`: the params stage names the key and its default,
    and the corpus (the first stage after it) never starts. Before, every stage up to audit ran first."""
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    shutil.copy(REPO / "dvc.yaml", tmp_path / "dvc.yaml")
    shutil.copytree(REPO / "bin", tmp_path / "bin")
    shutil.copytree(
        REPO / "src" / "scifigbench", tmp_path / "src" / "scifigbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    raw = yaml.safe_load((REPO / "params.yaml").read_text())
    raw["judge"] = {"kind": "rule", "llm_model": None, "caption_ab_seed": 42}
    (tmp_path / "params.yaml").write_text(yaml.safe_dump(raw, sort_keys=False))
    assert _dvc(tmp_path, "init", "--no-scm", "-q").returncode == 0
    res = _dvc(tmp_path, "repro")
    assert res.returncode != 0
    assert "judge.audit: missing" in res.stdout + res.stderr
    assert "Add `audit: null` under `judge:`" in res.stdout + res.stderr
    assert not (tmp_path / "data" / "corpus").exists()
