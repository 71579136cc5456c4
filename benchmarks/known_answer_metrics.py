"""Compare the default run's A-R-I metrics with the rates its simulated respondents declare.

Reads the judgments and responses of every simulated model (after ``make repro``) and prints, per
model and metric, the declared rate (over decided units), the value measured on decided units
with its n and bootstrap CI, the undecided units and the bounds they leave, the answers written
undecidable that the judge decided anyway (left out of the value), and the z-score under the
declared rate. With ~32 cells a few outside a 95 % CI are expected by chance alone.

With ``--by-kind`` the cells are checked within each chart type apart (the extended preset:
``scifigbench preset extended -o params.yaml && dvc repro``), so a kind whose probes, answers or
verdicts go wrong shows up even when the pooled cells look right.

A run answers each setup once, so a kind's blur cells hold one unit per blurred figure (13 at 30
figures a kind): all of them agree often enough that the cell's bootstrap CI is zero wide and no
declared rate between 0 and 1 can lie inside it, and one draw of the respondents decides the
check. ``--repeats R`` therefore answers every A-R-I setup of the run's tables R times more in
process (independent draws, each its own cluster; rule judge) and checks those cells instead:
it needs the run's figures, probes, blur targets and setups only (``dvc repro setups``).

Each family of cells (a kind's, or all of them) is then decided at a family-wise 5 % (Holm over
its cells, figures as clusters: :mod:`scifigbench.validation.family_wise`), values and bounds alike.
``--worst N`` lists the N cells farthest from their declared rate with the units of each whose
decided verdict differs from what the respondent drew: none means the distance is the draws'
(sampling), any means the judge.

Run from the repository root:
  python benchmarks/known_answer_metrics.py [--by-kind] [--repeats R] [--worst N]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pandas as pd

from scifigbench import params, paths
from scifigbench.metrics.tables import StatConfig
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import resolve_profile
from scifigbench.validation.known_answer import (
    check_cells,
    judge_disagreements,
    kind_check,
    simulate_ari,
)


def report(checks: list, label: str) -> None:
    """Every cell's line, then how many cells hold the declared rate and what abstention left."""
    for c in checks:
        print(c.line())
    n = len(checks)
    print(
        f"{label}declared rate inside the measured 95% CI: {sum(c.inside_ci for c in checks)}/{n} cells "
        f"(chance alone leaves ~{0.05 * n:.1f} outside); zero-wide CIs among those outside: "
        f"{sum(not c.inside_ci and c.cell['ci_low'] == c.cell['ci_high'] for c in checks)}; "
        f"|z| > 1.96 under the declared rate: {sum(abs(c.z) > 1.96 for c in checks)}"
    )
    print(
        f"{label}inside the bounds widened by the CI margins: {sum(c.inside_bounds for c in checks)}/{n}; "
        f"inside the bare bounds: {sum(c.inside_bounds_strict for c in checks)}/{n}"
    )
    print(
        f"{label}units left undecided: {sum(c.undecided for c in checks)}; written undecidable but decided by the "
        f"judge (left out, not failures): {sum(c.decided_though_undecidable for c in checks)}"
    )
    print(kind_check(label.rstrip(": ") or "all kinds", checks).line())


def worst(judgments: pd.DataFrame, traces: dict, checks: list, n: int, label: str) -> None:
    """The ``n`` cells farthest from their declared rate, each with its judge disagreements."""
    for c in sorted(checks, key=lambda c: -abs(c.test.z))[:n]:
        print(
            f"{label}worst: {c.model:16s} {c.key:22s} z={c.test.z:+.2f} p={c.test.p_value:.3g} deff={c.test.deff:.2f} "
            f"judge disagreements {judge_disagreements(judgments, traces, c)}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--by-kind", action="store_true", help="check the cells within each chart type apart")
    parser.add_argument(
        "--repeats", type=int, default=0, help="answer every A-R-I setup this many times in process instead"
    )
    parser.add_argument("--worst", type=int, default=0, help="list this many cells farthest from the declared rate")
    args = parser.parse_args()
    models = {m: e for m, e in params.load_raw()["models"].items() if e.get("backend") == "simulated"}
    profiles = {m: resolve_profile(e["profile"], e.get("profile_overrides")) for m, e in models.items()}
    if args.repeats:
        setups = pd.read_parquet(paths.SETUPS).to_dict("records")
        judgments, traces = simulate_ari(setups, SimContext.from_data(Path(".")), profiles, args.repeats)
    else:
        judgments = pd.concat([pd.read_parquet(paths.judgments(m)) for m in sorted(models)], ignore_index=True)
        traces = {
            (m, r["setup_id"]): json.loads(r["sim_trace"])
            for m in sorted(models)
            for r in pd.read_parquet(paths.responses(m), columns=["setup_id", "sim_trace"]).to_dict("records")
            if r["sim_trace"]
        }
    groups = judgments.groupby("chart_type") if args.by_kind else [("", judgments)]
    for kind, rows in groups:
        label = f"{kind}: " if kind else ""
        if kind:
            print(f"== {kind}")
        checks = check_cells(rows, traces, profiles, StatConfig())
        report(checks, label)
        worst(rows, traces, checks, args.worst, label)


if __name__ == "__main__":
    main()
