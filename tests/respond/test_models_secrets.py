"""The API key never leaves the environment: not in tables, stats, cache, journal, logs, tracebacks or dvc.lock."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from helpers.runner_helpers import openai_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer, Faults

REPO = Path(__file__).resolve().parents[2]
DVC = Path(sys.executable).with_name("dvc")


def _files_containing(root: Path, needle: bytes) -> list[Path]:
    hits = []
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            try:
                if needle in path.read_bytes():
                    hits.append(path)
            except OSError:
                continue
    return hits


def _run(cmd: list[str], work: Path, env: dict[str, str], log: Path) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, timeout=180)
    with open(log, "ab") as fh:  # keep every log in the workdir so the scan below covers it
        fh.write(proc.stdout + proc.stderr)
    return proc


@pytest.mark.slow
@pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")
def test_key_appears_nowhere_after_runs_with_failures_and_tracebacks(tmp_path):
    key = "sk-" + secrets.token_hex(20)  # made up here so that no source file can contain it
    work = tmp_path / "repo"
    write_setups(work, setup_rows(work, 4))
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "SCIFIGBENCH_TEST_KEY": key, "DVC_NO_ANALYTICS": "1",
           "PATH": f"{DVC.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    log = work / "logs" / "run.log"
    log.parent.mkdir()
    respond = [sys.executable, "-m", "scifigbench", "respond", "m", "--no-progress"]

    # 1. a server that rejects the key and echoes it back in its 401 body (as some providers do)
    with DevServer(api_key="the-right-key", echo_key=True) as srv:
        write_params(work, {"m": openai_model(srv.base_url)})
        rejected = _run(respond, work, env, log)
        assert rejected.returncode != 0 and srv.outcomes()["401"] < 8  # it stopped early
        assert f"model m at {srv.base_url}".encode() in rejected.stderr
    assert b"http_401" in rejected.stderr and b"***" in rejected.stderr  # the echoed key was masked in the message
    assert not (work / paths.responses("m")).exists()

    # 2. a traceback: the cache directory is unusable (a file), so the run crashes
    (tmp_path / "not-a-dir").write_text("x")
    crash = _run(respond, work, {**env, "SCIFIGBENCH_CACHE_DIR": str(tmp_path / "not-a-dir")}, log)
    assert crash.returncode != 0 and b"Traceback" in crash.stderr

    # 3. dvc repro with the key accepted and transient faults on the way
    with DevServer(api_key=key, faults=Faults(rates={"429": 0.2, "500": 0.2, "malformed": 0.1}, seed=1)) as srv:
        write_params(work, {"m": openai_model(srv.base_url)}, max_retries=6)
        stage = {"cmd": " ".join(respond), "deps": [str(paths.SETUPS)], "params": ["models.m", "run"],
                 "outs": [str(paths.responses("m")), str(paths.response_stats("m"))]}
        (work / "dvc.yaml").write_text(yaml.safe_dump({"stages": {"respond": stage}}))
        assert _run([str(DVC), "init", "--no-scm", "-q"], work, env, log).returncode == 0
        repro = _run([str(DVC), "repro"], work, env, log)
        assert repro.returncode == 0, repro.stderr.decode()
        assert srv.outcomes()["ok"] == 8 and sum(srv.outcomes().values()) > 8
    assert (work / "dvc.lock").exists() and (work / paths.CACHE_DIR / "responses.sqlite").exists()

    assert _files_containing(work, key.encode()) == []
    assert _files_containing(tmp_path, key.encode()) == []
    assert _files_containing(REPO / "src", key.encode()) == [] and _files_containing(REPO / "tests", key.encode()) == []
