"""Blur targets on web survey charts: answers and groups a reader infers from their neighbours.

The charts are drawn with OpenCV (``helpers.layout_charts``) so every label and box is known;
each expectation says what a reader of the chart could or could not tell, written by hand."""

from __future__ import annotations

from helpers.layout_charts import survey_bars, web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.blurtargets.from_layout import clear_box, ranked_candidates, why_not_admittance
from scifigbench.layout import read_layout


def _layout(rows, **kw):
    return read_layout(*survey_bars(rows, pitch=40, **kw))


def _by_rule(layout, mode: str, rule: str) -> dict[str, object]:
    return {c.text: c for c in ranked_candidates(layout, None, mode, 42, "survey") if c.rule == rule}


def test_the_other_side_of_an_opposite_pair_is_an_inductance_target_blurred_where_it_stands():
    layout = _layout(("Total", "Men", "Women"))
    found = _by_rule(layout, INDUCTANCE, "opposite_pair")
    assert set(found) == {"Men", "Women"}
    women = next(lb for lb in layout.labels if lb.text == "Women")
    assert found["Women"].expected_answer == "Women" and found["Women"].box == women.box
    assert "'Men'" in found["Women"].reasoning_path
    assert not ranked_candidates(layout, None, ADMITTANCE, 42, "survey")  # Total, Men, Women: all inferable


def test_no_opposite_pair_where_a_label_has_two_opposites_in_view():
    # 'Legal' is opposed by both 'Illegal' and 'Nonlegal': neither side is named by one partner
    assert not _by_rule(_layout(("Legal", "Illegal", "Nonlegal")), INDUCTANCE, "opposite_pair")


def test_a_band_between_two_bands_is_an_inductance_target_and_no_band_is_an_admittance_target():
    layout = _layout(("Ages 18-29", "30-49", "50-64", "65+"))
    found = _by_rule(layout, INDUCTANCE, "ordered_series")
    assert set(found) == {"30-49", "50-64"}  # the ends have one neighbour only
    assert "fits between" in found["30-49"].reasoning_path
    assert not ranked_candidates(layout, None, ADMITTANCE, 42, "survey")


def test_no_ordered_series_target_where_a_month_is_missing():
    assert set(_by_rule(_layout(("Jun", "Aug", "Sep", "Oct")), INDUCTANCE, "ordered_series")) == {"Sep"}


def test_survey_groups_and_headings_are_no_admittance_targets():
    layout = _layout(("Total", "Party", "Republican", "Democrat", "Independent"))
    why = {lb.text: why_not_admittance(lb, layout, None) for lb in layout.labels}
    assert why["Party"].startswith("a demographic dimension heading")
    assert why["Independent"].startswith("completes a visible option set")
    assert why["Total"].startswith("an aggregate")


def test_two_opposite_answers_read_as_one_line_are_no_admittance_target():
    layout = _layout(("Germany", "Brazil", "Japan"), headers=("Unfavorable Favorable",))
    header = next(lb for lb in layout.labels if lb.text == "Unfavorable Favorable")
    assert why_not_admittance(header, layout, None) == "two opposite answers read as one line (Unfavorable | Favorable)"
    assert {c.text for c in ranked_candidates(layout, None, ADMITTANCE, 42, "survey")} == {"Germany", "Brazil", "Japan"}


def test_a_residual_answer_beside_an_answer_scale_is_inferable():
    img, lines = web_chart(categories=("Approve", "Disapprove", "Mixed"), legend=("Exporters", "Households"))
    layout = read_layout(img, lines)
    dont_know = next(lb for lb in layout.labels if lb.text == "Don't know")
    assert why_not_admittance(dont_know, layout, None).startswith("a residual survey answer")


def test_labels_side_by_side_on_one_line_are_trimmed_apart_at_their_touching_ends():
    assert clear_box((100.0, 10.0, 200.0, 30.0), [(198.0, 10.0, 300.0, 30.0)]) == (100.0, 10.0, 198.0, 30.0)
    assert clear_box((100.0, 10.0, 200.0, 30.0), [(40.0, 11.0, 102.0, 29.0)]) == (102.0, 10.0, 200.0, 30.0)
    # a taller box touching the end is no label on the same line: the two may share ink
    assert clear_box((100.0, 10.0, 200.0, 30.0), [(198.0, 0.0, 300.0, 45.0)]) is None
    # a deep overlap along the line is shared ink
    assert clear_box((100.0, 10.0, 200.0, 30.0), [(180.0, 10.0, 300.0, 30.0)]) is None


def test_an_answer_whose_two_sides_the_title_names_is_inferable():
    layout = _layout(("Illegal in most cases", "Germany", "Japan"), headers=("Abortion: legal or illegal?",))
    why = {lb.text: why_not_admittance(lb, layout, None) for lb in layout.labels}
    assert why["Illegal in most cases"] == "one of two answers the title names (legal/illegal)"
    assert why["Germany"] is None


def test_a_continent_beside_the_five_others_is_named_exactly_but_oceania_has_two_names():
    """Africa, Asia, Europe, North and South America and Oceania: with five printed, a reader
    names the sixth, so none is an admittance target; each with one name is an inductance target
    ('option_set'), but 'Oceania' is also printed 'Australia', so the reader's word may differ."""
    continents = ("Africa", "Asia", "Europe", "North America", "South America", "Oceania")
    layout = _layout(continents)
    assert not ranked_candidates(layout, None, ADMITTANCE, 42, "survey")
    found = _by_rule(layout, INDUCTANCE, "option_set")
    assert set(found) == set(continents) - {"Oceania"}
    assert found["Asia"].expected_answer == "Asia" and "'Asia' is the one missing" in found["Asia"].reasoning_path
    # with one continent left out, the missing member of the set is not printed: no exact path
    assert not _by_rule(_layout(continents[:5]), INDUCTANCE, "option_set")


def test_answer_scales_and_customary_groups_are_guessable_but_not_named_in_the_charts_words():
    """'Some college' completes the education levels and 'Asian' the race groups a survey usually
    shows: a reader guesses them (no admittance target), but surveys word them differently ('Some
    college, no degree', 'Asian American'), so neither is an inductance target."""
    for rows in (("Postgrad", "College grad", "Some college", "HS or less"), ("White", "Black", "Hispanic", "Asian")):
        layout = _layout(rows)
        assert not ranked_candidates(layout, None, ADMITTANCE, 42, "survey")
        assert not _by_rule(layout, INDUCTANCE, "option_set")
