"""Descriptions judged against an expert reference description (no spec): rule reader, judge-file, LLM path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from tests.helpers.mqm_score import paper_score

from scifigbench.devserver import DevServer
from scifigbench.families.description.reference import judge_against_reference, name_key
from scifigbench.families.registry import rule_verdict
from scifigbench.judges.cli import judge_file
from scifigbench.rubric.checklists import checklist

# Our own figure: a grouped bar chart of two methods on three datasets.
REFERENCE = (
    'The bar chart compares two methods, "FastNet" and "SlowNet", on three datasets: Alpha, Beta and Gamma. '
    'The vertical axis is labeled "Accuracy" with a linear scale ranging from 0 to 80, with tick marks at '
    "intervals of 20. FastNet is drawn in blue and SlowNet in orange. On Alpha, FastNet reaches about 72 while "
    "SlowNet reaches 41. On Gamma, FastNet scores 55 and SlowNet scores 30."
)
N_BAR = 14  # the bar checklist's size: MQM's N


def score_of(*weights: float) -> float:
    """The paper's score for decided findings of these weights on a bar chart."""
    return paper_score(N_BAR, *weights)


def test_a_faithful_description_scores_100_and_abstains_on_what_the_reference_does_not_state() -> None:
    text = (
        "A bar chart of FastNet (blue) and SlowNet (orange) on Alpha, Beta and Gamma; the y-axis ranges "
        "from 0 to 80 in steps of 20. On Alpha, FastNet reaches 70 and SlowNet 42. The Beta pair reaches 66."
    )
    result = judge_against_reference(text, REFERENCE, "bar")
    assert result.score == 100.0 and result.findings == []
    # the Beta value cannot be settled from the reference: counted apart, not penalised
    [beta] = result.undecided
    assert "beta" in beta.undecided and beta.weight == 5.0


def test_a_wrong_value_a_swapped_value_a_wrong_colour_and_a_wrong_axis_are_findings() -> None:
    text = (
        "The y-axis ranges from 0 to 100. FastNet is shown in red, SlowNet in orange. "
        "On Alpha, FastNet reaches 41 and SlowNet 72. On Gamma SlowNet scores 12."
    )
    result = judge_against_reference(text, REFERENCE, "bar")
    notes = {(f.subtype, f.severity): f.note for f in result.findings}
    assert set(notes) == {("axis_legend", "major"), ("label_map", "major"), ("numeric", "major")}
    label_maps = [f for f in result.findings + result.merged if f.subtype == "label_map"]
    assert len(label_maps) == 3  # the red FastNet, and the two Alpha values swapped
    assert any("that is slownet's" in f.note for f in label_maps)
    assert any("that is fastnet's" in f.note for f in label_maps)
    # the swapped pair is one clause, so the engine counts it once (one misreading, one penalty)
    assert len(result.merged) == 1
    assert result.score == pytest.approx(score_of(5, 5, 5, 5))
    # every finding points at the clause that states it
    for f in result.findings:
        start, end = map(int, f.span.removeprefix("sent:").split("-"))
        assert start < end <= len(text)
    spans = {text[int(f.span[5:].split("-")[0]) : int(f.span[5:].split("-")[1])] for f in result.findings}
    assert any("12" in s for s in spans) and any("red" in s for s in spans)


def test_a_near_colour_is_undecided_and_a_hallucinated_quoted_label_is_major() -> None:
    """A label the reference and caption never name gives an element a name it does not have: people
    weigh that as a major error (a wrong mapping, a hallucination), not a slip."""
    text = 'FastNet is drawn in purple and SlowNet in red. A dashed line labelled "Oracle Bound" sits above.'
    result = judge_against_reference(text, REFERENCE, "bar")
    assert [f.note for f in result.findings] == ["label 'oracle bound' is not in the reference"]
    assert result.score == pytest.approx(score_of(5.0))  # accuracy, major
    assert sorted(f.undecided for f in result.undecided) == ["neighbouring colour families"] * 2


def test_an_extreme_the_reference_gives_another_name_is_an_error_in_its_context_only() -> None:
    reference = "In the Accuracy panel, FastNet has the tallest bar. In the Speed panel, SlowNet is the highest."
    wrong = judge_against_reference("In the Accuracy panel, SlowNet has the tallest bar.", reference, "bar")
    [finding] = wrong.findings
    assert finding.note == "slownet as highest; the reference says fastnet" and finding.severity == "major"
    right = judge_against_reference("In the Speed panel, SlowNet has the tallest bar.", reference, "bar")
    assert right.findings == [] and right.score == 100.0
    unsettled = judge_against_reference("In the Memory panel, SlowNet is the lowest.", reference, "bar")
    assert unsettled.findings == [] and len(unsettled.undecided) == 1


# Our own line plot: two methods over three layer groups, each line in a sentence of its own.
LINES = (
    'The x-axis shows layer groups "Layer1-4", "Layer5-12" and "Layer13-20". '
    'The red line, "AlphaQuant", starts near 0 at Layer1-4, moving to around 5 at Layer13-20. '
    'The blue line, "BetaQuant", starts at about -2 at Layer1-4, dropping to -15 at Layer13-20.'
)
N_LINE = len(checklist("line"))


def test_a_value_is_checked_against_the_same_lines_value_at_that_position() -> None:
    """-15 is BetaQuant's value at Layer13-20: said of AlphaQuant it is wrong, though the reference
    states -15 for Layer13-20 (the old reading accepted any value of the name's range)."""
    wrong = judge_against_reference(
        'The red line, "AlphaQuant", starts at 0 at Layer1-4, falling to -15 at Layer13-20.', LINES, "line"
    )
    [finding] = wrong.findings
    assert finding.subtype == "numeric" and "-15" in finding.note and finding.severity == "major"
    assert wrong.score == pytest.approx(max(0.0, 100.0 - 5 * 100.0 / (N_LINE * 5.0)))
    right = judge_against_reference(
        'The blue line, "BetaQuant", starts at -2 at Layer1-4, falling to -15 at Layer13-20.', LINES, "line"
    )
    assert right.findings == [] and right.score == 100.0


def test_a_value_after_starts_at_is_a_value_and_a_clause_later_after_at_a_name_too() -> None:
    """ "starts at 9" states a value (not an x position), and so does "moving to 4" after "at Layer1-4,"."""
    result = judge_against_reference(
        'The blue line, "BetaQuant", starts at 9 at Layer1-4, moving to -15 at Layer13-20.', LINES, "line"
    )
    assert [f.note.split(";")[0] for f in result.findings] == ["value '9' for layer14"]


def test_every_expert_description_of_a_figure_is_reference_material(tmp_path: Path) -> None:
    """A value only the second annotation states is decided, not left undecided."""
    second = "The Beta group reaches about 30."
    record = RECORD | {"description": "The Beta pair reaches 66.", "references": [REFERENCE, second]}
    code, output, [row] = _run(tmp_path, [record])
    assert code == 0, output
    details = json.loads(row["details_json"])
    assert row["score"] == pytest.approx(score_of(5)) and details["undecided"] == []
    code, output, [alone] = _run(tmp_path, [RECORD | {"description": "The Beta pair reaches 66."}])
    assert alone["score"] == 100.0 and len(json.loads(alone["details_json"])["undecided"]) == 1
    code, output, rows = _run(tmp_path, [record | {"references": [REFERENCE, 3]}])
    assert code != 0 and "references" in output and "line 1" in output


def test_names_match_across_spellings() -> None:
    assert name_key("Avg$_{obj}$") == name_key("AvgObj") == name_key("avg obj")
    assert name_key("mBERT-L\u2082") == name_key("mBERT-L2")


def test_the_rule_reads_a_figure_without_a_spec_against_its_reference() -> None:
    out = rule_verdict(
        "description",
        {
            "id": "u",
            "description": "FastNet reaches 20 on Alpha.",
            "spec": None,
            "reference": REFERENCE,
            "chart_type": "bar",
        },
    )
    assert out["score"] == pytest.approx(score_of(5)) and out["error"] is None
    with pytest.raises(ValueError, match="no reference description"):
        rule_verdict(
            "description", {"id": "u", "description": "x", "spec": None, "reference": None, "chart_type": "bar"}
        )


def _run(tmp_path: Path, records: list[dict], *extra: str) -> tuple[int, str, list[dict]]:
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    res = CliRunner().invoke(judge_file, ["--family", "description", *extra, str(src), str(out)])
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return res.exit_code, res.output, rows


RECORD = {
    "id": "fig/m",
    "figure_id": "fig",
    "model": "m",
    "figure_type": "Bar Chart",
    "caption": "Two methods.",
    "reference": REFERENCE,
    "description": "On Alpha, FastNet reaches 20 and SlowNet 41.",
}


def test_judge_file_reads_reference_records_and_ignores_gold_fields(tmp_path: Path) -> None:
    code, output, rows = _run(tmp_path, [RECORD | {"gold_human": [{"mqm_score": 1.0}], "gold_gpt4o": {"x": 1}}])
    assert code == 0, output
    [row] = rows
    assert row["id"] == "fig/m" and row["error"] is None
    assert row["score"] == pytest.approx(score_of(5))  # 20 for FastNet on Alpha (72): one Major numeric error
    assert row["pen_numeric"] == 5.0
    _, _, without = _run(tmp_path, [RECORD])
    assert without == rows


@pytest.mark.parametrize(
    "change, field",
    [
        ({"reference": "  "}, "'reference' is empty"),
        ({"figure_type": "Sankey Diagram"}, "'figure_type'"),
        ({"reference": None}, "'reference' is missing"),
    ],
)
def test_judge_file_rejects_a_record_it_cannot_judge_naming_line_and_field(tmp_path: Path, change, field) -> None:
    record = {k: v for k, v in (RECORD | change).items() if v is not None}
    code, output, _ = _run(tmp_path, [RECORD | {"id": "ok"}, record])
    assert code != 0 and "line 2" in output and field in output


def test_judge_file_llm_sends_the_reference_and_scores_the_reply_with_the_same_engine(tmp_path: Path) -> None:
    """The LLM judge's reply (one Major item wrong, one hallucination) is scored by the MQM engine."""
    reply = {
        "items": [
            {
                "key": "values",
                "coverage": "complete",
                "correctness": "wrong",
                "subtype": "numeric",
                "span": "FastNet reaches 20",
            }
        ],
        "violations": [{"span": "a third method", "severity": "minor", "note": "not in the chart"}],
        "binding_errors": [],
    }
    prompts: list[str] = []

    def answer(body: dict) -> str:
        content = body["messages"][-1]["content"]
        prompts.append(content if isinstance(content, str) else content[0]["text"])
        return json.dumps(reply)

    with DevServer(reply=answer) as srv:
        code, output, rows = _run(tmp_path, [RECORD], "--judge", "llm", "--base-url", srv.base_url, "--model", "j")
    assert code == 0, output
    [row] = rows
    assert row["error"] is None and row["score"] == pytest.approx(score_of(5, 2))
    assert REFERENCE in prompts[0] and RECORD["description"] in prompts[0] and "(bar;" in prompts[0]


def test_the_llm_judge_is_shown_every_expert_description_of_the_figure(tmp_path: Path) -> None:
    second = "The Beta group reaches about 30."
    prompts: list[str] = []

    def answer(body: dict) -> str:
        content = body["messages"][-1]["content"]
        prompts.append(content if isinstance(content, str) else content[0]["text"])
        return json.dumps({"items": [], "violations": [], "binding_errors": []})

    with DevServer(reply=answer) as srv:
        code, output, [row] = _run(
            tmp_path,
            [RECORD | {"references": [REFERENCE, second]}],
            *("--judge", "llm", "--base-url", srv.base_url, "--model", "j"),
        )
    assert code == 0 and row["error"] is None and row["score"] == 100.0, output
    assert REFERENCE in prompts[0] and second in prompts[0]


def test_the_expected_penalty_of_unsettled_claims_follows_the_error_rate_of_the_checked_ones() -> None:
    """Two Alpha values checked (one wrong) and one Beta clause the reference cannot settle: the Beta
    clause is expected to cost its weight at the rate (1 wrong + 1) / (2 checked + 4) of the prior
    Beta(1, 3); reported beside the score, which stays the decided findings' only."""
    text = "On Alpha, FastNet reaches 70. On Alpha, SlowNet reaches 10. The Beta pair reaches 66."
    result = judge_against_reference(text, REFERENCE, "bar")
    assert result.score == pytest.approx(score_of(5))
    exp = result.expected
    assert exp is not None and (exp["wrong"], exp["confirmed"], exp["unsettled_clauses"]) == (1, 1, 1)
    assert exp["error_rate"] == pytest.approx(2 / 6, abs=1e-4)
    assert exp["points"] == pytest.approx(2 / 6 * 5.0 * 100.0 / (N_BAR * 5.0), abs=1e-3)
    clean = judge_against_reference("On Alpha, FastNet reaches 70. The Beta pair reaches 66.", REFERENCE, "bar")
    assert clean.expected is not None and clean.expected["points"] < exp["points"]
    assert "expected" in json.loads(result.details_json())


# Precision on long, correct descriptions: one test per class of false alarm the rules used to raise.


def test_a_quoted_variant_of_a_reference_label_is_undecided_and_a_new_label_still_minor() -> None:
    """The expert may sum variants up ("FastNet and its ablations") without listing them: a label that
    extends one of the reference's quoted labels by whole words cannot be called invented."""
    text = 'Next to "FastNet," the chart has "FastNet +distill," "FastNet +prune," and a "Turbo" bar.'
    result = judge_against_reference(text, REFERENCE, "bar")
    assert [f.note for f in result.findings] == ["label 'turbo' is not in the reference"]
    assert sorted(f.note for f in result.undecided) == [
        "label 'fastnet +distill' is not in the reference",
        "label 'fastnet +prune' is not in the reference",
    ]
    assert {f.undecided for f in result.undecided} == {"a variant of the reference's label 'fastnet'"}


def test_a_colour_in_parentheses_belongs_to_the_name_before_them() -> None:
    """ "FastNet (blue bars) ahead of SlowNet": the parenthesis annotates FastNet, though "bars" after a
    colour usually hands it to the name that follows."""
    result = judge_against_reference("FastNet (blue bars) stays ahead of SlowNet on Alpha.", REFERENCE, "bar")
    assert result.findings == [] and result.score == 100.0
    swapped = judge_against_reference("FastNet (orange bars) stays ahead of SlowNet on Alpha.", REFERENCE, "bar")
    assert [f.note for f in swapped.findings] == ["colour orange for fastnet; the reference says blue"]


def test_a_colour_binds_forward_only_up_to_the_next_colour() -> None:
    """In "a blue bar for the mean and an orange bar for SlowNet" SlowNet is the orange bar's: the
    blue one names something the reference does not know, so it settles nothing."""
    text = "A blue bar shows the mean and an orange bar shows SlowNet."
    result = judge_against_reference(text, REFERENCE, "bar")
    assert result.findings == [] and result.score == 100.0


def test_a_range_of_values_is_not_an_axis_range() -> None:
    result = judge_against_reference("On Alpha the scores, ranging from 41 to 72, differ most.", REFERENCE, "bar")
    assert [f for f in result.findings + result.undecided if f.item == "value_range"] == []


def test_an_axis_range_inside_the_references_that_holds_its_values_is_undecided() -> None:
    """The expert's 0-80 against a description's 0-75: the reference may give the axis's extent where
    the description gives its last tick label; every value the reference states still fits."""
    close = judge_against_reference("The y-axis runs from 0 to 75.", REFERENCE, "bar")
    assert close.findings == [] and [f.note for f in close.undecided] == ["axis range 0-75"]
    short = judge_against_reference("The y-axis runs from 0 to 60.", REFERENCE, "bar")
    assert [(f.note, f.severity) for f in short.findings] == [("axis range 0-60", "major")]  # 72 does not fit


# Our own line plot where one line's sentence gives no value at Layer13-20 and the other's does.
SPARSE_LINES = (
    'The x-axis shows layer groups "Layer1-4", "Layer5-12" and "Layer13-20". '
    'The red line, "AlphaQuant", starts near 0 at Layer1-4 with a small dip around Layer13-20. '
    'The blue line, "BetaQuant", starts at about -2 at Layer1-4, dropping to -15 at Layer13-20.'
)


def test_a_value_at_a_position_is_read_in_its_series_grid_cell() -> None:
    """-3 for AlphaQuant at Layer13-20: the reference describes AlphaQuant but gives it no value there,
    so the claim is undecided; BetaQuant's -15 there says nothing about AlphaQuant."""
    text = 'The red line, "AlphaQuant", starts at 0 at Layer1-4 and dips to -3 at Layer13-20.'
    result = judge_against_reference(text, SPARSE_LINES, "line")
    assert result.findings == [] and result.score == 100.0
    assert [f.undecided for f in result.undecided] == ["the reference states no value for 'alphaquant' at 'layer1320'"]
    beta = judge_against_reference(
        'The blue line, "BetaQuant", starts at -2 at Layer1-4 and dips to -3 at Layer13-20.', SPARSE_LINES, "line"
    )
    [finding] = beta.findings
    assert finding.note.startswith("value '-3' for layer1320") and finding.severity == "major"


def test_a_respectively_list_of_values_binds_in_order_and_a_group_is_its_context() -> None:
    right = judge_against_reference("On Alpha, FastNet and SlowNet reach 72 and 41, respectively.", REFERENCE, "bar")
    assert right.findings == [] and right.score == 100.0
    wrong = judge_against_reference("On Alpha, FastNet and SlowNet reach 41 and 72, respectively.", REFERENCE, "bar")
    assert {f.subtype for f in wrong.findings + wrong.merged} == {"label_map"}
    assert wrong.score == pytest.approx(score_of(5))  # one clause, one misreading
    # the reference's own list: SlowNet's Beta value is 20, FastNet's 60
    reference = REFERENCE + " On Beta, FastNet and SlowNet reach 60 and 20, respectively."
    beta = judge_against_reference("On Beta, SlowNet reaches 60.", reference, "bar")
    assert [f.note.split(";")[0] for f in beta.findings] == ["value '60' for slownet"]


def test_a_respectively_list_that_cannot_be_paired_is_not_read() -> None:
    """One name and three values (its three datasets, unnamed): which value is whose is not said, so
    none is checked; the first is not FastNet's value as a lone "FastNet reaches 90" would be."""
    result = judge_against_reference("FastNet reaches 90, 72 and 55, respectively.", REFERENCE, "bar")
    assert result.findings == [] and result.undecided == [] and result.score == 100.0


def test_a_value_the_reference_gives_as_a_bound_is_checked_as_one() -> None:
    """ "SlowNet stays below 45 on Beta" bounds SlowNet's Beta value: 20 is consistent with it, 60 is
    not; "just below 45" is a hedged value, read as 45."""
    reference = REFERENCE + " On Beta, SlowNet stays below 45."
    assert judge_against_reference("On Beta, SlowNet reaches 20.", reference, "bar").findings == []
    [wrong] = judge_against_reference("On Beta, SlowNet reaches 60.", reference, "bar").findings
    assert wrong.note.startswith("value '60' for slownet")
    hedged = REFERENCE + " On Beta, SlowNet stays just below 45."
    assert judge_against_reference("On Beta, SlowNet reaches 20.", hedged, "bar").findings != []


# Our own line plot: error against training steps, the error axis far from zero.
OFFSET_LINES = (
    'The line plot shows the error of "Ridge" and "Lasso" against training steps. The x-axis is labeled '
    '"Steps" with a linear scale ranging from 0 to 50,000. The y-axis is labeled "Error" and ranges from 1.2 '
    "to 1.7. Ridge ends near 1.25 and Lasso ends near 1.5."
)


def test_a_value_is_checked_on_the_value_axis_from_its_near_end() -> None:
    """The value axis is the range that holds the stated values, not the steps axis (0 to 50,000, 4 %
    of which would pass any error), and a value's tolerance is 10 % of its height above the axis's
    near end (1.2), not of the value: 1.35 for Ridge's 1.25 is off by three times its height."""
    wrong = judge_against_reference("Ridge ends at about 1.35.", OFFSET_LINES, "line")
    [finding] = wrong.findings
    assert finding.note.startswith("value '1.35' for ridge") and finding.subtype == "numeric"
    # within 4 % of the error axis's span (0.02): still right
    assert judge_against_reference("Ridge ends at 1.26.", OFFSET_LINES, "line").findings == []
    # on an axis from zero the value's own 10 % stays the tolerance: 62 for 60 passes, 70 does not
    from_zero = 'The y-axis ranges from 0 to 100. "Ridge" ends at 60.'
    assert judge_against_reference("Ridge ends at 62.", from_zero, "line").findings == []
    assert judge_against_reference("Ridge ends at 70.", from_zero, "line").findings != []


# Our own line plot: two series over three stages, values stated at each stage.
STAGE_LINES = (
    'The line plot shows the gain of "AlphaQuant" and "BetaQuant". The x-axis shows three stages: Stage1, '
    'Stage2 and Stage3. The y-axis is labeled "Gain" and ranges from -20 to 10. "AlphaQuant" starts at 0 at '
    'Stage1, reaches -12 at Stage2 and -3 at Stage3. "BetaQuant" starts at 2 at Stage1 and stays at 2 at Stage2.'
)


def test_a_direction_word_between_two_values_of_a_series_is_checked_against_the_reference() -> None:
    """ "rises to -11 at Stage2" states the right value but the wrong direction: the reference's
    AlphaQuant falls from 0 to -12 there. A direction the reference's values bear out counts as
    confirmed, and "rises slightly" over a step inside the tolerance is neither."""
    wrong = judge_against_reference(
        '"AlphaQuant" starts at 0 at Stage1, then rises to -11 at Stage2.', STAGE_LINES, "line"
    )
    [finding] = wrong.findings
    assert finding.subtype == "trend" and finding.item == "trend" and finding.severity == "major"
    assert "alphaquant goes up from stage1 to stage2" in finding.note
    right = judge_against_reference(
        '"AlphaQuant" starts at 0 at Stage1, drops to -11 at Stage2 and then climbs to -3 at Stage3.',
        STAGE_LINES,
        "line",
    )
    assert right.findings == [] and right.expected["confirmed"] == 5  # three values and two directions
    flat = '"BetaQuant" starts at 2 at Stage1 and rises slightly to 2.5 at Stage2.'
    assert judge_against_reference(flat, STAGE_LINES, "line").findings == []
    still = '"AlphaQuant" starts at 0 at Stage1 and plateaus at -11 at Stage2.'
    assert [f.subtype for f in judge_against_reference(still, STAGE_LINES, "line").findings] == ["trend"]


# Our own grouped bars: two sizes of one model family, the reference giving values by bar colour.
COLOUR_BARS = (
    'The x-axis shows two model sizes, "Kite-1-8B" and "Kite-1-70B". Each has two bars: "plain" drawn in '
    'green and "tuned" drawn in orange. For Kite-1-8B, the green bar reaches about 40 and the orange bar '
    "reaches about 55. For Kite-1-70B, the green bar is at 60 and orange at 75."
)


def test_a_colour_the_reference_gives_one_series_stands_for_that_series() -> None:
    """ "the orange bar" is the series the reference draws in orange ("tuned"), on both sides: the
    reference's "the orange bar reaches about 55" gives tuned's value at Kite-1-8B, and a description's
    "the orange bar reaches 40" there is checked against it."""
    right = judge_against_reference('For "Kite-1-8B", "tuned" reaches 55 and "plain" reaches 40.', COLOUR_BARS, "bar")
    assert right.findings == [] and right.undecided == [] and right.expected["confirmed"] == 2
    wrong = judge_against_reference("For Kite-1-8B, the orange bar reaches 40.", COLOUR_BARS, "bar")
    [finding] = wrong.findings
    assert finding.item == "values" and finding.note == "value '40' for tuned; the reference gives 55"
    # a colour the reference gives two names stands for neither: the value is not read
    shared = COLOUR_BARS.replace('"tuned" drawn in orange', '"tuned" drawn in green')
    assert judge_against_reference("For Kite-1-8B, the green bar reaches 90.", shared, "bar").findings == []


def test_a_short_form_of_one_reference_name_is_that_name() -> None:
    """ "8B" ends exactly one reference name (Kite-1-8B): a respectively list "for the 8B and 70B
    models" pairs its values with those two names, and the series named before the list (tuned) is
    their context. A short form two names end stands for neither."""
    right = judge_against_reference(
        'The "tuned" bars reach 55 and 75 for the 8B and 70B models, respectively.', COLOUR_BARS, "bar"
    )
    assert right.findings == [] and right.expected["confirmed"] == 2
    wrong = judge_against_reference(
        'The "tuned" bars reach 75 and 55 for the 8B and 70B models, respectively.', COLOUR_BARS, "bar"
    )
    notes = {f.note.split(";")[0] for f in wrong.findings + wrong.merged}
    assert notes == {"value '75' for kite18b", "value '55' for kite170b"}
    twins = COLOUR_BARS.replace('and "Kite-1-70B"', 'and "Owl-2-8B"')
    alone = judge_against_reference("The 8B model reaches 99.", twins, "bar")
    assert alone.findings == [] and alone.undecided == []


# Our own bars on an axis that starts high: the foot of the axis is where a hedged value sits.
HIGH_AXIS = 'The y-axis ranges from 50 to 100. "Heron" sits around 50 and "Ibis" reaches 85.'


def test_a_hedged_reference_value_is_a_range_a_description_may_fall_anywhere_in() -> None:
    """ "around 50" was rounded to tens: it says 45-55, not 50 give or take 4 % of the axis (2). A
    description's 53 is inside that range; 58 is outside it and still an error. An unhedged 85 keeps
    the rubric's tolerance (8.5): 95 is wrong."""
    assert judge_against_reference('"Heron" sits at 53.', HIGH_AXIS, "bar").findings == []
    [outside] = judge_against_reference('"Heron" sits at 58.', HIGH_AXIS, "bar").findings
    assert outside.note.startswith("value '58' for heron")
    assert judge_against_reference('"Ibis" reaches 95.', HIGH_AXIS, "bar").findings != []


# Our own bars: two series of one colour family, told apart by shade only, and a third in green.
SHADE_BARS = (
    'The bar chart compares "Ridge", "Lasso" and "Elastic" on one task. "Ridge" is drawn in light blue, '
    '"Lasso" in dark blue and "Elastic" in green. The light blue bar reaches 40, the dark blue bar 70 '
    "and the green bar 55."
)


def test_a_shade_of_a_colour_binds_to_the_one_series_the_reference_gives_it() -> None:
    """Blue belongs to two series here, so "the blue bar" stands for neither; "dark blue" is Lasso's
    alone, on both sides: the reference's "the dark blue bar 70" is Lasso's value and a description's
    "the navy bar reaches 40" is checked against it. "Ridge in dark blue" gives Ridge Lasso's shade: a
    label-mapping error, where a plain "blue" for Ridge is right and "coral" (a pink) for Elastic is
    wrong."""
    right = judge_against_reference("The dark blue bar reaches 70 and the light blue one 40.", SHADE_BARS, "bar")
    assert right.findings == [] and right.expected["confirmed"] == 2
    [value] = judge_against_reference("The navy bar reaches 40.", SHADE_BARS, "bar").findings
    assert value.note == "value '40' for lasso; the reference gives 70"
    assert judge_against_reference("The blue bar reaches 90.", SHADE_BARS, "bar").findings == []
    [swapped] = judge_against_reference('"Ridge" is drawn in dark blue.', SHADE_BARS, "bar").findings
    assert swapped.subtype == "label_map" and "gives that shade to lasso" in swapped.note
    assert judge_against_reference('"Ridge" is drawn in blue.', SHADE_BARS, "bar").findings == []
    [coral] = judge_against_reference('"Elastic" is drawn in light coral.', SHADE_BARS, "bar").findings
    assert coral.note == "colour pink for elastic; the reference says green"


# Our own lines, each named in an aside between commas, as experts often write them.
APPOSITIVE_LINES = (
    'The y-axis is labeled "Loss" and ranges from 0 to 1. The red line, marking "Kestrel Base", starts '
    'around 0.8 and falls. The green line, "Kestrel Large", starts near 0.7. A dashed grey line marks 0.5, '
    'above "Kestrel Base" and "Kestrel Large" at the end.'
)


def test_the_one_colour_of_a_sentence_naming_one_element_is_that_elements() -> None:
    """ "The red line, marking "Kestrel Base", starts ..." gives Kestrel Base the colour red although
    the comma parts them: the sentence names one element and one colour. So "Kestrel Base is green"
    is Kestrel Large's colour and an error, "red" is right; a sentence naming two elements binds its
    grey to neither."""
    [wrong] = judge_against_reference('"Kestrel Base" is drawn in green.', APPOSITIVE_LINES, "line").findings
    assert wrong.subtype == "label_map" and wrong.note == "colour green for kestrelbase; the reference says red"
    right = judge_against_reference('"Kestrel Base" is drawn in red.', APPOSITIVE_LINES, "line")
    assert right.findings == [] and right.expected["confirmed"] == 1
    [grey] = judge_against_reference('"Kestrel Base" is drawn in grey.', APPOSITIVE_LINES, "line").findings
    assert grey.note == "colour gray for kestrelbase; the reference says red"


# Our own bars with values printed to one decimal, as papers print them above the bars.
PRINTED_BARS = (
    'The bar chart compares "Osprey-3B", "Osprey-70B" and "Falcon-X" on one benchmark: "Osprey-3B" '
    'reaches 78.2, "Osprey-70B" 74.6 and "Falcon-X" 71.4.'
)


def test_another_bars_printed_value_is_a_label_mapping_error_even_within_the_tolerance() -> None:
    """74.6 is within 10 % of Osprey-3B's 78.2, but it is the number printed on Osprey-70B's bar: the
    description gave one bar's label to its neighbour. "is at 74.6" states a value, not a position.
    A round number ("70") is no such fingerprint, and a value the name shares is no copy."""
    [copied] = judge_against_reference('The "Osprey-3B" bar is at 74.6.', PRINTED_BARS, "bar").findings
    assert copied.subtype == "label_map" and copied.note.endswith("(exactly osprey70b's)")
    assert judge_against_reference('The "Osprey-3B" bar is at 76.0.', PRINTED_BARS, "bar").findings == []
    shared = PRINTED_BARS.replace("71.4", "78.2")
    assert judge_against_reference('"Osprey-3B" reaches 78.2.', shared, "bar").findings == []


def test_a_value_in_parentheses_after_a_name_the_reference_lacks_is_not_read() -> None:
    """In "beats Osprey-70B (74.6) and Kite (71.4)" the 71.4 annotates Kite, a name the reference does
    not use: it is not Osprey-70B's value (nor a copy of Falcon-X's), so nothing is found; the
    colour in "Kite (red, 71.4)" is Kite's too."""
    text = '"Osprey-3B" (78.2) beats "Osprey-70B" (74.6) and Kite (71.4).'
    assert judge_against_reference(text, PRINTED_BARS, "bar").findings == []
    coloured = 'The chart shows "Osprey-70B" (blue, 74.6) and Kite (red, 71.4).'
    assert judge_against_reference(coloured, PRINTED_BARS + ' "Osprey-70B" is blue.', "bar").findings == []


# Our own grouped bars: four language groups on the x axis, only the extremes described.
GROUP_BARS = (
    "The horizontal axis lists four groups: Nordic, Baltic, Celtic and Iberian. The vertical axis is labeled "
    '"Gain" and the panel shows Accuracy. The tallest bars are in the Nordic group, whereas the shortest are '
    "in the Celtic group."
)


def test_an_axis_category_called_the_extreme_where_the_reference_names_another_is_an_error() -> None:
    """The reference gives the Baltic group no value, but lists it on the x axis: calling it the
    shortest where the reference says Celtic is an extremes error. Accuracy is the panel's metric, no
    category: "the shortest bars are in Accuracy" is left alone."""
    [wrong] = judge_against_reference("The shortest bars are observed for Baltic.", GROUP_BARS, "bar").findings
    assert wrong.item == "extremes" and wrong.note == "baltic as lowest; the reference says celtic"
    assert judge_against_reference("The shortest bars are observed for Celtic.", GROUP_BARS, "bar").findings == []
    assert judge_against_reference("The shortest bars are in Accuracy.", GROUP_BARS, "bar").findings == []


def test_a_count_of_bars_the_reference_never_states_is_a_structure_error() -> None:
    """The reference says each dataset has two bars (FastNet and SlowNet): "three bars per dataset"
    misreads the structure, "two bars" is right, and "up to three bars" is a bound, not a count. A
    count of lines says nothing about bars."""
    reference = REFERENCE + " Each dataset has two bars side by side."
    [wrong] = judge_against_reference("Each dataset shows three bars.", reference, "bar").findings
    assert wrong.item == "layout" and wrong.note == "3 bars; the reference counts 2"
    assert judge_against_reference("Each dataset shows two grouped bars.", reference, "bar").findings == []
    assert judge_against_reference("Each dataset shows up to three bars.", reference, "bar").findings == []
    assert judge_against_reference("Three lines cross the bars.", reference, "bar").findings == []


# Our own figure: three panels of horizontal bars side by side, one per metric, the same models in each.
PANELS = (
    'The figure holds three bar charts, Speed, Memory and Cost, over the models "Kestrel-2", "Heron-5" and '
    '"Plover-9". In the Speed chart, "Kestrel-2" reaches 81.5 %. In the Memory chart, the bars vary from '
    '12.0 % to 64.0 %, with "Heron-5" the highest. The Cost chart is described no further.'
)


def test_a_value_right_after_a_name_and_at_is_that_names_value() -> None:
    """ "Kestrel-2 at 81.5 %" gives Kestrel-2 a value; a position would stand before its name ("at
    Layer4, X reaches 3"). So 60 % for it is wrong and 81 % is right, in either text."""
    reference = 'The longest bar is "Kestrel-2" at 81.5 %, the shortest "Plover-9".'
    [wrong] = judge_against_reference('"Kestrel-2" reaches 60.0 %.', reference, "bar").findings
    assert wrong.item == "values" and "81.5" in wrong.note
    assert judge_against_reference('"Kestrel-2" reaches 81 %.', reference, "bar").findings == []
    [wrong] = judge_against_reference('The top bar is "Kestrel-2" at 60.0 %.', reference, "bar").findings
    assert wrong.item == "values"


def test_a_value_stated_in_one_panel_settles_nothing_in_another() -> None:
    """The reference gives Kestrel-2's Speed value only: its value in the Memory chart, named in the
    sentence or in one before it, is left undecided rather than checked against the Speed bar's."""
    for text in (
        'In the Memory chart, "Kestrel-2" reaches 40.0 %.',
        'The Memory chart comes next. There "Kestrel-2" reaches 40.0 %.',
    ):
        result = judge_against_reference(text, PANELS, "bar")
        assert result.findings == [] and [u.item for u in result.undecided] == ["values"]
    [wrong] = judge_against_reference('In the Speed chart, "Kestrel-2" reaches 40.0 %.', PANELS, "bar").findings
    assert wrong.item == "values" and "81.5" in wrong.note


def test_the_element_called_the_highest_of_a_panels_range_has_its_top_value() -> None:
    """ "the bars vary from 12.0 % to 64.0 %, with Heron-5 the highest": Heron-5's Memory value is 64."""
    [wrong] = judge_against_reference('In the Memory chart, "Heron-5" reaches 30.0 %.', PANELS, "bar").findings
    assert wrong.item == "values" and wrong.note.endswith("the reference gives 64.0")
    assert judge_against_reference('In the Memory chart, "Heron-5" reaches 64 %.', PANELS, "bar").findings == []


def test_a_value_outside_the_range_the_reference_gives_a_panel_is_wrong() -> None:
    """Every Memory bar lies between 12 % and 64 %: Plover-9 at 3 % there is wrong, though the reference
    gives Plover-9 no value; 14 % stays undecided, and 3 % in the Cost chart is not bounded at all."""
    [wrong] = judge_against_reference('In the Memory chart, "Plover-9" sits at 3.0 %.', PANELS, "bar").findings
    assert wrong.item == "values" and "12-64" in wrong.note
    for text in ('In the Memory chart, "Plover-9" sits at 14.0 %.', 'In the Cost chart, "Plover-9" sits at 3.0 %.'):
        assert judge_against_reference(text, PANELS, "bar").findings == []


def test_a_value_bound_to_a_panel_is_the_value_of_the_one_element_its_sentence_names() -> None:
    """ "Heron-5 has a Memory bar of 30 %": the 30 % is Heron-5's in the Memory chart (64 % in the
    reference), not a value of the Memory chart as a whole."""
    [wrong] = judge_against_reference('"Heron-5" has a Memory bar of 30.0 %.', PANELS, "bar").findings
    assert wrong.item == "values" and "heron5" in wrong.note
    assert judge_against_reference('"Heron-5" has a Memory bar of 63.0 %.', PANELS, "bar").findings == []


# Our own grouped bars whose reference gives each bar's value by its colour, dataset by dataset.
BY_COLOUR = (
    "The horizontal axis lists two datasets, Alpha and Gamma. FastNet is drawn in blue and SlowNet in orange. "
    "On Alpha, the blue bar reaches 72 % and the orange bar 41 %. On Gamma, the blue bar reaches 55 % and the "
    "orange bar 30 %."
)


def test_each_respectively_in_a_sentence_closes_its_own_list() -> None:
    """Two lists of two in one sentence are read as two lists, not one of four that pairs with nothing:
    SlowNet's 10 % on Gamma (the reference's 30 %) is found in the second."""
    text = (
        "The FastNet bars reach 72 % and 55 % on Alpha and Gamma respectively, and the SlowNet bars reach "
        "41 % and 10 % on Alpha and Gamma respectively."
    )
    [wrong] = judge_against_reference(text, BY_COLOUR, "bar").findings
    assert wrong.item == "values" and "'10 %'" in wrong.note and "30" in wrong.note


def test_a_percentage_more_than_three_points_off_is_wrong_however_tall_the_bar() -> None:
    """The paper's rubric accepts percentages within 3 points: 66 % for a 72 % bar is wrong though
    within 10 % of it, 70 % is right, and "about 68 %" is hedged (4.5 points)."""
    [wrong] = judge_against_reference("On Alpha, FastNet reaches 66 %.", BY_COLOUR, "bar").findings
    assert wrong.item == "values" and "72" in wrong.note
    for text in ("On Alpha, FastNet reaches 70 %.", "On Alpha, FastNet reaches about 68 %."):
        assert judge_against_reference(text, BY_COLOUR, "bar").findings == []


def test_a_label_set_in_backticks_is_a_quoted_label() -> None:
    """Models write legend entries as code ("`SlowNet`"): one the reference does not know is a
    hallucinated label, as it is in quotes; one it knows is no finding."""
    [made_up] = judge_against_reference("The orange bars are `SlowNet-v2 (ours)`.", REFERENCE, "bar").findings
    assert made_up.subtype == "halluc" and "slownet-v2 (ours)" in made_up.note
    assert judge_against_reference("The orange bars are `SlowNet`.", REFERENCE, "bar").findings == []


# Our own line chart whose x axis counts sweeps of two solvers.
SWEEPS = (
    'The line plot shows how two solvers converge. The x-axis is labeled "Sweeps" with a linear scale from 0 '
    'to 500, and the y-axis is labeled "Residual" ranging from 0 to 1. The blue line, representing "Jacobi", '
    "starts at a residual of about 0.9 at 0 Sweeps and falls to 0.4 at 500 Sweeps. The orange line, "
    'representing "Gauss", falls from 0.8 to 0.1.'
)


def test_an_axis_title_is_the_quantity_on_the_axis_not_an_element() -> None:
    """ "300 Sweeps" is a position on the axis the reference titles "Sweeps": no value of an element
    called Sweeps, so nothing to compare with the residuals the reference states at 0 and 500 Sweeps.
    Categories the axis is "labeled as" in a list stay elements: a wrong value of one is still found."""
    text = 'The orange "Gauss" line drops quickly and stays low beyond 300 Sweeps.'
    assert judge_against_reference(text, SWEEPS, "line").findings == []
    listed = (
        'The horizontal axis shows the categories labeled as "Alpha" and "Gamma". The blue bar of Alpha '
        "reaches 72 % and that of Gamma 55 %."
    )
    [wrong] = judge_against_reference("The blue bar of Alpha reaches 40 %.", listed, "bar").findings
    assert wrong.item == "values" and "alpha" in wrong.note


# Our own line chart: two samplers against the beam width k, each line's values in the sentence after
# the one that names it.
BEAMS = (
    'The line plot shows the error of two samplers, "Ancestral" and "Greedy", against the beam width k. '
    "The blue line represents Ancestral. It starts at an error of 12.0 at k=1, falls to 8.0 at k=2 and ends "
    "at 6.0 at k=4. The red line represents Greedy. It starts at 20.0 at k=1 and ends at 15.0 at k=4."
)


def test_a_value_at_a_coordinate_is_checked_against_the_same_lines_value_there() -> None:
    """ "k=4" is a position of the x axis, not an element, and "It ..." goes on about the line the
    sentence before named: Greedy's 6 at k=4 is wrong (Greedy ends at 15 there; 6 is Ancestral's end),
    though 6 lies between the values the reference gives at k=4. Right values of both lines are no
    finding, and the 3 that ends the range "k=2–3" is a position, not a value."""
    [wrong] = judge_against_reference("Greedy ends near 6 at k=4.", BEAMS, "line").findings
    assert wrong.item == "values" and "'6'" in wrong.note and "15.0" in wrong.note
    for text in ("Greedy ends near 15 at k=4, and Ancestral ends near 6 at k=4.", "Ancestral stays near 8 at k=2–3."):
        assert judge_against_reference(text, BEAMS, "line").findings == []


def test_a_label_the_reference_may_have_left_out_of_a_list_it_says_goes_on_is_undecided() -> None:
    """A reference that quotes some slices "among others" does not list them all: a slice label it does
    not quote is left undecided, not called made up; without the "among others" it is a finding."""
    partial = 'The pie chart has nine slices, with labels such as "Walking" and "Cycling", among others.'
    text = 'The slices include "Walking", "Rowing" and "Cycling".'
    result = judge_against_reference(text, partial, "pie")
    assert result.findings == [] and [u.subtype for u in result.undecided] == ["halluc"]
    full = 'The pie chart has three slices, labeled "Walking", "Swimming" and "Cycling".'
    [made_up] = judge_against_reference(text, full, "pie").findings
    assert made_up.subtype == "halluc" and "rowing" in made_up.note


def test_a_value_in_bold_before_at_and_a_position_belongs_to_that_position() -> None:
    """Markdown bold ("**15** at **k=4**") does not hide the "at" that hands the value to the position
    after it: Greedy's 15 is its value at k=4, not a second value at k=1."""
    text = "**Greedy** starts near **20** at **k=1** and ends near **15** at **k=4**."
    assert judge_against_reference(text, BEAMS, "line").findings == []


def test_a_label_quoted_with_its_value_or_in_html_subscripts_is_the_reference_label() -> None:
    """ "Alpha: 70%" quotes the label Alpha and its value, "Res<sub>a</sub>" is Res_a written with HTML
    subscripts: neither is a made-up label; a label the reference does not know still is."""
    slices = "The pie chart shows two slices, Alpha at 70% in blue and Beta at 30% in red."
    assert judge_against_reference('The blue slice is labeled "Alpha: 70%".', slices, "pie").findings == []
    [made_up] = judge_against_reference('The blue slice is labeled "Gamma: 70%".', slices, "pie").findings
    assert made_up.subtype == "halluc" and "gamma" in made_up.note
    lines = 'The line plot compares "Res_a" and "Res_b", drawn in blue and red. Res_a ends at 0.9 and Res_b at 0.7.'
    assert judge_against_reference('The blue line, "Res<sub>a</sub>", ends near 0.9.', lines, "line").findings == []


def test_a_label_one_letter_from_the_references_where_the_caption_spells_it_so_is_undecided() -> None:
    """The expert wrote "Vison-Net" where the caption writes "Vision": a description quoting "Vision-Net"
    follows the caption, so the slip is the reference's (undecided, no finding). The same label under a
    caption that does not spell it, or a label two letters off, is still a finding."""
    ref = 'The line plot compares "Vison-Net" and "Tree-Net": Vison-Net in blue ends at 0.8, Tree-Net in red at 0.6.'
    caption = "Accuracy of the Vision and Tree networks over training."
    text = 'The blue line is labeled "Vision-Net".'
    result = judge_against_reference(text, ref, "line", caption)
    assert result.findings == [] and [u.subtype for u in result.undecided] == ["halluc"]
    [slip] = judge_against_reference(text, ref, "line").findings
    assert slip.subtype == "halluc" and "vision-net" in slip.note
    [far] = judge_against_reference('The blue line is labeled "Visions-Nets".', ref, "line", caption).findings
    assert far.subtype == "halluc"


def test_a_claim_naming_every_name_of_the_references_statements_is_checked_against_all_of_them() -> None:
    """The reference gives Alpha 30.0 % beside Beta (outer ring) and 12.0 % alone (inner ring). A
    sentence naming both Alpha and Beta cannot tell the rings apart by its names: Alpha's 12.0 % is
    one of its values, not a misreading of the outer ring's 30.0 %; 50.0 % is neither."""
    rings = 'In the outer ring, "Alpha" has 30.0 % and "Beta" 70.0 %. In the inner ring, Alpha has 12.0 %.'
    assert judge_against_reference("The chart shows Alpha at 12.0 % and Beta at 70.0 %.", rings, "pie").findings == []
    [wrong] = judge_against_reference("The chart shows Alpha at 50.0 % and Beta at 70.0 %.", rings, "pie").findings
    assert wrong.item == "values" and "alpha" in wrong.note
