"""Run inside a copy of the package that has the toy family: the simulated respondent answers
capability setups, the judges stage cuts and judges the units, the metrics (headline and the
capability file's tables), the report and the explorer read them. Prints what each piece made of
the toy family as JSON."""

from __future__ import annotations

import json
import sys

from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench.contracts.core import validate
from scifigbench.contracts.judgments import JUDGMENTS
from scifigbench.families.respondent import respond
from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.judges.stage import judge_units, rule_judge
from scifigbench.judges.units import units_for
from scifigbench.metrics.breakdown import breakdown
from scifigbench.metrics.tables import StatConfig, capability, headline_values
from scifigbench.report.breakdown import breakdown_tables
from scifigbench.report.examples import pick_examples
from scifigbench.report.page import render_report
from scifigbench.report.tables import NotMeasured, family_tables
from scifigbench.report.units import Context, expected_lines, explorer_data

specs = [make() for make in RESPONDENT_FIGURES]
ctx = context(specs)
units, traces, setups = [], {}, {}
for spec in specs:
    for setup in setups_for(spec):
        if setup["task"] != "capability":
            continue
        for seed in range(int(sys.argv[1])):
            s = {**setup, "setup_id": f"{setup['setup_id']}~{seed}"}
            text, trace = respond(s, "weak", "sim-weak", seed, ctx)
            setups[s["setup_id"]] = s
            traces[s["setup_id"]] = (trace, json.loads(s["probe_ids"]))
            units += units_for(s, {"text": text, "error": None}, ctx.probes, spec, ctx.blur_targets, None)
rows = judge_units(units, "sim-weak", rule_judge, JUDGE_ID, progress=False)
validate(rows, JUDGMENTS, where="toy judgments")
toy = rows[rows["family"] == "toy_answered"]
report = Context(setups=setups, probes=ctx.probes)
first = toy.iloc[0].to_dict()
explorer = explorer_data(rows, report)
metrics = {"capability": capability(rows, StatConfig(B=200))}
shown = [
    {
        "title": t.title,
        "columns": t.columns,
        "fed_by": fed,
        "rows": [[m, [[c.text, c.link, c.n] for c in cells]] for m, cells in t.rows],
    }
    for t, fed in family_tables(metrics, NotMeasured({}), ("capability",))
]
page = render_report(metrics, [], [], len(rows))
print(
    json.dumps(
        {
            "families": sorted(rows["family"].unique()),
            "toy_units": len(toy),
            "toy_answered": int((toy["verdict"] == "answered").sum()),
            "headline": headline_values(rows).get("toy_answered", {}),
            "capability_table": metrics["capability"],
            "report_tables": shown,
            "page_sections": [h for h in ("Questions answered", "% of numbered questions with a line") if h in page],
            "traces": {
                sid: [tr.get(pid, {}).get("answer") is not None for pid in pids] for sid, (tr, pids) in traces.items()
            },
            "toy_ids": sorted(toy["unit_id"]),
            "skipped_ids": sorted(toy.loc[toy["verdict"] == "skipped", "unit_id"]),
            "examples": [[e.title, e.model, e.unit_id] for e in pick_examples(rows)],
            "breakdown": [
                [t.title, [[c.text, c.n] for _, cells in t.rows for c in cells]]
                for t in breakdown_tables(breakdown(rows, None, StatConfig(B=200)), NotMeasured({}))
                if t.title.startswith("Answered")
            ],
            "expected_lines": expected_lines(first, json.loads(first["details_json"]), report),
            "first_probe": ctx.probes[first["probe_id"]]["text"],
            "explorer_families": sorted(explorer["families"]),
        },
        default=str,
    )
)
