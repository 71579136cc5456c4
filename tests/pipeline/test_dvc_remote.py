"""Releasing and pulling artifacts: push to a local-directory remote, clone, pull, same metrics.

A tiny real dvc repository in a temporary folder: synthetic judgment tables tracked by dvc, our
``metrics`` stage declared with its metrics files (``cache: false``, git-tracked), a local
directory as the remote. The clone must come back clean (nothing to reproduce) with identical
``dvc metrics show`` output.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from helpers.synthetic_judgments import all_judgments
from scifigbench.tableio import write_table

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).parent / "dvc"
METRIC_FILES = ("perception", "capability", "behaviour", "significance", "correlations", "reliability", "agreement", "run")

DVC_YAML = """stages:
  metrics:
    cmd: {python} -m scifigbench metrics
    deps:
      - data/judgments
      - src-link
    params:
      - metrics
    metrics:
""" + "".join(f"      - metrics/{n}.json:\n          cache: false\n" for n in METRIC_FILES)

PARAMS = "metrics:\n  bootstrap: 200\n  seed: 42\n  split_half_splits: 10\n  human_scores: null\n"


def sh(cwd: Path, *args: str) -> str:
    env = {**os.environ, "DVC_NO_ANALYTICS": "1", "PYTHONPATH": str(REPO / "src"),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org"}
    res = subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, f"{' '.join(args)} failed:\n{res.stdout}\n{res.stderr}"
    return res.stdout


@pytest.mark.slow
def test_push_clone_pull_gives_clean_checkout_with_same_metrics(tmp_path: Path):
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    origin, clone, remote = tmp_path / "origin", tmp_path / "clone", tmp_path / "remote"
    origin.mkdir()
    sh(origin, "git", "init", "-q")
    sh(origin, str(DVC), "init", "-q")
    sh(origin, str(DVC), "config", "core.analytics", "false")
    j = all_judgments(seed=2, n_figures=40, n_subset=20)
    for m, rows in j.groupby("model"):
        write_table(rows, origin / "data" / "judgments" / f"{m}.parquet", "judgments", root=None)
    # the stage's code is a dependency too: a stand-in file so the test does not hash the whole repo
    (origin / "src-link").write_text("scifigbench metrics code version marker\n")
    (origin / "params.yaml").write_text(PARAMS)
    (origin / "dvc.yaml").write_text(DVC_YAML.format(python=sys.executable))
    sh(origin, str(DVC), "add", "-q", "data/judgments")
    sh(origin, str(DVC), "repro", "-q")
    sh(origin, str(DVC), "remote", "add", "-d", "local", str(remote))
    sh(origin, "git", "add", "-A")
    sh(origin, "git", "commit", "-qm", "judgments, metrics stage, remote")
    sh(origin, str(DVC), "push", "-q")
    shown = sh(origin, str(DVC), "metrics", "show", "--json")
    assert "resistance" in shown

    sh(tmp_path, "git", "clone", "-q", str(origin), str(clone))
    assert not (clone / "data" / "judgments").exists()  # data comes from the remote, not from git
    sh(clone, str(DVC), "pull", "-q")
    status = sh(clone, str(DVC), "status")
    assert "up to date" in status, status
    dry = sh(clone, str(DVC), "repro", "--dry")
    assert "Running stage" not in dry, dry
    assert sh(clone, str(DVC), "metrics", "show", "--json") == shown
    for m in j["model"].unique():
        pd.testing.assert_frame_equal(pd.read_parquet(clone / "data" / "judgments" / f"{m}.parquet"),
                                      pd.read_parquet(origin / "data" / "judgments" / f"{m}.parquet"))

    shutil.rmtree(remote)


def test_project_names_no_default_remote() -> None:
    """A fresh clone has no remote to guess at: `dvc pull` says none is set (README: how to add one)
    instead of failing on a folder that exists only where someone pushed before."""
    config = configparser.ConfigParser()
    config.read(REPO / ".dvc" / "config")
    assert not config.has_option("core", "remote")
    assert not [s for s in config.sections() if s.startswith("remote ") or s.startswith("'remote ")]
    assert "dvc remote add -d" in (REPO / "README.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_pull_in_a_fresh_copy_names_the_missing_remote_without_hashes(tmp_path: Path) -> None:
    """The project's own dvc config, dvc.yaml and dvc.lock in a new repository: `dvc pull` fails
    with one line saying no remote is set, and never lists cache hashes."""
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    sh(tmp_path, "git", "init", "-q")
    (tmp_path / ".dvc").mkdir()
    for name in (".dvc/config", "dvc.yaml", "dvc.lock", "params.yaml"):
        shutil.copyfile(REPO / name, tmp_path / name)
    env = {**os.environ, "DVC_NO_ANALYTICS": "1"}
    res = subprocess.run([str(DVC), "pull"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    out = res.stdout + res.stderr
    assert res.returncode != 0
    assert "no default remote set" in out.lower(), out
    assert not re.search(r"\b[0-9a-f]{32}\b", out), out
