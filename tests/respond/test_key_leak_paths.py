"""Awkward keys through every failure path of the client: no form of a key in any file, stream or message.

Each usable key (quotes, backslashes, %, +, spaces, padded with CR/LF/tab) is sent to the dev
server, which quotes it back in every refusal and odd reply; every run's exception message,
captured stdout/stderr and every file it wrote (tables, statistics, cache, journal, ledger) are
searched with the decoding leak detector of ``helpers.key_leaks``.
"""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from helpers.key_leaks import ESCAPED, awkward_keys, leaking_files, leaks, usable
from helpers.runner_helpers import openai_model, run_model, service_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer, Faults
from scifigbench.llm import CachedComplete, CallFailed, RunAborted, retrying
from scifigbench.llm.apikey import ApiKey
from scifigbench.llm.backends import make_backend
from scifigbench.llm.config import ModelConfig

ENV = "SCIFIGBENCH_TEST_KEY"
SRC = Path(__file__).resolve().parents[2] / "src"
ODD = Faults(rates={"400": 0.2, "429": 0.15, "500": 0.15, "html": 0.2, "malformed": 0.1, "empty": 0.1}, seed=3)
# usable keys, all padded, each with a character some encoding escapes
KEYS = [k for k in awkward_keys(400, seed=2727) if usable(k) and k.strip() != k and set(k) & set(ESCAPED)][:24]
# the quick sample: one key with each of a double quote, a single quote, a backslash and a percent sign
SAMPLE = [next(k for k in KEYS if c in k) for c in "\"'\\%"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _respond(work: Path, url: str, **run: object) -> str:
    """One respond run; the message of the failure that ended it ('' when it wrote its table)."""
    write_params(work, {"m": openai_model(url)}, **run)
    try:
        run_model(work, "m")
    except RunAborted as exc:
        return str(exc)
    return ""


def _paths(work: Path) -> dict[str, str]:
    """Every failure path once; the message each one raised, by path."""
    messages = {}
    with DevServer(api_key="the-right-key", echo_key=True) as srv:
        messages["auth 401, key echoed"] = _respond(work, srv.base_url)
        assert srv.outcomes()["401"] < 8
    with DevServer(echo_key=True, faults=ODD) as srv:  # odd replies, 400/429/500 quoting the key: error rows
        assert _respond(work, srv.base_url, max_retries=0, max_error_share=None) == ""
        table = pd.read_parquet(work / paths.responses("m"))
        assert table["error"].notna().sum() >= 2
        messages["too many error rows"] = _respond(work, srv.base_url, max_retries=0, max_error_share=0.0)
    with DevServer(latency_s=1.0, echo_key=True) as srv:
        assert _respond(work, srv.base_url, timeout_s=0.3, max_retries=0, max_error_share=None) == ""
    messages["connection refused"] = _respond(work, f"http://127.0.0.1:{_closed_port()}/v1")
    with DevServer(api_key="the-right-key", echo_key=True) as srv:
        params = write_params(work, {}, services={"judge": service_model(srv.base_url)})
        complete = CachedComplete("judge", params, work / "judge-cache")
        try:
            with pytest.raises(CallFailed) as err:
                complete([{"role": "user", "content": "Rate this."}])
        finally:
            complete.close()
        messages["judge client 401"] = str(err.value)
    return messages


@pytest.mark.parametrize(
    "keys", [pytest.param(SAMPLE, id="4 keys"), pytest.param(KEYS, id="24 keys", marks=pytest.mark.slow)]
)
def test_no_form_of_any_key_leaves_the_client(tmp_path, monkeypatch, capfd, keys):
    # the refused path stops on the outage rule; its message is the same after 1 s as after the default 30 s
    monkeypatch.setattr(retrying, "OUTAGE_S", 1.0)
    base = tmp_path / "base"
    write_setups(base, setup_rows(base, 2))
    seen: Counter[str] = Counter()
    for n, raw in enumerate(keys):
        monkeypatch.setenv(ENV, raw)
        work = tmp_path / f"key{n}"
        shutil.copytree(base, work)
        messages = _paths(work)
        out, err = capfd.readouterr()
        for path, message in messages.items():
            assert message and not leaks(message, raw), (path, message)
            seen[path] += 1
        assert not leaks(out + err, raw)
        assert leaking_files(work, raw) == []
        assert (work / paths.CACHE_DIR / "journal.sqlite").exists()  # the too-many-errors run kept its journal
    assert set(seen.values()) == {len(keys)} and len(seen) == 4
    print(f"{len(keys)} keys x {len(seen) + 2} failure paths: no form of any key found")


@pytest.mark.slow
def test_no_form_of_a_key_in_the_command_output(tmp_path):
    """The CLI's own output (error message, progress bar, summary) for a refused, a rejected and a failing key."""
    write_setups(tmp_path, setup_rows(tmp_path, 2))
    cmd = [sys.executable, "-m", "scifigbench", "respond", "m"]
    refused = next(k for k in awkward_keys(400, seed=2727) if not usable(k) and k.strip())
    for raw in (*SAMPLE, refused):
        env = {"PYTHONPATH": str(SRC), ENV: raw, "PATH": ""}
        for server in (DevServer(api_key="the-right-key", echo_key=True), DevServer(echo_key=True, faults=ODD)):
            with server as srv:
                write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0, max_error_share=None)
                proc = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, timeout=120)
            text = (proc.stdout + proc.stderr).decode("utf-8", "surrogateescape")
            assert text and not leaks(text, raw), text
        assert leaking_files(tmp_path, raw) == []


@pytest.mark.parametrize("unchecked", ["sk-abc\r", "sk-abc\r\n", "sk-ab\ncd", "sk-é"])
def test_a_key_that_cannot_be_sent_is_one_unsendable_failure_never_a_connection_error(unchecked):
    """Behind the check at reading: a header the HTTP library refuses fails fast, not as a retried connection error."""
    with DevServer() as srv:
        backend = make_backend(
            ModelConfig(backend="openai", base_url=srv.base_url, model="x", api_key_env=ENV), {}, 5.0
        )
        key = ApiKey(unchecked)  # as if read without the check
        backend.scrub, backend._sdk = key.scrub, backend._client(key.value)

        async def send() -> CallFailed:
            try:
                with pytest.raises(CallFailed) as err:
                    await backend.complete([{"role": "user", "content": "hi"}])
                return err.value
            finally:
                await backend.close()

        failure = asyncio.run(send())
        assert srv.records == []
    assert failure.kind == "unsendable" and failure.fatal and not failure.retryable
    assert not leaks(str(failure), unchecked)
