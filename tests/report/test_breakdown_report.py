"""The report's breakdown section: a table per metric cell and split, each value linked to its units."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pandas as pd

from scifigbench.report.breakdown import breakdown_tables
from scifigbench.report.page import render_report
from scifigbench.report.tables import NotMeasured
from scifigbench.report.units import Context, explorer_data


def _cell(v: float, n: int) -> dict:
    return {"value": v, "ci_low": v - 0.1, "ci_high": v + 0.1, "n": n, "errors": 0, "undecided": 0}


CONTENT = {
    "by_kind": {"capability": {"m1": {"bar": _cell(0.5, 8), "pie": _cell(0.25, 4)}, "m2": {"bar": _cell(0.75, 8)}}},
    "by_style": {"resistance": {"m1": {"paper": _cell(0.6, 5), "none": _cell(0.2, 5)}}},
}


def test_each_value_links_to_its_headline_family_and_group():
    tables = breakdown_tables(CONTENT, NotMeasured({}))
    assert [t.title for t in tables] == ["Capability % by chart type", "Resistance % by corpus style"]
    shuffled = {
        "by_kind": {"resistance": CONTENT["by_kind"]["capability"], "capability": CONTENT["by_kind"]["capability"]}
    }
    assert [t.title[:5] for t in breakdown_tables(shuffled, NotMeasured({}))] == ["Capab", "Resis"]  # headline order
    cap, res = tables
    assert cap.columns == ["bar", "pie"] and [m for m, _ in cap.rows] == ["m1", "m2"]
    m1 = dict(cap.rows)["m1"]
    assert [(c.text, c.n) for c in m1] == [("50.0", 8), ("25.0", 4)]
    query = parse_qs(urlsplit(m1[1].link).fragment)
    assert query["model"] == ["m1"] and query["family"] == ["capability"] and query["chart"] == ["pie"]
    assert dict(cap.rows)["m2"][1].text != "75.0"  # m2 has no pie figure: not measured, not m2's bar value
    paper = parse_qs(urlsplit(dict(res.rows)["m1"][res.columns.index("paper")].link).fragment)
    assert paper["family"] == ["resistance"] and paper["style"] == ["paper"]
    html = render_report({"breakdown": CONTENT}, [], [], n_units=0)
    assert '<details class="breakdown"' in html and "Resistance % by corpus style" in html
    assert breakdown_tables({}, NotMeasured({})) == []


def test_cells_outside_the_headline_are_shown_and_link_to_their_own_familys_units():
    content = {
        "by_kind": {
            "admittance_passive": {"m1": {"bar": _cell(0.5, 4)}},
            "caption_bias": {"m1": {"pie": _cell(1.0, 2)}},
        }
    }
    caption, passive = breakdown_tables(content, NotMeasured({}))  # registry order: caption claims before blur
    assert (caption.title, passive.title) == (
        "Caption-bias res. % by chart type",
        "Admittance (passive) % by chart type",
    )
    query = parse_qs(urlsplit(dict(passive.rows)["m1"][0].link).fragment)
    assert query["family"] == ["blur_passive"] and query["category"] == ["admittance"] and query["chart"] == ["bar"]
    assert parse_qs(urlsplit(dict(caption.rows)["m1"][0].link).fragment)["family"] == ["caption_claim"]


def test_explorer_units_carry_their_figures_style():
    j = pd.DataFrame(
        [
            {
                "unit_id": f"m:{f}",
                "model": "m",
                "family": "capability",
                "category": "x",
                "condition": "base",
                "chart_type": "bar",
                "figure_id": f,
                "setup_id": f"{f}/base/capability",
                "verdict": "correct",
                "score": 1.0,
                "judge_id": "rule:t",
                "details_json": None,
                "error": None,
            }
            for f in ("syn", "real")
        ]
    )
    data = explorer_data(j, Context(styles={"syn": "dark"}))
    at = data["columns"].index("style")
    assert {u[data["columns"].index("figure_id")]: u[at] for u in data["units"]} == {"syn": "dark", "real": "none"}
