"""Known-answer test of the metrics: simulated respondents -> rule judge -> A-R-I tables.

Each measured A-R-I metric must sit within 3 standard errors of the rate its profile declares
(``expected_metrics`` says how each expectation follows from the profile). The expectation comes
from the declared rates alone, never from the simulator's trace or the judge, so a judge or a
metric that drifts from the paper's definitions fails here.
"""

from __future__ import annotations

import math

import pandas as pd

from scifigbench.judges import rules
from scifigbench.judges.stage import judge_units, rule_judge
from scifigbench.judges.units import units_for
from scifigbench.metrics.tables import StatConfig, behaviour
from scifigbench.simulated.profiles import BUILTIN, expected_metrics, resolve_profile
from scifigbench.simulated.respondent import respond
from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for

REPEATS = 40


def _judgments() -> pd.DataFrame:
    specs = [f() for f in RESPONDENT_FIGURES]
    ctx = context(specs)
    frames = []
    for name in sorted(BUILTIN):
        model = f"sim-{name}"
        prof = resolve_profile(name)
        units = []
        for spec in specs:
            for st in setups_for(spec, REPEATS):
                if st["task"] == "capability" or (st["task"] == "describe" and st["condition"] not in ("capbias", "admb", "indb")):
                    continue  # A-R-I units only: keeps the test fast
                text, _ = respond(st, prof, model, 42, ctx)
                units += [u for u in units_for(st, {"text": text, "error": None}, ctx.probes, spec, ctx.blur_targets, None)
                          if u.family != "description"]
        frames.append(judge_units(units, model, rule_judge, rules.JUDGE_ID, progress=False))
    return pd.concat(frames, ignore_index=True)


def _lookup(table: dict, key: str, model: str) -> dict:
    group, metric = key.split(".")
    return table[group][model][metric]


def test_measured_ari_metrics_recover_declared_profile_rates():
    table = behaviour(_judgments(), StatConfig(B=200))
    misses = []
    checked = 0
    for name in sorted(BUILTIN):
        model = f"sim-{name}"
        for key, (mean, var) in expected_metrics(resolve_profile(name)).items():
            cell = _lookup(table, key, model)
            assert cell["n"] >= 30, (model, key, cell)
            se = math.sqrt(max(var, 1e-4) / cell["n"])
            z = (cell["value"] - mean) / se
            checked += 1
            if abs(z) > 3.0:
                misses.append((model, key, round(cell["value"], 3), mean, cell["n"], round(z, 1)))
    assert checked == 4 * 8
    assert not misses, misses
