"""The alternatives cue: an answer offering two answers instead of one, read over its values.

Each row is an answer and the values a judge would hand the cue (numbers keyed by value, labels by
name, yes/no words); the expectation is written by hand: the two answers offered, or None.
"""

from __future__ import annotations

import re

import pytest

from scifigbench.freetext import cues
from scifigbench.freetext.labels import label_key
from scifigbench.freetext.numbers import extract_numbers
from scifigbench.freetext.text import fold


def _numbers(text: str) -> list[cues.Value]:
    return [cues.Value(f"{r.value:g}", r.start, r.end, r.text) for r in extract_numbers(text)]


NUMBER_CASES = [
    ("Either 12 or 15, depending on how the bars are read.", ("12", "15")),
    ("It's 0.42 or maybe 0.47 — the markers overlap.", ("0.42", "0.47")),
    ("My reading gives 31%, or 36% if the faint bar is included.", ("31%", "36%")),
    ("On one reading of the axis the peak is 2019; by another reading it is 2020.", ("2019", "2020")),
    ("The total is 45. Read another way, 48.", ("45", "48")),
    ("I'd put it at 7.5, though on a second look 8.5 seems as likely.", ("7.5", "8.5")),
    ("I get 60 at first and 70 on a second look; both seem possible.", ("60", "70")),
    ("12 (or about 12.0).", None),
    ("The answer is 12, or 12.0 to one decimal place.", None),
    ("12 or more of the 20 runs converge.", None),
    ("It is 15, or rather 12 once the offset is removed.", None),
    ("Is it 12 or 15? It is 15.", None),
    ("The difference is 85.0 - 72.5 = 12.5.", None),
    ("Roughly 60-61%, the highest of all.", None),
]


@pytest.mark.parametrize(("answer", "offered"), NUMBER_CASES)
def test_numbers(answer: str, offered: tuple[str, str] | None) -> None:
    assert cues.alternatives(answer, _numbers(answer)) == offered


LABELS = ["GPT-4", "Claude 3", "Llama-2", "Llama-2 7B"]
LABEL_CASES = [
    ("GPT-4 or Claude 3; the bars are too close to tell apart.", ("gpt-4", "claude 3")),
    ("Either Llama-2 7B or GPT-4, depending on the panel.", ("llama-2 7b", "gpt-4")),
    ("**Claude 3** and **GPT-4** are both candidates here.", ("claude 3", "gpt-4")),
    ("It is GPT-4, unless the tallest bar belongs to Claude 3.", ("gpt-4", "claude 3")),
    ("GPT-4, or perhaps Mistral if the legend colours are swapped.", ("gpt-4", "mistral")),
    ("GPT-4 or Claude 3? GPT-4, clearly.", None),
    ("GPT-4 (or GPT 4 in the legend).", None),
    ("Llama-2 7B, two or three points ahead of Claude 3.", None),
    ("GPT-4 leads whether or not the error bars are counted.", None),
]


@pytest.mark.parametrize(("answer", "offered"), LABEL_CASES)
def test_labels(answer: str, offered: tuple[str, str] | None) -> None:
    folded = fold(answer)
    assert cues.alternatives(folded, cues.label_values(folded, LABELS, label_key), label_key) == offered


YES_NO_CASES = [
    ("Yes for the first three groups, no for the others.", True),
    ("It could be read as yes; the last panel supports no just as well.", True),
    ("Partly: yes before 2015, no after it.", True),
    ("I find it hard to choose between yes and no here.", True),
    ("Yes or no? Yes: every bar is above the line.", False),
    ("Yes, no other model comes close.", False),
    ("No. The gap is small, but no model reverses it.", False),
]


@pytest.mark.parametrize(("answer", "two"), YES_NO_CASES)
def test_yes_no(answer: str, two: bool) -> None:
    offered = cues.alternatives(answer, cues.yes_no_values(answer))
    assert (offered is not None) == two
    if two:
        assert {re.sub(r"\W", "", o).lower() for o in offered} == {"yes", "no"}  # type: ignore[union-attr]


def test_longest_name_wins() -> None:
    """ "Llama-2" inside "Llama-2 7B" is not a second value."""
    text = fold("Llama-2 7B is the answer.")
    assert [v.key for v in cues.label_values(text, LABELS, label_key)] == [label_key("Llama-2 7B")]
