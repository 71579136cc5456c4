"""The heatmap kind end to end through the records: spec, drawing, probes, blur targets, respondents, judge.

A heatmap is a ``category_axis`` kind whose values are shown by a colour scale
(``value_by_colour_scale``): columns are categories, rows are series. None of the stages below
knows its name; the expectations here are computed from the spec and the pixels directly.
"""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from matplotlib import colormaps
from PIL import Image

from helpers.kind_checks import respondents_agree_with_judge
from helpers.truth import perturbed, spec_points
from probes.test_probes_capability import ORDINAL, recompute
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.blurtargets.from_spec import admittance_candidates, inductance_candidates
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.conditions.page_text import figure_paragraph
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.probes.families.blur.from_targets import question_for
from scifigbench.probes.figure_view import FigureView, phrase
from scifigbench.probes.stage import ProbesConfig, spec_probes
from scifigbench.spec import FigureSpec

N = 6  # three annotated, three plain


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "heatmap", i, 100)
        png = render(spec)
        spec.caption, spec.reference_description = caption(spec), reference_description(spec)
        out.append((spec, png))
    return out


def test_heatmap_comes_after_the_earlier_kinds():
    assert CHART_KINDS[:4] == ("bar", "line", "pie", "area") and seed_code("heatmap") == 6
    kind = chart_kind("heatmap")
    assert kind.category_axis and kind.value_by_colour_scale
    assert not any(chart_kind(k).value_by_colour_scale for k in CHART_KINDS[:4])
    assert not {"legend", "colours"} & {i.key for i in kind.checklist}


def test_cells_are_coloured_by_value(drawn):
    """The pixel at each cell's centre has the colour map's colour of the cell's value."""
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(float)
        for p in spec.panels:  # each panel on its own colour scale
            lo, hi = p.y_range
            own = [t for t in spec.text_elements if t.role == "tick" and t.panel == p.index]
            ticks = {t.category: t for t in own if t.category}
            rows = {t.series: t for t in own if t.series}
            cmap = colormaps[p.colormap]
            for s in p.series:
                y = (rows[s.name].y0 + rows[s.name].y1) / 2
                for c, v in zip(p.categories, s.values, strict=True):
                    x = (ticks[c].x0 + ticks[c].x1) / 2
                    want = np.array(cmap((v - lo) / (hi - lo))[:3]) * 255
                    # a printed value sits at the centre: sample a little above it
                    above = int((spec.font_size - 2) * spec.dpi / 72 / 2) + 4  # clear of the printed value
                    got = img[int(y) - (above if p.value_labels else 0), int(x)]
                    assert np.abs(got - want).max() <= 12, (spec.figure_id, p.index, s.name, c, got, want)


def test_spec_values_are_exact(drawn):
    for spec, _ in drawn:
        for p in spec.panels:
            decimals = int(p.value_format[3])
            assert p.value_labels == (spec.variant == "annotated_heatmap")
            assert p.legend_loc is None and spec.legend_outside is None
            lo, hi = p.y_range
            flat = [v for s in p.series for v in s.values]
            assert lo <= min(flat) and max(flat) <= hi
            assert flat.count(max(flat)) == 1 and flat.count(min(flat)) == 1
            assert all(v == round(v, decimals) for v in flat)
            assert p.y_ticks and all(lo <= t <= hi for t in p.y_ticks)  # read from the colour bar
            assert p.scale_colours is not None and len(p.scale_colours) == 2


def test_text_elements_have_boxes(drawn):
    for spec, _ in drawn:
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        assert not spec.elements("legend_entry")
        for p in spec.panels:
            ticks = [t for t in spec.text_elements if t.role == "tick" and t.panel == p.index]
            assert {t.category for t in ticks if t.axis == "x"} == set(p.categories)
            assert {t.series for t in ticks if t.series} == {s.name for s in p.series}
            assert sorted(t.value for t in ticks if t.value is not None) == sorted(p.y_ticks)
            assert p.scale_label in {t.text for t in spec.elements("axis_label") if t.panel == p.index}
            printed = {(t.series, t.category): t.text for t in spec.elements("value_label") if t.panel == p.index}
            if p.value_labels:
                assert printed == {
                    (s.name, c): p.value_format.format(v)
                    for s in p.series
                    for c, v in zip(p.categories, s.values, strict=True)
                }
            else:
                assert not printed


def test_json_round_trip_and_late_fields(drawn):
    spec = drawn[0][0]
    again = FigureSpec.from_dict(json.loads(spec.to_json()))
    assert again.panels[0].colormap == spec.panels[0].colormap and again.to_json() == spec.to_json()
    bar = generate(7, "bar", 0, 100)
    assert "scale_label" not in bar.to_json() and "colormap" not in bar.to_json()


def _truth(spec: FigureSpec, pts, e: dict):
    if e["template"] == "count_bars_total":  # the test helper counts bar panels only: cells are rows x columns
        return sum(len(p.series) * len(p.categories) for p in spec.panels)
    return recompute(spec, pts, e)


def test_probes_have_computed_answers(drawn):
    families: dict[str, int] = {}
    rng = np.random.default_rng(0)
    for spec, _ in drawn:
        probes, _ = spec_probes(spec, True, ProbesConfig(), 42)
        pts = spec_points(spec)
        for p in probes:
            families[p.family] = families.get(p.family, 0) + 1
            assert "legend" not in p.text.lower() and " bar" not in p.text.lower(), p.text
            e = json.loads(json.dumps(p.expected))
            if p.family != "capability":
                continue
            truth = _truth(spec, pts, e)
            if e["answer_type"] == "number":
                assert e["answer"] == pytest.approx(truth, rel=1e-5, abs=1e-9), p.text
                read = _truth(spec, perturbed(spec, pts, rng, compare=e["template"] in ORDINAL), e)
                assert abs(read - e["answer"]) <= e["tolerance"] + 1e-9, (p.text, read)
            else:
                assert e["answer"] == truth, p.text
    assert {"capability", "resistance", "caption_bias"} <= set(families), families


def test_blur_targets_and_questions(drawn):
    """Row and column names are admittance targets, colour-bar ticks inductance ones; questions name them."""
    rules: set[str] = set()
    for spec, _ in drawn:
        view = FigureView(spec)
        adm = admittance_candidates(spec, spec.caption)
        ind = inductance_candidates(spec)
        assert all(c.mode == ADMITTANCE for c in adm) and all(c.mode == INDUCTANCE for c in ind)
        by_id = {t.element_id: t for t in spec.text_elements}
        for c in adm:
            t = by_id[c.element_id]
            p = spec.panels[t.panel or 0]
            assert (t.text not in spec.caption or c.redacts_caption) and (
                t.series in [s.name for s in p.series] or t.category in p.categories
            )
            q = question_for(
                view,
                {
                    "role": t.role,
                    "panel": t.panel,
                    "series": t.series,
                    "category": t.category,
                    "axis": t.axis,
                    "value": t.value,
                },
                spec.width,
                spec.height,
            )
            assert t.text not in q, q
            if t.series:
                k = [s.name for s in p.series].index(t.series)
                assert q.startswith("What is the label of the") and "row from the top" in q and k < len(p.series)
        for c in ind:
            t = by_id[c.element_id]
            p = spec.panels[t.panel or 0]
            rules.add(c.rule)
            assert c.rule != "value_label_axis"  # a colour gives no printed digit back
            if c.rule == "tick_sequence":
                assert t.value in p.y_ticks and t.series is None
                q = question_for(
                    view, {"role": "tick", "panel": t.panel, "axis": "y", "value": t.value}, spec.width, spec.height
                )
                assert "colour bar" in q
                if len(spec.panels) > 1:  # which of the colour bars
                    assert repr(p.title) in q or p.title in q, q
        rules |= {c.rule for c in adm}
    assert {"category", "tick_sequence"} <= rules


def test_page_text_names_the_colour_scale(drawn):
    spec = drawn[0][0]
    text = figure_paragraph(spec, spec.caption, spec.chart_type, 1)
    assert phrase(spec.panels[0].scale_label).lower() in text.lower()


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_scores_with_the_heatmap_checklist(drawn):
    spec = next(s for s, _ in drawn if s.variant == "annotated_heatmap")
    good = judge_description(spec.reference_description, spec)
    assert {i.key for i in good.items} == {i.key for i in chart_kind("heatmap").checklist}
    assert all(i.correctness in ("correct", "n.a.") for i in good.items), good.items
    assert good.score > judge_description("A bar chart.", spec).score
    low, high = spec.panels[0].scale_colours
    said = read_description(f"A heatmap whose colour bar runs from {low} for low values to {high} for high ones.", spec)
    assert said.coverage["chart_type"] == "complete" and said.coverage["colour_scale"] == "complete"
    half = judge_description(f"A heatmap whose colour bar runs from {low} to pink.", spec)
    assert next(i for i in half.items if i.key == "colour_scale").correctness == "partial"
    wrong = judge_description("A heatmap whose colour bar runs from pink to brown.", spec)  # no map ends so
    assert next(i for i in wrong.items if i.key == "colour_scale").correctness == "wrong"
    gridded = judge_description("A heatmap: a grid of coloured cells.", spec)
    assert not any(f.subtype == "halluc" for f in gridded.findings)  # "grid" names the chart here


def test_corpus_kinds_asks_for_heatmap_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"heatmap": 4}).counts()["heatmap"] == 4


def test_heatmaps_come_in_a_column_of_one_grid_per_metric_or_split_or_a_two_by_two_grid():
    specs = [generate(7, "heatmap", i, 100) for i in range(200)]
    counts = [len(s.panels) for s in specs]
    # the dev half's shares (61 % one panel), capped at the domain's metrics (one to three), a
    # one-metric domain's dev and test grids making two: no longer mostly one panel (78 % before)
    assert set(counts) == {1, 2, 3, 4} and 0.52 < counts.count(1) / 200 < 0.7
    splits = [s for s in specs if len(s.panels) == 2 and s.panels[0].scale_label == s.panels[1].scale_label]
    assert splits and all([p.title.split(", ")[1] for p in s.panels] == ["dev split", "test split"] for s in splits)
    # four grids: two metrics, each on its dev and test split, in a 2 x 2 grid (real: 13 % of the
    # dev half's figures have four or more panels)
    fours = [s for s in specs if len(s.panels) == 4]
    assert 0.04 < len(fours) / 200 < 0.13
    for spec in fours:
        assert spec.layout == [2, 2]
        scales = [p.scale_label for p in spec.panels]
        assert scales[0] == scales[1] != scales[2] == scales[3]
        assert [p.title.split(", ")[1] for p in spec.panels] == ["dev split", "test split"] * 2
    grids = [s for s in specs if len(s.panels) > 1 and s not in splits + fours][:3] + splits[:1] + fours[:1]
    for spec in grids:
        first = spec.panels[0]
        assert spec.layout == ([2, 2] if len(spec.panels) == 4 else [len(spec.panels), 1]) and spec.title is None
        titles = [p.title for p in spec.panels]
        assert len(set(titles)) == len(titles) and all(
            p.title.startswith(p.scale_label.split(" (")[0]) for p in spec.panels
        )
        for p in spec.panels:
            assert [s.name for s in p.series] == [s.name for s in first.series] and p.categories == first.categories
            assert p.colormap == first.colormap
        render(spec)
        spec.caption, spec.reference_description = caption(spec), reference_description(spec)
        for p in spec.panels:  # every grid's extremes are said, in its own panel's words
            cells = [(v, s.name, c) for s in p.series for c, v in zip(p.categories, s.values, strict=True)]
            hi = max(cells)
            assert f"In panel {p.title!r}" in spec.reference_description
            assert f"The highest cell is {hi[1]} on {hi[2]} at" in spec.reference_description
        texts = [r.text for r in spec_probes(spec, True, ProbesConfig(), 42)[0] if r.family == "capability"]
        # every question names its grid, or asks about the whole figure
        whole = ("across all panels", "in every panel")
        assert all(any(f"'{t}'" in x for t in titles) or any(w in x for w in whole) for x in texts), texts
        if spec not in splits + fours:
            assert not any("Going from the" in x for x in texts), texts  # no shift between two metrics
    agree, total = respondents_agree_with_judge(grids)
    assert total > 50 and agree / total >= 0.95, agree / total


def test_one_metrics_dev_and_test_grids_rank_the_models_alike():
    """A model's scores on two splits of one benchmark move together: drawn apart, the dev and test
    grids of one metric had no relation (a model could lead on dev and trail on test by any margin)."""
    specs = [generate(7, "heatmap", i, 100) for i in range(200)]
    pairs = []
    for spec in specs:
        by_metric: dict[str, list] = {}
        for p in spec.panels:
            if p.title and p.title.endswith(" split"):
                by_metric.setdefault(p.scale_label, []).append(p)
        pairs += [ps for ps in by_metric.values() if len(ps) == 2]
    assert len(pairs) >= 10
    rs = []
    for dev, test in pairs:
        a = np.array([s.values for s in dev.series]).ravel()
        b = np.array([s.values for s in test.series]).ravel()
        rs.append(np.corrcoef(a, b)[0, 1])
    # independent grids: median r near 0 (about 0.1 at this seed); shared effects: about 0.9
    assert np.median(rs) >= 0.7 and min(rs) >= 0.2, sorted(np.round(rs, 2))
