"""A reply's judged units, and what cutting one (setup, response) pair into them reads.

A response answers one setup; a setup may hold several units: the four capability answers of a
numbered reply, the three resistance answers, one caption-bias claim per false claim of the
modified caption, the passive blur verdict of a description of a blurred image. Each family cuts
its own units (``Family.cut``); units carry the same field names as the records
``judge-file`` reads, so rule and LLM judges serve both paths.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from scifigbench.concepts.families import cannot_judge
from scifigbench.families.numbered import split_numbered
from scifigbench.spec import FigureSpec


@dataclass
class Unit:
    unit_id: str
    setup_id: str
    figure_id: str
    condition: str
    chart_type: str
    family: str
    category: str | None
    probe_id: str | None
    fields: dict = field(default_factory=dict)
    error: str | None = None  # set when the unit cannot be judged (e.g. the model call failed)

    def shown(self) -> dict[str, str]:
        """What a reader of a verdict needs next to it: the question or claim put, and the text judged.

        Recorded on the judgment row so the report shows exactly the part of a multi-answer reply
        that this verdict is about, not the whole reply nor another model's answer.
        """
        f = self.fields
        out = {"answer": f.get("answer", f.get("description")) or ""}
        if f.get("question"):
            out["question"] = f["question"]
        if f.get("claim"):
            out["claim"], out["reality"] = f["claim"], f.get("reality") or ""
        return out


@dataclass(frozen=True)
class Cut:
    """What cutting one (setup, response) pair into units reads."""

    setup: dict
    probe_ids: list[str]
    answer: str
    base: dict
    probes: dict[str, dict]
    spec: FigureSpec | None
    blur_targets: dict[str, dict]
    reference: str | None
    judge_kind: str | None  # the judge the units are cut for: units it cannot judge are not cut (None: every unit)

    @property
    def sid(self) -> str:
        return self.setup["setup_id"]

    def judged(self, family: str) -> bool:
        """Whether the judge takes this figure's units of ``family`` (the setups stage left the others out)."""
        if self.judge_kind is None:
            return True
        has = {"spec"} if self.spec is not None else set()
        if self.reference:
            has.add("reference")
        return cannot_judge(family, self.judge_kind, has) is None


Cutter = Callable[[Cut], list[Unit]]


def expected_of(probe: dict) -> dict:
    return json.loads(probe["expected_json"])


def text_error(text: object) -> str | None:
    """Why a reply's text cannot be judged, or None. An empty reply (a reasoning model that spent
    its token budget before answering, a filtered answer) is a failed call: scored, it would count
    as accepting a false premise or failing to admit, so it becomes an error unit instead."""
    if not isinstance(text, str):
        return "no response text"
    return None if text.strip() else "empty response text: nothing to judge"


def numbered(family: str, typed: bool) -> Cutter:
    """Units of a numbered reply: one per probe, the reply's matching part (``typed``: the probe's
    category is the probe type its judge reads, as resistance's is)."""

    def cut(c: Cut) -> list[Unit]:
        ids = c.probe_ids
        parts = split_numbered(c.answer, len(ids)) if c.base["error"] is None else [None] * len(ids)
        units = []
        for pid, part in zip(ids, parts, strict=False):
            probe = c.probes[pid]
            f = {
                "id": f"{c.sid}#{probe['category']}",
                "question": probe["text"],
                "answer": part or "",
                "expected": expected_of(probe),
            }
            if typed:
                f["probe_type"] = probe["category"]
            units.append(Unit(f["id"], family=family, category=probe["category"], probe_id=pid, fields=f, **c.base))
        return units

    return cut
