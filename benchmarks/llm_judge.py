"""Throughput of the LLM judge in the judge stage against the local OpenAI-compatible server.

The judge stage sends its units through the shared client (the judge model's concurrency, rate
limits and adaptive throttling). With a server latency of 250 ms and the judge model's
concurrency 16, Little's law caps it at 16 / 0.25 = 64 units/s; this prints the achieved rate as
a fraction of that cap (target >= 0.9), and the calls of a second, cached run (target 0).

The server runs in its own process, answering every request with a valid capability verdict, so
that its work does not compete with the judge for the interpreter lock. Run from the repository root:
    PYTHONPATH=src .venv/bin/python benchmarks/llm_judge.py [--units 960]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from scifigbench.families.reply_units import Unit
from scifigbench.judges.llm_stage import llm_unit_judge
from scifigbench.judges.stage import JudgeConfig, judge_units
from scifigbench.llm import ledger

LATENCY_S = 0.25
CONCURRENCY = 16
KEY_ENV = "SCIFIGBENCH_BENCH_KEY"
VERDICT = json.dumps({"correct": True, "reason": "matches the reference"})


def units(n: int) -> list[Unit]:
    """Capability units with distinct questions, so every one is its own request."""
    out = []
    for i in range(n):
        f = {
            "id": f"s{i}#counting",
            "question": f"How many bars does panel {i} show?",
            "answer": "3",
            "expected": {"answer": 3, "answer_type": "number", "tolerance": 0},
        }
        out.append(Unit(f["id"], f"s{i}", f"fig{i}", "base", "bar", "capability", "counting", f"p{i}", f))
    return out


def judge_once(root: Path, todo: list[Unit]) -> tuple[float, dict]:
    judge, jid = llm_unit_judge(JudgeConfig(kind="llm", llm_model="judge"), root / "params.yaml")
    start, cpu = time.monotonic(), time.process_time()
    try:
        table = judge_units(todo, "bench", judge, jid, progress=False)
    finally:
        judge.close()
    elapsed, cpu = time.monotonic() - start, time.process_time() - cpu
    assert table["error"].isna().all() and table["correct"].all(), table["error"].dropna().head()
    return elapsed, {**ledger.read(root / "cache")[-1], "client_cpu_ms_per_unit": round(1000 * cpu / len(todo), 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--units", type=int, default=960)
    args = ap.parse_args()
    os.environ[KEY_ENV] = "bench-key"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scifigbench.devserver",
            "--latency",
            str(LATENCY_S),
            "--lifetime",
            "900",
            "--reply",
            VERDICT,
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")},
    )
    base_url = proc.stdout.readline().split()[2]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            os.environ["SCIFIGBENCH_CACHE_DIR"] = str(root / "cache")
            params = {
                "run": {"timeout_s": 30.0, "max_retries": 2, "concurrency": 4, "requests_per_minute": None},
                "services": {  # a judge is a service model, never a respondent
                    "judge": {
                        "roles": ["judge"],
                        "backend": "openai",
                        "base_url": base_url,
                        "model": "bench-judge",
                        "api_key_env": KEY_ENV,
                        "concurrency": CONCURRENCY,
                    }
                },
            }
            (root / "params.yaml").write_text(yaml.safe_dump(params))
            todo = units(args.units)
            cold_s, cold = judge_once(root, todo)
            warm_s, warm = judge_once(root, todo)
    finally:
        proc.terminate()
        proc.wait()
    limit = CONCURRENCY / LATENCY_S
    rate = cold["calls"] / cold_s
    print(
        json.dumps(
            {
                "units": args.units,
                "cold": {**cold, "elapsed_s": round(cold_s, 2)},
                "cached": {**warm, "elapsed_s": round(warm_s, 2)},
            }
        )
    )
    print(
        f"LLM judge throughput: {rate:.1f} units/s = {rate / limit:.3f} of the Little's-law limit {limit:.0f}/s "
        f"(latency {LATENCY_S} s, judge concurrency {CONCURRENCY}; target >= 0.9), "
        f"client CPU {cold['client_cpu_ms_per_unit']} ms/unit; "
        f"cached rerun: {warm['calls']} calls, {warm['cache_hits']} cache hits in {warm_s:.1f} s (target 0 calls); "
        f"1-min load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
