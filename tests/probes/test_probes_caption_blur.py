"""Caption-bias claims false against the spec (reality true); blur questions hint-free and on target."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from helpers.spec_factory import VARIANTS, bar_grouped_two_panels, blur_target_rows, line_multi, pie
from helpers.truth import mentions, number_forms, read_tolerance_at, spec_points, value
from scifigbench.concepts.names import CLAIM_TYPES
from scifigbench.probes.families.blur.from_targets import blur_probes
from scifigbench.probes.families.caption_bias.from_spec import MAKERS, caption_probe
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import rng_for

SPECS = [bar_grouped_two_panels(), bar_grouped_two_panels("bar_lab", True), line_multi(), pie(), pie("pie_plain", False),
         *(v() for v in VARIANTS)]
CASES = [(spec, seed) for spec in SPECS for seed in range(6)]
IDS = [f"{s.figure_id}-{k}" for s, k in CASES]


def _v(spec, ref) -> float:
    return value(spec, ref["panel"], ref["series"], ref["category"])


def _check_claim(spec, claim: dict) -> None:
    """The claim is false and its reality true, both judged on the raw spec data."""
    f, kind = claim["fact"], claim["type"]
    if kind == "value_anchor":
        true = _v(spec, f["point"])
        assert f["actual"] == pytest.approx(true)
        assert 0.2 <= abs(f["claimed"] / true - 1) <= 0.4
        assert abs(f["claimed"] - true) > 2 * read_tolerance_at(spec, f["point"]["panel"], true)
        assert any(mentions(claim["claim"], s) for s in number_forms(f["claimed"]))
        assert any(mentions(claim["reality"], s) for s in number_forms(true))
    elif kind == "comparison_swap":
        hi, lo = _v(spec, f["claimed_higher"]), _v(spec, f["claimed_lower"])
        assert hi < lo  # the claim says the reverse of the data
        panel = f["claimed_lower"]["panel"]
        assert lo - hi > 2 * (read_tolerance_at(spec, panel, lo, True) + read_tolerance_at(spec, panel, hi, True))
    elif kind == "ranking_inversion":
        df = spec_points(spec)
        members = pd.DataFrame(f["members"])
        vals = members.apply(lambda r: _v(spec, r), axis=1)
        me = _v(spec, f["member"])
        rank = int((vals > me).sum()) + 1
        assert rank == f["actual_rank"] and rank != f["claimed_rank"]
        second = members.iloc[int(np.argsort(-vals.to_numpy())[1])]
        label = second["series"] if second["series"] != f["member"]["series"] else second["category"]
        assert label in claim["reality"]
        assert len(df) >= len(members)
    elif kind == "trend":
        change = _v(spec, f["to"]) - _v(spec, f["from"])
        assert (change > 0) == (f["claimed_direction"] == "down")
        assert ("rises" in claim["reality"]) == (change > 0)
    elif kind == "rate" and f["kind"] == "ratio":
        actual = _v(spec, f["to"]) / _v(spec, f["from"])
        assert f["actual"] == pytest.approx(actual)
        assert abs(f["claimed"] - actual) > f["tolerance"]
        a, b = _v(spec, f["to"]), _v(spec, f["from"])
        assert f["tolerance"] >= (a + read_tolerance_at(spec, f["to"]["panel"], a)) / (
            b - read_tolerance_at(spec, f["from"]["panel"], b)) - actual - 1e-9
    elif kind == "rate":
        p = next(q for q in spec.panels if q.index == f["from"]["panel"])
        xs = dict(zip(p.categories, p.x_values))
        actual = (_v(spec, f["to"]) - _v(spec, f["from"])) / (xs[f["to"]["category"]] - xs[f["from"]["category"]]) \
            * f["per"]
        assert f["actual"] == pytest.approx(actual)
        assert abs(f["claimed"] - actual) > f["tolerance"]
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize("spec,seed", CASES, ids=IDS)
def test_caption_claims_false_and_realities_true(spec, seed):
    p = caption_probe(FigureView(spec), rng_for(seed, spec.figure_id, "caption_bias"), (2, 3), (0.2, 0.4))
    assert p is not None
    claims = p.expected["claims"]
    assert 2 <= len(claims) <= 3
    assert len({c["type"] for c in claims}) == len(claims)
    for c in claims:
        assert c["claim"] in p.text and c["reality"] not in p.text
        _check_claim(spec, c)
    # the 70/30 rule: the true skeleton is kept and outweighs the false claims
    for sentence in p.expected["correct_elements"]:
        assert sentence in p.text
    assert p.expected["correct_share"] >= 0.6
    for cat in spec.panels[0].categories:
        assert cat in p.text
    for label in (spec.panels[0].x_label, spec.panels[0].y_label):
        if label:
            assert label in p.text


def test_caption_claim_types_all_occur():
    types = set()
    for spec, seed in CASES:
        p = caption_probe(FigureView(spec), rng_for(seed, spec.figure_id, "caption_bias"), (2, 3), (0.2, 0.4))
        types |= {c["type"] for c in p.expected["claims"]}
    assert types == set(CLAIM_TYPES)


def test_every_claim_type_has_exactly_one_maker():
    assert sorted(MAKERS) == sorted(CLAIM_TYPES)


ALTERATION = re.compile(r"blur|hidden|obscur|unread|illegib|mask|cover|alter|missing|smudg", re.I)


@pytest.mark.parametrize("spec", SPECS, ids=[s.figure_id for s in SPECS])
def test_every_text_element_gets_a_hint_free_question(spec):
    view = FigureView(spec)
    rows = []
    for e in spec.text_elements:
        r = blur_target_rows(spec, {"admittance": e.element_id})[0]
        r["target_id"] = f"{spec.figure_id}/admittance/{e.element_id}"
        rows.append(r)
    targets = pd.DataFrame(rows)
    elements = pd.DataFrame([vars(e) | {"figure_id": spec.figure_id} for e in spec.text_elements])
    probes = blur_probes(targets, elements, {spec.figure_id: view}, {spec.figure_id: (spec.width, spec.height)})
    assert len(probes) == len(spec.text_elements)
    for p, e in zip(probes, sorted(spec.text_elements, key=lambda e: f"{spec.figure_id}/admittance/{e.element_id}")):
        assert p.expected["expected_answer"] == e.text
        assert not ALTERATION.search(p.text), p.text
        assert not mentions(p.text, e.text), (e.text, p.text)
        assert p.text.endswith("?")


def test_blur_question_targets_the_element():
    spec = bar_grouped_two_panels()
    legend = next(e for e in spec.text_elements if e.role == "legend_entry" and e.series == "Mistral-7B")
    math_tick = next(e for e in spec.text_elements if e.role == "tick" and e.category == "MATH" and e.panel == 0)
    targets = pd.DataFrame(blur_target_rows(spec, {"admittance": legend.element_id, "inductance": math_tick.element_id}))
    targets.loc[len(targets)] = targets.iloc[0].to_dict() | {"target_id": "x/none", "status": "proposed"}
    elements = pd.DataFrame([vars(e) | {"figure_id": spec.figure_id} for e in spec.text_elements])
    probes = blur_probes(targets, elements, {spec.figure_id: FigureView(spec)}, {spec.figure_id: (1200, 500)})
    assert len(probes) == 2  # the proposed target is not used
    by_mode = {p.category: p for p in probes}
    assert "orange" in by_mode["admittance"].text  # Mistral-7B is the orange series
    # MATH is the lowest benchmark of the first series in the left panel: the question asks exactly that
    df = spec_points(spec)
    first = df[(df.panel == 0) & (df.series == "Llama-3-8B")]
    assert first.sort_values("value").category.iloc[0] == "MATH"
    assert "lowest" in by_mode["inductance"].text and "Llama-3-8B" in by_mode["inductance"].text


def test_figure_level_pie_legend_entry_is_asked_by_colour():
    """A legend that names wedges (no panel, no series) is asked about through its wedge colour."""
    from scifigbench.spec import TextElement

    spec = pie("pie_legend")
    spec.text_elements.append(TextElement("pie_legend/leg", "legend_entry", "Books", 5, 5, 40, 15, category="Books"))
    targets = pd.DataFrame(blur_target_rows(spec, {"admittance": "pie_legend/leg"}))
    elements = pd.DataFrame([vars(e) | {"figure_id": spec.figure_id} for e in spec.text_elements])
    (probe,) = blur_probes(targets, elements, {spec.figure_id: FigureView(spec)}, {spec.figure_id: (700, 700)})
    assert probe.text == "Which category does the green wedge represent?"  # Books is the third (green) wedge


@pytest.mark.parametrize("spec,seed", CASES, ids=IDS)
def test_false_claims_do_not_contradict_the_true_part(spec, seed):
    """The caption names the highest value; no claim puts another point above it or swaps it."""
    p = caption_probe(FigureView(spec), rng_for(seed, spec.figure_id, "caption_bias"), (2, 3), (0.2, 0.4))
    df = spec_points(spec)
    top = df.loc[df.value.idxmax()]
    for c in p.expected["claims"]:
        f = c["fact"]
        if f["kind"] == "value" and f["point"]["series"] != "__total__":
            assert f["claimed"] < top.value
        if f["kind"] == "order":
            assert (top.panel, top.series, top.category) != tuple(f["claimed_lower"][k] for k in ("panel", "series",
                                                                                                 "category"))


def test_real_figure_target_brings_its_question_and_neighbours():
    """A target read from a real figure's layout is asked with its own role-and-position question."""
    import json

    target = {"target_id": "real/admittance", "figure_id": "real", "mode": "admittance", "element_id": None,
              "role": "legend_entry", "text": "GRNN", "x0": 10.0, "y0": 10.0, "x1": 40.0, "y1": 20.0,
              "rule": "legend_entry", "reasoning_path": "printed once", "expected_answer": "GRNN",
              "status": "confirmed", "ocr_backend": "rapidocr", "match_tier": "exact", "match_score": 1.0,
              "question": "Which series does the blue legend entry name?",
              "neighbours_json": json.dumps(["RNN-EM", "LSTM"])}
    (probe,) = blur_probes(pd.DataFrame([target]), pd.DataFrame(), {}, {"real": (400, 300)})
    assert probe.text == "Which series does the blue legend entry name?"
    assert probe.expected["neighbours"] == ["RNN-EM", "LSTM"] and probe.expected["expected_answer"] == "GRNN"
    target.update(question=None, neighbours_json=None)
    (plain,) = blur_probes(pd.DataFrame([target]), pd.DataFrame(), {}, {"real": (400, 300)})
    assert plain.text.startswith("What does the text in the") and "neighbours" not in plain.expected


def test_an_estimated_value_brings_its_accepted_range_to_the_judged_unit():
    """A value inferred by estimate carries the answers counted correct from the target row through
    the probe to the unit the judge scores; a target without one is read exactly."""
    import json

    from scifigbench.families.registry import rule_verdict
    from scifigbench.judges.units import units_for

    row = {"target_id": "real/inductance", "figure_id": "real", "mode": "inductance", "element_id": None,
           "role": "value_label", "text": "17", "x0": 268.0, "y0": 300.0, "x1": 291.0, "y1": 318.0,
           "rule": "value_scale", "reasoning_path": "read on the scale of the other bars", "expected_answer": "17",
           "status": "confirmed", "ocr_backend": "rapidocr", "match_tier": "exact", "match_score": 1.0,
           "question": "What value is printed for 'Radio'?", "neighbours_json": json.dumps(["41", "22", "84"]),
           "accept_low": 13.7, "accept_high": 20.3}
    exact = row | {"target_id": "other/inductance", "figure_id": "other", "accept_low": None, "accept_high": None}
    probes = blur_probes(pd.DataFrame([row, exact]), pd.DataFrame(), {}, {"real": (600, 600), "other": (600, 600)})
    by_figure = {p.figure_id: p for p in probes}
    assert by_figure["real"].expected["accept"] == [13.7, 20.3]
    assert "accept" not in by_figure["other"].expected
    probe = by_figure["real"]
    record = {"probe_id": "real/blur/inductance", "category": "inductance", "text": probe.text,
              "expected_json": json.dumps(probe.expected)}
    setup = {"setup_id": "s1", "figure_id": "real", "condition": "indb", "chart_type": "bar", "task": "blur_active",
             "probe_ids": json.dumps([record["probe_id"]])}
    (unit,) = units_for(setup, {"text": "It looks like about 19.", "error": None}, {record["probe_id"]: record},
                        None, {}, None)
    assert unit.fields["accept"] == [13.7, 20.3]
    assert rule_verdict("blur_active", unit.fields)["correct"] is True
    assert rule_verdict("blur_active", unit.fields | {"answer": "About 24."})["correct"] is False
