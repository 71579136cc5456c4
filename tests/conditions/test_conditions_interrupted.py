"""A conditions run killed midway keeps every figure it finished: the rerun reuses them.

Why: the stage stored its per-figure results only after the whole worker pool returned, so Ctrl-C
or a kill an hour into a run threw every finished figure away. The test kills a real run (two
spawned workers, its whole process group) as soon as the cache holds a finished figure, and the
rerun must take at least those figures from the cache and produce what an unbroken run produces.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers.conditions_fixtures import add_real_figure, write_corpus
from scifigbench import paths
from scifigbench.conditions import stage
from scifigbench.conditions.config import ConditionsConfig

RUN = """
import sys
from scifigbench.conditions import stage
from scifigbench.conditions.config import ConditionsConfig
stage.run(ConditionsConfig(workers=2, gallery=False), 42, sys.argv[1], progress=False)
"""


def _finished(root: Path) -> set[Path]:
    return set((paths.cache_root(root) / "conditions").rglob("*.json"))


@pytest.mark.slow
def test_a_killed_run_keeps_its_finished_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "ws"
    root.mkdir()
    write_corpus(root)
    add_real_figure(root, "fx_bar", "real_bar", "Errors of two QA strategies.")
    env = {k: v for k, v in os.environ.items() if k != paths.CACHE_ENV}
    proc = subprocess.Popen([sys.executable, "-c", RUN, str(root)], env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        while not _finished(root) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        kept = _finished(root)
        assert proc.poll() is None, "the run ended before it could be interrupted"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert kept, "no figure finished within the deadline"
    n_kept = len(_finished(root))  # a figure may have finished between the look and the kill

    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    cfg = ConditionsConfig(workers=1, gallery=False)
    shutil.rmtree(root / paths.CONDITIONS_DIR, ignore_errors=True)  # as dvc does before a rerun
    resumed = stage.run(cfg, 42, root, progress=False)
    assert resumed.reused == n_kept < resumed.n_figures

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    write_corpus(fresh)
    add_real_figure(fresh, "fx_bar", "real_bar", "Errors of two QA strategies.")
    unbroken = stage.run(cfg, 42, fresh, progress=False)
    cols = ["condition_id", "image_path", "image_sha256", "caption", "blur_target_id"]
    assert resumed.conditions[cols].equals(unbroken.conditions[cols])
    assert resumed.targets.equals(unbroken.targets)
