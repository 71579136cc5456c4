"""What a real API does to a run: odd 200 replies, wrong configuration, a crash mid-run, too many errors.

Everything runs against the local OpenAI-compatible server over real HTTP; expectations come from
the server's own request log, not from the runner's statistics.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pandas as pd
import pytest

from helpers.runner_helpers import openai_model, run_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer, Faults, reply_text
from scifigbench.llm import ledger, retrying
from scifigbench.llm.aborted import RunAborted
from scifigbench.llm.request import Request, user_prompt
from scifigbench.respond import runner
from scifigbench.tableio import read_table

KEY = "test-real-api-key-77"  # made up, not shaped like a real key
SRC = Path(__file__).resolve().parents[2] / "src"
ODD = ("html", "message_string", "content_list", "content_number", "missing_fields")


pytestmark = pytest.mark.long


@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)


def _journal_rows(root: Path) -> list[dict]:
    import sqlite3

    con = sqlite3.connect(root / paths.CACHE_DIR / runner.JOURNAL_FILE)
    try:
        return [json.loads(r) for (r,) in con.execute("SELECT row FROM rows")]
    finally:
        con.close()


@pytest.mark.parametrize("kind", ODD)
def test_an_odd_reply_is_a_malformed_attempt_retried_then_an_error_row(tmp_path, kind):
    write_setups(tmp_path, setup_rows(tmp_path, 1))
    with DevServer(faults=Faults(permanent_rate=1.0, permanent_kind=kind), api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=2)
        table, stats = run_model(tmp_path, "m")
        seen = srv.outcomes()
    assert seen == {kind: 6}  # 2 setups x 3 attempts, every one answered with the odd body
    assert table["text"].isna().all()  # never stored as an answer (content 42 is not the answer "42")
    assert (
        table["error"]
        .str.match(r"^malformed: the reply is not a chat completion: .*\(gave up after 3 attempts\)$")
        .all()
    )
    assert stats.failed_attempts == {"malformed": 6} and stats.retries == 4


def test_odd_replies_on_the_way_do_not_change_the_answers(tmp_path):
    setups = write_setups(tmp_path, setup_rows(tmp_path, 6))
    faults = Faults(rates={k: 0.1 for k in ODD}, seed=11)
    with DevServer(faults=faults, api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=8)
        table, stats = run_model(tmp_path, "m")
        seen = srv.outcomes()
    assert set(seen) - {"ok"} and seen["ok"] == len(setups)  # odd replies happened, each setup answered once
    assert table["error"].isna().all()
    expected = [reply_text(user_prompt(r.user_text, r.caption)) for r in setups.itertuples()]
    assert list(table["text"]) == expected
    assert stats.calls == sum(seen.values())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("failure", ["400", "401", "402", "403", "404", "refused", "dns"])
def test_a_run_that_cannot_work_stops_early_naming_model_url_and_error(tmp_path, monkeypatch, failure):
    monkeypatch.setattr(retrying, "OUTAGE_S", 1.0)  # nothing listening: an outage, stopped after 30 s by default
    write_setups(tmp_path, setup_rows(tmp_path, 10))  # 20 setups
    with DevServer(api_key=KEY) as good:  # a previous good table
        write_params(tmp_path, {"m": openai_model(good.base_url)})
        run_model(tmp_path, "m", cache_dir=tmp_path / "first-cache")
    before = (tmp_path / paths.responses("m")).read_bytes(), (tmp_path / paths.response_stats("m")).read_bytes()

    status = {"400": 400, "402": 402, "403": 403, "404": 404}.get(failure)
    with DevServer(api_key="the-right-one" if failure == "401" else None, fail_status=status) as srv:
        url = {"refused": f"http://127.0.0.1:{_free_port()}/v1", "dns": "http://no-such-host.invalid/v1"}.get(
            failure, srv.base_url
        )
        write_params(tmp_path, {"m": openai_model(url)}, concurrency=4)
        with pytest.raises(RunAborted) as err:
            run_model(tmp_path, "m")
        sent = len(srv.records)
    message = str(err.value)
    assert f"model m at {url}" in message and KEY not in message
    expected_kind = {"refused": "connect", "dns": "connect"}.get(failure, f"http_{failure}")
    assert f"{expected_kind}: " in message and "To fix: " in message
    if failure.isdigit():  # the server's own reason, not the SDK's wrapping of it
        reason = "Incorrect API key provided" if failure == "401" else f"status {failure} for every request"
        assert f"the server answered {failure}: {reason}" in message and "Error code" not in message
    assert sent <= 4 + 2  # the first round at concurrency 4, then at most the requests that had started
    after = (tmp_path / paths.responses("m")).read_bytes(), (tmp_path / paths.response_stats("m")).read_bytes()
    assert after == before  # the previous table and its statistics are untouched
    assert _journal_rows(tmp_path) == []  # a configuration failure says nothing about any request


def test_a_400_of_one_request_or_after_a_success_does_not_stop_the_run(tmp_path):
    """A 400 stops a run only when the first requests all get the same one: otherwise it is that request's own."""
    write_setups(tmp_path, setup_rows(tmp_path, 10))  # 20 setups
    per_request = Faults(permanent_rate=0.5, permanent_kind="400", seed=5)  # each refused with its own reason
    with DevServer(faults=per_request, api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=4, max_error_share=None)
        table, _ = run_model(tmp_path, "m")
        refused = srv.outcomes()["400"]
    assert refused >= 5 and table["error"].str.startswith("http_400: the server answered 400").sum() == refused

    # answers the first requests, then refuses all with one reason; the latency keeps the switch
    # (a thread watching the server's count) from falling many requests behind on a loaded machine
    with DevServer(api_key=KEY, latency_s=0.05) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=1, max_error_share=None)

        def refuse_after_two() -> None:
            while srv.outcomes()["ok"] < 2:
                threading.Event().wait(0.005)
            srv.fail_status = 400

        threading.Thread(target=refuse_after_two, daemon=True).start()
        table, _ = run_model(tmp_path, "m", cache_dir=tmp_path / "other-cache")
    refused = srv.outcomes()["400"]
    assert len(table) == 20 and table["error"].notna().sum() == refused >= 10  # an error row each, no abort


def test_cli_exits_non_zero_on_fail_fast(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 4))
    with DevServer(fail_status=404) as srv:
        url = srv.base_url
        write_params(tmp_path, {"m": openai_model(url)})
        proc = subprocess.run(
            [sys.executable, "-m", "scifigbench", "respond", "m", "--no-progress"],
            cwd=tmp_path,
            env={"PYTHONPATH": str(SRC), "SCIFIGBENCH_TEST_KEY": KEY, "PATH": ""},
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 1 and proc.stderr.count("\n") <= 2, proc.stderr  # one message, no traceback
    assert f"model m at {url}" in proc.stderr and "http_404" in proc.stderr
    assert not (tmp_path / paths.responses("m")).exists()


def test_key_revoked_mid_run_then_resume_repeats_nothing_and_keeps_no_local_error(tmp_path):
    setups = write_setups(tmp_path, setup_rows(tmp_path, 12))  # 24 setups
    with DevServer(api_key=KEY, latency_s=0.05) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=4)

        def revoke() -> None:  # after 8 answers the provider starts refusing the key
            while srv.outcomes()["ok"] < 8:
                threading.Event().wait(0.005)
            srv.api_key = "revoked"

        threading.Thread(target=revoke, daemon=True).start()
        with pytest.raises(RunAborted, match="http_401"):
            run_model(tmp_path, "m")
        journal = _journal_rows(tmp_path)
        answered_before = {r.content_hash for r in srv.records if r.outcome == "ok"}
        assert 8 <= len(journal) < len(setups) and all(r["error"] is None for r in journal)
        assert srv.outcomes()["401"] < 10  # stopped soon, workers cancelled before the client closed
        assert not (tmp_path / paths.responses("m")).exists()

        srv.api_key = KEY  # fixed: the resume sends only what was not answered
        table, stats = run_model(tmp_path, "m")
        ok_hashes = [r.content_hash for r in srv.records if r.outcome == "ok"]
    assert table["error"].isna().all() and len(table) == len(setups)
    assert len(ok_hashes) == len(set(ok_hashes)) == len(setups)  # no answered request was sent again
    assert stats.resumed == len(journal) and stats.calls == len(setups) - len(journal)
    assert answered_before <= set(ok_hashes)


def test_a_worker_exception_ends_only_its_row_and_is_retried_on_resume(tmp_path, monkeypatch):
    setups = write_setups(tmp_path, setup_rows(tmp_path, 3))
    victim = setups.loc[3, "setup_id"]
    real = Request.materialize

    def broken(self):
        if self.setup_id == victim:
            raise TypeError("a bug in building this request")
        return real(self)

    monkeypatch.setattr(Request, "materialize", broken)
    monkeypatch.setattr(runner, "_write", lambda *a, **k: (_ for _ in ()).throw(KeyboardInterrupt()))
    with DevServer(api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        with pytest.raises(KeyboardInterrupt):  # stopped after the calls, before the table was written
            run_model(tmp_path, "m")
        journal = {r["setup_id"] for r in _journal_rows(tmp_path)}
        assert journal == set(setups["setup_id"]) - {victim}  # the local failure was not journalled
        assert len(srv.records) == len(setups) - 1
        monkeypatch.undo()
        monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
        table, stats = run_model(tmp_path, "m")
    assert table["error"].isna().all() and stats.calls == 1 and stats.resumed == len(setups) - 1


def test_a_contained_worker_exception_is_an_explicit_error_row(tmp_path, monkeypatch):
    setups = write_setups(tmp_path, setup_rows(tmp_path, 2))
    victim = setups.loc[1, "setup_id"]
    real = Request.materialize
    monkeypatch.setattr(
        Request,
        "materialize",
        lambda self: (_ for _ in ()).throw(TypeError("boom")) if self.setup_id == victim else real(self),
    )
    with DevServer(api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        table, stats = run_model(tmp_path, "m")
    t = table.set_index("setup_id")
    assert t.at[victim, "error"] == "local: TypeError: boom" and pd.isna(t.at[victim, "text"])
    assert t.drop(index=victim)["error"].isna().all() and stats.errors == 1


def test_more_errors_than_the_threshold_keep_the_previous_table(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 10))
    faults = Faults(permanent_rate=0.3, permanent_kind="500", seed=2)
    with DevServer(api_key=KEY) as good:
        write_params(tmp_path, {"m": openai_model(good.base_url)})
        run_model(tmp_path, "m", cache_dir=tmp_path / "c0")
    before = (tmp_path / paths.responses("m")).read_bytes()
    with DevServer(faults=faults, api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0, max_error_share=0.05)
        with pytest.raises(runner.TooManyErrors, match=r"model m: \d+ of 20 setups failed.*max_error_share = 0\.05"):
            run_model(tmp_path, "m")
        failed = srv.outcomes()["500"]
        assert failed > 1
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0, max_error_share=0.5)
        table, _ = run_model(tmp_path, "m")  # a looser threshold publishes the same rows from the journal
        assert srv.outcomes()["500"] == failed
    assert (tmp_path / paths.responses("m")).read_bytes() != before
    assert table["error"].notna().sum() == failed


def test_cached_rerun_writes_byte_identical_outputs_and_the_ledger_adds_up(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 5))
    faults = Faults(rates={"429": 0.2, "500": 0.1}, retry_after_s=0.01, seed=4)
    with DevServer(faults=faults, api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=8)
        first, s1 = run_model(tmp_path, "m")
        out = [tmp_path / paths.responses("m"), tmp_path / paths.response_stats("m")]
        bytes1 = [p.read_bytes() for p in out]
        _, s2 = run_model(tmp_path, "m")
        sent = len(srv.records)
    assert [p.read_bytes() for p in out] == bytes1  # nothing of how the run went is in a tracked output
    assert s1.calls == sent > len(first) and s2.calls == 0 and s2.cache_hits == len(first)
    content = json.loads(out[1].read_text())
    records = ledger.read(tmp_path / paths.CACHE_DIR)
    total = ledger.totals(records)[("respond", "m")]
    assert len(records) == 2 and total["runs"] == 2
    assert total["calls"] == sent and total["cache_hits"] == len(first)
    assert total["cost_usd"] == pytest.approx(content["cost_usd"])  # paid once, kept after the cached rerun
    assert total["prompt_tokens"] == content["prompt_tokens"] == first["prompt_tokens"].sum()
    assert read_table(out[0], "responses").equals(first)


def test_sustained_throttling_lowers_the_concurrency_and_everything_is_answered(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 16))  # 32 setups
    with DevServer(faults=Faults(rates={"429": 0.6}, retry_after_s=0.01, seed=9), api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=8, max_retries=30)
        table, stats = run_model(tmp_path, "m")
        throttled, peak = srv.outcomes()["429"], srv.peak_in_flight
    assert table["error"].isna().all()
    assert stats.failed_attempts == {"http_429": throttled} and throttled > 32
    assert stats.lowest_concurrency < 8 and peak <= 8


DVC = Path(sys.executable).with_name("dvc")


@pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")
def test_forced_cached_rerun_leaves_dvc_lock_and_status_clean(tmp_path):
    import os

    import yaml

    write_setups(tmp_path, setup_rows(tmp_path, 4))
    env = {**os.environ, "PYTHONPATH": str(SRC), "SCIFIGBENCH_TEST_KEY": KEY, "DVC_NO_ANALYTICS": "1"}
    faults = Faults(rates={"429": 0.3, "500": 0.2}, retry_after_s=0.01, seed=5)  # attempts differ run to run
    with DevServer(faults=faults, api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=8)
        stage = {
            "cmd": f"{sys.executable} -m scifigbench respond m --no-progress",
            "deps": [str(paths.SETUPS)],
            "params": ["models.m", "run"],
            "outs": [str(paths.responses("m")), str(paths.response_stats("m"))],
        }
        (tmp_path / "dvc.yaml").write_text(yaml.safe_dump({"stages": {"respond": stage}}))

        def dvc(*args: str) -> subprocess.CompletedProcess:
            return subprocess.run([str(DVC), *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180)

        assert dvc("init", "--no-scm", "-q").returncode == 0
        assert dvc("repro").returncode == 0
        lock = (tmp_path / "dvc.lock").read_text()
        sent = len(srv.records)
        forced = dvc("repro", "--force")  # the stage runs again, every answer from the cache
        assert forced.returncode == 0, forced.stderr
        assert len(srv.records) == sent
        status = dvc("status")
    assert (tmp_path / "dvc.lock").read_text() == lock
    assert status.returncode == 0 and "Data and pipelines are up to date" in status.stdout, status.stdout


def test_a_three_second_outage_is_survived_without_sending_an_answered_request_again(tmp_path):
    """The server goes away for 3 s mid-run (a restart: refused connections). Connection failures are
    retried without counting towards fail-fast until the outage has lasted 30 s, so the run ends with
    every setup answered, no answered request sent twice, and calls = requests the server received."""
    setups = write_setups(tmp_path, setup_rows(tmp_path, 15))  # 30 setups
    with DevServer(api_key=KEY, latency_s=0.05) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, concurrency=4, backoff_base_s=0.2, backoff_max_s=2.0)
        back: list[threading.Thread] = []

        def go_away() -> None:
            while srv.outcomes()["ok"] < 6:
                threading.Event().wait(0.005)
            back.append(srv.outage(3.0))

        threading.Thread(target=go_away, daemon=True).start()
        table, stats = run_model(tmp_path, "m")
        oks = [r.content_hash for r in srv.records if r.outcome == "ok"]
        received = len(srv.records) + srv.dropped
    assert back, "the outage never happened"
    assert table["error"].isna().all() and len(table) == len(setups)
    assert len(oks) == len(set(oks)) == len(setups)  # 0 repeated successes
    assert stats.failed_attempts.get("connect", 0) >= 1  # the run met the outage
    # attempts refused at connect (the server was not listening) are never calls; an attempt whose open
    # connection the going-away server reset may or may not have reached it, so it bounds the count above
    reset = stats.failed_attempts.get("connection", 0)
    assert received <= stats.calls <= received + reset
    print(
        f"\n3 s outage: {stats.failed_attempts} failed attempts, {stats.retries} retries, {len(oks)} answered once "
        f"each; calls {stats.calls} = server received {received} ({srv.dropped} dropped while going away)"
    )
