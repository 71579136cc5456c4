"""The histogram kind end to end through the records: spec, drawing, probes, respondents, judge.

A histogram is a ``category_axis`` kind with the ``binned`` trait (bins in order, counts as
values, several distributions overlaid); none of the stages below knows its name.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from helpers.kind_checks import (
    assert_dataset_grid,
    assert_probes_answered,
    respondents_agree_with_judge,
    several_panels,
)
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind, kind_from_spelling
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.probes.figure_view import FigureView
from scifigbench.spec import FigureSpec

N = 6  # three single, three overlaid


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "histogram", i, 100)
        out.append((spec, render(spec)))
    return out


def test_histogram_comes_after_the_kinds_before_it():
    assert CHART_KINDS.index("histogram") >= 4 and seed_code("histogram") == CHART_KINDS.index("histogram") + 1
    kind = chart_kind("histogram")
    assert kind.category_axis and kind.binned and not chart_kind("bar").binned
    assert kind_from_spelling("Histogram") == "histogram" and kind_from_spelling("column chart") == "bar"


def _bin_edges(label: str) -> tuple[float, float]:
    lo, hi = label.split("–")
    return float(lo), float(hi)


def test_spec_values_are_exact_counts_over_contiguous_bins(drawn):
    for spec, _ in drawn:
        p = spec.panels[0]
        assert len(p.series) == (2 if spec.variant == "overlaid" else 1)
        edges = [_bin_edges(c) for c in p.categories]
        width = edges[0][1] - edges[0][0]
        assert edges[0][0] == 0 and 6 <= len(edges) <= 12
        for (a, b), (c, _) in zip(edges, edges[1:], strict=False):
            assert b == c and b - a == pytest.approx(width)  # contiguous, equal width
        totals = {sum(s.values) for s in p.series}
        assert len(totals) == 1, totals  # one sample size per figure, every draw in a bin
        for s in p.series:
            assert all(v == int(v) >= 0 for v in s.values)
        assert p.y_range[0] == 0 and max(v for s in p.series for v in s.values) <= p.y_range[1]


def _edge_ticks(spec: FigureSpec, panel: int = 0):
    """The x ticks of one panel (a figure of several panels prints a row under each), left to right."""
    return sorted((t for t in spec.elements("tick") if t.axis == "x" and t.panel == panel), key=lambda t: t.x0)


def test_x_ticks_are_bin_edges_on_a_continuous_axis(drawn):
    """The x ticks print bin edges as numbers (not "20–30" under each bar, as a category axis
    would), evenly spaced, and each edge tick stands where the bars change bin."""
    for spec, _ in drawn:
        p = spec.panels[0]
        edges = sorted({e for c in p.categories for e in _bin_edges(c)})
        ticks = _edge_ticks(spec)
        assert len(ticks) >= 3 and all(t.category is None for t in ticks), spec.figure_id
        values = [float(t.text) for t in ticks]  # raises on a range label
        assert values == [t.value for t in ticks] and set(values) <= set(edges), (spec.figure_id, values)
        centres = np.array([(t.x0 + t.x1) / 2 for t in ticks])
        assert np.allclose(np.diff(values), values[1] - values[0]), values
        assert np.allclose(np.diff(centres), centres[1] - centres[0], atol=1.5), centres
        labels = [(t.x0, t.x1) for t in ticks]
        assert all(a[1] < b[0] for a, b in zip(labels, labels[1:], strict=False)), spec.figure_id  # none collide


def test_png_bars_touch_between_edge_ticks(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        p = spec.panels[0]
        ticks = _edge_ticks(spec)
        scale = np.polyfit([t.value for t in ticks], [(t.x0 + t.x1) / 2 for t in ticks], 1)  # the axis' own
        # a row just above the axis crosses two neighbouring tall bars with no white gap wider than the
        # thin white edge between them (a bar chart leaves a gap of a third of a slot)
        tall = [min(s.values[i] for s in p.series) > 0.1 * p.y_range[1] for i in range(len(p.categories))]
        pair = next(i for i in range(len(tall) - 1) if tall[i] and tall[i + 1])
        y = int(max(t.y0 for t in ticks)) - 12
        lo, mid, hi = _bin_edges(p.categories[pair]) + _bin_edges(p.categories[pair + 1])[1:]
        a, b = np.polyval(scale, [(lo + mid) / 2, (mid + hi) / 2])  # the two bars' middles, placed by the ticks
        white = img[y, int(a) : int(b)].min(axis=1) > 240
        assert white.sum() <= 3, (spec.figure_id, int(white.sum()))
        assert not img[y, int(a)].min() > 240 and not img[y, int(b)].min() > 240, spec.figure_id


def test_questions_name_bins_read_off_the_edges(drawn):
    """A bin stays a thing a question can ask about although its name is not printed: both its
    edges lie on the printed scale."""
    for spec, _ in drawn:
        view = FigureView(spec)
        assert all(view.category_named(c) for c in spec.panels[0].categories), spec.figure_id


def test_text_elements_have_boxes(drawn):
    for spec, _ in drawn:
        roles = {t.role for t in spec.text_elements}
        assert {"tick", "axis_label"} <= roles
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        if spec.variant == "overlaid":
            named = {t.series for t in spec.text_elements if t.role == "legend_entry"}
            assert named == {s.name for s in spec.panels[0].series}


def test_caption_and_description_name_bins(drawn):
    spec = next(s for s, _ in drawn if s.variant == "single")
    p = spec.panels[0]
    peak = p.categories[int(np.argmax(p.series[0].values))]
    assert f"The {peak} bin holds the most samples" in caption(spec)
    ref = reference_description(spec)
    assert "histogram" in ref and f"lists the bins {p.categories[0]}, " in ref


def _no_sample_size(spec: FigureSpec, p) -> None:
    if p.family == "resistance":
        assert "number of evaluation examples" not in p.text, p.text  # a count is its own sample size


def test_probes_have_computed_answers(drawn):
    assert_probes_answered([spec for spec, _ in drawn], _no_sample_size)


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_scores_with_the_histogram_checklist(drawn):
    spec = next(s for s, _ in drawn if s.variant == "overlaid")
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} == {i.key for i in chart_kind("histogram").checklist}
    assert good.score > judge_description("A line chart.", spec).score
    said = read_description("A histogram whose two translucent distributions overlap.", spec)
    assert said.coverage["chart_type"] == "complete" and said.coverage["arrangement"] == "complete"
    wrong = read_description("A bar chart with the two series stacked.", spec)
    assert {e["item"] for e in wrong.errors} >= {"chart_type", "arrangement"}


def test_corpus_kinds_asks_for_histograms_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"histogram": 3}).counts()["histogram"] == 3


def test_histograms_come_in_one_to_four_panels_on_different_datasets():
    counts = [len(generate(7, "histogram", i, 100).panels) for i in range(200)]
    assert set(counts) == {1, 2, 3, 4} and 0.5 < counts.count(1) / 200 < 0.72  # the dev half's 61 %
    specs = several_panels("histogram")
    assert {s.variant for s in specs} == {"single", "overlaid"}
    assert_dataset_grid(specs)
