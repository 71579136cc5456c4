"""The lollipop kind end to end through the records: spec, drawing, probes, respondents, judge.

A lollipop chart is a ``category_axis`` kind with no trait of its own: no stage below knows its
name, and it came in as its own two modules, this test and one line in each registry.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from helpers.kind_checks import assert_probes_answered, respondents_agree_with_judge
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind, kind_from_spelling
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.spec import FigureSpec

N = 6  # three vertical, three horizontal


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    return [(spec, render(spec)) for spec in (generate(7, "lollipop", i, 100) for i in range(N))]


def test_lollipop_is_registered_after_dualaxis_with_no_trait_of_its_own():
    assert CHART_KINDS.index("lollipop") == CHART_KINDS.index("dualaxis") + 1 == seed_code("lollipop") - 1
    kind = chart_kind("lollipop")
    assert kind.category_axis and not (kind.binned or kind.shows_spread or kind.value_is_median or kind.filled)
    assert kind_from_spelling("Lollipop_Chart") == "lollipop" and kind_from_spelling("stem plot") == "lollipop"


def test_spec_values_are_exact_and_sorted_when_said(drawn):
    for spec, _ in drawn:
        for p in spec.panels:
            (s,) = p.series
            decimals = len(p.value_format.format(1.0).split(".")[1]) if "." in p.value_format.format(1.0) else 0
            assert all(round(v, decimals) == v for v in s.values)
            assert p.y_range[0] == 0 and max(s.values) <= p.y_range[1]
            assert p.orientation == spec.variant
            if p.sort == "descending":
                assert s.values == sorted(s.values, reverse=True)


def _dot_centre(img: np.ndarray, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> tuple[float, float]:
    """The centre of the pixels of ``colour`` inside ``box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    sub = img[y0:y1, x0:x1].astype(int)
    ys, xs = np.nonzero(np.abs(sub - np.array(colour)).sum(axis=2) < 40)
    return float(xs.mean() + x0), float(ys.mean() + y0)


def test_png_dot_sits_at_the_value(drawn):
    """In a one-panel vertical chart the stem's colour reaches highest at the largest value's tick
    and lowest at the smallest's, in the ratio of the values (the axis starts at zero)."""
    checked = 0
    for spec, png in drawn:
        if spec.variant != "vertical" or len(spec.panels) > 1:
            continue
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        p = spec.panels[0]
        colour = tuple(int(p.series[0].color[i : i + 2], 16) for i in (1, 3, 5))
        ticks = {t.category: t for t in spec.elements("tick") if t.category}
        assert list(ticks) == p.categories
        base = int(min(t.y0 for t in ticks.values())) - 3
        tops = []
        for c in p.categories:
            t = ticks[c]
            cx = int((t.x0 + t.x1) / 2)
            column = np.abs(img[:base, cx - 2 : cx + 3].astype(int) - np.array(colour)).sum(axis=2).min(axis=1) < 40
            tops.append(base - int(np.argmax(column)))
        heights = np.array(tops, dtype=float)
        vals = np.array(p.series[0].values)
        assert np.argmax(heights) == np.argmax(vals) and np.argmin(heights) == np.argmin(vals)
        checked += 1
    assert checked


def test_text_elements_have_boxes_and_printed_values(drawn):
    for spec, _ in drawn:
        assert {"tick", "axis_label"} <= {t.role for t in spec.text_elements}
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        for p in spec.panels:
            printed = [t for t in spec.elements("value_label") if t.panel == p.index]
            if p.value_labels:
                assert [t.text for t in printed] == [p.value_format.format(v) for v in p.series[0].values]
            else:
                assert not printed


def test_reference_description_names_the_kind_and_the_extremes(drawn):
    for spec, _ in drawn:
        ref = reference_description(spec)
        assert "lollipop chart" in ref
        p = spec.panels[0]
        assert p.categories[int(np.argmax(p.series[0].values))] in ref


def test_probes_have_computed_answers(drawn):
    assert_probes_answered([spec for spec, _ in drawn])


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_scores_with_the_lollipop_checklist(drawn):
    spec = drawn[0][0]
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} <= {i.key for i in chart_kind("lollipop").checklist}
    assert good.score > judge_description("A pie chart.", spec).score
    assert read_description("A lollipop chart of scores.", spec).coverage["chart_type"] == "complete"
    assert "chart_type" in {e["item"] for e in read_description("A pie chart of shares.", spec).errors}


def test_corpus_kinds_asks_for_lollipops_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"lollipop": 3}).counts()["lollipop"] == 3
