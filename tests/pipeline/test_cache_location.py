"""Experiment copies (`dvc exp run --temp`, `dvc exp queue`) find the workspace's caches and interpreter.

Why: DVC runs such experiments in a throwaway copy under ``<workspace>/.dvc/tmp/exps/``. The stores
lived in the copy, so each experiment started cold and its work was deleted with it; and the copy
has no ``.venv``, so with a bare PATH the stages could not even find the package.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scifigbench import paths

REPO = Path(__file__).resolve().parents[2]


def test_an_experiment_copy_uses_its_workspace_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    copy = tmp_path / "ws" / ".dvc" / "tmp" / "exps" / "tmpk2x9"
    assert paths.cache_root(copy) == tmp_path / "ws" / ".scifigbench-cache"
    assert paths.cache_root(copy / "paper") == tmp_path / "ws" / ".scifigbench-cache"
    # anything else keeps its own cache: a workspace, DVC's other temporary folders
    assert paths.cache_root(tmp_path / "ws") == tmp_path / "ws" / ".scifigbench-cache"
    assert (
        paths.cache_root(tmp_path / "ws" / ".dvc" / "tmp" / "exps")
        == tmp_path / "ws" / ".dvc" / "tmp" / "exps" / ".scifigbench-cache"
    )
    assert paths.cache_root(Path(".")) == Path(".scifigbench-cache")


def test_a_configured_cache_wins_everywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared = tmp_path / "shared"
    monkeypatch.setenv(paths.CACHE_ENV, str(shared))
    assert paths.cache_root(tmp_path / "ws" / ".dvc" / "tmp" / "exps" / "tmpk2x9") == shared
    assert paths.cache_root(tmp_path / "other") == shared


MAIN = """
from pathlib import Path
from scifigbench import paths
print(Path(__file__).resolve())
print(paths.cache_root(Path.cwd()).resolve())
"""


def test_the_launcher_in_an_experiment_copy_runs_the_copy_with_the_workspace_venv(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    copy = ws / ".dvc" / "tmp" / "exps" / "tmpk2x9"
    shutil.copytree(REPO / "bin", copy / "bin")
    pkg = copy / "src" / "scifigbench"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    shutil.copy(REPO / "src" / "scifigbench" / "paths.py", pkg / "paths.py")
    (pkg / "__main__.py").write_text(MAIN)
    (ws / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)  # the workspace's own .venv
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SCIFIGBENCH_WARM": "0"}
    assert shutil.which("scifigbench", path=env["PATH"]) is None
    res = subprocess.run(
        ["bin/scifigbench"], cwd=copy, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert res.returncode == 0, res.stderr
    ran, cache = res.stdout.split()
    assert Path(ran) == (pkg / "__main__.py").resolve()  # the copy's code, not the workspace's install
    assert Path(cache) == (ws / ".scifigbench-cache").resolve()
