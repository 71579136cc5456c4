"""The model-call cache travels with the results: push from one clone, pull into another, and a
one-prompt edit there costs only that prompt's requests (a real dvc remote, a real HTTP server)."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest
import yaml

from helpers.runner_helpers import openai_model, setup_rows, write_params, write_setups
from helpers.tiny_pipeline import DVC, sh
from scifigbench import paths
from scifigbench.devserver import DevServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]
REPO = Path(__file__).resolve().parents[2]
KEY = "test-key-not-a-secret"


def stage() -> dict:
    return {
        "cmd": f"{sys.executable} -m scifigbench respond m --no-progress",
        "deps": [str(paths.SETUPS), str(paths.CONDITION_IMAGES)],
        "params": ["models.m", "run"],
        "outs": [
            str(paths.responses("m")),
            str(paths.response_stats("m")),
            {str(paths.call_bundle("m")): {"persist": True}},
        ],
    }


def run(repo: Path, *args: str) -> str:
    env = {
        "PYTHONPATH": str(REPO / "src"),
        "SCIFIGBENCH_TEST_KEY": KEY,
        "SCIFIGBENCH_CACHE_DIR": str(repo / ".local-cache"),
    }  # each clone has its own, empty at first
    return sh(repo, *args, env=env).stdout


def test_one_prompt_edit_after_pull_costs_only_that_prompt(tmp_path: Path) -> None:
    origin, clone, remote = tmp_path / "origin", tmp_path / "clone", tmp_path / "remote"
    with DevServer(api_key=KEY) as srv:
        setups = setup_rows(origin, 6)  # 6 figures x (describe, capability) = 12 requests
        write_setups(origin, setups)
        write_params(origin, {"m": openai_model(srv.base_url)})
        (origin / ".gitignore").write_text(".local-cache/\n")
        (origin / "dvc.yaml").write_text(yaml.safe_dump({"stages": {"respond": stage()}}))
        run(origin, "git", "init", "-q")
        run(origin, str(DVC), "init", "-q")
        run(origin, str(DVC), "remote", "add", "-d", "shared", str(remote))
        run(origin, str(DVC), "add", "-q", str(paths.SETUPS), str(paths.CONDITION_IMAGES))
        run(origin, str(DVC), "repro", "-q")
        assert srv.outcomes()["ok"] == 12
        assert len(list((origin / paths.call_bundle("m")).glob("*/*.json"))) == 12
        run(origin, "git", "add", "-A")
        run(origin, "git", "commit", "-qm", "results")
        run(origin, str(DVC), "push", "-q")

        run(tmp_path, "git", "clone", "-q", str(origin), str(clone))
        run(clone, str(DVC), "pull", "-q")
        assert "up to date" in run(clone, str(DVC), "status")
        edited = pd.read_parquet(clone / paths.SETUPS)
        describe = edited["task"] == "describe"
        edited.loc[describe, "user_text"] = edited.loc[describe, "user_text"] + " Be brief."  # one prompt edited
        write_setups(clone, edited)
        before = srv.outcomes()["ok"]
        run(clone, str(DVC), "repro", "-q")
        assert srv.outcomes()["ok"] - before == int(describe.sum()) == 6  # not 12: the rest came from the pull
        answers = pd.read_parquet(clone / paths.responses("m"))
        assert answers["error"].isna().all() and len(answers) == 12
        assert len(list((clone / paths.call_bundle("m")).glob("*/*.json"))) == 12  # the folder follows the setups
