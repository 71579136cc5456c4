"""The deterministic rule judge: verdicts from the ground truth and cue lexicons, no model calls.

:func:`rule_verdict` is the one entry point for every answer family (the judge stage and
``judge-file`` both call it); descriptions are scored by :func:`description.judge_description`.

The version of all rules (answers and descriptions) lives in :mod:`.version`; bump it there.
"""

from scifigbench.judges.rules.blur_passive import judge_blur_passive
from scifigbench.judges.rules.blur_active import BlurVerdict, accepted_range, judge_blur_active, unit_range
from scifigbench.judges.rules.capability import judge_capability
from scifigbench.judges.rules.caption import caption_claim_evidence, judge_caption_claim
from scifigbench.judges.rules.numbered import split_numbered
from scifigbench.judges.rules.resistance import Verdict, judge_resistance
from scifigbench.judges.rules.version import JUDGE_ID, RULE_VERSION


def rule_verdict(family: str, f: dict) -> dict:
    """The rule judge's output record for one unit of ``family`` (fields as judge-file reads them)."""
    if family == "blur_passive":
        out: dict = judge_blur_passive(f["description"], f["spec"], f["target"])
    elif family == "resistance":
        v = judge_resistance(f["question"], f["answer"], f["probe_type"], f.get("expected"))
        out = {"score": v.score, "verdict": v.verdict, "evidence": v.evidence}
    elif family == "blur_active":
        v = judge_blur_active(f["question"], f["answer"], f["expected_answer"], f["mode"],
                              unit_range(f), f.get("neighbours") or ())
        out = {"admits": v.admits, "fabricates": v.fabricates, "correct": v.correct, "evidence": v.evidence}
    elif family == "caption_claim":
        follows, evidence = caption_claim_evidence(f["description"], f["claim"], f["reality"])
        out = {"follows": follows, "evidence": evidence}
    else:
        correct, evidence = judge_capability(f["answer"], f["expected"])
        out = {"correct": correct, "evidence": evidence}
    return {"id": f.get("id"), "judge_id": JUDGE_ID, **out, "error": None}


__all__ = [
    "JUDGE_ID", "RULE_VERSION", "BlurVerdict", "Verdict", "accepted_range", "caption_claim_evidence",
    "judge_blur_active", "judge_blur_passive", "judge_capability", "judge_caption_claim", "judge_resistance",
    "rule_verdict", "split_numbered", "unit_range",
]
