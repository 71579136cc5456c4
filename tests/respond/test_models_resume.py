"""Kill -9 in the middle of a `respond` run, rerun: same table as an uninterrupted run, no completed call repeated."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from helpers.runner_helpers import openai_model, run_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer, Faults
from scifigbench.tableio import read_table

SRC = Path(__file__).resolve().parents[2] / "src"
KEY = "sk-resume-test-key-42"


def _cli() -> list[str]:
    return [sys.executable, "-m", "scifigbench", "respond", "m", "--no-progress"]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC), "SCIFIGBENCH_TEST_KEY": KEY}


def _journal(workdir: Path) -> dict[str, str]:
    con = sqlite3.connect(workdir / paths.CACHE_DIR / "journal.sqlite")
    try:
        return dict(con.execute("SELECT setup_id, request_hash FROM rows WHERE model = 'm'").fetchall())
    finally:
        con.close()


@pytest.mark.slow
def test_kill_9_mid_run_then_resume(tmp_path, monkeypatch):
    # permanent failures make error rows part of the run: they too must survive the kill unchanged
    faults = Faults(permanent_rate=0.2, permanent_kind="503", seed=3)
    work, ref = tmp_path / "work", tmp_path / "ref"
    setups = write_setups(work, setup_rows(work, 10))
    shutil.copytree(work / "data", ref / "data")

    with DevServer(latency_s=0.3, faults=faults, api_key=KEY) as srv:
        write_params(work, {"m": openai_model(srv.base_url)}, concurrency=2, max_retries=2)
        proc = subprocess.Popen(_cli(), cwd=work, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while srv.outcomes()["ok"] < 6 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert proc.returncode == -signal.SIGKILL, proc.stderr.read().decode()
        done = _journal(work)
        sent_at_kill = dict(srv.requests)
        assert 0 < len(done) < len(setups), "the kill must land in the middle of the run"
        assert not (work / paths.responses("m")).exists()

        rerun = subprocess.run(_cli(), cwd=work, env=_env(), capture_output=True, text=True, timeout=120)
        assert rerun.returncode == 0, rerun.stderr
        assert f"resumed {len(done)}" in rerun.stdout
        resumed = read_table(work / paths.responses("m"), "responses")
        sent_after = dict(srv.requests)

        # reference: an uninterrupted run of the same setups against the same endpoint, with its own cache
        monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
        write_params(ref, {"m": openai_model(srv.base_url)}, concurrency=2, max_retries=2)
        uninterrupted, _ = run_model(ref, "m")

    # no request of a setup completed before the kill reached the server again
    by_hash = dict(zip(resumed["setup_id"], resumed["request_hash"]))
    assert all(done[sid] == by_hash[sid] for sid in done)
    texts = setups.set_index("setup_id")["user_text"]
    for sid in done:  # the server hashes request bodies: find this setup's through the text it quotes
        body_hashes = {r.content_hash for r in srv.records if texts[sid] in r.user_text}
        assert body_hashes and all(sent_after[h] == sent_at_kill[h] for h in body_hashes)
    assert _journal(work) == {}  # cleared once the table is written

    cols = [c for c in resumed.columns if c != "latency_s"]  # wall-clock latency differs between any two runs
    pd.testing.assert_frame_equal(resumed[cols], uninterrupted[cols])
    assert resumed["error"].notna().any() and resumed["text"].notna().any()
