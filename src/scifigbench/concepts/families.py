"""One declarative record per judged unit family, and the registry of them.

A *unit* is what one verdict is about: a description (MQM), one capability answer, one resistance
answer, one caption-bias claim, one active blur answer, one passive blur description. What each
family *is* lives here, below every stage: the setup task it comes out of, the probe family that
feeds it, the field holding the judged text, the verdict fields its judges write, its verdict
words and booleans, its LLM judge prompt, the metric cells it feeds. What each family *does*
(split, rule verdict, LLM rendering, table columns) lives in the judges stage, in a registry keyed
by these names and checked against this one (tests/test_concepts.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UnitFamily:
    """What the pipeline knows of one unit family."""

    name: str
    task: str  # the setup task whose responses hold units of this family
    probe_family: str | None  # the probes-table family that feeds it (None: the figure itself)
    reply_field: str  # the record field holding the judged text
    verdict_fields: tuple[str, ...]  # what a judge writes for one unit (rule and LLM alike)
    verdicts: tuple[str, ...]  # the words of its ``verdict`` column (empty: booleans or score only)
    booleans: tuple[str, ...]  # the boolean verdict columns it fills
    judge_prompt: str  # prompt id of its LLM judge
    metric_cells: tuple[str, ...]  # metrics files its verdicts feed


FAMILIES: tuple[UnitFamily, ...] = (
    UnitFamily(
        "description", "describe", None, "description", ("score", "findings"), (), (), "judge_mqm", ("perception",)
    ),
    UnitFamily(
        "capability",
        "capability",
        "capability",
        "answer",
        ("correct",),
        ("correct", "incorrect"),
        ("correct",),
        "judge_capability",
        ("capability",),
    ),
    UnitFamily(
        "resistance",
        "resistance",
        "resistance",
        "answer",
        ("score", "verdict"),
        ("resists", "hedges", "accepts"),
        (),
        "judge_resistance",
        ("behaviour",),
    ),
    UnitFamily(
        "caption_claim",
        "describe",
        "caption_bias",
        "description",
        ("follows",),
        ("image", "caption", "none", "undecided"),
        (),
        "judge_caption",
        ("behaviour",),
    ),
    UnitFamily(
        "blur_active",
        "blur_active",
        "blur",
        "answer",
        ("admits", "fabricates", "correct"),
        (),
        ("admits", "fabricates", "correct"),
        "judge_blur_active",
        ("behaviour",),
    ),
    UnitFamily(
        "blur_passive",
        "describe",
        "blur",
        "description",
        ("mentioned", "admits", "fabricates", "correct"),
        (),
        ("mentioned", "admits", "fabricates", "correct"),
        "judge_blur_passive",
        ("behaviour",),
    ),
)

UNIT_FAMILIES: dict[str, UnitFamily] = {f.name: f for f in FAMILIES}

#: Every boolean verdict column any family fills, in table order.
BOOLEAN_VERDICTS: tuple[str, ...] = ("mentioned", "admits", "fabricates", "correct")


def unit_family(name: str) -> UnitFamily:
    """The record of family ``name``; an unknown name is an error that lists the known ones."""
    try:
        return UNIT_FAMILIES[name]
    except KeyError:
        raise ValueError(f"unknown unit family {name!r} (known: {', '.join(UNIT_FAMILIES)})") from None
