"""The box kind end to end: exact box statistics, drawing, probes, respondents, judge.

A box plot is a ``category_axis`` kind with the ``value_is_median`` trait; these tests recompute
the box truths with matplotlib's own rule and every probe answer from the spec here.
"""

from __future__ import annotations

import hashlib
import io
import json

import numpy as np
import pytest
from matplotlib.cbook import boxplot_stats
from PIL import Image

from helpers.kind_checks import respondents_agree_with_judge
from helpers.truth import spec_points
from probes.test_probes_capability import recompute
from scifigbench.concepts.kinds import chart_kind
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.stage import FigureJob, process_figure
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.generate import generate
from scifigbench.corpus.kinds.box import box_stats
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.probes.families.resistance.from_spec import ABSENT
from scifigbench.probes.stage import ProbesConfig, spec_probes
from scifigbench.spec import FigureSpec

N = 8


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "box", i, 100)
        spec.caption, spec.reference_description = caption(spec), reference_description(spec)
        out.append((spec, render(spec)))
    return out


def test_box_stats_match_matplotlib():
    rng = np.random.default_rng(3)
    for _ in range(200):
        runs = np.round(rng.normal(50, 5, int(rng.integers(8, 30))), 1)
        runs[:2] = rng.uniform(20, 80, 2).round(1)
        ours, theirs = box_stats(runs, 1), boxplot_stats(runs)[0]
        assert ours.median == pytest.approx(theirs["med"]) and ours.q1 == pytest.approx(theirs["q1"])
        assert ours.q3 == pytest.approx(theirs["q3"])
        assert (ours.low, ours.high) == (theirs["whislo"], theirs["whishi"])
        assert ours.outliers == sorted(theirs["fliers"])


def test_boxes_are_consistent_and_inside_the_axis(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        for p in spec.panels:
            lo, hi = p.y_range
            assert p.summary and p.summary.endswith("seeds")
            for s in p.series:
                for k in range(len(p.categories)):
                    q1, med, q3 = s.q1[k], s.values[k], s.q3[k]
                    fence = 1.5 * (q3 - q1) + 1e-9  # a run exactly on a fence is inside
                    assert q1 - fence <= s.whisker_low[k] <= q1 <= med <= q3 <= s.whisker_high[k] <= q3 + fence
                    for o in s.outliers[k]:
                        assert o < s.whisker_low[k] or o > s.whisker_high[k]
                        assert lo <= o <= hi
                    assert lo <= s.whisker_low[k] and s.whisker_high[k] <= hi
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t


def test_spec_json_round_trips_the_late_fields(drawn):
    spec = drawn[0][0]
    back = FigureSpec.from_dict(json.loads(spec.to_json()))
    assert back.panels[0].series[0].outliers == spec.panels[0].series[0].outliers
    assert back.panels[0].summary == spec.panels[0].summary
    bar = generate(7, "bar", 0, 100).to_json()
    assert not any(f'"{k}"' in bar for k in ("q1", "q3", "whisker_low", "whisker_high", "outliers", "summary"))


def test_probes_name_medians_and_have_computed_answers(drawn):
    for spec, _ in drawn:
        probes, _ = spec_probes(spec, True, ProbesConfig(), 42)
        pts = spec_points(spec)
        assert {p.family for p in probes} == {"capability", "resistance", "caption_bias"}
        for p in probes:
            e = json.loads(json.dumps(p.expected))
            assert e.get("absent_element") != "error bars", p.text
            assert e.get("missing_info") != "variance across seeds or runs", p.text
            if p.family == "capability" and e["template"] == "count_bars_total":
                assert e["answer"] == sum(len(q.categories) * len(q.series) for q in spec.panels)
            elif p.family == "capability" and e["answer_type"] == "number":
                assert e["answer"] == pytest.approx(recompute(spec, pts, e), rel=1e-5, abs=1e-9), p.text
            elif p.family == "capability":
                assert e["answer"] == recompute(spec, pts, e), p.text
        assert any("median" in p.text for p in probes)


def test_error_bars_are_never_presupposed():
    assert not next(a for a in ABSENT if a.key == "error bars").applies(chart_kind("box"))


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_reads_boxes_and_outliers(drawn):
    spec = next(s for s, _ in drawn if any(o for p in s.panels for x in p.series for o in x.outliers))
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} == {i.key for i in chart_kind("box").checklist}
    assert good.score > judge_description("A box plot.", spec).score
    said = read_description("A box plot; each box spans the quartiles and some outliers are drawn.", spec)
    assert said.coverage["chart_type"] == "complete" and said.coverage["boxes"] == "complete"
    assert said.coverage["outliers"] == "complete" and not said.errors
    wrong = read_description("There are no outliers in this box plot.", spec)
    assert [e["item"] for e in wrong.errors] == ["outliers"]


def test_every_condition_and_blur_targets(drawn, tmp_path):
    conditions: set[str] = set()
    modes: set[str] = set()
    for spec, png in drawn[:3]:
        (tmp_path / f"{spec.figure_id}.png").write_bytes(png)
        (tmp_path / f"{spec.figure_id}.json").write_text(spec.to_json())
        job = FigureJob(
            spec.figure_id,
            "box",
            f"{spec.figure_id}.png",
            hashlib.sha256(png).hexdigest(),
            spec.width,
            spec.height,
            caption(spec),
            f"{spec.figure_id}.json",
            True,
        )
        res = process_figure(job, ConditionsConfig(gallery=False), 42, tmp_path, {})
        assert res.failure is None, res.failure
        conditions |= {r["condition"] for r in res.conditions}
        modes |= {t["mode"] for t in res.targets if t["status"] == "confirmed"}
    assert {"base", "nocap", "noise", "lowc", "rot", "inpaper", "inpaper_blur", "admb", "indb"} <= conditions
    assert {"admittance", "inductance"} <= modes, modes
