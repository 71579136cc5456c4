"""A claim naming a series by colour, a description naming it by its legend label (written for these tests)."""

from __future__ import annotations

import pytest

from scifigbench.families.caption_claim.aliases import with_colour_aliases
from scifigbench.families.caption_claim.rule import judge_caption_claim

CLAIM = "The dark green bar for 'Poetry' is marked at 90."
REAL = "The dark green bar for 'Poetry' is marked at 60, not 90."
LEGEND = "Orange bars stand for 'Train' and dark green bars for 'Test'. "


def test_label_bound_to_the_claims_colour_gets_the_colour_words() -> None:
    text = with_colour_aliases(LEGEND + "For 'Poetry', the 'Test' bar is at 60.", CLAIM)
    assert text.endswith("For 'Poetry', the 'Test' dark green bar is at 60.")


def test_no_alias_when_the_colour_is_bound_to_two_labels_or_to_none() -> None:
    two = "'Test' is dark green, and 'Dev' is green as well. For 'Poetry', the 'Test' bar is at 60."
    assert with_colour_aliases(two, CLAIM) == two
    assert (
        with_colour_aliases("For 'Poetry', the 'Test' bar is at 60.", CLAIM) == "For 'Poetry', the 'Test' bar is at 60."
    )


@pytest.mark.parametrize(
    ("values", "follows"),
    [
        ("For 'Poetry', the 'Train' bar is at 75 and the 'Test' bar is at 60.", "image"),
        ("For 'Poetry', the 'Train' bar is at 75 and the 'Test' bar is at 90.", "caption"),
    ],
)
def test_value_of_the_aliased_series_decides(values: str, follows: str) -> None:
    assert judge_caption_claim(LEGEND + values, CLAIM, REAL, "value_anchor") == follows


def test_an_abbreviated_label_does_not_end_the_sentence_holding_its_value() -> None:
    legend = "Orange bars stand for 'Open' and dark green bars for 'Cons.'. "
    text = (
        "In the 'Epic' group, the Cons. bar is at 90. For 'Poetry', the Open bar is at 75 and the Cons. bar is at 60."
    )
    assert judge_caption_claim(legend + text, CLAIM, REAL, "value_anchor") == "image"
