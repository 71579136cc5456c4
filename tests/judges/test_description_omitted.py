"""A completeness finding says what the description left out, from the spec, and an accuracy finding
quotes the words it points at (the explorer and review page list them so)."""

from __future__ import annotations

import json

from tests.helpers.spec_factory import bar_grouped_two_panels, line_multi, pie

from scifigbench.families.description.rule import judge_description
from scifigbench.report.expected import finding_lines
from scifigbench.review.verdicts.page import recorded


def _notes(text: str, spec) -> dict[str, str]:
    """Completeness notes by checklist item."""
    res = judge_description(text, spec)
    return {f.item: f.note for f in res.findings if f.dimension == "completeness"}


def test_an_omitted_item_is_said_with_what_the_figure_has():
    spec = bar_grouped_two_panels()
    # names every category and series, no axis, no range, no extremes, no title
    text = (
        "This grouped bar chart compares Llama-3-8B, Mistral-7B and Qwen2-7B on GSM8K, MATH, ARC and HellaSwag. "
        "The bars are vertical. Llama-3-8B is blue, Mistral-7B orange and Qwen2-7B green."
    )
    notes = _notes(text, spec)
    assert notes["x_axis"] == "omits the x-axis label ('Benchmark')"
    assert notes["y_axis"] == "omits the y-axis label ('Accuracy (%)')"
    assert notes["value_range"] == "omits the value axis range (0 to 100)"
    # the spec's highest value is Qwen2-7B's 88 on ARC (few-shot), its lowest Mistral-7B's 21 on MATH (zero-shot)
    assert notes["extremes"] == (
        "omits the highest value (88, Qwen2-7B at ARC) and the lowest value (21, Mistral-7B at MATH)"
    )
    assert notes["purpose"] == "omits what it is about (its title 'Accuracy of open models')"
    assert notes["layout"] == "omits the 2 panels ('Zero-shot' and 'Few-shot')"
    assert "categories" not in notes and "legend" not in notes


def test_a_list_covered_in_part_names_what_it_left_out():
    spec = bar_grouped_two_panels()
    text = "A grouped bar chart of Llama-3-8B and Mistral-7B on GSM8K, MATH and ARC."
    notes = _notes(text, spec)
    assert notes["categories"] == "partly covered: does not mention 'HellaSwag'"
    assert notes["legend"] == "partly covered: does not mention 'Qwen2-7B'"


def test_line_and_pie_items_say_the_trend_the_span_and_the_parts():
    notes = _notes("This is a line plot.", line_multi())
    assert notes["x_range"] == "omits the span of the x axis (1 to 32)"
    # net change over the panel's spread (15..80 of values 20..74): Adam +29, SGD +54, Lion +22 -> all rise
    assert notes["trend"] == "omits the direction of each series (Adam rises; SGD rises; Lion rises)"
    assert notes["extremes"] == (
        "omits the highest value (74, SGD at Batch size (k) = 32) and the lowest value (20, SGD at Batch size (k) = 1)"
    )
    pie_notes = _notes("A pie chart.", pie())
    assert pie_notes["segment_count"] == "omits how many parts there are (5)"
    assert pie_notes["smallest"] == "omits the lowest value (8, Dialogue)"
    assert pie_notes["label_placement"] == "omits that the percentages sit inside the wedges"


def test_the_notes_change_no_score():
    spec = bar_grouped_two_panels()
    res = judge_description("A grouped bar chart of Llama-3-8B on GSM8K.", spec)
    # every completeness finding still costs its item's weight: 14 items, 5 per major and 2 per minor miss
    assert res.by_dimension["completeness"] == sum(
        5.0 if f.severity == "major" else 2.0 for f in res.findings if f.dimension == "completeness"
    )


def test_an_accuracy_finding_quotes_its_sentence_and_the_review_page_lists_findings():
    spec = bar_grouped_two_panels()
    answer = "This grouped bar chart shows accuracy. On GSM8K, Llama-3-8B scores 12 in the zero-shot panel."
    d = json.loads(judge_description(answer, spec).details_json()) | {"answer": answer}
    lines = [line.text for line in finding_lines(d)]
    misread = [t for t in lines if "accuracy/numeric" in t]
    assert misread and misread[0].endswith("— “On GSM8K, Llama-3-8B scores 12 in the zero-shot panel.”")
    omitted = [t for t in lines if "completeness/missing" in t]
    assert omitted and all("“" not in t for t in omitted)  # an omission has no words to quote: it says what is missing
    shown = recorded(d)
    assert shown["findings"].split("\n") == lines
    assert "items" not in shown and "merged" not in shown and shown["checklist"].startswith("chart_type:")


def test_findings_about_an_item_point_at_the_sentence_that_says_it():
    spec = bar_grouped_two_panels()
    answer = (
        "The figure shows accuracy. It is a line chart of Llama-3-8B and Mistral-7B. "
        "The categories are GSM8K, MATH and ARC."
    )
    res = judge_description(answer, spec)
    d = json.loads(res.details_json()) | {"answer": answer}
    by_item = {(f["item"], f["dimension"]): f for f in d["findings"] + d["merged"]}
    # a wrong chart kind is one finding for the whole figure (its dedup span) but is said in sentence 2
    assert by_item["chart_type", "accuracy"]["span"] == "acc:chart_type"
    wrong = next(line for line in finding_lines(d) if "wrong chart type" in line.text)
    assert answer[wrong.start : wrong.end] == "It is a line chart of Llama-3-8B and Mistral-7B."
    # the legend is covered in part: the sentence naming two of the three series
    legend = next(line for line in finding_lines(d) if "does not mention 'Qwen2-7B'" in line.text)
    assert answer[legend.start : legend.end] == "It is a line chart of Llama-3-8B and Mistral-7B."
    cats = next(line for line in finding_lines(d) if "does not mention 'HellaSwag'" in line.text)
    assert answer[cats.start : cats.end] == "The categories are GSM8K, MATH and ARC."
