"""`dvc repro` runs the stages without the virtualenv on PATH, and dvc.lock names no machine's path.

The stages run ``bin/scifigbench`` (``../bin/scifigbench`` from ``paper/``): a path relative to the
repository, which finds the repository's ``.venv`` itself. A bare ``scifigbench`` was found only
when ``.venv/bin`` was on PATH (``make repro`` put it there; ``.venv/bin/dvc repro`` did not).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
LAUNCHER = REPO / "bin" / "scifigbench"
DVC = Path(sys.executable).parent / "dvc"


def _commands(dvc_yaml: Path) -> list[str]:
    stages = yaml.safe_load(dvc_yaml.read_text())["stages"]
    return [(spec.get("do") or spec)["cmd"] for spec in stages.values()]


@pytest.mark.parametrize("dvc_yaml", [REPO / "dvc.yaml", REPO / "paper" / "dvc.yaml"], ids=["root", "paper"])
def test_every_stage_runs_the_launcher_by_a_relative_path(dvc_yaml: Path) -> None:
    for cmd in _commands(dvc_yaml):
        for part in cmd.split("&&"):
            program = part.split()[0]
            assert not Path(program).is_absolute(), cmd
            assert (dvc_yaml.parent / program).resolve() == LAUNCHER, cmd
    assert os.access(LAUNCHER, os.X_OK)


@pytest.mark.slow
def test_dvc_repro_runs_a_stage_without_the_venv_on_path(tmp_path: Path) -> None:
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    shutil.copy(REPO / "dvc.yaml", tmp_path / "dvc.yaml")
    shutil.copy(REPO / "params.yaml", tmp_path / "params.yaml")
    shutil.copytree(REPO / "bin", tmp_path / "bin")
    shutil.copytree(
        REPO / "src" / "scifigbench", tmp_path / "src" / "scifigbench", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)  # a checkout with its .venv
    # no virtualenv anywhere on PATH: the system's tools only (and no warm worker left behind)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DVC_NO_ANALYTICS": "1", "SCIFIGBENCH_WARM": "0"}
    assert shutil.which("scifigbench", path=env["PATH"]) is None

    def dvc(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(DVC), *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)

    assert dvc("init", "--no-scm", "-q").returncode == 0
    res = dvc("repro", "params")
    assert res.returncode == 0, res.stdout + res.stderr
    assert (tmp_path / "data" / "params.ok").is_file()
    lock = (tmp_path / "dvc.lock").read_text()
    assert "cmd: bin/scifigbench check-params" in lock
    assert str(tmp_path) not in lock and sys.prefix not in lock
