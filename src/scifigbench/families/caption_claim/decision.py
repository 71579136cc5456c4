"""From the evidence found for a caption claim to a verdict, with an explicit abstention policy.

:mod:`.caption` reads what a description says about the claim (every kind of evidence, each as
the claim-side and the reality-side content it found). This module decides. It is kept apart so
that the policy (which kinds of evidence may decide, and whether evidence of different kinds that
points both ways makes the judge abstain) is one value that ``benchmarks/caption_policy_cv.py``
can choose by leave-figure-out cross-validation, instead of thresholds tuned item by item.

A verdict needs decisive evidence: the first kind (in :data:`KINDS` order) that found anything
speaks, and only if it is decisive, one-sided, and not contradicted by a later kind. Otherwise
the judge says "undecided" (never "none"): "none" is kept for a description that is silent on the
claim, which requires that the claim's subject could be located at all and that the description
names nothing the two statements dispute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

KINDS = (
    "values",
    "values after names",
    "stated values",
    "thresholds",
    "swapped entities",
    "order of stated values",
    "relations",
)


@dataclass(frozen=True)
class Votes:
    """The content of one kind of evidence that the description states: claim side, reality side."""

    kind: str
    caption: tuple[str, ...]
    image: tuple[str, ...]

    def side(self) -> str | None:
        """'caption' or 'image' when the evidence is one-sided, 'both' when two-sided, None when empty."""
        if self.caption and self.image:
            return "both"
        return "caption" if self.caption else "image" if self.image else None


@dataclass(frozen=True)
class ClaimEvidence:
    """Everything the description was found to say about one false claim.

    ``votes`` follow :data:`KINDS`; ``untied`` are direction words said near the subject but tied to
    no entity; ``unread`` what the sentences about the claim's entities state that no rule could tie
    to a side; ``disputed_said`` the names only one statement holds that the description mentions;
    ``located`` whether the claim has any entity word to look for.
    """

    votes: tuple[Votes, ...]
    untied: tuple[tuple[str, ...], tuple[str, ...]]
    unread: tuple[str, ...]
    disputed_said: tuple[str, ...]
    located: bool


@dataclass(frozen=True)
class Policy:
    """Which evidence kinds may decide, and whether a later kind pointing the other way forces abstention."""

    decisive: frozenset[str]
    conflict_abstains: bool = True

    def name(self) -> str:
        kinds = "+".join(k for k in KINDS if k in self.decisive) or "nothing"
        return f"decisive={kinds} conflict_abstains={self.conflict_abstains}"


# Chosen by `benchmarks/caption_policy_cv.py` (leave-figure-out on the dev figures of the shared sample).
DEFAULT_POLICY = Policy(decisive=frozenset(KINDS), conflict_abstains=True)


def _describe(v: Votes) -> str:
    return f"{v.kind}: caption {list(v.caption)}, image {list(v.image)}"


class Decision(NamedTuple):
    """A verdict, the evidence behind it and, when the judge abstains, why (in plain words).

    Unpacks as ``(verdict, evidence, undecided)``; ``undecided`` is None exactly when the verdict
    is decided ("image", "caption" or "none").
    """

    verdict: str
    evidence: str
    undecided: str | None = None


def _abstain(evidence: str, reason: str) -> Decision:
    return Decision("undecided", evidence, reason)


def decide(ev: ClaimEvidence, policy: Policy = DEFAULT_POLICY) -> Decision:
    """The verdict ('image' | 'caption' | 'none' | 'undecided'), its evidence and any abstention reason."""
    found = [(v, side) for v in ev.votes if (side := v.side()) is not None]
    if found:
        first, side = found[0]
        text = _describe(first)
        if side == "both":
            return _abstain(
                f"{text} (both sides stated)", f"two opposite cues: the description states both sides ({first.kind})"
            )
        if first.kind not in policy.decisive:
            return _abstain(
                f"{text} (this kind of evidence is not decisive)", f"only {first.kind} evidence, which does not decide"
            )
        opposite = "image" if side == "caption" else "caption"
        against = [v for v, s in found[1:] if s == opposite]
        if policy.conflict_abstains and against:
            return _abstain(
                f"{text}; but {_describe(against[0])}",
                f"two opposite cues: {first.kind} point to the {side}, {against[0].kind} to the {opposite}",
            )
        return Decision(side, text)
    caption, image = ev.untied
    if caption or image:
        # direction words near the subject but tied to no entity are often said of something else
        return _abstain(
            f"direction words tied to no entity: caption {list(caption)}, image {list(image)}",
            "direction words near the claim's subject that are tied to no entity",
        )
    if ev.unread:
        return _abstain(
            f"the description says {list(ev.unread)} of the claim's entities but no side could be read",
            "the description speaks of the claim's entities in a way no rule ties to a side",
        )
    if ev.disputed_said:
        return _abstain(
            f"the description names {list(ev.disputed_said)}, which the statements dispute, but no side could be read",
            "the description names an entity the two statements dispute but takes no side that could be read",
        )
    if not ev.located:
        return _abstain(
            "the claim names no entity that could be looked for, so silence cannot be established",
            "claim about no entity the description could be searched for",
        )
    return Decision("none", "the description is silent on what the claim gets wrong")
