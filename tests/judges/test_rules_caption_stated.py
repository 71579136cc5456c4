"""The values a description states for a claim's entity, against both statements (texts written for these tests).

Each case would be "none" (or a wrong side) under rule version 19: the description states neither statement's
number, only its own reading of it, in other words or approximately.
"""

from __future__ import annotations

import pytest

from scifigbench.families.caption_claim.rule import caption_claim_evidence, judge_caption_claim
from scifigbench.families.caption_claim.stated import span
from scifigbench.freetext.numbers import extract_numbers

LINE_CLAIM = "The 'Adapter' curve falls to around 40 loss at step 6."
LINE_REAL = "The 'Adapter' curve falls to approximately 35 loss at step 6, not 40."
LINE_DESC = (
    "Two curves are drawn. The 'Adapter' curve starts near 70 at step 0, falls steadily and ends at roughly {} at "
    "step 6. The 'Full' curve stays near 30 throughout."
)


@pytest.mark.parametrize(
    ("value", "follows"),
    [
        ("36", "image"),  # a hedged whole number reaches one unit: 35-37 meets "approximately 35", not "around 40"
        ("39", "caption"),
    ],
)
def test_value_at_the_claimed_position_takes_the_side_it_meets(value: str, follows: str) -> None:
    description = LINE_DESC.format(value)
    decision = caption_claim_evidence(description, LINE_CLAIM, LINE_REAL)
    assert decision.verdict == follows, decision.evidence
    assert "stated values" in decision.evidence


def test_a_value_at_another_position_is_not_the_claims() -> None:
    """ "about 40 at step 4" is the entity's value elsewhere: only the one at step 6 counts (the plain value rule,
    blind to positions, still reads 40 for the caption, so the judge abstains rather than follow it)."""
    description = LINE_DESC.format("36").replace("step 6.", "step 6, after about 40 at step 4.")
    decision = caption_claim_evidence(description, LINE_CLAIM, LINE_REAL)
    assert "stated values: caption [], image ['36']" in decision.evidence
    assert decision.verdict == "undecided"


def test_a_value_between_both_sides_decides_nothing() -> None:
    """37.5 is as far from 35 as from 40: nobody's reading, so no stated-values vote."""
    decision = caption_claim_evidence(LINE_DESC.format("37.5"), LINE_CLAIM, LINE_REAL)
    assert "stated values" not in decision.evidence
    assert decision.verdict != "none"  # a value for the entity is stated: not silence


def test_another_entitys_value_is_not_read_for_the_claim() -> None:
    """The value after another quoted name belongs to that name."""
    description = "The 'Full' curve ends at roughly 36 at step 6. The 'Adapter' curve is drawn dashed."
    assert judge_caption_claim(description, LINE_CLAIM, LINE_REAL) != "image"


BAR_CLAIM = "The (90,180] category has the lowest count, below 500."
BAR_REAL = "The (90,180] category has a count slightly above 550, not below 500."


def test_an_interval_label_is_a_name_and_a_comparator_a_half_line() -> None:
    description = (
        "Bars for (0,90], (90,180] and (180,270] are shown. The shortest bar is the (90,180] one, at approximately "
        "565, while (180,270] reaches about 480."
    )
    decision = caption_claim_evidence(description, BAR_CLAIM, BAR_REAL)
    assert decision.verdict == "image", decision.evidence
    assert "480" not in decision.evidence  # the next label's value


def test_a_value_below_the_claimed_bound_follows_the_caption() -> None:
    description = "The (90,180] bar is the shortest, at about 470."
    assert judge_caption_claim(description, BAR_CLAIM, BAR_REAL) == "caption"


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("the bar is 70.0", 69.95, 70.05),
        ("the bar is about 70.0", 69.9, 70.1),
        ("the bar is approximately 36", 35.0, 37.0),
        ("values below 500", float("-inf"), 500.0),
        ("values exceeding 600", 600.0, float("inf")),
        ("values do not exceed 600", float("-inf"), 600.0),
    ],
)
def test_span_follows_stated_precision_and_comparators(text: str, low: float, high: float) -> None:
    reading = extract_numbers(text)[-1]
    assert span(reading, text) == pytest.approx((low, high))


def test_name_with_a_plus_and_a_dotted_version_is_found() -> None:
    claim = "The 'Net-1.5 A + B' line rises to approximately 13.8 at 25% load."
    real = "The 'Net-1.5 A + B' line rises to approximately 13.3 at 25% load, not 13.8."
    description = "The Net-1.5 A + B line starts at 11.4 and concludes at approximately 13.2 at a load of 25%."
    assert judge_caption_claim(description, claim, real) == "image"


def test_an_it_that_stands_for_nothing_does_not_carry_the_entity_on() -> None:
    """An expletive "It can be seen that ..." opens a sentence about other entities; "It ends at ..." goes on
    about the named one."""
    claim, real = "'Net B' reaches about 5%.", "'Net B' is about 4%."
    listed = (
        "The bars are Net A, Conformer and Net B. It can be seen that Net A is higher (7.5%) than Conformer (5.1%)."
    )
    assert judge_caption_claim(listed, claim, real) == "none"
    going_on = "The bars are Net A, Conformer and Net B. It ends at about 5.1%."
    assert judge_caption_claim(going_on, claim, real) == "caption"
