"""Descriptions judged against an expert reference description (no spec): rule reader, judge-file, LLM path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.devserver import DevServer
from scifigbench.families.description.reference import judge_against_reference, name_key
from scifigbench.families.registry import rule_verdict
from scifigbench.judges.cli import judge_file

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
    return max(0.0, 100.0 - sum(weights) * 100.0 / (N_BAR * 5.0))


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


def test_a_near_colour_is_undecided_and_a_hallucinated_quoted_label_is_minor() -> None:
    text = 'FastNet is drawn in purple and SlowNet in red. A dashed line labelled "Oracle Bound" sits above.'
    result = judge_against_reference(text, REFERENCE, "bar")
    assert [f.note for f in result.findings] == ["label 'oracle bound' is not in the reference"]
    assert result.score == pytest.approx(score_of(1.0 * 2))  # legend is a Major item, but a label is Minor: 2.0
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
