"""A stopped run is still in the ledger: SIGTERM writes its last line, SIGKILL loses at most one batch.

The respond command runs as a subprocess against a slow dev server; the expectations are the
server's own count of the requests it received.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers.runner_helpers import openai_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer
from scifigbench.llm import ledger
from scifigbench.llm.run_stats import RunStats
from scifigbench.respond.cli import ledger_command

SRC = Path(__file__).resolve().parents[2] / "src"
CMD = [sys.executable, "-m", "scifigbench", "respond", "m", "--no-progress"]


pytestmark = pytest.mark.long


def _received(srv: DevServer) -> int:
    with srv.lock:
        return sum(srv.requests.values())


def _start(work: Path, srv: DevServer) -> subprocess.Popen:
    write_params(work, {"m": openai_model(srv.base_url)}, concurrency=4)
    env = {"PYTHONPATH": str(SRC), "SCIFIGBENCH_TEST_KEY": "test-ledger-key", "PATH": ""}
    return subprocess.Popen(CMD, cwd=work, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for(condition, proc: subprocess.Popen) -> None:
    while not condition():
        assert proc.poll() is None, proc.communicate()
        threading.Event().wait(0.01)


def test_sigterm_writes_the_ledger_and_exits_non_zero(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 10))  # 20 setups
    with DevServer(latency_s=1.0) as srv:  # every request takes a second: the first four are in flight
        proc = _start(tmp_path, srv)
        _wait_for(lambda: _received(srv) >= 4, proc)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        sent = _received(srv)
    assert proc.returncode == 128 + signal.SIGTERM
    assert b"stopped by SIGTERM" in err and b"Traceback" not in err
    records = ledger.read(tmp_path / paths.CACHE_DIR)
    assert records[-1]["final"] and ledger.totals(records)[("respond", "m")]["calls"] == sent == 4
    assert not (tmp_path / paths.responses("m")).exists()


def test_a_killed_run_is_counted_up_to_its_last_batch(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 40))  # 80 setups
    with DevServer(latency_s=0.02) as srv:
        proc = _start(tmp_path, srv)
        _wait_for(lambda: _received(srv) >= ledger.BATCH_CALLS + 8, proc)
        proc.kill()
        proc.communicate(timeout=60)
        sent = _received(srv)
    records = ledger.read(tmp_path / paths.CACHE_DIR)
    assert records and not any(r["final"] for r in records)  # no last line: only the batches written on the way
    counted = ledger.totals(records)[("respond", "m")]["calls"]
    assert ledger.BATCH_CALLS <= counted <= sent < 80


def _stats(calls: int, cost: float | None, **kw) -> RunStats:
    return RunStats("m", "openai", "x", calls=calls, cost_usd=cost, **kw)


def test_totals_take_the_latest_snapshot_of_each_run_and_an_unpriced_cost_is_unknown(tmp_path):
    ledger.append(tmp_path, _stats(32, 0.5), run="a", final=False)
    ledger.append(tmp_path, _stats(5, None, role="judge"), run="j")  # a judge model without a price
    ledger.append(tmp_path, _stats(40, 0.75), run="a")  # the same run, later: it replaces its snapshot
    ledger.append(tmp_path, _stats(3, 0.25))  # an older line without a run id is a run of its own
    totals = ledger.totals(ledger.read(tmp_path))
    assert totals[("respond", "m")] == {
        "runs": 2,
        "calls": 43,
        "cache_hits": 0,
        "retries": 0,
        "errors": 0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "cost_usd": 1.0,
        "unpriced_runs": 0,
    }
    assert totals[("judge", "m")]["cost_usd"] is None
    out = CliRunner().invoke(ledger_command, ["--cache-dir", str(tmp_path)]).output
    judge_line = next(line for line in out.splitlines() if line.startswith("judge"))
    assert judge_line.split("\t")[-1] == "unknown" and "1.000000" in out


def test_the_respond_summary_says_unknown_cost_without_a_price(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 1))
    with DevServer() as srv:
        unpriced = {k: v for k, v in openai_model(srv.base_url).items() if k != "price"}
        write_params(tmp_path, {"m": unpriced})
        env = {"PYTHONPATH": str(SRC), "SCIFIGBENCH_TEST_KEY": "test-ledger-key", "PATH": ""}
        proc = subprocess.run(CMD, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "cost unknown (no price in params.yaml)" in proc.stdout and "$0.0000" not in proc.stdout
    [record] = ledger.read(tmp_path / paths.CACHE_DIR)
    assert record["cost_usd"] is None and record["calls"] == 2
    assert json.loads((tmp_path / paths.response_stats("m")).read_text())["cost_usd"] is None


def test_the_judge_command_turns_sigterm_into_a_clean_stop(monkeypatch):
    """A judge run stopped by SIGTERM unwinds (its ``finally`` blocks write the ledger) and exits 143."""
    import os

    from scifigbench.judges import cli as judge_cli
    from scifigbench.judges import stage

    unwound = []

    class Unhandled(Exception):
        pass

    def stopped_run(model: str, params_path: str):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            threading.Event().wait(5)  # the signal arrives before this ends
        finally:
            unwound.append(model)

    def unhandled(signum, frame):
        raise Unhandled  # what SIGTERM does here if the command does not take it over

    monkeypatch.setattr(stage, "run", stopped_run)
    previous = signal.signal(signal.SIGTERM, unhandled)
    try:
        result = CliRunner().invoke(judge_cli.judge, ["m"])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert not isinstance(result.exception, Unhandled)
    assert result.exit_code == 128 + signal.SIGTERM and unwound == ["m"]


# What `dvc repro` does with a stage's command, and what SIGTERM does to dvc: it starts the command
# as its child with DVC_STAGE set, and it ends at once on SIGTERM without passing it on.
FAKE_DVC = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[1:], env={**os.environ, 'DVC_STAGE': 'respond@m'})\n"
    "print(child.pid, flush=True)\n"
    "child.wait()\n"
)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in state


def test_sigterm_to_dvc_reaches_respond(tmp_path):
    """SIGTERM sent to dvc alone (its child is not signalled) stops respond as its own SIGTERM would:
    no request is sent after it, the ledger has its last line, no table is written."""
    if not sys.platform.startswith("linux"):
        return
    write_setups(tmp_path, setup_rows(tmp_path, 10))  # 20 setups
    with DevServer(latency_s=1.0) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=4)
        env = {"PYTHONPATH": str(SRC), "SCIFIGBENCH_TEST_KEY": "test-ledger-key", "PATH": ""}
        dvc = subprocess.Popen([sys.executable, "-c", FAKE_DVC, *CMD], cwd=tmp_path, env=env, stdout=subprocess.PIPE)
        assert dvc.stdout is not None
        child = int(dvc.stdout.readline())
        _wait_for(lambda: _received(srv) >= 4, dvc)
        dvc.send_signal(signal.SIGTERM)
        dvc.communicate(timeout=60)
        for _ in range(6000):
            if not _alive(child):
                break
            threading.Event().wait(0.01)
        assert not _alive(child), "respond outlived dvc"
        sent = _received(srv)
    assert sent < 20
    records = ledger.read(tmp_path / paths.CACHE_DIR)
    assert records[-1]["final"] and ledger.totals(records)[("respond", "m")]["calls"] == sent
    assert not (tmp_path / paths.responses("m")).exists()


def test_an_unpriced_run_does_not_hide_a_models_earlier_known_cost(tmp_path):
    """A model priced in two runs and unpriced in a third: the known $0.75 stays, the third is named."""
    ledger.append(tmp_path, _stats(10, 0.5), run="a")
    ledger.append(tmp_path, _stats(10, 0.25), run="b")
    ledger.append(tmp_path, _stats(10, None), run="c")  # the price was removed from params.yaml
    row = ledger.totals(ledger.read(tmp_path))[("respond", "m")]
    assert (row["runs"], row["cost_usd"], row["unpriced_runs"]) == (3, 0.75, 1)
    out = CliRunner().invoke(ledger_command, ["--cache-dir", str(tmp_path)]).output
    assert "0.750000 + unknown (1 run(s) without a price)" in out
