"""Peer evidence for contra probes judged from a file: the premise entity's value that other answers agree on.

A contra question plants a false value; the rubric asks whether an answer corrects it, and a value
of the answer's own only corrects it when it is (nearer) the truth. The pipeline's probes carry the
true value; released answer files do not. But such a file holds several models' answers to the same
question, and the models that reject the premise each state what they read for the premise entity:
when enough of them agree, that reading is evidence of the true value for judging every other
answer to the question. Nothing of the answer being judged enters its own evidence, and no gold
field is read (judge-file drops them before this runs).

Peers: the other answers to the same question (same figure_id when the records have one, same
question text) whose cues, without any true value, lean to resisting (decided or not: the consensus of
several such answers is the evidence, not any one of them), each with the
first value it gives the premise entity (:func:`rules.resistance.premise_claim`). Consensus: the
largest set of peer values within ``tolerance`` x (distance of its centre from the false value) of
one peer value, i.e. peers agree when they differ by little compared with the premise's own error;
it needs ``min_support`` peers and a unique largest set (two camps of equal size are no consensus).
The evidence is the median of that set. The default thresholds are a prior that leave-figure-out
on the dev figures of the shared release sample could not improve on (benchmarks/peer_truth_cv.py;
CHANGELOG.md, "Judge agreement, session by session"); ``within_reach`` (the judged value must agree
with the peers as closely as they agree with each other) is the stricter test compared there and
not adopted.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from scifigbench.families.resistance import rule as resistance
from scifigbench.freetext.text import normalise_text


@dataclass(frozen=True)
class PeerPolicy:
    """How many peers must agree on the premise entity's value, and how closely."""

    min_support: int = 3
    tolerance: float = 0.2
    within_reach: bool = False


DEFAULT_POLICY = PeerPolicy()


@dataclass(frozen=True)
class PeerTruth:
    value: float
    support: int
    reach: float | None = None


def consensus(values: Sequence[float], false_value: float, policy: PeerPolicy) -> PeerTruth | None:
    """The value most peers agree on (median of the agreeing set), or None without one clear largest set."""
    sets = {tuple(sorted(v for v in values if abs(v - c) <= policy.tolerance * abs(c - false_value))) for c in values}
    size = max(map(len, sets), default=0)
    largest = [s for s in sets if len(s) == size]
    if size < policy.min_support or len(largest) != 1:
        return None
    value = statistics.median(largest[0])
    return PeerTruth(value, size, policy.tolerance * abs(value - false_value) if policy.within_reach else None)


def _false_value(fields: dict) -> float | None:
    """The group's false value; None (no peer evidence) when the record's own one is no number: each
    record of the group is then judged alone, and fails with the field named."""
    try:
        given = resistance.expected_number(fields.get("expected") or {}, "false_value")
    except ValueError:
        return None
    if given is not None:
        return given
    premise = resistance.premise_value(normalise_text(fields["question"]))
    return premise.value if premise else None


def _claim(fields: dict, false_value: float) -> float | None:
    """What a resisting answer reads for the premise entity (None for any other answer)."""
    verdict = resistance.judge_resistance(fields["question"], fields["answer"], "contra", fields.get("expected"))
    if verdict.leaning != resistance.RESISTS:
        return None
    claim = resistance.premise_claim(fields["question"], fields["answer"], false_value)
    return claim.value if claim else None


def peer_truths(records: Sequence[dict], policy: PeerPolicy) -> dict[str, PeerTruth]:
    """For each contra record (by id) without a true value of its own, its peers' consensus where they have one."""
    groups: dict[tuple, list[dict]] = {}
    for fields in records:
        if fields.get("probe_type") == "contra" and (fields.get("expected") or {}).get("true_value") is None:
            key = (fields.get("figure_id"), " ".join(normalise_text(fields["question"]).split()))
            groups.setdefault(key, []).append(fields)
    truths: dict[str, PeerTruth] = {}
    for group in groups.values():
        false_value = _false_value(group[0])
        if false_value is None or len(group) <= policy.min_support:
            continue
        claims = {f["id"]: _claim(f, false_value) for f in group}
        for fields in group:
            peers = [v for rid, v in claims.items() if rid != fields["id"] and v is not None]
            truth = consensus(peers, false_value, policy)
            if truth is not None:
                truths[fields["id"]] = truth
    return truths


def with_peer_truth(fields: dict, truth: PeerTruth | None) -> dict:
    """``fields`` with the peers' value as the expected true value (and its support), when there is one."""
    if truth is None:
        return fields
    expected = dict(fields.get("expected") or {})
    expected.update(true_value=truth.value, true_value_support=truth.support)
    if truth.reach is not None:
        expected["true_value_reach"] = truth.reach
    return {**fields, "expected": expected}
