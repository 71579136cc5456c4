"""The response cache under concurrent writers (WAL): no lost answers, no lock errors, first answer wins."""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path

from scifigbench.llm.cache import Answer, ResponseCache


def _writer(path: str, worker: int, n: int) -> None:
    cache = ResponseCache(Path(path))
    for i in range(n):
        # keys overlap between workers: both write k0..k{n-1}, each with its own text
        cache.put(f"k{i}", Answer(f"w{worker}-{i}", "stop", i, 2 * i, 0.1))
        cache.put(f"w{worker}-only-{i}", Answer("x", None, None, None, None))
    cache.close()


def test_concurrent_processes_share_one_cache(tmp_path):
    path = tmp_path / "c" / "responses.sqlite"
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(path), w, 150)) for w in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    cache = ResponseCache(path)
    assert len(cache) == 150 + 3 * 150
    for i in range(150):
        ans = cache.get(f"k{i}")
        assert ans.text in {f"w{w}-{i}" for w in range(3)} and ans.prompt_tokens == i and ans.completion_tokens == 2 * i
    assert cache.get("missing") is None
    cache.put("k0", Answer("late", None, None, None, None))
    assert cache.get("k0").text != "late"  # the first stored answer is kept


def test_ledger_adds_up_runs_per_role_and_model_and_names_a_bad_line(tmp_path):
    from click.testing import CliRunner

    from scifigbench.llm import ledger
    from scifigbench.llm.run_stats import RunStats
    from scifigbench.respond.cli import ledger_command

    ledger.append(tmp_path, RunStats("m", "openai", "x", calls=10, retries=2, prompt_tokens=100, cost_usd=0.5))
    ledger.append(tmp_path, RunStats("m", "openai", "x", cache_hits=8))
    ledger.append(tmp_path, RunStats("j", "openai", "y", role="judge", calls=3, cost_usd=0.25))
    totals = ledger.totals(ledger.read(tmp_path))
    assert totals[("respond", "m")] == {
        "runs": 2,
        "calls": 10,
        "cache_hits": 8,
        "retries": 2,
        "errors": 0,
        "prompt_tokens": 100,
        "completion_tokens": 0,
        "cost_usd": 0.5,
        "unpriced_runs": 0,
    }
    assert totals[("judge", "j")]["cost_usd"] == 0.25
    out = CliRunner().invoke(ledger_command, ["--cache-dir", str(tmp_path)]).output
    assert "respond\tm\t2\t10\t8\t2\t0\t100\t0\t0.500000" in out and "judge\tj\t1\t3" in out
    with (tmp_path / ledger.LEDGER_FILE).open("a") as fh:
        fh.write("{not json\n")
    res = CliRunner().invoke(ledger_command, ["--cache-dir", str(tmp_path)])
    assert res.exit_code == 1 and "ledger.jsonl:4: not a JSON record" in res.output
