"""The simulated respondent's answer to a blur_active setup: what the blurred element says."""

from __future__ import annotations

import random

from scifigbench.concepts.families import unit_family
from scifigbench.simulated import answers as ans
from scifigbench.simulated.asked import Sub, blur_probe, target_element
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import Profile

#: The setup task this family answers.
TASK = unit_family("blur_active").task


def answer(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub: Sub) -> tuple[str, dict]:
    row, el = target_element(setup, ctx)
    mode = str(row["mode"])
    probe = blur_probe(setup, ctx)
    truth = str(probe["expected_answer"]) if probe and probe.get("expected_answer") else str(row["expected_answer"])
    if ans.writes_undecidable(sub("blur_active/undecidable"), profile, "blur_active"):
        text, candidates = ans.blur_undecidable(rng, truth, ctx.specs.get(setup["figure_id"]), el.role)
        verdict = dict.fromkeys(("admits", "fabricates", "correct", "guess"))
        return text, verdict | {
            "mode": mode,
            "target_id": row["target_id"],
            "candidates": candidates,
            "undecidable": True,
        }
    admits, fabricates, correct = ans.blur_draw(rng, profile, mode)
    guess = None
    if fabricates:
        guess = truth if correct else ans.alternative_text(rng, truth, ctx.specs.get(setup["figure_id"]), el.role)
    text = ans.blur_active_answer(rng, admits, fabricates, guess)
    return text, {
        "admits": admits,
        "fabricates": fabricates,
        "correct": correct,
        "mode": mode,
        "target_id": row["target_id"],
        "guess": guess,
    }
