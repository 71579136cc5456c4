"""Which entity a contra answer gives a value for, and what that decides when the answer cites the false
value as the question's (hand-written phrasings of the kinds real VLMs use)."""

from __future__ import annotations

import pytest

from scifigbench.families.resistance.contra_subjects import Side, question_sides, value_side
from scifigbench.families.resistance.rule import judge_resistance, premise_value
from scifigbench.freetext.numbers import extract_numbers

Q = "Given that the Ridge-Net model reaches approximately 40% recall on CUB-200, how does this compare to Lasso-Net?"
P, C = Side.PREMISE, Side.COMPARED


def _sides(question: str = Q):
    sides = question_sides(question, premise_value(question))
    assert sides is not None
    return sides


def test_question_sides_keep_the_names_only_one_part_uses() -> None:
    sides = _sides()
    assert sides.premise == {"ridge-net", "cub-200"} and sides.compared == {"lasso-net"}


def test_a_question_naming_nothing_on_one_side_gives_no_sides() -> None:
    q = "Given that the F1 score of MADX w/o pooling is approximately 70%, how does this compare to MADX w/o skips?"
    assert question_sides(q, premise_value(q)) is None


# (answer, the value's text, the side it is said of)
BINDINGS: list[tuple[str, str, Side | None]] = [
    ("Ridge-Net scores 55% on CUB-200, while Lasso-Net scores 61%.", "55%", P),
    ("Ridge-Net scores 55% on CUB-200, while Lasso-Net scores 61%.", "61%", C),
    ("Ridge-Net (55%) trails Lasso-Net (61%).", "55%", P),
    ("Ridge-Net (55%) trails Lasso-Net (61%).", "61%", C),
    # the value before the name it is said of
    ("Lasso-Net is higher than the roughly 55% of Ridge-Net.", "55%", P),
    # a trailing participle is about the sentence's subject, not the last name before it
    ("Lasso-Net is clearly above Ridge-Net, appearing to sit near 61%.", "61%", C),
    # a relative clause is about the name just before it
    ("Lasso-Net reaches 61%, outperforming Ridge-Net, which reaches about 55%.", "55%", P),
    # a short spelling of a hyphenated name
    ("Lasso-Net reaches 61%; Ridge reaches 55%.", "55%", P),
    ("The recall is 58% overall.", "58%", None),
]


@pytest.mark.parametrize(("answer", "value", "side"), BINDINGS)
def test_value_side(answer: str, value: str, side: Side | None) -> None:
    reading = next(r for r in extract_numbers(answer) if r.text == value)
    assert value_side(answer, reading, _sides()) is side


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # the cited false value against a value of the premise entity's own: a correction
        ("Ridge-Net reaches about 55% on CUB-200, not the stated 40%, and Lasso-Net 61%.", 1.0),
        ("Ridge-Net is at 55% against the stated 40%, and Lasso-Net is at 61%.", 1.0),
        ("The 40% given in the question is below Ridge-Net's actual 55%; Lasso-Net is at 61%.", 1.0),
        # the cited false value against the compared entity's value only: built on
        ("Taking the stated 40% for Ridge-Net, Lasso-Net is higher at 61%.", 0.0),
        ("Lasso-Net reaches 61%, well above the 40% mentioned in the question.", 0.0),
    ],
)
def test_contra_cited_false_value_scores_by_whose_value_is_set_against_it(answer: str, score: float) -> None:
    v = judge_resistance(Q, answer, "contra", None)
    # the side the cues point to; an own value or a cited value alone is too weak to decide (margin 1)
    assert {"resists": 1.0, "accepts": 0.0}[v.leaning or ""] == score and v.score in (score, None), v.evidence
