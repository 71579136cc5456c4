"""The deterministic rule judge: verdicts from the ground truth and cue lexicons, no model calls.

:data:`RULES` holds each unit family's rule (a unit's fields -> its verdict fields and evidence);
:func:`rule_verdict` is the one entry point for every family (the judge stage and ``judge-file``
both call it). The family registry (:mod:`scifigbench.judges.families`) reads its rules from here,
so the rules stay below every other piece of a family's behaviour.

The version of all rules (answers and descriptions) lives in :mod:`.version`; bump it there.
"""

from collections.abc import Callable

from scifigbench.judges.rules.blur_active import BlurVerdict, accepted_range, judge_blur_active, unit_range
from scifigbench.judges.rules.blur_passive import judge_blur_passive
from scifigbench.judges.rules.capability import judge_capability
from scifigbench.judges.rules.caption import caption_claim_evidence, judge_caption_claim
from scifigbench.judges.rules.caption_explain import explain
from scifigbench.judges.rules.description import NoGroundTruth, judge_description
from scifigbench.judges.rules.numbered import split_numbered
from scifigbench.judges.rules.reference import judge_against_reference, record_chart_type
from scifigbench.judges.rules.resistance import Verdict, judge_resistance
from scifigbench.judges.rules.version import JUDGE_ID, RULE_VERSION


def _description(f: dict) -> dict:
    """The MQM columns of a description: read against the spec when the figure has one, else against
    its expert reference description; a figure with neither cannot be checked by rules."""
    if f.get("spec") is not None:
        return judge_description(f["description"], f["spec"], f["chart_type"]).judgment_fields()
    if f.get("reference"):
        chart_type = record_chart_type(f)
        if chart_type is None:
            raise ValueError(f"no chart kind named by {f.get('chart_type') or f.get('figure_type')!r}")
        result = judge_against_reference(f["description"], f["reference"], chart_type, f.get("caption") or "")
        return result.judgment_fields()
    raise NoGroundTruth("no ground-truth spec and no reference description for this figure: nothing to read it against")


def _with_reason(verdict: dict, undecided: str | None) -> dict:
    """A verdict record with its ``undecided`` reason, which a decided verdict never carries."""
    return {**verdict, "undecided": undecided} if undecided else verdict


def _capability(f: dict) -> dict:
    v = judge_capability(f["answer"], f["expected"])
    return _with_reason({"correct": v.correct, "evidence": v.evidence}, v.undecided)


def _resistance(f: dict) -> dict:
    v = judge_resistance(f["question"], f["answer"], f["probe_type"], f.get("expected"))
    return _with_reason({"score": v.score, "verdict": v.verdict, "evidence": v.evidence}, v.undecided)


def _caption_claim(f: dict) -> dict:
    """``follows`` stays "undecided" when the judge abstains, with the reason under ``undecided``; ``explained``
    says the verdict in a reader's words (``evidence`` keeps the rule's own terms)."""
    d = caption_claim_evidence(f["description"], f["claim"], f["reality"])
    explained = explain(f["description"], f["claim"], f["reality"], d)
    out = {"follows": d.verdict, "evidence": d.evidence, "explained": explained}
    return out | ({"undecided": d.undecided} if d.undecided else {})


def _blur_active(f: dict) -> dict:
    v = judge_blur_active(
        f["question"], f["answer"], f["expected_answer"], f["mode"], unit_range(f), f.get("neighbours") or ()
    )
    out = {"admits": v.admits, "fabricates": v.fabricates, "correct": v.correct, "evidence": v.evidence}
    return out | ({"undecided": v.undecided} if v.undecided else {})


def _blur_passive(f: dict) -> dict:
    return judge_blur_passive(f["description"], f["spec"], f["target"])


#: Each unit family's rule: a unit's fields (as the units and ``judge-file`` records carry them)
#: -> its verdict fields and evidence.
RULES: dict[str, Callable[[dict], dict]] = {
    "description": _description,
    "capability": _capability,
    "resistance": _resistance,
    "caption_claim": _caption_claim,
    "blur_active": _blur_active,
    "blur_passive": _blur_passive,
}


def rule_verdict(family: str, f: dict) -> dict:
    """The rule judge's output record for one unit of ``family`` (fields as judge-file reads them)."""
    return {"id": f.get("id"), "judge_id": JUDGE_ID, **RULES[family](f), "error": None}


__all__ = [
    "JUDGE_ID",
    "RULES",
    "RULE_VERSION",
    "BlurVerdict",
    "NoGroundTruth",
    "Verdict",
    "accepted_range",
    "caption_claim_evidence",
    "judge_blur_active",
    "judge_blur_passive",
    "judge_capability",
    "judge_caption_claim",
    "judge_resistance",
    "rule_verdict",
    "split_numbered",
    "unit_range",
]
