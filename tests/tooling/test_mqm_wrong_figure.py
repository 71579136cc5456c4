"""The wrong-figure control of the description judge: each reference against every other figure's
descriptions, and the chance an own description outscores a foreign one."""

from __future__ import annotations

import pytest

from helpers.benchmark_module import benchmark_module


@pytest.fixture(scope="module")
def bench():
    return benchmark_module("mqm_wrong_figure")


def _record(fig: str, model: str, reference: str, description: str) -> dict:
    return {"id": f"{fig}/{model}", "figure_id": fig, "model": model, "figure_type": "Bar Chart", "caption": "",
            "reference": reference, "description": description, "gold_human": [{"mqm_score": 50}]}  # fmt: skip


def test_each_reference_meets_every_other_figures_descriptions_without_gold(bench):
    recs = [_record(f, m, f"ref {f}", f"desc {f} {m}") for f in ("a", "b", "c") for m in ("x", "y")]
    cross = bench.cross_records(recs)
    assert len(cross) == 3 * 4  # each of 3 references against the 4 descriptions of the 2 other figures
    assert all(not k.startswith("gold_") for r in cross for k in r)
    assert {(r["reference"], r["description"]) for r in cross if r["figure_id"] == "a"} == {
        ("ref a", f"desc {f} {m}") for f in ("b", "c") for m in ("x", "y")
    }


def test_auc_counts_wins_and_half_ties(bench):
    assert bench.auc([90, 100], [10, 20, 30]) == 1.0
    assert bench.auc([50], [50]) == 0.5
    assert bench.auc([40, 60], [50]) == 0.5  # one win, one loss


def test_a_description_of_the_wrong_figure_loses_points(bench):
    """Two bar charts whose references state different colours and values: each figure's own
    description is right, so the judge gives it 100 and takes points from the other's."""
    ref_a = 'The bar chart shows two bars: "Alpha" in blue at 12 and "Beta" in red at 30.'
    ref_b = 'The bar chart shows two bars: "Alpha" in green at 45 and "Beta" in orange at 8.'
    recs = [
        _record("a", "m", ref_a, 'The chart has two bars. "Alpha" is blue at 12, and "Beta" is red at 30.'),
        _record("b", "m", ref_b, 'The chart has two bars. "Alpha" is green at 45, and "Beta" is orange at 8.'),
    ]
    own = bench.scores(recs)
    foreign = bench.scores(bench.cross_records(recs))
    assert set(own.values()) == {100.0}
    assert all(s < 100.0 for s in foreign.values()), foreign
