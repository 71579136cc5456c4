"""The dual-axis kind end to end through the records: spec, drawing, probes, respondents, judge.

A dual-axis chart is an ``ordered_x`` kind with the ``two_value_axes`` trait: each series is read on
the left or the right y axis (``Series.axis``), and no stage compares values across the two.
"""

from __future__ import annotations

import io
import json

import numpy as np
import pandas as pd
import pytest
from PIL import Image

from helpers.kind_checks import (
    assert_capability_answer,
    assert_dataset_grid,
    respondents_agree_with_judge,
    several_panels,
)
from helpers.truth import spec_points
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.stage import ProbesConfig, spec_probes
from scifigbench.spec import FigureSpec, value_axis

N = 6


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "dualaxis", i, 100)
        out.append((spec, render(spec)))
    return out


def test_dualaxis_comes_last_and_declares_two_axes():
    assert seed_code("dualaxis") == CHART_KINDS.index("dualaxis") + 1
    kind = chart_kind("dualaxis")
    assert kind.ordered_x and kind.two_value_axes and not chart_kind("line").two_value_axes


def test_spec_splits_series_over_two_axes_with_exact_values(drawn):
    for spec, _ in drawn:
        for p in spec.panels:
            left = [s for s in p.series if s.axis is None]
            right = [s for s in p.series if s.axis == "right"]
            assert 1 <= len(left) <= 2 and len(right) == len(left)
            assert {s.color for s in left} != {s.color for s in right}  # each axis has its series' colour
            assert p.y2_label and p.y2_label != p.y_label and p.y2_range and p.y2_ticks
            for series, (lo, hi) in ((left, p.y_range), (right, p.y2_range)):
                vals = [v for s in series for v in s.values]
                assert lo <= min(vals) and max(vals) <= hi
                assert all(round(v, 2) == v for v in vals)
            assert value_axis(p, right[0].name).label == p.y2_label and value_axis(p, left[0].name).label == p.y_label
        again = FigureSpec.from_dict(json.loads(spec.to_json()))
        assert [q.y2_range for q in again.panels] == [q.y2_range for q in spec.panels]
        assert all(q.series[-1].axis == "right" for q in again.panels)


def _panel_box(spec: FigureSpec, panel: int) -> tuple[float, float]:
    """The left and right pixel edges of a panel's own text (its ticks and axis labels)."""
    own = [t for t in spec.text_elements if t.panel == panel and t.role in ("tick", "axis_label")]
    return min(t.x0 for t in own), max(t.x1 for t in own)


def test_png_and_text_boxes(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        for p in spec.panels:
            labels = {t.text for t in spec.elements("axis_label") if t.panel == p.index}
            assert {p.y_label, p.y2_label} <= labels
            # right-axis ticks print the recorded y2 ticks, right of every left tick of the same panel
            x0, x1 = _panel_box(spec, p.index)
            mid = (x0 + x1) / 2
            ticks = [t for t in spec.elements("tick") if t.axis == "y" and t.panel == p.index]
            left_x = max(t.x1 for t in ticks if t.value in p.y_ticks and t.x1 < mid)
            right = sorted(t.value for t in ticks if t.x0 > mid)
            assert right == p.y2_ticks and left_x < mid
        named = {t.series for t in spec.text_elements if t.role == "legend_entry"}
        assert named == {s.name for s in spec.panels[0].series}


def test_reading_tolerance_and_units_follow_the_series_axis(drawn):
    spec = drawn[0][0]
    p = spec.panels[0]
    view = FigureView(spec)
    left, right = p.series[0].name, p.series[-1].name
    (llo, lhi), (rlo, rhi) = p.y_range, p.y2_range
    assert view.tol(0, 1.0, left) == pytest.approx(view.read_fraction * (lhi - llo))
    assert view.tol(0, 1.0, right) == pytest.approx(view.read_fraction * (rhi - rlo))
    assert view.unit(0, right) == (p.y2_unit or "") and view.unit(0, left) == (p.unit or "")


def test_probes_have_computed_answers_and_never_cross_axes(drawn):
    families: dict[str, int] = {}
    rng = np.random.default_rng(0)
    for spec, _ in drawn:
        p = spec.panels[0]
        sides = {s.name: s.axis for s in p.series}
        probes, _ = spec_probes(spec, True, ProbesConfig(), 42)
        pts = spec_points(spec)
        for pr in probes:
            families[pr.family] = families.get(pr.family, 0) + 1
            assert "secondary y-axis" not in pr.text and "right-hand y-axis" not in pr.text, pr.text
            if pr.family != "capability":
                continue
            e = json.loads(json.dumps(pr.expected))
            named = [n for n in sides if n in pr.text]
            assert len({sides[n] for n in named}) <= 1, pr.text  # never two axes in one question
            assert_capability_answer(spec, pts, e, rng, pr.text, perturb=_perturbed_by_axis)
    assert {"capability", "resistance", "caption_bias"} <= set(families), families


def _perturbed_by_axis(spec: FigureSpec, df: pd.DataFrame, rng: np.random.Generator, compare: bool) -> pd.DataFrame:
    """The data as a reader reads it: each value off by up to 2.5 % (1 % when only compared) of the span
    of the axis its own series is read on in its own panel, mostly by the full amount."""
    span = {(p.index, s.name): (p.y2_range if s.axis == "right" else p.y_range) for p in spec.panels for s in p.series}
    fraction = 0.01 if compare else 0.025
    out = df.copy()
    err = rng.choice([-1.0, 1.0], len(df)) if rng.random() < 0.7 else rng.uniform(-1, 1, len(df))
    tol = np.array([fraction * (span[k][1] - span[k][0]) for k in zip(df.panel, df.series, strict=True)])
    out["value"] = df.value.astype(float).to_numpy() + err * tol
    return out


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.9, agree / total


def test_rule_judge_reads_each_value_on_its_own_axis(drawn):
    spec = drawn[0][0]
    p = spec.panels[0]
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} == {i.key for i in chart_kind("dualaxis").checklist}
    assert good.score > judge_description("A pie chart.", spec).score
    right = p.series[-1]
    v = right.values[0]
    said = read_description(f"{right.name} is {v:g} at {p.x_label.lower()} {p.categories[0]}.", spec)
    assert not [e for e in said.errors if e["item"] == "values"]
    rlo, rhi = p.y2_range
    ranged = read_description(f"The right y-axis spans from {rlo:g} to {rhi:g}.", spec)
    assert ranged.coverage["value_range"] == "complete"
    assert not [e for e in ranged.errors if e["item"] == "value_range"]


def test_corpus_kinds_asks_for_dualaxis_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"dualaxis": 3}).counts()["dualaxis"] == 3


def test_dualaxis_figures_come_in_one_to_four_panels_on_different_datasets():
    counts = [len(generate(7, "dualaxis", i, 100).panels) for i in range(200)]
    # the SciVQA dev half's shares (61 / 21 / 5 / 13 %), within sampling error of 200 draws
    assert set(counts) == {1, 2, 3, 4} and 0.5 < counts.count(1) / 200 < 0.72
    specs = several_panels("dualaxis", want=6)
    assert {s.variant for s in specs} == {"quality_cost", "quality_loss"}
    for spec in specs:
        first = spec.panels[0]
        # the same two quantities on every panel, each on its own side
        assert all((p.y_label, p.y2_label) == (first.y_label, first.y2_label) for p in spec.panels)
    assert_dataset_grid(specs, perturb=_perturbed_by_axis)  # misread on each series' own axis


def _colour_column_share(img: np.ndarray, colour: str, x: int, y0: int, y1: int) -> float:
    """The share of rows from ``y0`` to ``y1`` whose pixel in column ``x`` is ``colour``."""
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])
    column = img[y0:y1, x].astype(int)
    return float(np.mean(np.abs(column - rgb).sum(axis=1) < 60))


def test_right_ticks_stand_on_an_axis_line_in_the_paper_style(drawn):
    """The paper style hides the frame's right side; the right value axis still gets its line
    (in the right series' colour) beside its ticks, as the left axis has one."""
    checked = 0
    for spec, png in drawn:
        if spec.style != "paper":
            continue
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        for p in spec.panels:
            ys = [t for t in spec.elements("tick") if t.panel == p.index and t.axis == "y"]
            middle = (min(t.x0 for t in ys) + max(t.x1 for t in ys)) / 2
            right = [t for t in ys if t.x0 > middle]
            colour = next(s.color for s in p.series if s.axis == "right")
            x_text = int(min(t.x0 for t in right))
            y0, y1 = int(min(t.y1 for t in right)), int(max(t.y0 for t in right))
            best = max(_colour_column_share(img, colour, x, y0, y1) for x in range(x_text - 14, x_text))
            assert best > 0.9, (spec.figure_id, p.index, best)
            checked += 1
    assert checked
