"""Closed vocabularies shared by every stage, each spelled once, in the paper's order.

Tuples keep the order the paper's tables use; ``frozenset(...)`` of them is what a contract
allows. A stage that needs one of these lists imports it from here.
"""

from __future__ import annotations

#: Capability question categories (paper §3.2), in table order.
CAPABILITY_CATEGORIES: tuple[str, ...] = ("counting", "computation", "comparison", "pattern")

#: Resistance probe types: an absent element, a contradicting (false) premise, an unanswerable question.
RESISTANCE_TYPES: tuple[str, ...] = ("inexist", "contra", "unanswerable")

#: Blur modes: an unrecoverable element (admittance) and a recoverable one (inductance).
BLUR_MODES: tuple[str, ...] = ("admittance", "inductance")

#: Every condition a figure is shown under, in the paper's table order.
CONDITION_ORDER: tuple[str, ...] = (
    "base",
    "nocap",
    "noise",
    "lowc",
    "rot",
    "inpaper",
    "inpaper_blur",
    "capbias",
    "admb",
    "indb",
)

#: The condition that shows each blur mode's blur, and back.
MODE_CONDITION: dict[str, str] = {"admittance": "admb", "inductance": "indb"}
CONDITION_MODE: dict[str, str] = {c: m for m, c in MODE_CONDITION.items()}

#: Conditions with an image of their own (``capbias`` reuses ``base`` with another caption).
IMAGE_CONDITIONS: tuple[str, ...] = tuple(c for c in CONDITION_ORDER if c != "capbias")

#: Modification types of a caption-bias claim.
CLAIM_TYPES: tuple[str, ...] = ("value_anchor", "trend", "comparison_swap", "ranking_inversion", "rate")
