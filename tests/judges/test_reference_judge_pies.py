"""Pie descriptions judged against an expert reference: how pie references state their shares.

The 15 human-studied figures the rules were written from are bar and line charts; the release's pie
references bind a share to its slice in ways bar references seldom do: the share in a clause of its
own after the slice's name ("the slice labelled X is pale green, standing for 41.5 %"), shares listed
after a "respectively" that closed a list of names and colours, names and shares interleaved before a
"respectively", and whether the chart has a legend at all. Our own chart: a pie of four fruit shares.
"""

from __future__ import annotations

import pytest
from tests.helpers.mqm_score import paper_score

from scifigbench.families.description.reference import judge_against_reference, legend_said, name_key, read_text

REFERENCE = (
    "The pie chart shows how a harvest splits among four fruits. There are four slices. The largest slice is "
    'labeled "Apple", colored green, and makes up about 61.2% of the pie. The slice labeled "Pear" is pale '
    'yellow, standing for 27.5%. Two thin slices labeled "Plum" and "Fig" are colored purple and brown '
    "respectively, holding 7.2% and 4.1%. Percentages are printed inside the slices, and the chart has no "
    "legend."
)
N_PIE = 11  # the pie checklist's size: MQM's N


def bound_values(text: str) -> dict[str, float]:
    keys = [name_key(n) for n in ("Apple", "Pear", "Plum", "Fig", "Kiwi")]
    return {b.key: b.value.value for b in read_text(text, keys).bound if b.value is not None}


def test_a_share_in_a_clause_without_a_subject_of_its_own_is_the_named_slices() -> None:
    assert bound_values(REFERENCE) == {"apple": 61.2, "pear": 27.5, "plum": 7.2, "fig": 4.1}


def test_a_clause_with_its_own_subject_or_a_noun_after_the_number_keeps_its_number() -> None:
    # "while the median share is 20 %" has a subject of its own; "using 8 crates" counts crates
    text = 'The slice labeled "Kiwi" is blue, while the median share is 20%. "Plum" is purple, using 8 crates.'
    assert bound_values(text) == {}
    # a value after the slice's own value is not carried over to it again
    assert bound_values('"Kiwi" reaches 12%, and then 30% of the rest goes elsewhere.') == {"kiwi": 12.0}


def test_names_each_followed_by_their_share_before_respectively_pair_one_by_one() -> None:
    # the farm "Kiwi" is context: four names for three shares, none after them
    text = 'On the "Kiwi" farm, "Apple" at 61.2%, "Pear" at 27.5%, and "Plum" at 7.2% respectively fill the pie.'
    assert bound_values(text) == {"apple": 61.2, "pear": 27.5, "plum": 7.2}
    # a list of names and then a list of values is still read as two lists
    assert bound_values("Apple, Pear and Plum reach 61.2%, 27.5% and 7.2% respectively.") == {
        "apple": 61.2,
        "pear": 27.5,
        "plum": 7.2,
    }


def test_a_faithful_pie_description_scores_100() -> None:
    text = (
        'A pie chart of four fruits. "Apple", in green, takes roughly 61%; "Pear", pale yellow, 27.5%. '
        'The purple slice "Plum" accounts for 7.2%, and the brown slice "Fig" represents 4.1%. '
        "There is no separate legend; the labels sit next to the slices."
    )
    result = judge_against_reference(text, REFERENCE, "pie")
    assert result.findings == [] and result.score == 100.0


def test_two_small_slices_that_exchange_their_shares_are_swapped() -> None:
    # 7.2 and 4.1 are two significant digits: neither alone is precise enough to call a copy, and
    # each is within the 3-point (hedged: 4.5) tolerance of the other; the exchange settles it
    text = (
        'A purple slice, labeled "Plum", accounts for about 4.1% of the pie. '
        'The brown slice, labeled "Fig", represents about 7.2%.'
    )
    result = judge_against_reference(text, REFERENCE, "pie")
    swaps = [f for f in result.findings if f.item == "values"]
    assert {f.subtype for f in swaps} == {"label_map"}
    assert sorted(f.note.rsplit("(", 1)[1] for f in swaps) == ["exactly fig's)", "exactly plum's)"]
    assert result.score == pytest.approx(paper_score(N_PIE, 5, 5))


def test_one_slice_given_a_close_share_alone_is_within_tolerance() -> None:
    # Fig given Plum's 7.2 % without Plum given Fig's share: a near reading, not an exchange
    result = judge_against_reference('The brown slice "Fig" represents about 7.2%.', REFERENCE, "pie")
    assert result.findings == []


def test_a_legend_the_reference_says_the_chart_lacks_is_a_finding() -> None:
    result = judge_against_reference('A legend at the right lists "Apple" and "Pear".', REFERENCE, "pie")
    [finding] = result.findings
    assert finding.item == "legend" and finding.severity == "minor"
    assert result.score == pytest.approx(paper_score(N_PIE, 2))  # an accuracy minor weighs 2
    # labels doing a legend's work say nothing about a legend
    assert judge_against_reference("The labels act as a legend.", REFERENCE, "pie").findings == []


def test_legend_presence_is_read_with_its_negations() -> None:
    said = [
        has
        for has, _ in legend_said(
            "No separate legend is drawn. The legend is absent. A legend sits at the top. "
            "Without a legend, colours are read from labels. The legend lists the fruits."
        )
    ]
    assert said == [False, False, True, False, True]


def test_a_reference_that_speaks_both_ways_of_a_legend_settles_nothing() -> None:
    reference = REFERENCE + " A legend at the bottom repeats the names."
    assert judge_against_reference("The chart has no legend.", reference, "pie").findings == []


def test_a_share_after_the_named_slice_and_at_is_that_slices_not_a_position() -> None:
    # "at" before a number usually marks a position on the x axis; after a name and the element
    # drawn for it ("the "Plum" slice at"), or after a colour and its element, it gives the value
    assert bound_values('The inner ring shows the purple "Plum" slice at 7.2% and the "Fig" wedge at 4.1%.') == {
        "plum": 7.2,
        "fig": 4.1,
    }
    assert bound_values('"Pear" is the yellow segment at about 27.5%.') == {"pear": 27.5}


# A pie whose slices are named with plain words, counted per ring.
SLOTS = (
    'The pie chart has two rings with three slices in each ring. The slices are "from" in blue at 40.0%, '
    '"to" in green at 35.0%, and "range" in grey at 25.0%. The largest slice is "from" and the smallest "range".'
)


def test_a_name_that_is_a_plain_word_is_mentioned_only_where_it_is_set_off() -> None:
    # "ordered from largest to smallest" names neither "from" nor "to"; "values range from" no "range"
    text = 'The slices are ordered from largest to smallest, and values range from 25% to 40%. "to" is green.'
    result = judge_against_reference(text, SLOTS, "pie")
    assert result.findings == []
    # set off in bold, the same word is the slice's name and its wrong share is a finding
    [finding] = judge_against_reference("The slice **to** is at 12.0%.", SLOTS, "pie").findings
    assert finding.item == "values" and "for to" in finding.note


def test_a_wrong_count_of_slices_is_a_finding_and_a_total_over_the_rings_is_not() -> None:
    [finding] = judge_against_reference("The chart has four slices in each ring.", SLOTS, "pie").findings
    assert finding.item == "segment_count" and finding.severity == "major"
    # 6 = 2 x 3: the reference counts per ring, so a total over both rings cannot be called wrong
    result = judge_against_reference("There are 6 slices across both rings.", SLOTS, "pie")
    assert result.findings == [] and len(result.undecided) == 1


def test_a_decimal_quantity_with_a_unit_is_no_name_of_the_slice_it_labels() -> None:
    # "labeled 26.2s" gives the slice a time, not a second name that would take its share
    reference = 'The slice labeled "Apple" is green and labeled 26.2s represents about 61.2% of the pie.'
    [finding] = judge_against_reference('"Apple" takes 30.0% of the pie.', reference, "pie").findings
    assert finding.item == "values" and "for apple" in finding.note


def test_nor_takes_a_legend_away() -> None:
    said = [has for has, _ in legend_said("It shows no numbers, nor does it include a legend.")]
    assert said == [False]


def test_a_count_of_one_ring_is_undecided_where_the_reference_counts_only_the_whole() -> None:
    # "26 slices, each labeled" counts the whole pie; "each" there is no group
    reference = 'The pie is divided into 26 slices, each labeled with a topic. "Apple" is the largest.'
    for text in ("The inner ring contains 4 slices.", "The four inner slices are named after fruits."):
        result = judge_against_reference(text, reference, "pie")
        assert result.findings == [] and len(result.undecided) == 1, text
    [finding] = judge_against_reference("The pie has 12 slices.", reference, "pie").findings
    assert finding.item == "segment_count"


def test_a_value_in_a_clause_without_a_subject_is_not_carried_on_a_line_chart() -> None:
    # on a line the carried value would be one point standing for the whole line: "reaching 1.0 in the
    # final epochs" must not make a description's start value of 0.2 wrong
    reference = (
        'The second line, shown in grey and labeled "Alpha," wobbles at first, initially at 0.1 accuracy at '
        "epoch 0, then climbs, reaching about 1.0 in the last epochs."
    )
    result = judge_against_reference('"Alpha" begins near 0.2 at epoch 0.', reference, "line")
    assert result.findings == []
    # on a pie the same clause states the slice's share
    pie = 'The grey slice, labeled "Alpha", is the largest, reaching 61.2% of the pie.'
    [finding] = judge_against_reference('"Alpha" takes 20.0% of the pie.', pie, "pie").findings
    assert finding.item == "values"
