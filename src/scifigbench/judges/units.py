"""Split responses into judged units, each with the fields its family's judge needs.

A response answers one setup; a setup may hold several units: the four capability answers of a
numbered reply, the three resistance answers, one caption-bias claim per false claim of the
modified caption, the passive blur verdict of a description of a blurred image. Units carry the
same field names as the records ``judge-file`` reads, so rule and LLM judges serve both paths.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from scifigbench.concepts.families import cannot_judge
from scifigbench.concepts.names import CONDITION_MODE
from scifigbench.judges.numbered import split_numbered
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
class _Cut:
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


Cutter = Callable[[_Cut], list[Unit]]


def _expected(probe: dict) -> dict:
    return json.loads(probe["expected_json"])


def _text_error(text: object) -> str | None:
    """Why a reply's text cannot be judged, or None. An empty reply (a reasoning model that spent
    its token budget before answering, a filtered answer) is a failed call: scored, it would count
    as accepting a false premise or failing to admit, so it becomes an error unit instead."""
    if not isinstance(text, str):
        return "no response text"
    return None if text.strip() else "empty response text: nothing to judge"


def _numbered(task: str, typed: bool) -> Cutter:
    """Units of a numbered reply: one per probe, the reply's matching part (``typed``: the probe's
    category is the probe type its judge reads, as resistance's is)."""

    def cut(c: _Cut) -> list[Unit]:
        ids = c.probe_ids
        parts = split_numbered(c.answer, len(ids)) if c.base["error"] is None else [None] * len(ids)
        units = []
        for pid, part in zip(ids, parts, strict=False):
            probe = c.probes[pid]
            f = {"id": f"{c.sid}#{probe['category']}", "question": probe["text"], "answer": part or "",
                 "expected": _expected(probe)}
            if typed:
                f["probe_type"] = probe["category"]
            units.append(Unit(f["id"], family=task, category=probe["category"], probe_id=pid, fields=f, **c.base))
        return units

    return cut


def _blur_active(c: _Cut) -> list[Unit]:
    """The one answer to a question about a blurred element."""
    probe = c.probes[c.probe_ids[0]]
    exp = _expected(probe)
    f = {"id": c.sid, "question": probe["text"], "answer": c.answer, "expected_answer": exp["expected_answer"],
         "mode": probe["category"]}
    if exp.get("neighbours"):
        f["neighbours"] = exp["neighbours"]
    if exp.get("accept"):
        f["accept"] = exp["accept"]
    if exp.get("reviewer_notes"):  # the release's accepted variants and ranges
        f["reviewer_notes"] = exp["reviewer_notes"]
    return [Unit(c.sid, family="blur_active", category=probe["category"], probe_id=probe["probe_id"], fields=f,
                 **c.base)]


def _describe(c: _Cut) -> list[Unit]:
    """The MQM unit (when the judge can judge it on this figure), plus caption claims (capbias) or the
    passive blur unit (admb/indb)."""
    setup, sid, answer = c.setup, c.sid, c.answer
    units: list[Unit] = []
    if c.judged("description"):
        units.append(Unit(sid, family="description", category=None, probe_id=None,
                          fields={"id": sid, "description": answer, "spec": c.spec, "reference": c.reference,
                                  "chart_type": setup["chart_type"]}, **c.base))
    if setup["condition"] == "capbias" and c.probe_ids:
        probe = c.probes[c.probe_ids[0]]
        for i, claim in enumerate(_expected(probe)["claims"]):
            f = {"id": f"{sid}#claim{i}", "description": answer, "claim": claim["claim"], "reality": claim["reality"],
                 "type": claim["type"]}
            units.append(Unit(f["id"], family="caption_claim", category=claim["type"], probe_id=probe["probe_id"],
                              fields=f, **c.base))
    if setup["condition"] in CONDITION_MODE and c.probe_ids:
        probe = c.probes[c.probe_ids[0]]
        target = c.blur_targets[_expected(probe)["target_id"]]
        f = {"id": f"{sid}#passive", "description": answer, "spec": c.spec, "target": target,
             "expected_answer": target["expected_answer"], "element_role": target.get("role") or "unknown"}
        units.append(Unit(f["id"], family="blur_passive", category=probe["category"], probe_id=probe["probe_id"],
                          fields=f, **c.base))
    return units


# How each setup task's reply is cut into units (the tasks of ``concepts.families``).
CUTTERS: dict[str, Cutter] = {
    "capability": _numbered("capability", typed=False),
    "resistance": _numbered("resistance", typed=True),
    "blur_active": _blur_active,
    "describe": _describe,
}


def units_for(setup: dict, response: dict, probes: dict[str, dict], spec: FigureSpec | None,
              blur_targets: dict[str, dict], reference: str | None, judge_kind: str | None = None) -> list[Unit]:
    """All units of one (setup, response) pair; a failed response yields its units with an error.

    With ``judge_kind``, only the units that judge can judge on the figure (as the setups stage
    decided, ``concepts.families.cannot_judge``)."""
    text = response.get("text")
    failed = response.get("error")
    error = f"no response to judge: {failed}" if failed else _text_error(text)
    base = dict(setup_id=setup["setup_id"], figure_id=setup["figure_id"], condition=setup["condition"],
                chart_type=setup["chart_type"], error=error)
    cut = _Cut(setup, json.loads(setup["probe_ids"]), text if isinstance(text, str) else "", base, probes, spec,
               blur_targets, reference, judge_kind)
    return CUTTERS[setup["task"]](cut)
