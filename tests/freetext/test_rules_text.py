"""Number extraction, label normalisation, cue negation and numbered-answer splitting."""

from __future__ import annotations

import math

import pytest

from scifigbench.judges.rules import split_numbered
from scifigbench.freetext import cues
from scifigbench.freetext.labels import label_in_text, normalise_label
from scifigbench.freetext.numbers import close, extract_numbers


def values(text: str) -> list[tuple[float, float]]:
    return [(r.low, r.high) for r in extract_numbers(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("accuracy of 0.42", [(0.42, 0.42)]),
        ("it reaches 42 % on the test set", [(42, 42)]),
        ("a loss of 4.2e-1", [(0.42, 0.42)]),
        ("about 40 samples", [(40, 40)]),
        ("1,234 tokens", [(1234, 1234)]),
        ("roughly 3.5k steps", [(3500, 3500)]),
        ("a drop to -0.5 and then −3", [(-0.5, -0.5), (-3, -3)]),
        ("between 60 and 70%", [(60, 70)]),
        ("in the 60–61% band", [(60, 61)]),
        ("any value from 27 to 29", [(27, 29)]),
        ("perplexity near $10^3$", [(1000, 1000)]),
        ("the low-80% range", [(80, 80)]),
        ("scores of 40 and 45", [(40, 40), (45, 45)]),
        ("it rises from 0.41 to 0.52", [(0.41, 0.41), (0.52, 0.52)]),
        ("the axis ranges from 0 to 100", [(0, 100)]),
    ],
)
def test_number_formats(text: str, expected: list[tuple[float, float]]) -> None:
    got = values(text)
    assert len(got) == len(expected)
    for (lo, hi), (elo, ehi) in zip(got, expected):
        assert math.isclose(lo, elo) and math.isclose(hi, ehi)


@pytest.mark.parametrize("text", ["Llama-2-13B", "GPT-4o", "the 3-shot setting", "SFT on D₀, D₁", "the 2nd bar", "Qwen3-VL-8B"])
def test_identifier_digits_are_not_values(text: str) -> None:
    assert extract_numbers(text) == []


def test_approximate_flag_and_percent() -> None:
    r = extract_numbers("it is approximately 72% while B is 58")
    assert r[0].approx and r[0].percent
    assert not r[1].approx and not r[1].percent


def test_close_respects_printed_precision_and_tolerance() -> None:
    (r,) = extract_numbers("33.3")
    assert close(r, 100 / 3)          # rounds from 33.333
    assert not close(r, 33.4)
    (r,) = extract_numbers("about 40")
    assert close(r, 42, abs_tol=2.5) and not close(r, 43, abs_tol=2.5)
    (r,) = extract_numbers("60-61%")
    assert close(r, 60.5) and not close(r, 62)


def test_label_normalisation() -> None:
    assert normalise_label("  **“Method–A”** ") == "method-a"
    assert label_in_text("Method A", "The best is 'method a', clearly.")
    assert not label_in_text("Method A", "Method AB wins")
    assert label_in_text("D₀", "trained on D0 only")


@pytest.mark.parametrize(
    ("text", "admits"),
    [
        ("The legend label is blurred, so I cannot read it.", True),
        ("The second label is obscured by a grey box.", True),
        ("The axis title is not legible.", True),
        ("I am unable to determine the category name.", True),
        ("The label is not blurred; it clearly reads Gamma.", False),
        ("All text is clearly visible and the answer is Gamma.", False),
        ("Nothing is obscured here: the tallest bar is Gamma.", False),
    ],
)
def test_admission_cues_with_negation(text: str, admits: bool) -> None:
    assert cues.has(text, cues.ADMIT) is admits


@pytest.mark.parametrize(
    ("text", "n", "expected"),
    [
        ("1. Four bars.\n2. 12.5\n3) Method B", 3, ["Four bars.", "12.5", "Method B"]),
        ("**1.** Yes\n**2.** 0.42\n**3.** No", 3, ["Yes", "0.42", "No"]),
        ("Answer 1: blue\nAnswer 2: red", 2, ["blue", "red"]),
        ("Q1: x\nQ2: y\nQ3: z", 3, ["x", "y", "z"]),
        ("1. first\n3. third", 3, ["first", None, "third"]),
        ("alpha\nbeta", 2, ["alpha", "beta"]),
        ("Here are my answers:\n1. The gap is 1. 5 points more than B.\n2. no", 2,
         ["The gap is 1. 5 points more than B.", "no"]),
        ("", 2, [None, None]),
    ],
)
def test_split_numbered(text: str, n: int, expected: list[str | None]) -> None:
    assert split_numbered(text, n) == expected
