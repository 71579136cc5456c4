"""The simulated respondent's answers to a resistance setup: one numbered line per probe."""

from __future__ import annotations

import random

from scifigbench.concepts.families import unit_family
from scifigbench.simulated import answers as ans
from scifigbench.simulated.asked import Sub, numbered, probe_ids
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import Profile

#: The setup task this family answers.
TASK = unit_family("resistance").task


def answer(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub: Sub) -> tuple[str, dict]:
    answers: list[str] = []
    trace: dict[str, dict] = {}
    for pid in probe_ids(setup):
        row, expected = ctx.probe(pid)
        if ans.writes_undecidable(sub(f"{pid}/undecidable"), profile, "resistance"):
            answers.append(ans.resistance_undecidable(sub(pid), row["category"], expected))
            trace[pid] = {"verdict": None, "undecidable": True}
            continue
        indirect = ans.writes_indirect(sub(f"{pid}/indirect"), profile)
        text, behaviour = ans.resistance_answer(sub(pid), profile, row["category"], expected, indirect)
        answers.append(text)
        trace[pid] = {"verdict": behaviour} | ({"indirect": True} if indirect else {})
    return numbered(rng, profile, answers), trace
