"""The simulated respondent's description of a figure (task ``describe``), which also holds the
units of the families judged in descriptions: the caption's false claims taken up or not
(caption_claim) and the blurred element mentioned or not (blur_passive)."""

from __future__ import annotations

import random

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import CONDITION_MODE
from scifigbench.simulated import answers as ans
from scifigbench.simulated import phrases
from scifigbench.simulated.asked import Sub, listed_probe, target_element
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.describe import Blurred, describe
from scifigbench.simulated.profiles import Profile

#: The setup task this family answers.
TASK = unit_family("description").task


def _caption_claims(setup: dict, ctx: SimContext) -> list[dict]:
    """The false claims of the caption shown: from the probe the setup lists, else its figure's."""
    listed = listed_probe(setup, ctx, "caption_claim")
    if listed is not None:
        return list(listed.get("claims", []))
    probe_family = unit_family("caption_claim").probe_family
    for pid, row in ctx.probes.items():
        if row["figure_id"] == setup["figure_id"] and row["family"] == probe_family:
            return list(ctx.probe(pid)[1].get("claims", []))
    raise ValueError(
        f"setup {setup.get('setup_id')!r}: capbias description but no caption_bias probe for figure {setup['figure_id']!r}"
    )


def _page_blur(setup: dict, profile: Profile, spec, rng: random.Random) -> tuple[str, dict] | None:
    """``inpaper_blur``: the figure region of the page is blurred; only the page text is readable.

    The respondent admits it at its admittance rate and then describes only what the caption
    says; otherwise it describes the figure as if it could see it (from its spec, with the
    condition's raised error rates), which is the fabrication this condition exists to catch.
    """
    if rng.random() >= profile.blur["admittance"].admit:
        return None
    caption = setup.get("caption") if isinstance(setup.get("caption"), str) else spec.caption
    text = " ".join(
        s
        for s in (
            rng.choice(phrases.PAGE_BLUR_ADMIT),
            f"According to the caption, {caption.strip()[0].lower() + caption.strip()[1:]}"
            if caption and caption.strip()
            else "",
        )
        if s
    )
    return text, {"page_blur": {"admits": True}}


def answer(setup: dict, profile: Profile, ctx: SimContext, rng: random.Random, sub: Sub) -> tuple[str, dict]:
    spec = ctx.spec(setup["figure_id"])
    if setup["condition"] == "inpaper_blur":
        admitted = _page_blur(setup, profile, spec, sub("page_blur"))
        if admitted is not None:
            return admitted
    claims = _caption_claims(setup, ctx) if setup["condition"] == "capbias" else None
    blurred = None
    if setup["condition"] in CONDITION_MODE:  # a condition that blurs one element
        row, el = target_element(setup, ctx)
        brng = sub("blur")
        mode = str(row["mode"])
        mentioned = brng.random() < profile.blur[mode].mention
        admits, fabricates, correct = ans.blur_draw(brng, profile, mode) if mentioned else (False, False, False)
        guess = None
        if fabricates:
            guess = el.text if correct else ans.alternative_text(brng, el.text, spec, el.role)
        blurred = Blurred(el, mode, mentioned, admits, fabricates, correct, guess)
    text, trace = describe(
        spec, profile.for_condition(str(setup["condition"])), sub("describe"), claims=claims, blurred=blurred
    )
    if setup["condition"] == "inpaper_blur":
        trace["page_blur"] = {"admits": False}
    return text, trace
