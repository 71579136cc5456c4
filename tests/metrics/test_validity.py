"""metrics/validity.json: the judge against a person's reviewed sample and against an audit judge,
checked against hand-computed Wilson intervals, kappas and counts (kappa itself: test_cohen_kappa.py)."""

from __future__ import annotations

import pandas as pd
import pytest

from helpers.judgment_rows import judgment_row
from scifigbench.metrics.validity import audit_agreement, review_agreement, wilson, wilson_ci95


def test_wilson_matches_the_hand_computed_interval() -> None:
    # 8 of 10, z = 1.96: centre (0.8 + 0.19208) / 1.38416 = 0.716738, half 1.416022 * sqrt(0.025604) = 0.226580
    lo, hi = wilson(8, 10)
    assert lo == pytest.approx(0.716738 - 0.226580, abs=1e-4)
    assert hi == pytest.approx(0.716738 + 0.226580, abs=1e-4)
    assert wilson(0, 0) == (None, None)
    lo, hi = wilson(10, 10)  # a perfect sample still has a lower bound below 1: 10 / 13.8416 = 0.72246
    assert hi == pytest.approx(1.0) and lo == pytest.approx(10 / (10 + 1.959964**2), abs=1e-6)


def _cap(model: str, uid: str, verdict: str | None, judge_id: str = "rule:1") -> dict:
    return judgment_row(unit_id=uid, model=model, family="capability", verdict=verdict, judge_id=judge_id)


def _judgments() -> pd.DataFrame:
    return pd.DataFrame(
        [
            _cap("m", "u1", "correct"),
            _cap("m", "u2", "correct"),
            _cap("m", "u3", "incorrect"),
            _cap("m", "u4", "undecided"),
            judgment_row(unit_id="r1", model="m", family="resistance", verdict="hedges", judge_id="rule:1"),
        ]
    )


def _decision(uid: str, family: str, judge_verdict: str, decision: str, verdict: str = "") -> tuple[str, dict]:
    return f"m/{uid}", {"decision": decision, "family": family, "judge_verdict": judge_verdict, "verdict": verdict}


def test_review_agreement_counts_the_current_judge_label_against_the_persons() -> None:
    decisions = dict(
        [
            _decision("u1", "capability", "correct", "confirm"),
            _decision("u2", "capability", "correct", "replace", "incorrect"),
            _decision("u3", "capability", "correct", "confirm"),  # the judge said correct then; now incorrect
            _decision("r1", "resistance", "hedges", "reject"),
            _decision("gone", "capability", "correct", "confirm"),
        ]
    )
    out = review_agreement(_judgments(), decisions)
    cap = out["by_family"]["capability"]
    assert (cap["n"], cap["agree"], cap["value"]) == (3, 1, round(1 / 3, 6))
    assert (cap["ci_low"], cap["ci_high"]) == tuple(round(x, 6) for x in wilson(1, 3))
    assert cap["judge_labels"] == {"correct": 2, "incorrect": 1}  # the judge's own value...
    assert cap["reviewed_labels"] == {"correct": 2, "incorrect": 1}  # ...and the person's, side by side
    assert out["by_family"]["resistance"] == {
        "n": 0,
        "agree": 0,
        "value": None,
        "ci_low": None,
        "ci_high": None,
        "rejected": 1,
        "judge_labels": {},
        "reviewed_labels": {},
    }
    assert (out["reviewed"], out["not_in_run"]) == (3, 1)


def test_audit_agreement_compares_units_both_judges_decided() -> None:
    audit = pd.DataFrame(
        [
            _cap("m", "u1", "correct", judge_id="llm:j:abc"),
            _cap("m", "u2", "incorrect", judge_id="llm:j:abc"),
            _cap("m", "u3", "incorrect", judge_id="llm:j:abc"),
            _cap("m", "u4", "correct", judge_id="llm:j:abc"),  # the primary judge abstained: not compared
        ]
    )
    out = audit_agreement(_judgments(), audit)
    cap = out["by_family"]["capability"]
    assert (cap["n"], cap["agree"], cap["not_compared"]) == (3, 2, 1)
    # primary (correct, correct, incorrect) vs audit (correct, incorrect, incorrect): po 2/3, pe 2/9 + 2/9 = 4/9
    assert cap["kappa"] == pytest.approx((2 / 3 - 4 / 9) / (1 - 4 / 9), abs=1e-6)
    assert out["audited"] == 4 and out["judges"] == ["llm:j:abc"]
    # u1 alone: both judges say "correct", chance agreement 1 and kappa 0/0, written null
    one = audit_agreement(_judgments(), audit.iloc[:1])["by_family"]["capability"]
    assert (one["n"], one["agree"], one["kappa"]) == (1, 1, None)
    assert audit_agreement(_judgments(), audit.iloc[:0]) == {}


def test_audit_failures_are_counted_by_reason_not_shown_as_nothing_compared() -> None:
    """An audit model whose replies all fail the schema: 3 of 3 units failed, with their reason."""
    from scifigbench.report.validity import run_check

    bad = "invalid judge reply after one repair: schema violation at correct: {} is not of type 'boolean'"
    audit = pd.DataFrame(
        [
            judgment_row(unit_id=u, model="m", family="capability", verdict=None, judge_id="llm:j:abc", error=bad)
            for u in ("u1", "u2")
        ]
        + [
            judgment_row(
                unit_id="u3",
                model="m",
                family="capability",
                verdict=None,
                judge_id="llm:j:abc",
                error="judge call failed: APIConnectionError: Connection error.",
            )
        ]
    )
    cap = audit_agreement(_judgments(), audit)["by_family"]["capability"]
    assert (cap["n"], cap["not_compared"], cap["audit_failed"]) == (0, 3, 3)
    assert cap["audit_failures"] == {
        "invalid judge reply after one repair: schema violation at correct": 2,
        "judge call failed: APIConnectionError": 1,
    }
    line = run_check({"audit": {"by_family": {"capability": cap}}}, "capability")
    assert "the audit judge failed on 3 of 3 audited units" in line
    assert "schema violation at correct (2)" in line and "APIConnectionError (1)" in line


def test_wilson_ci95_is_the_cells_rounded_interval():
    # 8 of 10: the Wilson 95 % interval is 0.4902 to 0.9433 (textbook value, to 4 places)
    assert wilson_ci95(8, 10, 4) == [0.4902, 0.9433]
    assert wilson_ci95(0, 0, 4) is None  # nothing compared: no interval
