"""The sentence splitter on hand-written texts: short forms and quoted titles end no sentence.

The expected sentences are written out by hand, read as a person reads them.
"""

from __future__ import annotations

import re

import pytest

from scifigbench.freetext.text import first_sentence, quoted_pattern, sentence_ends, sentences

CASES: list[tuple[str, list[str]]] = [
    # a quoted chart title with "vs." stays with the sentence that quotes it
    (
        "The chart is titled 'Speed-up vs. training data'. Points rise to the right.",
        ["The chart is titled 'Speed-up vs. training data'.", "Points rise to the right."],
    ),
    (
        'The title reads "Accuracy vs. epochs" and the x-axis is labelled "Epoch". There are 3 lines.',
        ['The title reads "Accuracy vs. epochs" and the x-axis is labelled "Epoch".', "There are 3 lines."],
    ),
    # short forms outside quotes
    ("Loss vs. step is shown. It falls.", ["Loss vs. step is shown.", "It falls."]),
    (
        "Some bars, e.g. the red ones, are tall. Others, i.e. the blue ones, are short.",
        ["Some bars, e.g. the red ones, are tall.", "Others, i.e. the blue ones, are short."],
    ),
    (
        "As in Smith et al. the trend is flat. See Fig. 2 too.",
        ["As in Smith et al. the trend is flat.", "See Fig. 2 too."],
    ),
    ("It peaks at approx. 40 units. Then it drops.", ["It peaks at approx. 40 units.", "Then it drops."]),
    ("A and B reach 3 and 5 resp. in the last year.", ["A and B reach 3 and 5 resp. in the last year."]),
    # a real end after a word that is no short form still splits
    ("The blue line shows canvas. The red one is flat.", ["The blue line shows canvas.", "The red one is flat."]),
    ("Values are shown for models. Fig A is left.", ["Values are shown for models.", "Fig A is left."]),
    # a quote ending the sentence, apostrophes that open nothing
    (
        "The models' scores rise. It isn't 'flat'. The end.",
        ["The models' scores rise.", "It isn't 'flat'.", "The end."],
    ),
    # a stop inside a quoted title is the title's
    ("The title is 'Results. Part 2' in bold. Done.", ["The title is 'Results. Part 2' in bold.", "Done."]),
    # a line break ends a sentence even after a short form
    ("Accuracy vs.\nThe next line.", ["Accuracy vs.", "The next line."]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_sentences_keep_short_forms_and_quotes(text: str, expected: list[str]) -> None:
    assert [s for _, _, s in sentences(text)] == expected


def test_spans_point_into_the_text() -> None:
    text = "Speed vs. size is plotted; the title is 'A; B'. Next."
    spans = sentences(text)
    assert [text[s:e] for s, e, _ in spans] == [t for _, _, t in spans]
    assert [t for _, _, t in spans] == ["Speed vs. size is plotted;", "the title is 'A; B'.", "Next."]
    assert [t for _, _, t in sentences(text, semicolons=False)] == [
        "Speed vs. size is plotted; the title is 'A; B'.",
        "Next.",
    ]


def test_capital_opens_holds_a_stop_before_a_lower_case_word() -> None:
    # a category named "Cons." is no sentence end in text that keeps its case; a semicolon still is
    text = "The Cons. bar is 122; the Open bar is 79. Next, the Narrative pair."
    assert [t for _, _, t in sentences(text, capital_opens=True)] == [
        "The Cons. bar is 122;",
        "the Open bar is 79.",
        "Next, the Narrative pair.",
    ]
    # folded (lower-cased) text keeps splitting at every stop by default
    assert [t for _, _, t in sentences("it is 5. the next one.")] == ["it is 5.", "the next one."]


def test_sentence_ends_are_the_next_starts() -> None:
    text = "One here.  Two there.\nThree"
    # each end takes the blank after its sentence: the next sentence starts there
    assert sentence_ends(text) == [11, 22, len(text)]
    assert sentence_ends("") == [0]
    # the sentence holding an offset starts at the last end at or before it
    i = text.index("there")
    assert max(e for e in [0, *sentence_ends(text)] if e <= i) == 11


def test_first_sentence() -> None:
    assert first_sentence("Yes. The bars vs. the lines differ.") == "Yes."
    assert first_sentence("Loss vs. step; it falls. Then more.") == "Loss vs. step; it falls."
    assert first_sentence("Loss vs. step; it falls.", semicolons=True) == "Loss vs. step;"
    assert first_sentence("About 3.5 m. the rest.", capital_opens=True) == "About 3.5 m. the rest."
    assert first_sentence("   ") == ""


def test_quoted_pattern_reads_quotes_not_apostrophes() -> None:
    quoted = re.compile(quoted_pattern(40))
    text = "The models' bars: \u201cOpen\u201d is blue, 'Cons.' isn't red and \"A\" is grey."
    assert [m.group(1) for m in quoted.finditer(text)] == ["Open", "Cons.", "A"]
    # the length bounds are the caller's
    assert [m.group(1) for m in re.finditer(quoted_pattern(40, shortest=2), text)] == ["Open", "Cons."]
    assert re.search(quoted_pattern(3), "'Open'") is None
    # a quote never spans a line break
    assert re.search(quoted_pattern(40), "'Open\nCons'") is None
