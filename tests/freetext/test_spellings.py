"""One reader, one table of spellings: what every judge reads from the same words.

Each row is a spelling seen in real model answers (or a close variant) with the reading a person
would take from it. The same rows drive the value reader, the name matcher, the negation rule and
the cue lexicons, so a judge cannot disagree with another judge about what a phrase says.
"""

from __future__ import annotations

import math

import pytest

from scifigbench.families.numbered import split_numbered
from scifigbench.freetext import cues
from scifigbench.freetext.colours import colours
from scifigbench.freetext.labels import label_in_text, label_key, label_read_in_text, labels_equal
from scifigbench.freetext.numbers import close, extract_numbers
from scifigbench.freetext.text import fold, sentences

# text -> [(low, high, percent, approx)] in order
NUMBERS: list[tuple[str, list[tuple[float, float, bool, bool]]]] = [
    ("accuracy of 0.42", [(0.42, 0.42, False, False)]),
    ("a loss of .5", [(0.5, 0.5, False, False)]),
    ("it reaches 42 % on the test set", [(42, 42, True, False)]),
    ("it reaches 42% on the test set", [(42, 42, True, False)]),
    ("42 percent of the votes", [(42, 42, True, False)]),
    ("42 per cent of the votes", [(42, 42, True, False)]),
    ("a gain of 3 percentage points", [(3, 3, True, False)]),
    ("a loss of 4.2e-1", [(0.42, 0.42, False, False)]),
    ("about 40 samples", [(40, 40, False, True)]),
    ("around 40 samples", [(40, 40, False, True)]),
    ("approximately 72% of runs", [(72, 72, True, True)]),
    ("approx. 72%", [(72, 72, True, True)]),
    ("~38 points", [(38, 38, False, True)]),
    ("≈ 38 points", [(38, 38, False, True)]),
    ("just under 80%", [(80, 80, True, True)]),
    ("a linear 40 steps", [(40, 40, False, False)]),  # "near" inside "linear" is no hedge
    ("1,234 tokens", [(1234, 1234, False, False)]),
    ("12,345,678 parameters", [(12345678, 12345678, False, False)]),
    ("roughly 3.5k steps", [(3500, 3500, False, True)]),
    ("about 3.5k steps", [(3500, 3500, False, True)]),
    ("3.5K steps", [(3500, 3500, False, False)]),
    ("1.2M images", [(1.2e6, 1.2e6, False, False)]),
    ("2 million images", [(2e6, 2e6, False, False)]),
    ("a drop to -0.5 and then −3", [(-0.5, -0.5, False, False), (-3, -3, False, False)]),
    ("between 60 and 70%", [(60, 70, True, False)]),
    ("between 60–61%", [(60, 61, True, False)]),
    ("in the 60–61% band", [(60, 61, True, False)]),
    ("in the 60-61 % band", [(60, 61, True, False)]),
    ("about 30-40 datasets", [(30, 40, False, True)]),
    ("any value from 27 to 29", [(27, 29, False, False)]),
    ("perplexity near $10^3$", [(1000, 1000, False, True)]),
    ("the tick reads 10⁷", [(1e7, 1e7, False, False)]),  # a raised exponent, not the number 107
    ("down to 10⁻³ by then", [(0.001, 0.001, False, False)]),
    ("the low-80% range", [(80, 80, True, False)]),
    ("scores of 40 and 45", [(40, 40, False, False), (45, 45, False, False)]),
    ("it rises from 0.41 to 0.52", [(0.41, 0.41, False, False), (0.52, 0.52, False, False)]),
    ("the axis ranges from 0 to 100", [(0, 100, False, False)]),
    ("Ｆ１ of ４２", [(42, 42, False, False)]),  # full-width digits; "F1" is a name
    ("**0.76**", [(0.76, 0.76, False, False)]),
]


@pytest.mark.parametrize(("text", "expected"), NUMBERS, ids=[t for t, _ in NUMBERS])
def test_number_spellings(text: str, expected: list[tuple[float, float, bool, bool]]) -> None:
    got = extract_numbers(text)
    assert len(got) == len(expected), [r.text for r in got]
    for r, (lo, hi, pct, approx) in zip(got, expected, strict=True):
        assert math.isclose(r.low, lo) and math.isclose(r.high, hi), (r.low, r.high)
        assert (r.percent, r.approx) == (pct, approx)


@pytest.mark.parametrize("text", NUMBERS, ids=[t for t, _ in NUMBERS])
def test_folded_text_reads_the_same(text: tuple[str, list]) -> None:
    """The description judge reads folded text; the answer judges raw text. Same values either way
    (except multipliers, which need their case: "1.2m" may be metres)."""
    raw, _ = text
    if any(c in raw for c in "KM") or "million" in raw:
        return
    assert [(r.low, r.high) for r in extract_numbers(fold(raw))] == [(r.low, r.high) for r in extract_numbers(raw)]


@pytest.mark.parametrize(
    "text",
    [
        "Llama-2-13B",
        "GPT-4o",
        "the 3-shot setting",
        "SFT on D₀, D₁",
        "the 2nd bar",
        "Qwen3-VL-8B",
        "Top-5 accuracy",
        "ResNet50",
        "R1",
    ],
)
def test_identifier_digits_are_not_values(text: str) -> None:
    assert extract_numbers(text) == []


def test_close_respects_printed_precision_and_tolerance() -> None:
    (r,) = extract_numbers("33.3")
    assert close(r, 100 / 3)  # rounds from 33.333
    assert not close(r, 33.4)
    (r,) = extract_numbers("about 40")
    assert close(r, 42, abs_tol=2.5) and not close(r, 43, abs_tol=2.5)
    (r,) = extract_numbers("60-61%")
    assert close(r, 60.5) and not close(r, 62)


# (label, text, named?)
LABELS: list[tuple[str, str, bool]] = [
    ("Method A", "The best is 'method a', clearly.", True),
    ("Method A", "the best is **Method A**", True),
    ("Method A", "Method-A wins", True),
    ("Method A", "method_a wins", True),
    ("Method A", "Method AB wins", False),
    ("Llama-2-7B", "The Llama 2 7B bar", True),
    ("Llama-2", "Llama-2-13B only", False),
    ("Llama-2", "as Llama-2, the smaller model", True),
    ("D₀", "trained on D0 only", True),
    ("XLM-B₂", "xlm-b2 is higher", True),
    ("w/o text", "the W/O Text variant", True),
    ("GPT-4o", "GPT-4 and GPT-4o", True),
    ("GPT-4", "only GPT-4o", False),
    ("F1 Score (%)", "labelled “F1 Score (%)”", True),
    ("Ours (frozen)", "ours (frozen) falls", True),
    ("Ours (frozen)", "ours frozen falls", False),
]


@pytest.mark.parametrize(("label", "text", "named"), LABELS)
def test_label_spellings(label: str, text: str, named: bool) -> None:
    assert label_in_text(label, text) is named


# (label as OCR read it, text, read there by a human reader?)
READ_AS: list[tuple[str, str, bool]] = [
    ("Citroēn", "The blurred brand is Citroën.", True),
    ("Citroēn", "I think it says Citroen", True),
    ("Cumu lative number ofcases", "The title is Cumulative number of cases.", True),
    ("Business", "It reads Busi-\nness.", True),
    ("Business", "Businesses lead", False),  # still a whole name
    ("Cars", "Oscars", False),
    ("GDP", "G D P", False),  # too short to be found across spaces: left to the exact match
]


@pytest.mark.parametrize(("label", "text", "read"), READ_AS)
def test_labels_read_as_a_human_reader_would(label: str, text: str, read: bool) -> None:
    assert label_read_in_text(label, text) is read


def test_label_keys() -> None:
    assert label_key("  **“Method–A”** ") == "method a"
    assert labels_equal("Llama-2 7B", "llama 2-7b") and not labels_equal("Llama-2", "Llama-3")


# (text, lexicon, fires?) -- admission, absence, limit, correction and hedging cues with negation
CUES: list[tuple[str, str, bool]] = [
    ("The legend label is blurred, so I cannot read it.", "ADMIT", True),
    ("The second label is obscured by a grey box.", "ADMIT", True),
    ("The name is covered by a grey patch.", "ADMIT", True),
    ("The tick label is indecipherable.", "ADMIT", True),
    ("Its label on the x-axis is redacted with a grey box.", "ADMIT", True),
    ("The label is blurred out.", "ADMIT", True),
    ("The axis title is not legible.", "ADMIT", True),
    ("The category name is not clear in the image.", "ADMIT", True),
    ("The text is hard to make out.", "ADMIT", True),
    ("I am unable to determine the category name.", "ADMIT", True),
    ("The label is not blurred; it clearly reads Gamma.", "ADMIT", False),
    ("All text is clearly visible and the answer is Gamma.", "ADMIT", False),
    ("Nothing is obscured here: the tallest bar is Gamma.", "ADMIT", False),
    ("The hidden layer size is 100.", "ADMIT", False),
    ("Error bars are not present in chart (b).", "ABSENT", True),
    ("There are no error bars visible in the graph.", "ABSENT", True),
    ("The figure does not include a benchmark line.", "ABSENT", True),
    ("The figure doesn't show any error bars.", "ABSENT", True),
    ("The error bars are narrower for A.", "ABSENT", False),
    ("I see no secondary y-axis in this figure.", "ABSENT", True),
    ("While no explicit 'Other' wedge is visible, B is larger.", "ABSENT", True),
    ("Error bars aren't present in the figure.", "ABSENT", True),
    ("The trend line isn\u2019t shown anywhere.", "ABSENT", True),
    ("I don't see error bars on any of the groups.", "ABSENT", True),
    ("I can't see how this indicates a threshold.", "ABSENT", False),
    ("There do not appear to be any error bars.", "ABSENT", True),
    ("The question mentions a legend, but none is shown.", "ABSENT", True),
    ("The axis label isn't legible.", "ADMIT", True),
    ("There's no dashed benchmark line in the chart.", "ABSENT", True),
    ("There's no doubt that A leads.", "ABSENT", False),
    ("Neither the sample size nor the p-value is given in the chart.", "ABSENT", True),
    ("The chart is silent on sample sizes.", "ABSENT", True),
    ("It isn't possible to determine the sample size from the chart.", "LIMIT", True),
    ("The sample sizes are not determinable from this figure.", "LIMIT", True),
    ("This cannot be determined from the figure.", "LIMIT", True),
    ("It is impossible to determine the significance.", "LIMIT", True),
    ("The figure only shows point estimates.", "LIMIT", True),
    ("The premise of the question is incorrect.", "CORRECT_PREMISE", True),
    ("The chart actually shows 83.3%, not 70%.", "CORRECT_PREMISE", True),
    ("The question's value of 3.9 is wrong.", "CORRECT_PREMISE", True),
    ("That is not what the figure shows.", "CORRECT_PREMISE", True),
    ("The figure shows what the question says.", "CORRECT_PREMISE", False),
    ("The stated 70% is too high for this model.", "CORRECT_PREMISE", True),
    ("The given value appears to be a misreading of the axis.", "CORRECT_PREMISE", True),
    ("The question states 70%, but the figure puts it at 83%.", "CORRECT_PREMISE", True),
    ("Although the premise says 0.5, the bar is near zero.", "CORRECT_PREMISE", True),
    ("The question states 70%, and the model beats the baseline.", "CORRECT_PREMISE", False),
    ("The stated 70% is higher than the baseline's 63%.", "CORRECT_PREMISE", False),
    ("It is not entirely certain from the plot.", "UNCERTAIN", True),
    ("Perhaps the difference is small.", "UNCERTAIN", True),
    ("Assuming the premise is true, A is higher.", "UNCERTAIN", True),
    ("A is higher than B.", "UNCERTAIN", False),
]


@pytest.mark.parametrize(("text", "lexicon", "fires"), CUES)
def test_cue_spellings(text: str, lexicon: str, fires: bool) -> None:
    assert cues.has(text, getattr(cues, lexicon)) is fires


# (text, word, negated?) -- the one negation rule, shared by cues and the description judge
NEGATION: list[tuple[str, str, bool]] = [
    ("there are no error bars", "error bars", True),
    ("there are no visible error bars", "error bars", True),
    ("the chart doesn't include any error bars", "error bars", True),
    ("without any trend line", "trend line", True),
    ("no value is given, but the label is blurred", "blurred", False),
    ("no value is shown because the label is blurred", "blurred", False),
    ("the label is not blurred", "blurred", True),
    ("error bars mark the spread", "error bars", False),
    ("adam is navy, sgd is crimson; there are no error bars", "crimson", False),
    # "nor" opens a clause it denies whole, past the few words a "not" reaches
    ("it shows no numbers, nor does it include a legend", "legend", True),
    ("it shows no numbers, nor does the chart at any point include a legend", "legend", True),
    ("the chart shows numbers, and it includes a clear legend", "legend", False),
    # the 60 characters read before a word may begin inside a longer word: "minor" is no "nor"
    ("aaaa mi" + "nor " + "bb " * 18 + "b legend", "legend", False),
]


@pytest.mark.parametrize(("text", "word", "negated"), NEGATION)
def test_negation(text: str, word: str, negated: bool) -> None:
    assert cues.negated(text, text.index(word)) is negated


def test_fold_and_sentences_and_colours() -> None:
    t = fold("**Adam** is navy — SGD is “crimson”. There are no error bars.")
    assert "**" not in t and '"crimson"' in t and " - " in t
    assert [s for _, _, s in sentences(t)] == ['adam is navy - sgd is "crimson".', "there are no error bars."]
    assert [f for _, _, f in colours(t)] == ["blue", "red"]


@pytest.mark.parametrize(
    ("text", "n", "expected"),
    [
        ("1. Four bars.\n2. 12.5\n3) Method B", 3, ["Four bars.", "12.5", "Method B"]),
        ("**1.** Yes\n**2.** 0.42\n**3.** No", 3, ["Yes", "0.42", "No"]),
        ("Answer 1: blue\nAnswer 2: red", 2, ["blue", "red"]),
        ("Q1: x\nQ2: y\nQ3: z", 3, ["x", "y", "z"]),
        ("1. first\n3. third", 3, ["first", None, "third"]),
        ("alpha\nbeta", 2, ["alpha", "beta"]),
        (
            "Here are my answers:\n1. The gap is 1. 5 points more than B.\n2. no",
            2,
            ["The gap is 1. 5 points more than B.", "no"],
        ),
        ("", 2, [None, None]),
    ],
)
def test_split_numbered(text: str, n: int, expected: list[str | None]) -> None:
    assert split_numbered(text, n) == expected
