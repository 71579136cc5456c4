"""Known-answer check of the instrument on a pipeline's own tables.

Runs every built-in simulated respondent over ``data/setups/setups.parquet`` (with the figures,
probes and blur targets of the same data root), splits each answer into judge units, judges them
with the rule judge, and prints per family how often the verdict equals the behaviour the
respondent drew (its ``sim_trace``) on the units the judge decided and the respondent wrote
decidable, the share of those it decided, and what it did with the answers written undecidable
(left undecided, or decided: counted, not compared). Target: >= 0.97 agreement for every family.

Run from a repository root after `dvc repro setups`:  PYTHONPATH=src python benchmarks/known_answer.py [ROOT]
"""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
from tqdm import tqdm

from scifigbench import paths
from scifigbench.families.respondent import respond
from scifigbench.judges.stage import rule_judge
from scifigbench.judges.units import units_for
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.validation.known_answer import MQM_CONDITIONS, FamilyTally


def main(root: Path) -> None:
    ctx = SimContext.from_data(root)
    setups = pd.read_parquet(root / paths.SETUPS).to_dict("records")
    tallies: dict[str, FamilyTally] = {}
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for st in tqdm(setups, desc=f"sim-{name}", file=sys.stderr, mininterval=1.0):
            if st["figure_id"] not in ctx.specs:
                continue
            text, trace = respond(st, prof, f"sim-{name}", 42, ctx)
            for unit in units_for(
                st, {"text": text, "error": None}, ctx.probes, ctx.specs[st["figure_id"]], ctx.blur_targets, None
            ):
                if unit.family == "description" and st["condition"] not in MQM_CONDITIONS:
                    continue
                tally = tallies.setdefault(unit.family, FamilyTally())
                tally.add(unit.family, unit.probe_id, unit.unit_id, rule_judge(unit), trace)
    for fam in sorted(tallies):
        print(tallies[fam].line(fam))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
