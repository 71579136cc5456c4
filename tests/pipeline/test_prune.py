"""`scifigbench prune`: a model removed from params.yaml leaves nothing in data/ or dvc.lock."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.pipeline.prune import prune

LOCK_ENTRY = """  {name}:
    cmd: scifigbench {cmd}
    deps:
    - path: data/setups/setups.parquet
      hash: md5
      md5: 0123456789abcdef0123456789abcdef
      size: 10
"""


def _lock(names: list[str]) -> str:
    return "schema: '2.0'\nstages:\n" + "".join(LOCK_ENTRY.format(name=n, cmd=n.replace("@", " ")) for n in names)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two models ran (kept, gone); params.yaml now declares only `kept`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "params.yaml").write_text("models:\n  kept:\n    backend: simulated\n    profile: careful\n")
    for model in ("kept", "gone"):
        for rel in (
            f"responses/{model}.parquet",
            f"responses/{model}.stats.json",
            f"judgments/{model}.parquet",
            f"calls/{model}/ab/entry.json",
        ):
            path = tmp_path / "data" / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(model)
    (tmp_path / "data" / "judgments" / "notes.txt").write_text("not a model's file")
    names = ["setups", "respond@gone", "respond@kept", "judge@gone", "judge@kept", "metrics"]
    (tmp_path / "dvc.lock").write_text(_lock(names))
    return tmp_path


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in (root / "data").rglob("*") if p.is_file()}


def test_prune_removes_the_files_and_lock_entries_of_undeclared_models(project: Path) -> None:
    result = CliRunner().invoke(prune, [])
    assert result.exit_code == 0, result.output
    assert _files(project) == {
        "data/responses/kept.parquet",
        "data/responses/kept.stats.json",
        "data/judgments/kept.parquet",
        "data/calls/kept/ab/entry.json",
        "data/judgments/notes.txt",
    }
    assert (project / "dvc.lock").read_text() == _lock(["setups", "respond@kept", "judge@kept", "metrics"])
    assert "dropped dvc.lock entry judge@gone" in result.output
    again = CliRunner().invoke(prune, [])
    assert "nothing to prune" in again.output


def test_dry_run_removes_nothing(project: Path) -> None:
    before, lock = _files(project), (project / "dvc.lock").read_text()
    result = CliRunner().invoke(prune, ["--dry-run"])
    assert result.exit_code == 0
    assert "would remove data/calls/gone" in result.output
    assert "would remove data/judgments/gone.parquet" in result.output
    assert _files(project) == before and (project / "dvc.lock").read_text() == lock
