"""The abstention policy of the caption-claim judge, on evidence built by hand."""

from __future__ import annotations

import pytest

from scifigbench.families.caption_claim.decision import KINDS, ClaimEvidence, Policy, Votes, decide

ALL = Policy(frozenset(KINDS))


def evidence(*votes: tuple[str, tuple[str, ...], tuple[str, ...]], **rest: object) -> ClaimEvidence:
    by_kind = {kind: (c, i) for kind, c, i in votes}
    fields: dict = {"untied": ((), ()), "unread": (), "disputed_said": (), "located": True} | rest
    return ClaimEvidence(votes=tuple(Votes(k, *by_kind.get(k, ((), ()))) for k in KINDS), **fields)


@pytest.mark.parametrize(
    ("ev", "policy", "verdict"),
    [
        (evidence(("values", ("80%",), ())), ALL, "caption"),
        (evidence(("values", (), ("74%",))), ALL, "image"),
        (evidence(("values", ("80%",), ("74%",))), ALL, "undecided"),  # both sides stated
        # a later kind pointing the other way: abstain, unless the policy lets the first kind win
        (evidence(("thresholds", (), ("83",)), ("relations", ("UP L green",), ())), ALL, "undecided"),
        (
            evidence(("thresholds", (), ("83",)), ("relations", ("UP L green",), ())),
            Policy(ALL.decisive, False),
            "image",
        ),
        # a kind the policy does not trust does not decide
        (evidence(("relations", ("UP L green",), ())), Policy(frozenset({"values"})), "undecided"),
        (evidence(), ALL, "none"),
        (evidence(untied=(("DOWN",), ())), ALL, "undecided"),
        (evidence(unread=("68",)), ALL, "undecided"),
        (evidence(disputed_said=("N_case_",)), ALL, "undecided"),
        (evidence(located=False), ALL, "undecided"),  # silence about nothing locatable proves nothing
    ],
)
def test_decide(ev: ClaimEvidence, policy: Policy, verdict: str) -> None:
    assert decide(ev, policy)[0] == verdict
