"""Choose the caption-claim abstention policy by leave-figure-out cross-validation on the dev figures.

The rule judge's evidence for each claim is computed once (:func:`claim_evidence`); a policy
(:class:`Policy`: which evidence kinds may decide, whether contrary later evidence forces
abstention) turns it into a verdict. For each dev figure in turn, the policy is chosen on the
other dev figures and scored on the left-out figure. The choice maximises agreements minus
``target`` times decisions (``--target``, the agreement the judge must reach on decided claims): a
kind of evidence earns its place when it is right more often than the target, so one noisy label
does not remove a kind that is usually right, while a kind right only half the time is dropped.
Ties: more decided, then more decisive kinds (a kind that found nothing on the training figures
has given no reason to drop it). The pooled left-out scores estimate how the choice carries over to
unseen figures; the policy chosen on all dev figures is the one the judge should ship
(``caption_decision.DEFAULT_POLICY``), and the script says whether it does.

Only dev figures are read (the split of ``judge_agreement.py``); held-out figures are never loaded.

usage: PYTHONPATH=src python benchmarks/caption_policy_cv.py [--data DIR] [--target 0.8]
"""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

from judge_agreement import REPO
from splits import split_of

from scifigbench.families.caption_claim.decision import DEFAULT_POLICY, KINDS, ClaimEvidence, Policy, decide
from scifigbench.families.caption_claim.rule import claim_evidence

Item = tuple[str, str, ClaimEvidence]  # figure id, gold verdict, evidence


def policies() -> list[Policy]:
    """Every subset of evidence kinds as the decisive ones, with and without abstention on contrary evidence."""
    subsets = (frozenset(c) for n in range(len(KINDS) + 1) for c in itertools.combinations(KINDS, n))
    return [Policy(s, flag) for s in subsets for flag in (True, False)]


def score(items: list[Item], policy: Policy) -> tuple[int, int, int]:
    """(agreeing decided, decided, all) of ``policy`` on ``items``."""
    verdicts = [(decide(ev, policy)[0], gold) for _, gold, ev in items]
    decided = [(v, g) for v, g in verdicts if v != "undecided"]
    return sum(v == g for v, g in decided), len(decided), len(verdicts)


def choose(items: list[Item], target: float) -> Policy:
    """The policy with the most agreements beyond ``target`` times its decisions on ``items``."""

    def key(p: Policy) -> tuple[float, int, int, str]:
        agree, decided, _ = score(items, p)
        return agree - target * decided, decided, len(p.decisive), p.name()

    return max(policies(), key=key)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared/data/scifig_release_dev")
    parser.add_argument("--target", type=float, default=0.8)
    args = parser.parse_args()
    rows = [json.loads(line) for line in (args.data / "caption_claim.jsonl").read_text().splitlines()]
    items = [
        (r["figure_id"], r["gold_follows"], claim_evidence(r["description"], r["claim"], r["reality"]))
        for r in rows
        if split_of(r["figure_id"]) == "dev"
    ]
    figures = sorted({f for f, _, _ in items})
    pooled = [0, 0, 0]
    print(f"leave-figure-out over {len(figures)} dev figures ({len(items)} claims):")
    for figure in figures:
        chosen = choose([it for it in items if it[0] != figure], args.target)
        agree, decided, total = score([it for it in items if it[0] == figure], chosen)
        pooled = [pooled[0] + agree, pooled[1] + decided, pooled[2] + total]
        print(f"  {figure}: {agree}/{decided} agree, {decided}/{total} decided   chosen on the rest: {chosen.name()}")
    print(
        f"cross-validated: agreement on decided {pooled[0] / max(pooled[1], 1):.1%}, "
        f"decided {pooled[1] / pooled[2]:.1%} ({pooled[1]}/{pooled[2]})"
    )
    final = choose(items, args.target)
    agree, decided, total = score(items, final)
    print(f"chosen on all dev: {final.name()} ({agree}/{decided} agree, {decided}/{total} decided)")
    same = final.decisive == DEFAULT_POLICY.decisive and final.conflict_abstains == DEFAULT_POLICY.conflict_abstains
    print("DEFAULT_POLICY is this policy" if same else f"DEFAULT_POLICY differs: {DEFAULT_POLICY.name()}")


if __name__ == "__main__":
    main()
