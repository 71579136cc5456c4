"""Undecided units and the judges' shares on the report page and in ``scifigbench tables``."""

from __future__ import annotations

from scifigbench.report import tables as RT
from scifigbench.report.page import render_report
from scifigbench.report.terminal import format_table
from scifigbench.report.units import verdict_label


def _cell(value: float | None, undecided: int = 0, bounds: list[float] | None = None) -> dict:
    cell = {"value": value, "ci_low": 0.5, "ci_high": 0.7, "n": 10, "errors": 0, "undecided": undecided}
    return cell | ({"bounds": bounds} if bounds else {})


SHARES = {"llm": 0.25, "rule": 0.75}
METRICS = {
    "behaviour": {
        "resistance": {
            "a": {"overall": _cell(0.6, 4, [6 / 14, 10 / 14]), "decided_by": SHARES},
            "b": {"overall": _cell(0.4), "decided_by": {"llm": 0.0, "rule": 1.0}},
        },
        "caption_bias": {"a": {"overall": _cell(None, 3, [0.0, 1.0]), "by_type": {}}},
    },
}


def _res_cell(table: RT.Table, model: str, header: str) -> RT.Cell:
    return dict(table.rows)[model][table.columns.index(header)]


def test_report_cell_states_undecided_count_and_bounds_under_the_value():
    table = RT.behaviour_table({}, METRICS["behaviour"], RT.NotMeasured({}))
    a = _res_cell(table, "a", "Res All")
    assert (a.text, a.ci, a.undecided) == ("60.0", "[50.0, 70.0]", "4 undecided; if all decided 42.9–71.4")
    assert "4 undecided units left out of n" in a.title
    assert _res_cell(table, "b", "Res All").undecided == ""  # none undecided: nothing added
    assert "decided_by" not in table.columns  # a model entry's shares are no column
    every = _res_cell(table, "a", "CapB Res")  # every unit undecided: no value, but not "not measured"
    assert (every.text, every.undecided, every.mark) == ("–", "3 undecided; if all decided 0.0–100.0", "")


def test_report_states_the_judges_shares_when_present():
    table = RT.judges_table(METRICS)
    assert table is not None and table.columns == ["Resistance"]
    assert [(m, [c.text for c in cells]) for m, cells in table.rows] == [
        ("a", ["llm 25 · rule 75"]),
        ("b", ["llm 0 · rule 100"]),
    ]
    assert RT.judges_table({"behaviour": {"resistance": {"a": {"overall": _cell(0.6)}}}}) is None
    html = render_report(METRICS, [], [], n_units=0)
    assert "4 undecided; if all decided 42.9–71.4" in html and "Which judge decided the units" in html


def test_terminal_table_is_compact_about_undecided_units_and_judges():
    out = format_table("ari", METRICS)
    row_a = next(line.split() for line in out.splitlines() if line.startswith("a "))
    assert row_a[:3] == ["a", "60.0", "4u"] and "42.9-71.4" in row_a
    assert "- 3u 0.0-100.0" in out  # the all-undecided caption cell
    assert "Nu lo-hi = N undecided units" in out
    assert "decided by (resistance): a llm 25% rule 75%, b llm 0% rule 100%" in out
    plain = format_table("ari", {"behaviour": {"resistance": {"a": {"overall": _cell(0.6)}}}})
    assert "undecided" not in plain and "decided by" not in plain and "u " not in plain.splitlines()[-1]


def test_explorer_labels_an_undecided_blur_unit_undecided_not_none():
    undecided = {"family": "blur_active", "verdict": "undecided", "admits": None, "fabricates": None, "correct": None}
    assert verdict_label(undecided) == "undecided"
    assert verdict_label(undecided | {"verdict": None}) == "none"  # decided with no flag set
