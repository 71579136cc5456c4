"""The simulated respondent's answers to a capability setup: one numbered line per probe."""

from __future__ import annotations

import random

from scifigbench.concepts.families import unit_family
from scifigbench.simulated import answers as ans
from scifigbench.simulated.asked import Sub, numbered, probe_ids
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import Profile

#: The setup task this family answers.
TASK = unit_family("capability").task


def answer(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub: Sub) -> tuple[str, dict]:
    spec = ctx.specs.get(setup["figure_id"])
    answers: list[str | None] = []
    trace: dict[str, dict] = {}
    for pid in probe_ids(setup):
        row, expected = ctx.probe(pid)
        text: str | None
        if ans.writes_undecidable(sub(f"{pid}/undecidable"), profile, "capability"):
            text, t = ans.capability_undecidable(sub(pid), expected, spec)
        else:
            text, t = ans.capability_answer(sub(pid), profile, expected, row["category"], spec)
        answers.append(text)
        trace[pid] = t
    return numbered(rng, profile, answers), trace
