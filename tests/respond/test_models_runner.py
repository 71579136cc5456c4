"""The runner against a real local HTTP server: faults, retries, cache, Azure, simulated respondents."""

from __future__ import annotations

import json
import sys
import types
from collections import Counter

import pandas as pd
import pytest

from helpers.runner_helpers import draw_chart, openai_model, run_model, setup_rows, write_params, write_setups
from scifigbench import paths
from scifigbench.devserver import DevServer, Faults, reply_text
from scifigbench.llm.apikey import ConfigError
from scifigbench.llm.request import SetupError, user_prompt
from scifigbench.tableio import read_table, sha256_file

KEY = "test-runner-key-0123"  # a made-up test key, not shaped like a real one
KIND = {"429": "http_429", "500": "http_500", "503": "http_503", "timeout": "timeout", "malformed": "malformed",
        "empty": "empty", "html": "malformed", "message_string": "malformed", "content_list": "malformed",
        "content_number": "malformed", "missing_fields": "malformed"}


@pytest.fixture(autouse=True)
def _key(monkeypatch):
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)


def _hash_by_setup(server: DevServer, setups: pd.DataFrame) -> dict[str, str]:
    """The content hash the server saw for each setup (found through the quoted task text)."""
    out: dict[str, set[str]] = {}
    for rec in server.records:
        for sid, text in zip(setups["setup_id"], setups["user_text"]):
            if text in rec.user_text:
                out.setdefault(sid, set()).add(rec.content_hash)
    assert all(len(v) == 1 for v in out.values()), "a setup was sent with differing content"
    return {k: next(iter(v)) for k, v in out.items()}


def test_faults_every_setup_ends_answered_or_as_error_row(tmp_path):
    faults = Faults(rates={"429": 0.12, "500": 0.1, "503": 0.06, "timeout": 0.05, "malformed": 0.05, "empty": 0.1,
                           "html": 0.02, "message_string": 0.01, "content_list": 0.01, "content_number": 0.01},
                    permanent_rate=0.12, timeout_sleep_s=1.0, seed=7)
    setups = write_setups(tmp_path, setup_rows(tmp_path, 12))
    with DevServer(faults=faults, api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, timeout_s=0.5, max_retries=3, concurrency=6)
        table, stats = run_model(tmp_path, "m")
        hashes = _hash_by_setup(srv, setups)
        sent = Counter(srv.requests)

    # independent expectation from the server's fault plan: attempts until the first clean reply, at most 4
    expected_kinds: Counter[str] = Counter()
    expected_errors = 0
    assert sorted(table["setup_id"]) == sorted(setups["setup_id"]) and table["setup_id"].is_unique
    for row, setup in zip(table.itertuples(), setups.itertuples()):
        assert row.setup_id == setup.setup_id  # the table keeps the setups' order
        plan = [faults.choose(hashes[row.setup_id], a) for a in range(1, 5)]
        clean = next((a for a, k in enumerate(plan, start=1) if k is None), None)
        expected_kinds.update(KIND[k] for k in plan[: (clean or 5) - 1])
        assert sent[hashes[row.setup_id]] == (clean or 4)
        if clean is None:
            expected_errors += 1
            assert pd.isna(row.text) and row.error.startswith(KIND[plan[-1]]) and "after 4 attempts" in row.error
        else:
            assert pd.isna(row.error)
            assert row.text == reply_text(user_prompt(setup.user_text, setup.caption))
            assert row.cost_usd == pytest.approx((row.prompt_tokens * 1.0 + row.completion_tokens * 2.0) / 1e6)
    assert expected_errors >= 1 and set(expected_kinds) == set(KIND.values())  # the plan exercised every fault
    assert stats.errors == expected_errors == table["error"].notna().sum()
    assert stats.failed_attempts == dict(expected_kinds)
    assert stats.calls == sum(sent.values())
    assert stats.retries == stats.calls - len(table)
    on_disk = json.loads((tmp_path / paths.response_stats("m")).read_text())
    assert on_disk["errors"] == expected_errors and on_disk["answered"] == len(table) - expected_errors
    assert on_disk["prompt_tokens"] == table["prompt_tokens"].sum() and "retries" not in on_disk
    assert read_table(tmp_path / paths.responses("m"), "responses").equals(table)


def test_no_change_rerun_costs_zero_calls_and_changes_miss(tmp_path):
    setups = write_setups(tmp_path, setup_rows(tmp_path, 4))
    with DevServer(api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        first, s1 = run_model(tmp_path, "m")
        assert s1.calls == len(setups) == len(srv.records)
        assert not (tmp_path / paths.CACHE_DIR / "journal.sqlite").exists() or _journal_rows(tmp_path) == 0

        again, s2 = run_model(tmp_path, "m")
        assert (s2.calls, s2.cache_hits) == (0, len(setups)) and len(srv.records) == len(setups)
        pd.testing.assert_frame_equal(again, first)

        # a changed prompt misses for exactly that setup
        changed = setups.copy()
        changed.loc[0, "user_text"] = "Task describe on fig000: a reworded prompt."
        write_setups(tmp_path, changed)
        t3, s3 = run_model(tmp_path, "m")
        assert s3.calls == 1 and t3.loc[0, "text"] == reply_text(user_prompt(changed.loc[0, "user_text"], changed.loc[0, "caption"]))

        # a changed image misses for every setup showing it (and only those)
        draw_chart(tmp_path / changed.loc[2, "image_path"], seed=99)
        with pytest.raises(SetupError, match="rerun the setups stage"):
            run_model(tmp_path, "m")  # the table still names the old image hash: refuse, never serve stale
        changed.loc[changed["image_path"] == changed.loc[2, "image_path"], "image_sha256"] = sha256_file(
            tmp_path / changed.loc[2, "image_path"])
        write_setups(tmp_path, changed)
        n_showing = (changed["image_path"] == changed.loc[2, "image_path"]).sum()
        before = len(srv.records)
        _, s4 = run_model(tmp_path, "m")
        assert s4.calls == n_showing == len(srv.records) - before == 2


def _journal_rows(root) -> int:
    import sqlite3

    con = sqlite3.connect(root / paths.CACHE_DIR / "journal.sqlite")
    try:
        return con.execute("SELECT COUNT(*) FROM rows").fetchone()[0]
    finally:
        con.close()


def test_server_errors_are_not_cached(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 2))
    with DevServer(faults=Faults(permanent_rate=1.0, permanent_kind="500")) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0)
        table, stats = run_model(tmp_path, "m")
        assert table["error"].str.startswith("http_500").all() and table["text"].isna().all()
        assert stats.calls == 4 and stats.retries == 0
        _, again = run_model(tmp_path, "m")
        assert again.calls == 4 and again.cache_hits == 0  # a failure is retried on the next run, never replayed


def test_missing_key_variable_fails_before_any_call(tmp_path, monkeypatch):
    monkeypatch.delenv("SCIFIGBENCH_TEST_KEY")
    write_setups(tmp_path, setup_rows(tmp_path, 1))
    with DevServer() as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        with pytest.raises(ConfigError, match="SCIFIGBENCH_TEST_KEY"):
            run_model(tmp_path, "m")
        assert srv.records == []
    assert not (tmp_path / paths.responses("m")).exists()


def test_azure_backend_calls_the_deployment_path(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 2))
    with DevServer(api_key=KEY) as srv:
        model = {"backend": "azure", "endpoint": srv.azure_endpoint, "api_version": "2024-12-01-preview",
                 "deployment": "gpt-test", "api_key_env": "SCIFIGBENCH_TEST_KEY"}
        write_params(tmp_path, {"az": model})
        table, stats = run_model(tmp_path, "az")
        assert {r.path for r in srv.records} == {"/openai/deployments/gpt-test/chat/completions"}
    assert stats.calls == 4 and table["error"].isna().all()
    assert (table["model_id"] == "gpt-test").all() and (table["backend"] == "azure").all()
    assert table["cost_usd"].isna().all()  # no price table: cost unknown, not zero


def _fake_simulated(monkeypatch, respond, with_spec: set[str]) -> None:
    fake = types.SimpleNamespace(respond=respond, figures_with_spec=lambda context: with_spec,
                                 figure_digests=lambda context: {})
    monkeypatch.setitem(sys.modules, "scifigbench.families.respondent", fake)
    # the real module may already be imported (other tests): replace the package attribute too
    import scifigbench.families

    monkeypatch.setattr(scifigbench.families, "respondent", fake, raising=False)


def test_simulated_respondent_skips_figures_without_a_spec_with_one_line(tmp_path, monkeypatch, capsys):
    setups = write_setups(tmp_path, setup_rows(tmp_path, 3))
    figures = sorted(set(setups["figure_id"]))
    _fake_simulated(monkeypatch, lambda row, *a: (f"seen {row['setup_id']}", {}), set(figures[:1]))
    write_params(tmp_path, {"sim-x": {"backend": "simulated", "profile": "careful"}})
    table, stats = run_model(tmp_path, "sim-x")
    kept = setups[setups["figure_id"] == figures[0]]
    assert list(table["setup_id"]) == list(kept["setup_id"]) and stats.setups == len(kept)
    lines = [ln for ln in capsys.readouterr().err.splitlines() if "without a spec" in ln]
    n_skipped, n_figs = len(setups) - len(kept), len(figures) - 1
    assert lines == [f"respond sim-x: skipped {n_skipped} setup(s) on {n_figs} figure(s) without a spec: a simulated "
                     "respondent reads the ground-truth spec, so real figures need a real model"]


def test_simulated_backend_is_in_process_and_records_its_trace(tmp_path, monkeypatch):
    calls = []

    def fake_respond(setup_row, profile, model, seed, context):
        calls.append((setup_row["setup_id"], profile, model, seed, context["root"]))
        return f"{profile} says {setup_row['setup_id']}", {"choice": "correct", "n": len(calls)}

    setups = write_setups(tmp_path, setup_rows(tmp_path, 3))
    _fake_simulated(monkeypatch, fake_respond, set(setups["figure_id"]))
    write_params(tmp_path, {"sim-x": {"backend": "simulated", "profile": "careful"}})
    table, stats = run_model(tmp_path, "sim-x")
    assert [c[0] for c in calls] == list(setups["setup_id"])
    assert {c[1:] for c in calls} == {("careful", "sim-x", 42, tmp_path)}
    assert list(table["text"]) == [f"careful says {s}" for s in setups["setup_id"]]
    assert [json.loads(t)["n"] for t in table["sim_trace"]] == [1, 2, 3, 4, 5, 6]
    assert (table["backend"] == "simulated").all() and (table["cost_usd"] == 0).all()
    cache = tmp_path / paths.CACHE_DIR  # no call cache, journal or ledger for a deterministic respondent,
    assert [p.name for p in cache.iterdir()] == ["steps"]  # only its answers kept per request (runner docstring)
    assert [p.name for p in (cache / "steps").iterdir()] == ["respond-sim"]
    assert stats.calls == 6


def test_identical_requests_share_one_call(tmp_path):
    rows = setup_rows(tmp_path, 2, tasks=("describe",))
    twin = rows.iloc[[0]].assign(setup_id="fig000/nocap/describe", condition="nocap")  # same content, another setup
    write_setups(tmp_path, pd.concat([rows, twin], ignore_index=True))
    with DevServer(api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        table, stats = run_model(tmp_path, "m")
        assert len(srv.records) == stats.calls == 2 and stats.cache_hits == 1
    t = table.set_index("setup_id")
    assert t.at["fig000/nocap/describe", "text"] == t.at["fig000/base/describe", "text"]
    assert t.at["fig000/nocap/describe", "request_hash"] == t.at["fig000/base/describe", "request_hash"]


def test_interrupted_run_resumes_its_error_rows_unless_asked_to_retry_them(tmp_path, monkeypatch):
    from scifigbench.respond import runner

    write_setups(tmp_path, setup_rows(tmp_path, 2))
    real_write = runner._write

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt  # stopped after every call finished, before the table was written

    with DevServer(faults=Faults(permanent_rate=1.0, permanent_kind="503")) as srv:  # at first every call fails
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0)
        monkeypatch.setattr(runner, "_write", interrupted)
        with pytest.raises(KeyboardInterrupt):
            run_model(tmp_path, "m")
        assert _journal_rows(tmp_path) == 4 and len(srv.records) == 4  # the server's 503s are its verdicts
        srv.faults = Faults()  # the server recovers
        with pytest.raises(KeyboardInterrupt):
            run_model(tmp_path, "m")  # plain resume: the journalled error rows are reused, nothing is sent
        assert len(srv.records) == 4
        monkeypatch.setattr(runner, "_write", real_write)
        table, stats = run_model(tmp_path, "m", retry_errors=True)
        assert stats.calls == 4 and stats.resumed == 0 and table["error"].isna().all()
    assert _journal_rows(tmp_path) == 0


def test_no_setups_gives_an_empty_table_and_no_calls(tmp_path):
    write_setups(tmp_path, setup_rows(tmp_path, 1).iloc[0:0])
    with DevServer(api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        table, stats = run_model(tmp_path, "m")
        assert srv.records == []
    assert len(table) == 0 and stats.calls == 0 and list(table.columns) == list(read_table(
        tmp_path / paths.responses("m"), "responses").columns)


def test_run_retry_errors_calls_journalled_failures_again_from_params(tmp_path, monkeypatch):
    """`dvc repro` cannot pass --retry-errors: the param does it, so a stopped run can be retried from the pipeline."""
    from click.testing import CliRunner

    from scifigbench.respond.cli import respond

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    write_setups(tmp_path, setup_rows(tmp_path, 2))
    cli = ["m", "--params", "params.yaml", "--no-progress"]
    with DevServer(api_key=KEY, faults=Faults(permanent_rate=1.0, permanent_kind="503")) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0, max_error_share=0.0)
        first = CliRunner().invoke(respond, cli)
        assert first.exit_code == 1 and "4 of 4 setups failed" in first.output
        assert _journal_rows(tmp_path) == 4 and len(srv.records) == 4
        srv.faults = Faults()  # the server recovers
        replayed = CliRunner().invoke(respond, cli)
        assert replayed.exit_code == 1 and len(srv.records) == 4  # the journalled failures are replayed, not sent
        write_params(tmp_path, {"m": openai_model(srv.base_url)}, max_retries=0, max_error_share=0.0, retry_errors=True)
        retried = CliRunner().invoke(respond, cli)
        assert retried.exit_code == 0, retried.output
        assert len(srv.records) == 8 and srv.outcomes()["ok"] == 4
    assert read_table(tmp_path / paths.responses("m"), "responses")["error"].isna().all()
    assert _journal_rows(tmp_path) == 0


def test_requests_are_sent_by_image_so_each_image_is_encoded_once(tmp_path):
    """A setups table ordered by task visits every image once per task; with more images than the
    encodings kept, each image was read, hashed and encoded once per task. Sent by image: once."""
    from scifigbench.llm import request

    n = 40  # more images than request._encoded keeps
    rows = setup_rows(tmp_path, n, tasks=("describe", "capability"))
    write_setups(tmp_path, rows.sort_values(["task", "figure_id"], ignore_index=True))
    request._encoded.cache_clear()
    with DevServer(api_key=KEY) as srv:
        write_params(tmp_path, {"m": openai_model(srv.base_url)})
        table, stats = run_model(tmp_path, "m")
    assert stats.calls == 2 * n and table["error"].isna().all()
    assert request._encoded.cache_info().misses == n
    assert list(table["setup_id"]) == list(rows.sort_values(["task", "figure_id"])["setup_id"])  # table order kept
