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

from collections.abc import Collection
from dataclasses import dataclass

from scifigbench.concepts.probe_families import probe_family


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
    # per judge kind, what of the figure's own a unit needs to be judged at all, any one of the
    # alternatives (see :func:`cannot_judge`)
    figure_needs: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # why a judged unit without a score is left out of the values, as the report's unit status says it
    unscored: str = "no verdict"
    # the paper counts a benchmark's figures as those with verdicts of this family (every figure gets its probes)
    counts_figures: bool = False
    # its ``category`` is the unit's own (a claim's type), not its probe's (a resistance type, a blur mode)
    category_per_unit: bool = False
    # the paper's release keeps its per-item verdict files in ``evaluation/<release_folder>/<model>/<mode>/``
    # (None: the release has no such folder for it, or it is read by a reader of its own)
    release_folder: str | None = None

    @property
    def behavioural(self) -> bool:
        """Whether its verdicts feed the A-R-I behaviour tables (not the MQM or capability ones)."""
        return "behaviour" in self.metric_cells

    @property
    def in_caption(self) -> bool:
        """Whether its probe is a false claim planted in the caption (the unit's question is that claim)."""
        return self.probe_family is not None and probe_family(self.probe_family).in_caption

    def needs(self, judge_kind: str) -> tuple[str, ...] | None:
        """What a figure must have (any one of) for a judge of ``judge_kind`` to judge this family on it, or None."""
        return dict(self.figure_needs).get(judge_kind)


FAMILIES: tuple[UnitFamily, ...] = (
    UnitFamily(
        "description",
        "describe",
        None,
        "description",
        ("score", "findings"),
        (),
        (),
        "judge_mqm",
        ("perception",),
        # the rules check a description against the spec, or on a figure without one against the
        # reference; the LLM judge against the reference; kind hybrid judges descriptions by the rules
        # (they never abstain on one, so none reaches the LLM)
        figure_needs=(("rule", ("spec", "reference")), ("hybrid", ("spec", "reference")), ("llm", ("reference",))),
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
        counts_figures=True,  # every figure gets the three resistance probes (paper, Table 2)
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
        unscored="not addressed",  # the description never took the claim up: no side to count
        category_per_unit=True,
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
        release_folder="active_probes",
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
        release_folder="passive_probes",
    ),
)

UNIT_FAMILIES: dict[str, UnitFamily] = {f.name: f for f in FAMILIES}

#: Every boolean verdict column any family fills, in table order.
BOOLEAN_VERDICTS: tuple[str, ...] = ("mentioned", "admits", "fabricates", "correct")


#: What each piece of figure evidence is called where a person reads why a unit was left out.
EVIDENCE_NAMES = {"spec": "a ground-truth spec", "reference": "a reference description"}


def cannot_judge(family: str, judge_kind: str, figure_has: Collection[str]) -> str | None:
    """Why a judge of ``judge_kind`` cannot judge a unit of ``family`` on a figure that has the
    evidence ``figure_has`` ("spec", "reference"), or None when it can.

    The setups stage leaves such units out (a request of only such units is never sent) and the
    judges stage cuts none of them, so no request is paid for that no judge can score.
    """
    need = unit_family(family).needs(judge_kind)
    if need is None or any(n in figure_has for n in need):
        return None
    wanted = " or ".join(EVIDENCE_NAMES[n] for n in need)
    return f"the {judge_kind} judge needs {wanted} for a {family} and the figure has none"


def unit_family(name: str) -> UnitFamily:
    """The record of family ``name``; an unknown name is an error that lists the known ones."""
    try:
        return UNIT_FAMILIES[name]
    except KeyError:
        raise ValueError(f"unknown unit family {name!r} (known: {', '.join(UNIT_FAMILIES)})") from None
