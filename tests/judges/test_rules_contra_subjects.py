"""Which entity a contra answer gives a value for, and what an answer with values for the compared
entity only scores (hand-written phrasings of the kinds real VLMs use)."""

from __future__ import annotations

import pytest

from scifigbench.freetext.numbers import extract_numbers
from scifigbench.judges.rules import judge_resistance
from scifigbench.judges.rules.contra_subjects import Side, question_sides, states_premise_in_words, value_side
from scifigbench.judges.rules.resistance import premise_value

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
    ("answer", "in_words"),
    [
        ("Ridge-Net has near-zero recall, while Lasso-Net reaches 61%.", True),
        ("Ridge-Net and Lasso-Net are both close to zero.", False),  # the clause names both
        ("Lasso-Net reaches 61%, and its precision is perfect.", False),
    ],
)
def test_premise_value_stated_in_words(answer: str, in_words: bool) -> None:
    assert states_premise_in_words(answer, _sides()) is in_words


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # values for the compared entity only: the comparison is answered, the premise never checked
        ("Lasso-Net reaches about 61% on CUB-200, which is higher than Ridge-Net.", 0.5),
        ("Lasso-Net is clearly above Ridge-Net, appearing to sit near 61%.", 0.5),
        # a value for the premise entity, different from the false one: an implicit correction
        ("Ridge-Net reaches about 55% on CUB-200, below Lasso-Net at 61%.", 1.0),
        ("Lasso-Net reaches 61%, outperforming Ridge-Net, which reaches about 55%.", 1.0),
        # the premise entity's value said in words
        ("Ridge-Net has near-zero recall, while Lasso-Net reaches about 61%.", 1.0),
        # no value at all: builds on the premise
        ("Lasso-Net is higher than Ridge-Net.", 0.0),
        # the false value restated for the premise entity
        ("Ridge-Net reaches 40%, below Lasso-Net at 61%.", 0.0),
    ],
)
def test_contra_scores_by_whose_value_is_given(answer: str, score: float) -> None:
    v = judge_resistance(Q, answer, "contra", None)
    assert v.score == score, v.evidence
