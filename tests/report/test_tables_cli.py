"""``scifigbench tables``: the paper's tables from metrics/, and deltas between git revisions / experiments."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.cli import main


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@x"}
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True, env=env).stdout.strip()


def _cell(v: float) -> dict:
    return {"value": v, "ci_low": v - 0.05, "ci_high": v + 0.05, "n": 100, "errors": 0}


def _write(repo: Path, resistance: float, mqm_rot: float) -> None:
    m = repo / "metrics"
    m.mkdir(exist_ok=True)
    (m / "perception.json").write_text(json.dumps({"mqm": {"a": {"base": _cell(90.0), "rot": _cell(mqm_rot)},
                                                           "b": {"base": _cell(70.0), "rot": _cell(50.0)}}}))
    (m / "behaviour.json").write_text(json.dumps({"resistance": {"a": {"overall": _cell(resistance)}, "b": {"overall": _cell(0.4)}},
                                                  "caption_bias": {"a": {"overall": _cell(0.9), "by_type": {"rate": _cell(0.8)}}}}))


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch) -> tuple[Path, str, str]:
    _git(tmp_path, "init", "-q")
    _write(tmp_path, resistance=0.80, mqm_rot=80.0)
    _git(tmp_path, "add", "metrics")
    _git(tmp_path, "commit", "-qm", "judge v1")
    a = _git(tmp_path, "rev-parse", "HEAD")
    _write(tmp_path, resistance=0.65, mqm_rot=84.5)
    _git(tmp_path, "commit", "-qam", "judge v2")
    b = _git(tmp_path, "rev-parse", "HEAD")
    monkeypatch.chdir(tmp_path)
    return tmp_path, a, b


def _row(out: str, *cells: str) -> list[str]:
    return next(line.split() for line in out.splitlines() if line.split()[:len(cells)] == list(cells))


def test_prints_the_workspace_tables(repo):
    res = CliRunner().invoke(main, ["tables", "--ci"])
    assert res.exit_code == 0, res.output
    assert "Description quality (MQM) across conditions (MQM points, 0-100, 95% CI" in res.output
    ci = lambda v: f"[{v - 0.05:.1f},{v + 0.05:.1f}]"  # noqa: E731
    assert _row(res.output, "a")[1:5] == ["90.0", ci(90.0), "84.5", ci(84.5)]
    assert "Admittance - Resistance - Inductance (%" in res.output
    assert "rate" in res.output  # caption-bias types are columns as found


def test_deltas_between_two_revisions(repo):
    _, a, b = repo
    res = CliRunner().invoke(main, ["tables", "--rev", a, "--rev", b, "--table", "mqm", "--table", "ari"])
    assert res.exit_code == 0, res.output
    assert _row(res.output, "a", "rot") == ["a", "rot", "80.0", "84.5", "+4.5", "*"]
    assert _row(res.output, "a", "base") == ["a", "base", "90.0", "90.0", "+0.0"]
    assert _row(res.output, "a", "resistance") == ["a", "resistance", "80.0", "65.0", "-15.0", "*"]
    assert "1 of 4 cells" in res.output  # mqm: only a/rot changed
    changed = CliRunner().invoke(main, ["tables", "--rev", a, "--rev", b, "--table", "mqm", "--changed"])
    assert [line.split()[:2] for line in changed.output.splitlines()[3:] if line.strip()] == [["a", "rot"]]


def test_deltas_of_an_experiment_against_its_baseline(repo):
    root, a, b = repo
    _git(root, "update-ref", "refs/exps/ab/cdef0123/judge-v2", b)  # how dvc stores an experiment's commit
    res = CliRunner().invoke(main, ["tables", "--exp", "judge-v2", "--table", "mqm"])
    assert res.exit_code == 0, res.output
    assert _row(res.output, "a", "rot") == ["a", "rot", "80.0", "84.5", "+4.5", "*"]
    bad = CliRunner().invoke(main, ["tables", "--exp", "nope"])
    assert bad.exit_code != 0 and "no dvc experiment named 'nope'" in bad.output
    bad = CliRunner().invoke(main, ["tables", "--rev", "no-such-rev", "--rev", b])
    assert bad.exit_code != 0 and "no-such-rev" in bad.output


def test_a_missing_experiment_names_dvc_missing_from_path(repo, tmp_path, monkeypatch):
    """A queued run fails before any stage when `dvc` is not on PATH (the queue worker runs tasks as
    `dvc`); the missing experiment's message says so then, and only then."""
    git_only = tmp_path / "bin"
    git_only.mkdir()
    git = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True, check=True).stdout.strip()
    (git_only / "git").symlink_to(git)
    monkeypatch.setenv("PATH", str(git_only))
    bare = CliRunner().invoke(main, ["tables", "--exp", "queued"])
    assert bare.exit_code != 0 and "no dvc experiment named 'queued'" in bare.output
    assert "`dvc` is not on PATH" in bare.output and "dvc queue status" in bare.output and "Queued" in bare.output
    (git_only / "dvc").write_text("#!/bin/sh\n")
    (git_only / "dvc").chmod(0o755)
    found = CliRunner().invoke(main, ["tables", "--exp", "queued"])
    assert found.exit_code != 0 and "not on PATH" not in found.output
