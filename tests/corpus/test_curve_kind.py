"""The dense curve kind end to end: processes on a continuous x, ticks, lines, probes, respondents, judge.

A curve figure's questions name only its labelled ticks, answered by the generating function's
values there; the line runs through hundreds of points between them. These tests recompute, from
the drawn line alone, what a reader could see (where each curve is highest and lowest, where two
cross) and hold it to what the tick values say.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from helpers.kind_checks import assert_probes_answered, respondents_agree_with_judge
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind, kind_from_spelling
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.dense_curves import agrees_with_ticks
from scifigbench.corpus.describe import reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.kinds.curve import VARIANTS, log_ticks
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.spec import FigureSpec

N = 24  # six of each variant


@pytest.fixture(scope="module")
def specs() -> list[FigureSpec]:
    return [generate(7, "curve", i, 80) for i in range(N)]


@pytest.fixture(scope="module")
def drawn(specs) -> list[FigureSpec]:
    """The specs as the renderer leaves them (text boxes filled in)."""
    out = []
    for spec in specs:
        render(spec)
        out.append(spec)
    return out


def test_curve_is_registered_last_as_an_ordered_x_kind():
    assert CHART_KINDS[-1] == "curve" and seed_code("curve") == len(CHART_KINDS)
    kind = chart_kind("curve")
    assert kind.ordered_x and kind.connects_points and not (kind.filled or kind.shows_spread or kind.binned)
    assert kind_from_spelling("Training curve") == "curve" and kind_from_spelling("line") == "line"
    assert CorpusConfig(n_bar=1, kinds={"curve": 3}).counts()["curve"] == 3
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}


def test_every_variant_is_made_with_dense_series(specs):
    assert {s.variant for s in specs} == set(VARIANTS)
    for spec in specs:
        for p in spec.panels:
            x = np.asarray(p.x_dense)
            assert np.all(np.diff(x) > 0), spec.figure_id
            for s in p.series:
                assert 50 <= len(s.dense) <= 400 and len(s.dense) == len(x), (spec.figure_id, len(s.dense))


def test_tick_values_are_points_of_the_drawn_line(specs):
    """The x positions questions name are on the dense grid, and the values there are the line's."""
    for spec in specs:
        for p in spec.panels:
            x = np.asarray(p.x_dense)
            at = [int(np.flatnonzero(np.isclose(x, v, rtol=1e-9, atol=0))[0]) for v in p.x_values]
            for s in p.series:
                assert [s.dense[i] for i in at] == pytest.approx(s.values, abs=1e-12), (spec.figure_id, s.name)


def test_log_log_variants_have_decade_ticks(specs):
    for spec in specs:
        for p in spec.panels:
            logged = spec.variant in ("scaling", "spectrum")
            assert (p.x_scale == "log") == logged and (p.y_scale == "log") >= logged, spec.figure_id
            if logged:
                ratios = np.asarray(p.x_values[1:]) / np.asarray(p.x_values[:-1])
                assert ratios == pytest.approx(10.0), spec.figure_id


def _read(p, series) -> np.ndarray:
    values = np.asarray(series.dense)
    return np.log10(values) if p.y_scale == "log" else values


def test_no_extreme_lies_between_ticks(specs):
    """Where the drawn line is highest and lowest, a labelled tick holds that value, to within a
    hundredth of the panel's span (less than a reader can tell; a run's noise goes further)."""
    for spec in specs:
        for p in spec.panels:
            read = {s.name: _read(p, s) for s in p.series}
            span = np.ptp(np.concatenate(list(read.values())))
            x = np.asarray(p.x_dense)
            at = [int(np.argmin(np.abs(x - v))) for v in p.x_values]
            for name, line in read.items():
                assert line.max() <= line[at].max() + 0.01 * span, (spec.figure_id, name)
                assert line.min() >= line[at].min() - 0.01 * span, (spec.figure_id, name)


def test_lines_cross_only_where_the_tick_values_swap(specs):
    """Counted over the whole drawn line, two curves swap as often as their values at the ticks
    say, wherever those values are clearly apart at every tick (what a crossing question needs)."""
    checked = 0
    for spec in specs:
        for p in spec.panels:
            span = np.ptp(np.concatenate([_read(p, s) for s in p.series]))
            x = np.asarray(p.x_dense)
            at = [int(np.argmin(np.abs(x - v))) for v in p.x_values]
            for a, b in itertools.combinations(p.series, 2):
                d = _read(p, a) - _read(p, b)
                if np.min(np.abs(d[at])) <= 0.05 * span:
                    continue
                line = np.sign(d[d != 0])
                ticks = np.sign(d[at])
                assert np.sum(line[1:] != line[:-1]) == np.sum(ticks[1:] != ticks[:-1]), (
                    spec.figure_id,
                    a.name,
                    b.name,
                )
                checked += 1
    assert checked >= 10


def test_the_agreement_rule_refuses_a_hidden_peak_and_a_double_crossing():
    x = np.linspace(0, 1, 101)
    ticks = np.arange(0, 101, 25)
    rising = x.copy()
    assert agrees_with_ticks([rising, rising + 0.5], ticks, 0.05)
    bump = rising + 2.0 * np.exp(-((x - 0.6) ** 2) / 0.001)  # a peak at x = 0.6, between the ticks 0.5 and 0.75
    assert not agrees_with_ticks([bump], ticks, 0.05)
    wiggle = rising + 0.3 + 0.6 * np.sin(2 * np.pi * x * 4)  # 0.3 above at every tick, below between them
    assert not agrees_with_ticks([rising, wiggle], ticks, 0.05)


def test_tick_labels_are_round_and_never_collide(drawn):
    for spec in drawn:
        for p in spec.panels:
            ticks = sorted(
                (t for t in spec.elements("tick") if t.panel == p.index and t.axis == "x"), key=lambda t: t.x0
            )
            assert [t.text for t in ticks] == p.categories, spec.figure_id
            assert all(a.x1 < b.x0 for a, b in zip(ticks, ticks[1:], strict=False)), spec.figure_id
            ys = sorted((t for t in spec.elements("tick") if t.panel == p.index and t.axis == "y"), key=lambda t: t.y0)
            assert len(ys) >= 3 and all(a.y1 <= b.y0 for a, b in zip(ys, ys[1:], strict=False)), spec.figure_id


def test_log_ticks_are_round_and_few():
    assert log_ticks(1.6, 4.9) == [2.0, 3.0, 4.0]
    assert log_ticks(0.7, 56) == [1.0, 2.0, 5.0, 10.0, 20.0, 50.0]
    assert log_ticks(0.11, 60) == [0.3, 1.0, 3.0, 10.0, 30.0]
    assert log_ticks(0.001, 1000) == [0.001, 0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]


def test_reference_description_names_the_curves(specs):
    for spec in specs:
        ref = reference_description(spec)
        assert all(s.name in ref for s in spec.panels[0].series), spec.figure_id


def test_probes_have_computed_answers(drawn):
    assert_probes_answered(drawn)  # the probes read the drawn text boxes (as the pipeline's do)


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge(drawn[:8])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_scores_with_the_curve_checklist(specs):
    spec = specs[0]
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} <= {i.key for i in chart_kind("curve").checklist}
    assert good.score > judge_description("A pie chart.", spec).score
    assert read_description("A line plot of training curves.", spec).coverage["chart_type"] == "complete"
