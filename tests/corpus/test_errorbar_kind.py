"""The error-bar chart kind end to end: spec, drawing, probes, respondents, judge.

Error bars are a ``category_axis`` kind with the ``shows_spread`` trait: each value carries a
whisker (``Series.errors``). No stage below knows the kind's name; these tests recompute every
whisker truth and every new question's answer from the spec here.
"""

from __future__ import annotations

import hashlib
import io
import json

import numpy as np
import pytest
from PIL import Image

from helpers.kind_checks import respondents_agree_with_judge
from helpers.truth import perturbed, spec_points
from probes.test_probes_capability import ORDINAL, recompute
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.conditions.stage import FigureJob, process_figure
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.describe import caption, reference_description
from scifigbench.corpus.generate import generate, seed_code
from scifigbench.corpus.render import render
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.probes.families.resistance.from_spec import ABSENT
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.stage import ProbesConfig, spec_probes
from scifigbench.spec import FigureSpec

N = 12  # six with bars, six with points


@pytest.fixture(scope="module")
def drawn() -> list[tuple[FigureSpec, bytes]]:
    out = []
    for i in range(N):
        spec = generate(7, "errorbar", i, 100)
        out.append((spec, render(spec)))
    return out


def _errors(spec: FigureSpec, panel: int, series: str, category: str) -> float:
    p = next(q for q in spec.panels if q.index == panel)
    s = next(s for s in p.series if s.name == series)
    return s.errors[p.categories.index(category)]


def test_errorbar_is_appended_with_the_spread_trait():
    assert CHART_KINDS[:4] == ("bar", "line", "pie", "area") and seed_code("errorbar") == 5
    kind = chart_kind("errorbar")
    assert kind.category_axis and kind.shows_spread
    assert not any(chart_kind(k).shows_spread for k in ("bar", "line", "pie", "area"))


def test_png_size_and_marks(drawn):
    for spec, png in drawn:
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
        assert img.shape[:2] == (spec.height, spec.width)
        inked = (img.min(axis=2) < 200).mean()
        assert (inked > 0.08) if spec.variant == "bars" else (0.005 < inked < 0.08), (spec.figure_id, inked)


def test_whiskers_are_exact_and_inside_the_axis(drawn):
    for spec, _ in drawn:
        for p in spec.panels:
            decimals = int(p.value_format[3])
            lo, hi = p.y_range
            assert p.spread and ("standard deviation" in p.spread or "confidence interval" in p.spread)
            for s in p.series:
                assert len(s.errors) == len(s.values) == len(p.categories)
                assert (s.marker is not None) == (spec.variant == "points")
                for v, e in zip(s.values, s.errors, strict=True):
                    assert v == round(v, decimals) and e == round(e, decimals) and e > 0
                    assert lo <= v - e and v + e <= hi
            if spec.variant == "bars":
                assert lo == 0.0


def test_spec_json_round_trips_the_late_fields(drawn):
    spec = drawn[0][0]
    back = FigureSpec.from_dict(json.loads(spec.to_json()))
    assert back.panels[0].series[0].errors == spec.panels[0].series[0].errors
    assert back.panels[0].spread == spec.panels[0].spread
    bar = generate(7, "bar", 0, 100)
    assert '"errors"' not in bar.to_json() and '"spread"' not in bar.to_json()


def test_text_elements_have_boxes(drawn):
    for spec, _ in drawn:
        assert {"tick", "axis_label"} <= {t.role for t in spec.text_elements}
        for t in spec.text_elements:
            assert 0 <= t.x0 < t.x1 <= spec.width and 0 <= t.y0 < t.y1 <= spec.height, t
        named = {t.series for t in spec.text_elements if t.role == "legend_entry"}
        assert named == set(spec.series_names())


def test_caption_and_reference_say_what_the_whiskers_show(drawn):
    for spec, _ in drawn:
        assert spec.panels[0].spread in caption(spec)
        p = spec.panels[0]
        widest = max((e, s.name) for s in p.series for e in s.errors)
        assert f"± {p.value_format.format(widest[0])}" in reference_description(spec)


def _recompute_spread(spec: FigureSpec, e: dict):
    """Answers of the two whisker questions, from the raw spec."""
    sc = e["scope"]
    if e["template"] == "widest_whisker":
        p = next(q for q in spec.panels if q.index == sc["panel"])
        if sc["over"] == "categories":
            s = next(s for s in p.series if s.name == sc["series"])
            return p.categories[int(np.argmax(s.errors))]
        k = p.categories.index(sc["category"])
        return max(p.series, key=lambda s: s.errors[k]).name
    va = spec_points(spec).query("panel == @sc['panel'] and category == @sc['category']").set_index("series").value
    ea, eb = (_errors(spec, sc["panel"], n, sc["category"]) for n in (sc["a"], sc["b"]))
    return "yes" if abs(va[sc["a"]] - va[sc["b"]]) <= ea + eb else "no"


def test_probes_have_computed_answers(drawn):
    templates: dict[str, int] = {}
    rng = np.random.default_rng(0)
    without_caption_probe = 0
    for spec, _ in drawn:
        probes, _ = spec_probes(spec, True, ProbesConfig(), 42)
        pts = spec_points(spec)
        families = {p.family for p in probes}
        # a caption probe needs false claims the figure refutes: two near-equal methods may offer too few
        assert families - {"caption_bias"} == {"capability", "resistance"}
        without_caption_probe += "caption_bias" not in families
        for p in probes:
            e = json.loads(json.dumps(p.expected))
            assert e.get("absent_element") != "error bars", p.text
            assert e.get("missing_info") != "variance across seeds or runs", p.text
            if p.family != "capability":
                continue
            templates[e["template"]] = templates.get(e["template"], 0) + 1
            if e["template"] in ("widest_whisker", "intervals_overlap"):
                assert e["answer"] == _recompute_spread(spec, e), p.text
            elif e["template"] == "count_bars_total":
                assert e["answer"] == sum(len(q.categories) * len(q.series) for q in spec.panels)
                assert ("points" in p.text) == (spec.variant == "points")
            elif e["answer_type"] == "number":
                assert e["answer"] == pytest.approx(recompute(spec, pts, e), rel=1e-5, abs=1e-9), p.text
                read = recompute(spec, perturbed(spec, pts, rng, compare=e["template"] in ORDINAL), e)
                assert abs(read - e["answer"]) <= e["tolerance"] + 1e-9, (p.text, read)
            else:
                assert e["answer"] == recompute(spec, pts, e), p.text
    assert templates.get("widest_whisker", 0) >= 1 and templates.get("intervals_overlap", 0) >= 1, templates
    assert without_caption_probe <= 1


def test_whisker_answers_survive_a_misreading(drawn):
    """Moving every whisker end by up to the compare tolerance never flips a kept whisker answer."""
    rng = np.random.default_rng(1)
    for spec, _ in drawn:
        view = FigureView(spec)
        for p in spec_probes(spec, True, ProbesConfig(), 42)[0]:
            e = p.expected
            if e.get("template") not in ("widest_whisker", "intervals_overlap"):
                continue
            for _ in range(20):
                shaken = FigureSpec.from_dict(json.loads(spec.to_json()))
                for q in shaken.panels:
                    t = view.ctol(q.index, 0.0)
                    for s in q.series:
                        lo = np.array(s.values) - np.array(s.errors) + rng.uniform(-t, t, len(s.values))
                        up = np.array(s.values) + np.array(s.errors) + rng.uniform(-t, t, len(s.values))
                        s.values, s.errors = list((lo + up) / 2), list((up - lo) / 2)
                assert _recompute_spread(shaken, e) == e["answer"], p.text


def test_error_bars_are_never_presupposed_absent():
    kind = chart_kind("errorbar")
    assert not next(a for a in ABSENT if a.key == "error bars").applies(kind)
    assert next(a for a in ABSENT if a.key == "error bars").applies(chart_kind("bar"))


def test_simulated_respondents_answer_and_the_judge_agrees(drawn):
    agree, total = respondents_agree_with_judge([spec for spec, _ in drawn])
    assert total > 100 and agree / total >= 0.95, agree / total


def test_rule_judge_reads_the_whiskers(drawn):
    spec = next(s for s, _ in drawn if s.variant == "bars")
    good = judge_description(reference_description(spec), spec)
    assert {i.key for i in good.items} == {i.key for i in chart_kind("errorbar").checklist}
    assert good.score > judge_description("A bar chart.", spec).score
    p = spec.panels[0]
    truth = "standard deviation" if "standard deviation" in p.spread else "confidence interval"
    other = "confidence interval" if truth == "standard deviation" else "standard deviation"
    said = read_description(f"A bar chart with error bars; the error bars show the {truth}.", spec)
    assert said.coverage["chart_type"] == "complete" and said.coverage["whiskers"] == "complete"
    assert not [e for e in said.errors if e["item"] in ("whiskers", "chart_type", "global")]
    wrong = read_description(f"The error bars show the {other}.", spec)
    assert [e["item"] for e in wrong.errors] == ["whiskers"]
    spans = sorted((e, s.name, c) for s in p.series for c, e in zip(p.categories, s.errors, strict=True))
    (_, s_lo, c_lo), (_, s_hi, c_hi) = spans[0], spans[-1]
    right = read_description(f"The widest error bar belongs to {s_hi} on {c_hi}.", spec)
    assert right.coverage["spread"] == "complete" and not right.errors
    if (s_lo, c_lo) != (s_hi, c_hi) and spans[0][0] < spans[1][0]:
        bad = read_description(f"The widest error bar belongs to {s_lo} on {c_lo}.", spec)
        assert [e["item"] for e in bad.errors] == ["spread"]
    overlap = read_description("The intervals of the methods overlap on every dataset.", spec)
    assert overlap.coverage["spread"] == "complete" and not overlap.errors  # covered, truth not checked


def test_corpus_kinds_asks_for_errorbar_by_count():
    assert CorpusConfig().counts() == {"bar": 99, "line": 99, "pie": 52}
    assert CorpusConfig(n_bar=1, kinds={"errorbar": 3}).counts()["errorbar"] == 3


def test_every_condition_and_blur_targets(drawn, tmp_path):
    """The conditions stage draws every condition of a few figures and proposes both blur modes."""
    conditions: set[str] = set()
    modes: set[str] = set()
    for spec, png in drawn[:4]:
        (tmp_path / f"{spec.figure_id}.png").write_bytes(png)
        (tmp_path / f"{spec.figure_id}.json").write_text(spec.to_json())
        job = FigureJob(
            spec.figure_id,
            "errorbar",
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
