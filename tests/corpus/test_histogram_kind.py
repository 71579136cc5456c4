"""The histogram kind end to end through the records: spec, drawing, probes, respondents, judge.

A histogram is a ``category_axis`` kind with the ``binned`` trait (bins in order, counts as
values, several distributions overlaid); none of the stages below knows its name.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from helpers.kind_checks import assert_probes_answered, respondents_agree_with_judge
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind, kind_from_spelling
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
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


def test_png_bars_touch(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        p = spec.panels[0]
        ticks = sorted((t for t in spec.elements("tick") if t.category), key=lambda t: t.x0)
        assert [t.category for t in ticks] == p.categories  # each bin's interval is printed under it
        # a row just above the axis crosses two neighbouring tall bars with no white gap wider than the
        # thin white edge between them (a bar chart leaves a gap of a third of a slot)
        tall = [min(s.values[i] for s in p.series) > 0.1 * p.y_range[1] for i in range(len(p.categories))]
        pair = next(i for i in range(len(tall) - 1) if tall[i] and tall[i + 1])
        y = int(max(t.y0 for t in ticks)) - 12
        a, b = ((ticks[k].x0 + ticks[k].x1) / 2 for k in (pair, pair + 1))
        white = img[y, int(a) : int(b)].min(axis=1) > 240
        assert white.sum() <= 3, (spec.figure_id, int(white.sum()))


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
