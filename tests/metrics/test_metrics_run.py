"""Run statistics in metrics/run.json: counts pass through, durations stay out (they change every rerun)."""

from __future__ import annotations

import json

import pandas as pd

from scifigbench.metrics.stage import run_statistics


def test_run_statistics_keep_counts_and_drop_durations(tmp_path):
    (tmp_path / "m.stats.json").write_text(json.dumps(
        {"calls": 12, "cache_hits": 3, "cost_usd": 0.5, "wall_s": 1.57, "call_s": 0.9, "model_id": "x",
         "retries": {"429": 2, "backoff_s": 4.0}}))
    empty = pd.DataFrame(columns=["model", "family", "error", "judge_id"])
    out = run_statistics(empty, tmp_path, tmp_path)
    assert out["respond"]["m"] == {"calls": 12, "cache_hits": 3, "cost_usd": 0.5, "retries": {"429": 2}}
