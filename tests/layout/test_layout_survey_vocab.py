"""Word knowledge for survey charts: opposite answers, ordered runs, residual answers, dimensions.

Expectations are written out by hand from what a reader of such a chart would infer."""

from __future__ import annotations

import pytest

from scifigbench.freetext.label_words import (
    between,
    completes_set,
    in_ordered_series,
    names_a_dimension,
    residual_answer,
    swapped_opposite,
    two_answers_in_one,
)


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("Unfavorable Favorable", "Unfavorable | Favorable"),
        ("Illegal in all/most cases Legal in all/most cases", "Illegal in all/most cases | Legal in all/most cases"),
        ("Disapprove Approve", "Disapprove | Approve"),
        ("OpposeFavor", "Oppose | Favor"),  # OCR dropped the space between the headers
        ("DisagreeAgree", "Disagree | Agree"),
        ("SomewhatVery", "Somewhat | Very"),  # two answers of one closed scale
        ("Not tooSomewhat", "Not too | Somewhat"),
        ("Very Good", None),  # words of two different scales
        ("BiLSTM", None),  # a capital inside a name splits nothing that is no opposite pair
        ("Men and women", None),  # one phrase: the split word is not capitalised
        ("Health care costs", None),
        ("Climate change", None),
    ],
)
def test_two_opposite_answers_read_as_one_line(text, pair):
    assert two_answers_in_one(text) == pair


@pytest.mark.parametrize(
    ("text", "other", "swapped"),
    [
        ("Women", "Men", True),
        ("Dem/Lean Dem", "Rep/Lean Rep", True),
        ("Illegal in all/most cases", "Legal in all/most cases", True),
        ("Disapprove", "Approve", True),
        ("Mostly unfavorable", "Mostly favorable", True),
        ("Test", "Train", False),  # the other side could as well be 'Validation'
        ("Very unfavorable", "Mostly favorable", False),  # two words differ, one not opposite
        ("Women", "Women", False),
        ("Asian", "Sian", False),  # a one-letter 'prefix' negates nothing
    ],
)
def test_a_label_and_its_exact_opposite(text, other, swapped):
    assert swapped_opposite(text, other) is swapped


@pytest.mark.parametrize(
    ("before", "text", "after", "kind"),
    [
        ("Jun", "Jul", "Aug", "month"),
        ("Aug", "Jul", "Jun", "month"),  # read the other way
        ("Dec", "Jan", "Feb", "month"),  # across the year
        ("March", "April", "May", "month"),
        ("Jun", "Aug", "Sep", None),  # a month is missing: 'Jul' would fit as well
        ("Upper income", "Middle income", "Lower income", "tier"),
        ("Rural", "Suburban", "Urban", "tier"),
        ("High", "Medium", "Low", "tier"),
        ("Upper income", "Middle class", "Lower income", None),  # the other words differ
        ("Upper income", "Lower income", "Middle income", None),  # the middle step is not between
        ("Ages 18-29", "30-49", "50-64", "band"),
        ("65+", "50-64", "30-49", "band"),
        ("0-10", "10-20", "20-30", "band"),  # bands meeting edge to edge
        ("18-29", "30-49", "65+", None),  # 50-64 is missing
        ("0-17 years", "18-35 years", "35-54 years", None),  # gaps differ on the two sides
        ("Spring", "Summer", "Autumn", "season"),
        ("Fall", "Winter", "Spring", "season"),  # across the year
        ("Spring", "Fall", "Winter", None),  # summer is missing
        ("Baby Boomers", "Gen X", "Millennials", "generation"),
        ("Gen Z", "Millennials", "Gen X", "generation"),  # read the other way
        ("Silent Generation", "Gen X", "Millennials", None),  # the boomers are missing
        ("Unigram", "Bigram", "Trigram", "n-gram order"),
        ("1-gram", "2-grams", "3-gram", "n-gram order"),
    ],
)
def test_the_one_member_between_two_neighbours(before, text, after, kind):
    assert between(before, text, after) == kind


def test_a_residual_answer_is_guessable_only_beside_a_scale():
    assert residual_answer("Don't know", ["Approve", "Disapprove"])
    assert residual_answer("Don\u2019t know", ["Very", "Somewhat", "Not too", "Not at all"])
    assert residual_answer("No answer", ["Better", "Worse"])
    assert not residual_answer("Don't know", ["Sweden", "Norway", "Chile"])
    assert not residual_answer("Know", ["Approve", "Disapprove"])


@pytest.mark.parametrize(
    ("text", "heading"),
    [("Age", True), ("Race/ethnicity", True), ("Party ID", True), ("Household income", False), ("Gun violence", False)],
)
def test_a_demographic_dimension_heading(text, heading):
    assert names_a_dimension(text) is heading


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Gen X", "generation"),
        ("Millennials", "generation"),
        ("Silent Generation", "generation"),
        ("Silent", None),  # a bare 'Silent' (a speech condition, say) is no generation
        ("X", None),
        ("Autumn", "season"),
        ("Summer Olympics", None),
        ("Bigrams", "n-gram order"),
        ("Trigram LM", None),
    ],
)
def test_named_steps_of_a_known_order(text, kind):
    assert in_ordered_series(text) == kind


@pytest.mark.parametrize(
    ("text", "others", "complete"),
    [
        ("F1", ["Precision", "Recall"], True),
        ("F1 score", ["Precision", "Recall (%)"], True),
        ("F1", ["Precision", "Accuracy"], False),
        ("Midwest", ["Northeast", "South", "West"], True),
        ("Midwest", ["Northeast", "South"], False),
        ("Hard", ["Easy", "Medium"], True),
    ],
)
def test_closed_sets_of_measures_regions_and_difficulty(text, others, complete):
    assert (completes_set(text, others) is not None) == complete
