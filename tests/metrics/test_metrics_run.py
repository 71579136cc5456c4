"""Run statistics in metrics/run.json: counts pass through, durations stay out (they change every rerun)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pandas as pd

from scifigbench.metrics.stage import run_statistics


def test_run_statistics_keep_counts_and_drop_durations(tmp_path):
    (tmp_path / "m.stats.json").write_text(json.dumps(
        {"calls": 12, "cache_hits": 3, "cost_usd": 0.5, "wall_s": 1.57, "call_s": 0.9, "model_id": "x",
         "retries": {"429": 2, "backoff_s": 4.0}}))
    empty = pd.DataFrame(columns=["model", "family", "error", "judge_id"])
    out = run_statistics(empty, tmp_path, tmp_path)
    assert out["respond"]["m"] == {"calls": 12, "cache_hits": 3, "cost_usd": 0.5, "retries": {"429": 2}}


def test_run_json_and_header_name_the_judge_of_every_model():
    """run.json's ``judge`` (once always {}) and the header: judge id -> rows, from the judgment rows."""
    from scifigbench.metrics.header import judge_ids, params_hash, run_header
    from scifigbench.metrics.stage import MetricsConfig

    j = pd.DataFrame(
        {
            "model": ["a", "a", "a", "b"],
            "family": ["capability"] * 4,
            "error": [None] * 4,
            "judge_id": ["rule:v1", "rule:v1", "llm:gpt:abc", "rule:v1"],
        }
    )
    assert judge_ids(j) == {"a": {"llm:gpt:abc": 1, "rule:v1": 2}, "b": {"rule:v1": 1}}
    assert run_statistics(j, Path("/nonexistent"), Path("/nonexistent"), ["a", "b"])["judge"] == judge_ids(j)
    figures = pd.DataFrame({"chart_type": ["bar", "bar", "pie"], "source": ["synthetic"] * 3})
    params = {"corpus": {"source": "synthetic"}, "judge": {"kind": "hybrid", "llm_model": "gpt"}, "seed": 1,
              "models": {"b": {"backend": "openai", "model": "x"}, "a": {"backend": "simulated"}}}
    header = run_header(params, MetricsConfig(bootstrap=123, seed=7), j, figures)
    assert header["judge"] == {"kind": "hybrid", "llm_model": "gpt", "audit_model": None, "ids": judge_ids(j)}
    assert header["respondents"] == {"a": "simulated", "b": "openai"}  # which respondents are scripted
    audited = {**params, "judge": {**params["judge"], "audit": {"model": "gpt-4o-audit", "share": 0.1}}}
    assert run_header(audited, MetricsConfig(), j, figures)["judge"]["audit_model"] == "gpt-4o-audit"
    assert header["bootstrap"] == {"B": 123, "seed": 7}
    assert header["corpus"] == {"source": "synthetic", "figures": 3, "by_chart_type": {"bar": 2, "pie": 1},
                                "by_source": {"synthetic": 3}}
    # the hash is of the parsed params: key order does not count, a changed value does
    assert header["params_sha256"] == params_hash(dict(reversed(list(params.items()))))
    assert params_hash({**params, "seed": 2}) != header["params_sha256"]
    canonical = json.dumps(params, sort_keys=True, separators=(",", ":"))
    assert header["params_sha256"] == hashlib.sha256(canonical.encode()).hexdigest()
