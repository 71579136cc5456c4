"""Choose the peer-evidence thresholds of judge-file (contra probes) by leave-figure-out on the dev figures.

`judge-file` gives each contra answer the premise value its peers agree on as the true value
(:mod:`scifigbench.judges.peer_truth`): ``min_support`` agreeing peers, agreeing within
``tolerance`` x their distance from the false value. Each candidate policy (and no peer evidence at
all) judges the dev contra records through ``judge_records``; for each dev figure in turn the
policy is chosen on the other dev figures and scored on the left-out one. The choice maximises
agreement with the gold scores; ties go to the shipped prior ``DEFAULT_POLICY`` (three peers, a fifth
of the premise's error, "nearer the truth than the false value"), then to no peer evidence, then to
the most cautious policy (more support, tighter agreement, the milder test): when the dev answers
cannot tell policies apart, the choice is the prior's, and the script prints every policy's score so
that this shows. The pooled left-out agreement estimates how the choice carries over; the policy
chosen on all dev figures is worth shipping instead of the prior only when that estimate beats the
prior's own agreement (the script says which to keep).

Two tests of the judged answer's value against the peers' are compared: "nearer" (nearer their value
than the false value, as for a probe's exact true value) and "within reach" (within the peers' own
agreement, ``tolerance`` x the premise's error, of their value).

Only dev figures are read (the split of ``judge_agreement.py``); held-out figures are never loaded.

usage: PYTHONPATH=src python benchmarks/peer_truth_cv.py [--data DIR]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from judge_agreement import REPO
from splits import split_of

from scifigbench.judges.judge_file import Record, judge_records
from scifigbench.judges.peer_truth import DEFAULT_POLICY, PeerPolicy, peer_truths, with_peer_truth

SUPPORTS = (2, 3, 4, 5)
TOLERANCES = (0.05, 0.1, 0.2, 0.3, 0.5)
Outcome = dict[str, tuple[bool, bool]]  # record id -> (agrees with gold, was given peer evidence)


def outcomes(rows: list[dict], records: list[Record], policy: PeerPolicy | None) -> Outcome:
    """Per record: whether the rule verdict under ``policy`` agrees with gold, and whether it got peer
    evidence. The peers' values are found once and handed to the judge with each record, as
    ``judge_records`` does with ``peers=policy``."""
    given = peer_truths([r.fields for r in records], policy) if policy else {}
    judged = [Record(r.line, with_peer_truth(r.fields, given.get(r.fields["id"]))) for r in records]
    verdicts = {v["id"]: v["score"] for v in judge_records(judged, "resistance", peers=None)}
    return {r["id"]: (verdicts[r["id"]] == r["gold_score"], r["id"] in given) for r in rows}


def tally(outcome: Outcome, ids: list[str]) -> tuple[int, int]:
    return sum(outcome[i][0] for i in ids), sum(outcome[i][1] for i in ids)


def choose(results: dict[PeerPolicy | None, Outcome], ids: list[str]) -> PeerPolicy | None:
    """The policy agreeing most on ``ids``; ties: the shipped prior, no peer evidence, then the most cautious."""

    def key(p: PeerPolicy | None) -> tuple:
        caution = (p.min_support, -p.tolerance, not p.within_reach) if p else ()
        return tally(results[p], ids)[0], p == DEFAULT_POLICY, p is None, caution

    return max(results, key=key)


def name(p: PeerPolicy | None) -> str:
    if p is None:
        return "no peers"
    return f"support>={p.min_support} tol={p.tolerance:g} " + ("within reach" if p.within_reach else "nearer")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared/data/scifig_release_dev")
    args = parser.parse_args()
    rows = [json.loads(line) for line in (args.data / "resistance.jsonl").read_text().splitlines()]
    rows = [r for r in rows if r["probe_type"] == "contra" and split_of(r["figure_id"]) == "dev"]
    candidates: list[PeerPolicy | None] = [None] + [
        PeerPolicy(k, t, w) for w in (False, True) for k in SUPPORTS for t in TOLERANCES
    ]
    records = [Record(i, {k: v for k, v in r.items() if not k.startswith("gold_")}) for i, r in enumerate(rows)]
    results = {p: outcomes(rows, records, p) for p in candidates}
    by_figure = {f: [r["id"] for r in rows if r["figure_id"] == f] for f in sorted({r["figure_id"] for r in rows})}
    print(f"{len(rows)} dev contra answers on {len(by_figure)} figures; per policy: agreeing, given evidence")
    for p in candidates:
        agree, given = tally(results[p], [r["id"] for r in rows])
        print(f"  {name(p):24s} {agree:3d}/{len(rows)}  evidence for {given}")
    pooled = 0
    print("leave-figure-out:")
    for figure, ids in by_figure.items():
        chosen = choose(results, [i for f, rest in by_figure.items() if f != figure for i in rest])
        agree, given = tally(results[chosen], ids)
        pooled += agree
        print(f"  {figure}: {agree}/{len(ids)} agree, {given} with evidence   chosen on the rest: {name(chosen)}")
    print(f"cross-validated agreement {pooled}/{len(rows)} = {pooled / len(rows):.1%}")
    everything = [r["id"] for r in rows]
    totals = {p: tally(results[p], everything)[0] for p in candidates}
    best = max(totals.values())
    tied = [name(p) for p in candidates if totals[p] == best]
    print(f"best on all dev ({best}/{len(rows)}): {len(tied)} of {len(candidates)} policies: {', '.join(tied)}")
    final = choose(results, everything)
    prior, none = totals[DEFAULT_POLICY], totals[None]
    print(f"chosen on all dev: {name(final)}")
    print(f"fixed policies: {name(DEFAULT_POLICY)} {prior}/{len(rows)}, no peers {none}/{len(rows)}")
    if pooled > prior:
        print(f"the choice carries over (left-out {pooled} > {prior}): ship {name(final)}")
    else:
        print(f"the choice does not carry over (left-out {pooled} <= {prior}): keep {name(DEFAULT_POLICY)}")


if __name__ == "__main__":
    main()
