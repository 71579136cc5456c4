"""The scatter kind end to end through the records: spec, drawing, probes, blur targets, respondents, judge.

Scatter is an ``ordered_x`` kind whose points are not joined (``connects_points=False``); none
of the stages below knows its name. Fitted lines are recomputed here by the normal equations,
independently of the generator's formula.
"""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from PIL import Image

from helpers.kind_checks import assert_probes_answered, respondents_agree_with_judge
from scifigbench.blurtargets.from_spec import ranked_candidates
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.concepts.names import IMAGE_CONDITIONS
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.stage import FigureJob, process_figure
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.probes.families.blur.from_targets import question_for
from scifigbench.probes.figure_view import FigureView
from scifigbench.spec import FigureSpec

N = 9  # three of each variant


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "scatter", i, 100)
        out.append((spec, render(spec)))
    return out


def _ols(x: list[float], y: list[float]) -> tuple[float, float, float]:
    """Slope, intercept and r by the normal equations and the covariance matrix."""
    a = np.column_stack([x, np.ones(len(x))])
    slope, intercept = np.linalg.solve(a.T @ a, a.T @ np.asarray(y))
    return float(slope), float(intercept), float(np.corrcoef(x, y)[0, 1])


def test_scatter_comes_after_area_and_does_not_join_points():
    assert CHART_KINDS[:4] == ("bar", "line", "pie", "area") and seed_code("scatter") == 7
    assert chart_kind("scatter").ordered_x and not chart_kind("scatter").connects_points
    assert all(chart_kind(k).connects_points for k in ("bar", "line", "pie", "area"))


def test_png_is_drawn(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        inked = img.min(axis=2) < 200
        assert 0.005 < inked.mean() < 0.2, spec.figure_id  # markers and text, no filled areas


def test_spec_values_and_fits_are_exact(drawn):
    for spec, _ in drawn:
        p = spec.panels[0]
        decimals = int(p.value_format[3])
        lo, hi = p.y_range
        assert len(p.x_values) == len(p.categories) == len(set(p.x_values)) and p.x_values == sorted(p.x_values)
        for s in p.series:
            assert len(s.values) == len(p.x_values)
            assert all(v == round(v, decimals) and lo <= v <= hi for v in s.values)
            assert (s.fit is not None) == (spec.variant == "group_fit")
            if s.fit:
                assert (s.fit["slope"], s.fit["intercept"], s.fit["r"]) == pytest.approx(_ols(p.x_values, s.values))
                assert np.sign(s.fit["slope"]) == np.sign(s.values[-1] - s.values[0])
        assert (p.fit is not None) == (p.point_labels is not None) == (spec.variant == "labelled")
        if p.fit:
            xs = p.x_values * len(p.series)
            ys = [v for s in p.series for v in s.values]
            assert (p.fit["slope"], p.fit["intercept"], p.fit["r"]) == pytest.approx(_ols(xs, ys))


def test_late_fields_round_trip_and_are_left_out_when_unset(drawn):
    for spec, _ in drawn:
        data = json.loads(spec.to_json())
        assert ("fit" in data["panels"][0]) == (spec.variant == "labelled")
        assert FigureSpec.from_dict(data).to_json() == spec.to_json()


def test_text_elements_have_boxes_and_points_their_names(drawn):
    for spec, _ in drawn:
        assert {"tick", "axis_label"} <= {t.role for t in spec.text_elements}
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        p = spec.panels[0]
        printed = [(t.text, t.category) for t in spec.text_elements if t.role == "point_label"]
        assert printed == list(zip(p.point_labels or [], p.categories if p.point_labels else [], strict=True))


def _no_crossing_and_no_absent_fit(spec: FigureSpec, p) -> None:
    assert "lines swap" not in p.text, p.text  # unjoined points have no crossings
    fitted = spec.variant != "scatter"  # a drawn dashed fitted line is not an absent element
    assert not (fitted and p.family == "resistance" and "dashed" in p.text), p.text


def test_probes_have_computed_answers_and_no_crossings(drawn):
    assert_probes_answered([spec for spec, _ in drawn], _no_crossing_and_no_absent_fit)


def test_blur_targets_are_proposed_and_point_names_asked_for(drawn):
    labelled = [s for s, _ in drawn if s.variant == "labelled"]
    for spec, _ in drawn:
        for mode in ("admittance", "inductance"):
            assert ranked_candidates(spec, spec.caption, mode, 42, 2.0), (spec.figure_id, mode)
    names = [
        c for s in labelled for c in ranked_candidates(s, s.caption, "admittance", 42, 2.0) if c.rule == "point_label"
    ]
    assert names
    spec = next(s for s in labelled if any(c.element_id.startswith(s.figure_id) for c in names))
    c = next(c for c in names if c.element_id.startswith(spec.figure_id))
    e = next(t for t in spec.text_elements if t.element_id == c.element_id)
    question = question_for(FigureView(spec), vars(e), spec.width, spec.height)
    assert question.startswith("What name is printed beside the point at") and e.category in question


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_scores_with_the_scatter_checklist(drawn):
    spec = next(s for s, _ in drawn if s.variant == "group_fit")
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} == {i.key for i in chart_kind("scatter").checklist}
    assert good.score > judge_description("A bar chart.", spec).score
    said = read_description("A scatter plot of points.", spec)
    assert said.coverage["chart_type"] == "complete"


def test_corpus_kinds_asks_for_scatter_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"scatter": 3}).counts()["scatter"] == 3


def test_every_condition_is_made(drawn, tmp_path):
    """The conditions stage's per-figure work: every image condition, both blur modes confirmed."""
    made: set[str] = set()
    for spec, png in drawn[:3]:
        spec.caption = caption(spec)
        (tmp_path / f"{spec.figure_id}.png").write_bytes(png)
        (tmp_path / f"{spec.figure_id}.json").write_text(spec.to_json())
        job = FigureJob(
            spec.figure_id,
            spec.chart_type,
            f"{spec.figure_id}.png",
            "-",
            spec.width,
            spec.height,
            spec.caption,
            f"{spec.figure_id}.json",
            full=True,
        )
        res = process_figure(job, ConditionsConfig(gallery=False), 42, tmp_path, {})
        assert res.failure is None, res.failure
        made |= {row["condition"] for row in res.conditions}
    assert made == set(IMAGE_CONDITIONS)


def test_every_labelled_point_has_a_name():
    """Domains with few models still name every point of a labelled scatter (the x count follows)."""
    for i in range(2, 120, 3):
        p = generate(42, "scatter", i, 100).panels[0]
        assert p.point_labels is not None and len(set(p.point_labels)) == len(p.x_values) >= 6
