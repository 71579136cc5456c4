"""Compare the default run's A-R-I metrics with the rates its simulated respondents declare.

Reads the judgments and responses of every simulated model (after ``make repro``) and prints, per
model and metric, the declared rate (over decided units), the value measured on decided units
with its n and bootstrap CI, the undecided units and the bounds they leave, the answers written
undecidable that the judge decided anyway (left out of the value), and the z-score under the
declared rate. With ~32 cells a few outside a 95 % CI are expected by chance alone.

With ``--by-kind`` the cells are checked within each chart type apart (the extended preset:
``scifigbench preset extended -o params.yaml && dvc repro``), so a kind whose probes, answers or
verdicts go wrong shows up even when the pooled cells look right.

Run from the repository root:  python benchmarks/known_answer_metrics.py [--by-kind]
"""

from __future__ import annotations

import argparse
import json

import pandas as pd

from scifigbench import params, paths
from scifigbench.metrics.tables import StatConfig
from scifigbench.simulated.profiles import resolve_profile
from scifigbench.validation.known_answer import check_cells


def report(checks: list, label: str) -> None:
    """Every cell's line, then how many cells hold the declared rate and what abstention left."""
    for c in checks:
        print(c.line())
    n = len(checks)
    print(f"{label}declared rate inside the measured 95% CI: {sum(c.inside_ci for c in checks)}/{n} cells")
    print(
        f"{label}inside the bounds widened by the CI margins: {sum(c.inside_bounds for c in checks)}/{n}; "
        f"inside the bare bounds: {sum(c.inside_bounds_strict for c in checks)}/{n}"
    )
    print(
        f"{label}units left undecided: {sum(c.undecided for c in checks)}; written undecidable but decided by the "
        f"judge (left out, not failures): {sum(c.decided_though_undecidable for c in checks)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--by-kind", action="store_true", help="check the cells within each chart type apart")
    args = parser.parse_args()
    models = {m: e for m, e in params.load_raw()["models"].items() if e.get("backend") == "simulated"}
    profiles = {m: resolve_profile(e["profile"], e.get("profile_overrides")) for m, e in models.items()}
    judgments = pd.concat([pd.read_parquet(paths.judgments(m)) for m in sorted(models)], ignore_index=True)
    traces = {
        (m, r["setup_id"]): json.loads(r["sim_trace"])
        for m in sorted(models)
        for r in pd.read_parquet(paths.responses(m), columns=["setup_id", "sim_trace"]).to_dict("records")
        if r["sim_trace"]
    }
    if not args.by_kind:
        report(check_cells(judgments, traces, profiles, StatConfig()), "")
        return
    for kind, rows in judgments.groupby("chart_type"):
        print(f"== {kind}")
        report(check_cells(rows, traces, profiles, StatConfig()), f"{kind}: ")


if __name__ == "__main__":
    main()
