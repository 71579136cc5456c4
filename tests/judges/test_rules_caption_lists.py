"""Values given by position after a declared series order (written for these tests)."""

from __future__ import annotations

import pytest

from scifigbench.families.caption_claim.lists import declared_order, number_lists
from scifigbench.families.caption_claim.rule import judge_caption_claim
from scifigbench.freetext.numbers import extract_numbers

LEGEND = "Three methods are compared, 'Alpha,' 'Beta,' and 'Gamma,' on two datasets. "
CLAIM = "On 'Wiki', 'Beta' slightly exceeds 'Alpha'."
REAL = "On 'Wiki', 'Alpha' (30) slightly exceeds 'Beta' (29), not the other way around."


@pytest.mark.parametrize(
    ("sentence", "order"),
    [
        ("methods: 'Alpha,' 'Beta,' and 'Gamma'", ["alpha", "beta", "gamma"]),
        ("methods \u2014 N_Alpha_ , N_Beta_ and 'Gamma' \u2014 across datasets", ["n_alpha_", "n_beta_", "gamma"]),
        ("only N_Alpha_ is named here", None),
    ],
)
def test_declared_order(sentence: str, order: list[str] | None) -> None:
    word = "n_alpha_" if "N_" in sentence else "alpha"
    assert declared_order([sentence], word) == order


def test_number_lists_are_runs_joined_by_commas_and_and() -> None:
    text = "Out of 40 questions, the values are 30, 29, and 21; later 5 and 6."
    assert [[r.value for r in run] for run in number_lists(text, tuple(extract_numbers(text)))] == [
        [30, 29, 21],
        [5, 6],
    ]


@pytest.mark.parametrize(
    ("values", "follows"),
    [
        ("For 'Wiki', the values are 30, 29, and 21.", "image"),
        ("For 'Wiki', the values are 28, 29, and 21.", "caption"),
        # a list of another length says nothing about the positions
        ("For 'Wiki', the values are 30 and 29.", "undecided"),
    ],
)
def test_comparison_read_from_positional_values(values: str, follows: str) -> None:
    assert judge_caption_claim(LEGEND + values, CLAIM, REAL, "comparison_swap") == follows
