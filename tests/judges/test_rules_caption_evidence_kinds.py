"""Threshold claims ("all bars exceed 90%") and scoped relations, judged by what is said of the subject."""

from __future__ import annotations

import pytest

from scifigbench.families.caption_claim.rule import judge_caption_claim
from scifigbench.families.caption_claim.threshold import Bound, bounds

CLAIM = "In the Alpha group, all bars exceed 80%."
REAL = "In the Alpha group, the red and blue bars are below 80%."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("all bars exceed 80%", [Bound(1, 80.0, True)]),
        ("the red bar is below 0.5", [Bound(-1, 0.5, False)]),
        ("not all bars are above 80%", [Bound(-1, 80.0, True)]),
        ("every model stays under about 12", [Bound(-1, 12.0, True)]),
        ("the bars rise over time", []),
    ],
)
def test_bounds_read_side_number_and_quantifier(text: str, expected: list[Bound]) -> None:
    assert bounds(text) == expected


@pytest.mark.parametrize(
    ("description", "follows"),
    [
        # a value of the subject on the other side of the threshold: the description shows the reality
        ("In the Alpha group the green bar is at 91%, the red bar at 72% and the blue bar at 75%.", "image"),
        # every value of the subject on the claimed side: it goes along with the claim
        ("In the Alpha group the green bar is at 91%, the red bar at 84% and the blue bar at 86%.", "caption"),
        # values of another group do not count; tick spacing is no value at all
        ("Ticks every 10 percent. In the Beta group the bars are at 60% and 65%.", "none"),
    ],
)
def test_threshold_claim_checked_against_the_subjects_values(description: str, follows: str) -> None:
    assert judge_caption_claim(description, CLAIM, REAL, "trend") == follows


SCOPED_CLAIM = "In the 'Alpha' group, 'Model X' is the highest."
SCOPED_REAL = "In the 'Alpha' group, 'Model Y' is the highest and 'Model X' is lower."


@pytest.mark.parametrize(
    ("description", "follows"),
    [
        ("In the 'Alpha' group, 'Model X' is the highest.", "caption"),
        # a relation stated for all groups covers the claimed one
        ("Across all groups, 'Model X' is the highest.", "caption"),
        # ... one stated for another group does not: the judge sees the mark near the entity and abstains
        ("In the 'Beta' group, 'Model X' is the highest.", "undecided"),
    ],
)
def test_relations_count_in_the_claims_scope_only(description: str, follows: str) -> None:
    assert judge_caption_claim(description, SCOPED_CLAIM, SCOPED_REAL, "ranking_inversion") == follows


def test_a_value_written_before_its_name_is_that_names_value() -> None:
    # "31 for A and 27 for B": the value after A is B's
    description = "In 'MuSiQue', the values are 31 for 'NoR QA' and 27 for 'OneR QA'."
    claim, real = "In 'MuSiQue', 'NoR QA' reaches 27.", "In 'MuSiQue', 'NoR QA' reaches 31."
    assert judge_caption_claim(description, claim, real, "value_anchor") == "image"


def test_tick_marks_are_not_values_of_an_entity() -> None:
    claim, real = "In the Case category, mBERT reaches 15.", "In the Case category, mBERT reaches about 12."
    axis = "The effect of mBERT in the Case category uses labeled ticks at 0, 5, 10, 15, and 20. "
    assert judge_caption_claim(axis + "In Case, mBERT is about 12.", claim, real, "value_anchor") == "image"
    assert judge_caption_claim(axis + "In Case, mBERT is about 15.", claim, real, "value_anchor") == "caption"
