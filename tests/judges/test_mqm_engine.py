"""MQM engine arithmetic against hand-computed examples, and the checklist sizes of the paper."""

from __future__ import annotations

import pytest

from scifigbench.families.description.mqm import Finding, score
from scifigbench.rubric.checklists import CHECKLISTS, coverage_from_fraction, values_coverage


def F(dim, sev, sub, span, item=None):
    return Finding(dim, sev, sub, span, item)


def test_checklist_sizes_and_tags():
    paper = {"bar": 14, "line": 15, "pie": 11}  # the paper's kinds; kinds added later bring their own
    assert {k: len(CHECKLISTS[k]) for k in paper} == paper
    for items in CHECKLISTS.values():
        assert len({i.key for i in items}) == len(items)
        assert {i.severity for i in items} == {"major", "minor"}


def test_weights_and_score_without_dedup():
    # accuracy major 5 + completeness minor 2 + clarity major 2.5 + clarity minor 1 = 10.5
    fs = [F("accuracy", "major", "numeric", "sent:0-10"), F("completeness", "minor", "missing", "item:grid"),
          F("clarity", "major", "clarity", "global:a"), F("clarity", "minor", "clarity", "global:b")]
    r = score(fs, n_items=14)
    assert r.penalty == pytest.approx(10.5)
    assert r.score == pytest.approx(100 - 10.5 * 100 / 70)  # 85.0
    assert r.by_dimension == pytest.approx({"accuracy": 5.0, "completeness": 2.0, "clarity": 3.5})
    assert r.by_subtype["numeric"] == 5.0 and r.by_subtype["missing"] == 2.0


def test_dedup_keeps_most_severe_per_span():
    fs = [F("accuracy", "minor", "label_map", "sent:5-40"), F("accuracy", "major", "numeric", "sent:5-40"),
          F("clarity", "major", "clarity", "sent:5-40"), F("accuracy", "minor", "trend", "sent:41-60")]
    r = score(fs, n_items=11)
    assert r.penalty == pytest.approx(5.0 + 2.0)
    assert [f.subtype for f in r.findings] == ["numeric", "trend"]
    assert len(r.merged) == 2
    assert r.score == pytest.approx(100 - 7 * 100 / 55)


def test_score_floors_at_zero():
    fs = [F("accuracy", "major", "halluc", f"sent:{i}-{i + 1}") for i in range(20)]  # P = 100 > N*5 = 75
    assert score(fs, n_items=15).score == 0.0


def test_rubric_coverage_rules():
    assert coverage_from_fraction(4, 4) == "complete"
    assert coverage_from_fraction(2, 4) == "partial"
    assert coverage_from_fraction(1, 4) == "missing"
    assert values_coverage(3, 20) == "complete" and values_coverage(2, 2) == "complete"
    assert values_coverage(1, 20) == "partial" and values_coverage(0, 5) == "missing"


def test_empty_checklist_is_an_error():
    with pytest.raises(ValueError):
        score([], n_items=0)


def test_judgment_fields_match_the_judgments_contract():
    from scifigbench.contracts.judgments import JUDGMENTS

    r = score([F("accuracy", "major", "label_map", "sent:1-2"), F("completeness", "major", "missing", "item:x")], 14)
    fields = r.judgment_fields()
    assert set(fields) <= set(JUDGMENTS.column_names)
    assert fields["pen_label_map"] == 5.0 and fields["pen_missing"] == 5.0 and fields["pen_accuracy"] == 5.0
    assert fields["score"] == pytest.approx(100 - 10 * 100 / 70)
