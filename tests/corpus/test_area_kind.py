"""The area chart kind end to end through the records: spec, drawing, probes, respondents, judge.

Area is an ``ordered_x`` kind with the ``filled`` drawing trait; none of the stages below knows
its name, so these tests are what shows the traits carry it.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image

from helpers.kind_checks import (
    assert_dataset_grid,
    assert_probes_answered,
    probe_rows,
    respondents_agree_with_judge,
    setup_row,
    several_panels,
)
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.kinds.area import _visible_floor
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.families.respondent import respond
from scifigbench.params import ParamsError
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.spec import FigureSpec

N = 6  # three stacked, three overlapping


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "area", i, 100)
        out.append((spec, render(spec)))
    return out


def test_area_comes_after_the_paper_kinds():
    assert CHART_KINDS[:3] == ("bar", "line", "pie") and seed_code("area") == 4
    kind = chart_kind("area")
    assert kind.ordered_x and kind.filled and not chart_kind("line").filled


def test_png_is_drawn_with_filled_areas(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        inked = img.min(axis=2) < 230  # overlapping translucent fills blend towards grey: count any ink
        assert inked.mean() > 0.2, spec.figure_id  # fills cover much of the plot, unlike thin lines


def test_spec_values_are_exact(drawn):
    for spec, _ in drawn:
        p = spec.panels[0]
        decimals = int(p.value_format[3])
        assert p.stacked == (spec.variant == "stacked_area")
        lo, hi = p.y_range
        tops = (
            np.sum([s.values for s in p.series], axis=0) if p.stacked else np.max([s.values for s in p.series], axis=0)
        )
        assert lo == 0.0 and tops.max() <= hi
        for s in p.series:
            assert len(s.values) == len(p.categories) == len(p.x_values)
            assert all(v == round(v, decimals) and v > 0 for v in s.values)


def test_text_elements_have_boxes(drawn):
    for spec, _ in drawn:
        roles = {t.role for t in spec.text_elements}
        assert {"tick", "axis_label"} <= roles
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        named = {t.series for t in spec.text_elements if t.role == "legend_entry"}
        assert named == {s.name for s in spec.panels[0].series}


def test_probes_have_computed_answers(drawn):
    assert_probes_answered([spec for spec, _ in drawn])


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_wording_speaks_of_areas_and_x_positions(drawn):
    """A stack total is named by its x position (a bare tick like '12' reads as a value), and a respondent's
    description speaks of areas, never of bars."""
    totals = 0
    for spec, _ in drawn:
        rows = probe_rows(spec)
        texts = [r["text"] for r in rows.values()]
        assert not any("whole stack" in t or "whole '" in t for t in texts), spec.figure_id
        totals += sum("the total of the areas" in t for t in texts)
        ctx = SimContext({spec.figure_id: spec}, rows)
        for name in sorted(BUILTIN):
            text, _ = respond(setup_row(spec, "describe", []), resolve_profile(name), f"sim-{name}", 42, ctx)
            # an invented element may be error bars; nothing else may speak of bars
            assert not re.search(r"(?<!error )\bbars?\b", text, re.IGNORECASE), (name, text)
    assert totals


def test_rule_judge_scores_with_the_area_checklist(drawn):
    spec = next(s for s, _ in drawn if s.variant == "stacked_area")
    good = judge_description(reference_description(spec), spec)
    keys = {i.key for i in good.items}
    assert keys == {i.key for i in chart_kind("area").checklist}
    assert good.score > judge_description("A line chart.", spec).score
    overlap = next(s for s, _ in drawn if s.variant == "overlap_area")
    said = read_description("An area chart whose translucent areas overlap.", overlap)
    assert said.coverage["chart_type"] == "complete" and said.coverage["arrangement"] == "complete"


def test_corpus_kinds_asks_for_area_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"area": 3}).counts()["area"] == 3
    with pytest.raises(ParamsError, match="corpus.kinds.areas"):
        CorpusConfig(kinds={"areas": 3})
    with pytest.raises(ParamsError, match="corpus.kinds.bar"):
        CorpusConfig(kinds={"bar": 3})


def test_area_figures_come_in_one_to_four_panels():
    counts = [len(generate(7, "area", i, 100).panels) for i in range(200)]
    # the SciVQA dev half's shares (61 / 21 / 5 / 13 %), within sampling error of 200 draws
    assert set(counts) == {1, 2, 3, 4} and 0.5 < counts.count(1) / 200 < 0.72


def test_area_panels_show_the_same_series_on_different_datasets():
    assert_dataset_grid(several_panels("area"))


def _tints_tile(tops: list[np.ndarray]) -> bool:
    """Every height under the highest curve is tinted by exactly one area: the bands
    [floor, top] of the areas add up to the highest top at every x."""
    bands = [tops[k] - _visible_floor(tops, k) for k in range(len(tops))]
    return bool(np.allclose(np.sum(bands, axis=0), np.max(tops, axis=0)))


def test_touching_areas_leave_no_vertical_edge():
    # two curves that touch at x = 2 and end at the same value (syn_area_002's COCO Captions panel
    # in the portal style): at such x both areas used to be tinted down to zero, and the later
    # one's tint stood as a thin vertical edge from the axis to the curves
    lower, upper = np.array([15.9, 18.7, 23.6, 23.6, 23.8]), np.array([16.2, 19.3, 23.6, 23.7, 23.8])
    assert _tints_tile([lower, upper]) and _tints_tile([upper, lower])
    crossing = np.array([17.0, 18.0, 23.6, 24.5, 25.0])  # crosses ``upper`` at a shared point
    assert _tints_tile([lower, upper, crossing])


def test_every_overlapping_area_figure_tints_each_height_once():
    for i in range(1, 60, 2):  # the overlapping variant's figures
        spec = generate(42, "area", i, 100)
        for p in spec.panels:
            x = np.asarray(p.x_values, dtype=float)
            fine = np.unique(np.concatenate([np.linspace(a, b, 24) for a, b in zip(x[:-1], x[1:], strict=True)]))
            assert _tints_tile([np.interp(fine, x, s.values) for s in p.series]), (spec.figure_id, p.index)
