"""A scratch git + dvc project whose one stage asks a model behind a local test server, for
measuring several models run as queued DVC experiments on several queue workers at once.

Why its own project: DVC runs each queued experiment in a copy of the workspace under
``.dvc/tmp/exps/`` with its own worker process; the copies must share the workspace's call cache
(:func:`scifigbench.paths.cache_root`) and never send a request twice or lose one when two
workers write it at once. The stage is `scifigbench respond` as the pipeline runs it; the
model's served name is the param each experiment sets (``-S models.m.model=<name>``), so two
experiments are two models with disjoint requests.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import yaml

from helpers.runner_helpers import openai_model, setup_rows, write_params, write_setups
from helpers.tiny_pipeline import DVC, sh
from scifigbench import paths

KEY_ENV = "SCIFIGBENCH_TEST_KEY"
KEY = "test-key-not-a-secret"
REPO = Path(__file__).resolve().parents[2]


def _stage() -> dict:
    return {
        "cmd": f"{sys.executable} -m scifigbench respond m --no-progress",
        "deps": [str(paths.SETUPS), str(paths.CONDITION_IMAGES)],
        "params": ["models.m", "run"],
        "outs": [str(paths.responses("m")), str(paths.response_stats("m"))],
    }


def env() -> dict[str, str]:
    """What every command of the project runs with besides :func:`sh`'s (which puts DVC on PATH: the
    queue worker starts `dvc` by name): the key and this checkout's src. No cache folder is set, so
    the copies must find the workspace's cache by the default rule."""
    assert paths.CACHE_ENV not in os.environ, f"unset {paths.CACHE_ENV}: the copies must find the default cache"
    return {KEY_ENV: KEY, "PYTHONPATH": str(REPO / "src")}


def build(root: Path, base_url: str, n_figures: int, concurrency: int) -> Path:
    """The committed project at ``root``: ``n_figures`` × (describe, capability) setups for model ``m``."""
    root.mkdir(parents=True)
    write_setups(root, setup_rows(root, n_figures))
    write_params(root, {"m": openai_model(base_url)}, concurrency=concurrency)
    (root / "dvc.yaml").write_text(yaml.safe_dump({"stages": {"respond": _stage()}}))
    (root / ".gitignore").write_text(f"/{paths.CACHE_DIR}/\n")
    for args in (("git", "init", "-q"), (str(DVC), "init", "-q"),
                 (str(DVC), "add", "-q", str(paths.SETUPS), str(paths.CONDITION_IMAGES)),
                 ("git", "add", "-A"), ("git", "commit", "-qm", "setups")):  # fmt: skip
        sh(root, *args, env=env())
    return root


def run_queued(root: Path, models: list[str], jobs: int) -> float:
    """Queue one experiment per served model name, run them all on ``jobs`` workers; the wall time.
    DVC's run cache is emptied first, so every experiment runs its stage."""
    shutil.rmtree(root / ".dvc" / "cache" / "runs", ignore_errors=True)
    for name in models:
        sh(root, str(DVC), "exp", "run", "--queue", "-S", f"models.m.model={name}", env=env())
    start = time.perf_counter()
    sh(root, str(DVC), "exp", "run", "--run-all", "--jobs", str(jobs), env=env())
    return time.perf_counter() - start


def per_model(records: list) -> dict[str, int]:
    """Successful requests the server answered, by the model name they asked for."""
    out: dict[str, int] = {}
    for r in records:
        if r.outcome == "ok":
            out[r.params["model"]] = out.get(r.params["model"], 0) + 1
    return out
