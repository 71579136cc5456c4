"""Caption-claim rules on hand-written sentences: whole names, axis positions, entity-anchored values,
precision-aware percentages, direction words tied to the claim's entity."""

from __future__ import annotations

import pytest

from scifigbench.families.caption_claim.rule import _entities, _entity_text, judge_caption_claim


def test_quoted_multiword_names_are_matched_whole():
    names, _, _ = _entities("The 'News' wedge is larger than the 'Product pages' wedge.",
                         "The 'Product pages' wedge (23.3%) is larger than the 'News' wedge (21.7%).")
    text = _entity_text("Product pages is violet. A product page is not a page of news.", names, set())
    assert text.count("N_Product_pages_") == 1 and "N_News_" in text and "page of" in text


def test_axis_positions_are_entity_parts_not_values():
    _, coords, _ = _entities("Between epoch = 10 and 12, LoRA dips.", "Between epoch = 10 and 12, LoRA rises from 79 to 80.")
    assert coords == {"10", "12"}
    text = _entity_text("LoRA records 79 at 10 and 81 at 12; at 95 it is done.", [], coords)
    assert "at_10" in text and "at_12" in text and "at 95" in text


CLAIM = "Ours at x = 2 reaches about 1.3."
REAL = "Ours at x = 2 is about 1.8."


@pytest.mark.parametrize("description, follows", [
    ("At x = 2, Ours reaches about 1.8.", "image"),
    ("Ours records 1.3 at 2.", "caption"),
    # a value of another series at the same position says nothing about Ours
    ("Ours is drawn in red. At x = 2, Baseline reaches 1.3.", "none"),
    # the integer position 2 never stands in for the value 1.8
    ("Ours is plotted at x = 2 and onwards.", "none"),
])
def test_values_count_only_for_the_claims_entity(description, follows):
    assert judge_caption_claim(description, CLAIM, REAL, "value_anchor") == follows


def test_values_in_a_list_belong_to_their_own_name():
    claim = "'w/o select' achieves an accuracy of 89.80%."
    real = "'w/o select' achieves an accuracy of 88.80%, not 89.80%."
    desc = "Bars: 'Ours' at 89.84, 'w/o text' at 80.10, 'w/o select' at 88.80, 'w/o emotion' at 87.34."
    assert judge_caption_claim(desc, claim, real, "value_anchor") == "image"
    # 89.62 % printed to two decimals is not a reading of 89.80 %: a third value, so no side is decided
    assert judge_caption_claim("'w/o select' reaches 89.62%.", claim, real, "value_anchor") == "undecided"
    assert judge_caption_claim("'w/o select' reaches about 90%.", claim, real, "value_anchor") == "caption"


@pytest.mark.parametrize("description, follows", [
    ("For MarianMT, epoch = 4 is higher (46) than epoch = 6 (26).", "image"),
    ("For MarianMT, epoch = 6 has a higher perplexity than epoch = 4.", "caption"),
    ("MarianMT falls overall.", "none"),
])
def test_comparison_of_two_positions(description, follows):
    claim = "For MarianMT, epoch = 6 has a higher perplexity than epoch = 4."
    real = "For MarianMT, epoch = 4 is higher (46) than epoch = 6 (26)."
    assert judge_caption_claim(description, claim, real, "comparison_swap") == follows


@pytest.mark.parametrize("description, follows", [
    ("Between epoch = 2 and 3, Ours falls sharply.", "image"),
    ("Between epoch = 2 and 3, Ours keeps climbing.", "caption"),
    # a direction said of the series elsewhere is not about the claimed step
    ("Ours keeps climbing after epoch 10.", "none"),
])
def test_trend_direction_at_the_claimed_step(description, follows):
    claim = "Between epoch = 2 and 3, Ours keeps climbing in perplexity."
    real = "Between epoch = 2 and 3, Ours falls from 44 to 23."
    assert judge_caption_claim(description, claim, real, "trend") == follows


def test_pie_comparison_uses_whole_names():
    claim = "The 'News' wedge is larger than the 'Product pages' wedge."
    real = "The 'Product pages' wedge (23.3%) is larger than the 'News' wedge (21.7%)."
    desc = "The segments are Forums, Product pages and News. Forums is the largest segment; a page is shown."
    assert judge_caption_claim(desc, claim, real, "comparison_swap") == "none"
    # one value alone shows no order between the two wedges
    assert judge_caption_claim("Product pages take 23.3% of the pie.", claim, real, "comparison_swap") == "undecided"
    # the values given both names settle the order the claim reverses
    assert judge_caption_claim("Product pages take 23.3% and News 21.7%.", claim, real, "comparison_swap") == "image"
    assert judge_caption_claim("News (25.1%) edges out Product pages (23.3%).", claim, real, "comparison_swap") == "caption"


def test_category_position_named_by_its_axis():
    claim = "The Kappa value for Ambiguity Std category 0.82 is approximately 0.12."
    real = "The actual Kappa value for Ambiguity Std category 0.82 is 0.03, not 0.12."
    desc = "Bars are annotated: Ambiguity Std 0.0 at 0.88, Std 0.47 at 0.46, Std 0.82 at about 0.03."
    assert judge_caption_claim(desc, claim, real, "value_anchor") == "image"
    # 0.12 said of another category is not the claim's
    assert judge_caption_claim("Std 0.47 reaches 0.12, Std 0.82 is not labelled.", claim, real, "value_anchor") == "none"


@pytest.mark.parametrize("description, follows", [
    ("The bars have labelled values of 0.89 for 1, 0.46 for 2, and 0.23 for 3.", "image"),
    ("Max Ambiguity 1 has a bar at about 0.89, 2 has one at 0.46, and 3 has one at about 0.12.", "caption"),
    ("The bars have labelled values of 0.12 for 1 and 0.46 for 2.", "none"),
])
def test_claimed_position_after_for_or_as_list_subject(description, follows):
    claim = "The Kappa value for Max Ambiguity category 3 is approximately 0.12."
    real = "The actual Kappa value for Max Ambiguity category 3 is 0.23, not 0.12."
    assert judge_caption_claim(description, claim, real, "value_anchor") == follows


def test_a_comparison_does_not_reach_into_the_previous_sentence():
    claim, real = "WavLM has a higher accuracy than Conformer.", "Conformer is higher (72.7%) than WavLM (65.6%)."
    desc = "Bars are shown for HuBERT, Conformer and WavLM. The figure says WavLM has a higher accuracy than Conformer."
    assert judge_caption_claim(desc, claim, real, "comparison_swap") == "caption"


def test_a_sentence_about_another_named_group_does_not_speak_for_the_claims_group():
    claim = "In the SMD dataset, the green bar reaches approximately 95%."
    real = "The green bar in the SMD dataset is approximately 93%, not 95%."
    before = "In the SMD dataset, the green bar is tall. "
    # the next sentence names PSM, not SMD: its 93 % is PSM's green bar
    assert judge_caption_claim(before + "In the PSM dataset, the green bar is at 93%.", claim, real, "value_anchor") != "image"
    assert judge_caption_claim(before + "The green bar there is at 93%.", claim, real, "value_anchor") == "image"
    assert judge_caption_claim("In the SMD dataset, the green bar is at 95%.", claim, real, "value_anchor") == "caption"
