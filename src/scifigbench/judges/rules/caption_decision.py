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

KINDS = ("values", "values after names", "thresholds", "swapped entities", "order of stated values", "relations")


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


def decide(ev: ClaimEvidence, policy: Policy = DEFAULT_POLICY) -> tuple[str, str]:
    """('image' | 'caption' | 'none' | 'undecided', the evidence that decided it)."""
    found = [(v, side) for v in ev.votes if (side := v.side()) is not None]
    if found:
        first, side = found[0]
        text = _describe(first)
        if side == "both":
            return "undecided", f"{text} (both sides stated)"
        if first.kind not in policy.decisive:
            return "undecided", f"{text} (this kind of evidence is not decisive)"
        opposite = "image" if side == "caption" else "caption"
        against = [v for v, s in found[1:] if s == opposite]
        if policy.conflict_abstains and against:
            return "undecided", f"{text}; but {_describe(against[0])}"
        return side, text
    caption, image = ev.untied
    if caption or image:
        # direction words near the subject but tied to no entity are often said of something else
        return "undecided", f"direction words tied to no entity: caption {list(caption)}, image {list(image)}"
    if ev.unread:
        return "undecided", f"the description says {list(ev.unread)} of the claim's entities but no side could be read"
    if ev.disputed_said:
        return (
            "undecided",
            f"the description names {list(ev.disputed_said)}, which the statements dispute, but no side could be read",
        )
    if not ev.located:
        return "undecided", "the claim names no entity that could be looked for, so silence cannot be established"
    return "none", "the description is silent on what the claim gets wrong"
