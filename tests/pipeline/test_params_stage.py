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
