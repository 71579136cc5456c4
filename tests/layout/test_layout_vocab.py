"""Word knowledge of the layout reader: numbers, ordered series, opposites, option sets, furniture."""

from __future__ import annotations

import pytest

from scifigbench.freetext.label_words import (
    complement_of,
    completes_set,
    furniture_words,
    in_ordered_series,
    number,
    panel_mark,
    unmarked,
)


@pytest.mark.parametrize(
    "text, value",
    [
        ("1,000", 1000.0),
        ("\u22125", -5.0),
        ("40%", 40.0),
        ("$2.5k", 2500.0),
        ("2.50e-5", 2.5e-5),
        ("0.020-", 0.02),
        ("abc", None),
        ("652E 6441", None),
        ("1e999", None),
        ("10 20", None),
    ],
)
def test_number(text, value):
    assert number(text) == (pytest.approx(value) if value is not None else None)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("Sep", "month"),
        ("September", "month"),
        ("Wed", "weekday"),
        ("2019", "year"),
        ("2019-20", "year"),
        ("Q3", "quarter"),
        ("0-17 years", "numeric range"),
        ("18-29", "numeric range"),
        ("65+", "numeric range"),
        ("3rd", "ordinal"),
        ("Third", "ordinal"),
        ("Wave 2", "numbered step"),
        ("Maybe", None),
        ("March Madness fans", None),
        ("Approve", None),
        ("Mayor", None),
        ("Satisfied", None),
    ],
)
def test_ordered_series(text, kind):
    assert in_ordered_series(text) == kind


@pytest.mark.parametrize(
    "text, others, pair",
    [
        ("Women", ["Men", "Total"], "Men"),
        ("Illegal in all/most cases", ["Legal in all/most cases"], "Legal in all/most cases"),
        ("Disapprove", ["Approve"], "Approve"),
        ("Unidirectional", ["Bidirectional", "k=1"], "Bidirectional"),
        ("OOD", ["in-domain"], "in-domain"),
        ("w/o sa", ["with sa", "C2RW"], "with sa"),
        ("validation", ["training"], "training"),
        ("Recall", ["Precision", "Threshold"], "Precision"),
        ("Irreg", ["Reg", "All"], "Reg"),
        ("no pretraining", ["3-task pretraining", "5-task pretraining"], "3-task pretraining"),
        ("Models under attacks", ["Models under no attack"], "Models under no attack"),
        ("Mean accuracy", ["No. of runs"], None),
        ("GRNN", ["RNN-EM", "LSTM", "simple RNN"], None),
        ("Random", ["GloVe", "GloVeRetro"], None),
        ("interest", ["rest"], None),
        ("Individuals", ["Teammates", "Largest Team"], "Teammates"),
    ],
)
def test_complementary_pairs(text, others, pair):
    assert complement_of(text, others) == pair


def test_option_sets_need_every_other_member_visible():
    assert completes_set("No Change", ["Better", "Worse"]) is not None
    assert completes_set("(a) Contradiction Sample", ["(b) Neutral Sample", "(c) Entailment Sample"]) is not None
    assert completes_set("No Change", ["Better"]) is None
    assert completes_set("Test", ["Train"]) is None
    # survey demographics: the last group of a standard breakdown is guessable, a partial one is not
    assert completes_set("Asian", ["White", "Black", "Hispanic", "Total"]) is not None
    assert completes_set("Asian", ["White", "Black"]) is None
    assert completes_set("HS or less", ["Postgrad", "College grad", "Some college"]) is not None
    assert completes_set("Not at all", ["Very", "Somewhat", "Not too"]) is not None
    assert completes_set("Not at all", ["SomewhatVery", "Not too"]) is not None  # two answers OCR glued


@pytest.mark.parametrize(
    "text, yes",
    [
        ("Source: Pew Research Center", True),
        ("PEW RESEARCH CENTER March 13-17, 2013.", True),
        ("Show source", True),
        ("Additional Information", True),
        ("\u00a9 Statista 2021", True),
        ("www.example.org", True),
        ("Share of adults", False),
        ("Sources of energy", False),
        ("Data source: UN Population Division (2024)", True),
        ("Data sourcing", False),
        ("(c) NER", False),
        ("Training loss", False),
        ("Additional Informatior", True),  # OCR slipped on the last letter of the link
        ("Learn moře", True),
        ("Mean information", False),
        ("Reading more", False),
    ],
)
def test_furniture_words(text, yes):
    assert furniture_words(text) is yes


def test_panel_marks():
    assert panel_mark("(a) Reddit") and panel_mark("b) GAT") and panel_mark("(iii) test")
    assert not panel_mark("a trained model") and not panel_mark("(ab) testing")


def test_a_numbered_variant_is_no_prefixed_opposite():
    # '4gram' keeps its digit: 'unigram' is not its 'uni-' opposite ('Unidirectional'/'Bidirectional' is)
    assert complement_of("unigram (SRI)", ["4gram (SRI)"]) is None
    assert complement_of("Unidirectional", ["Bidirectional"]) == "Bidirectional"


def test_no_x_is_the_opposite_of_a_visible_x_whatever_precedes_it():
    assert complement_of("(a) Models under no attack", ["(c) LSTM under attacks"]) == "(c) LSTM under attacks"
    assert complement_of("(a) Models under no attack", ["(c) LSTM under noise"]) is None


@pytest.mark.parametrize(
    "text, name",
    [("(a) Yelp", "Yelp"), ("b) Subtitles-Medical", "Subtitles-Medical"), ("Scaling Factor (b)", "Scaling Factor"),
     ("(a)", "(a)"), ("Model A", "Model A"), ("Plan(a)", "Plan(a)")],
)  # fmt: skip
def test_unmarked_drops_a_panel_mark_at_either_end(text, name):
    assert unmarked(text) == name
