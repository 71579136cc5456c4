"""The capability column of release-beside: no published model has capability verdicts in the
release, so the new model sits beside the release's two annotators, each person's answers judged by
our capability rule against the released expected answer. The questions, expected answers and the
two people's answers are verbatim from the release's fig_024 (capability_questions/ and
capability_answers/; the annotators' names are the release's and stay out of the output)."""

from __future__ import annotations

import pandas as pd
import pytest

from scifigbench.corpus.release.items import capability_rows
from scifigbench.corpus.release.layout import ReleaseFigure
from scifigbench.metrics.beside import annotator_models, beside

QUESTIONS = [
    (
        "counting",
        "How many bars across both datasets have an accuracy between 87% and 89% (inclusive)?",
        4,
        "exact",
        None,
        ("4", "4"),
    ),
    (
        "computation",
        "What is the percentage difference between the accuracy of the 'Ours' method and the 'w/o text' "
        "method for the PHEME dataset?",
        12.14,
        "approximate",
        [12.1, 12.2],
        ("11.4629", "12.16%"),
    ),
    (
        "comparison",
        "Is the accuracy of the 'Ours' method in the PolitiFact dataset more than twice the accuracy of the "
        "'w/o text' method in the PHEME dataset?",
        "No",
        "exact",
        None,
        ("No", "No"),
    ),
    (
        "pattern_analysis",
        "In the PHEME dataset, do the accuracy values for 'w/o select,' 'w/o emotion,' and "
        "'w/o cognition' form a descending pattern?",
        "No",
        "categorical",
        None,
        ("Yes", "Yes"),
    ),
]


def _figure(fid: str) -> ReleaseFigure:
    return ReleaseFigure(
        fid,
        "bar",
        f"{fid}.png",
        None,
        None,
        None,
        capability=[
            {"category": c, "question": q, "answer": a, "answer_type": t, "acceptable_range": r}
            for c, q, a, t, r, _ in QUESTIONS
        ],
        capability_answers={
            c: {"question": q, "annotators": {"Benedict": {"answer": p[0]}, "Wei": {"answer": p[1]}}}
            for c, q, _, _, _, p in QUESTIONS
        },
    )


def test_each_annotator_is_judged_against_the_released_answer() -> None:
    probes = pd.DataFrame(capability_rows(_figure("fig_024")))
    people = annotator_models(probes)
    assert sorted(people) == ["annotator 1", "annotator 2"]
    got = {name: dict(zip(t["category"], t["score"] == 1.0, strict=True)) for name, t in people.items()}
    # by hand: 11.4629 lies outside [12.1, 12.2], 12.16% inside; both said "Yes" where the generated answer is "No"
    assert got["annotator 1"] == {"counting": True, "computation": False, "comparison": True, "pattern": False}
    assert got["annotator 2"] == {"counting": True, "computation": True, "comparison": True, "pattern": False}


def test_the_new_model_sits_beside_the_annotators_on_the_same_figures() -> None:
    probes = pd.DataFrame([r for fid in ("fig_024", "fig_025", "fig_026") for r in capability_rows(_figure(fid))])
    people = annotator_models(probes)
    # this run's model: every counting and comparison answer right, the others wrong; no verdict on fig_026
    ours = pd.DataFrame(
        {
            "figure_id": f,
            "family": "capability",
            "category": c,
            "error": None,
            "score": float(c in ("counting", "comparison")),
        }
        for f in ("fig_024", "fig_025")
        for c in ("counting", "computation", "comparison", "pattern")
    )
    result = beside({"api": ours}, {}, {}, {}, B=200, people=people)
    cap = result["Cap"]
    assert cap["family"] == "capability" and cap["unit"] == "%"
    assert cap["item_ids"] == ["fig_024", "fig_025"] and cap["items"] == 2  # fig_026: the model has no verdict
    rows = cap["rows"]
    assert rows["api"]["value"] == pytest.approx(50.0) and rows["api"]["source"] == "ours"
    assert rows["annotator 1"]["value"] == pytest.approx(50.0) and rows["annotator 1"]["source"] == "annotators"
    assert rows["annotator 2"]["value"] == pytest.approx(75.0) and rows["annotator 2"]["left_out"] == 1
    assert all(r["n"] == 2 for r in rows.values())  # figures: each a figure's share of right answers
    assert "Benedict" not in str(result) and "Wei" not in str(result)
    assert set(result) == {"Cap"}  # the other columns have no item of the new model
