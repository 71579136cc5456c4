"""Resistance probes: contra values 20-30 % off the spec, inexist elements absent from the spec."""

from __future__ import annotations

import re

import pytest

from helpers.spec_factory import VARIANTS, bar_grouped_two_panels, line_multi, pie
from helpers.truth import mentions, number_forms, read_tolerance_at, value
from scifigbench.concepts.kinds import KINDS
from scifigbench.probes.families.resistance.from_spec import ABSENT, resistance_probes
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import rng_for
from scifigbench.spec import Annotation


def _with_reference_line():
    spec = bar_grouped_two_panels("bar_ref")
    spec.panels[0].annotations.append(Annotation("Human performance", kind="hline"))
    return spec


SPECS = [bar_grouped_two_panels(), bar_grouped_two_panels("bar_lab", True), line_multi(), pie(), pie("pie_plain", False),
         _with_reference_line()] + [v() for v in VARIANTS]
CASES = [(spec, seed) for spec in SPECS for seed in range(8)]


def _probes(spec, seed):
    got = resistance_probes(FigureView(spec), rng_for(seed, spec.figure_id, "resistance"), (0.2, 0.3))
    return {p.category: p for p in got}


def _exists(spec, key: str, exp: dict) -> bool:
    """Whether the figure actually has the presupposed element (checked on the raw spec)."""
    texts = " ".join([t.text for t in spec.text_elements] + [a.text for p in spec.panels for a in p.annotations]).lower()
    if key == "error bars":
        return "error" in texts or "±" in texts
    if key == "shaded confidence band":
        return "confidence" in texts
    if key == "dashed baseline line":
        return any(a.kind in ("hline", "vline") for p in spec.panels for a in p.annotations) or "baseline" in texts
    if key == "secondary y-axis":
        ys = [t.panel for t in spec.text_elements if t.role == "axis_label" and t.axis == "y"]
        return len(ys) != len(set(ys))
    if key == "reference series":
        name = exp["absent_name"].lower()
        names = {s.name.lower() for p in spec.panels for s in p.series} | {c.lower() for p in spec.panels
                                                                           for c in p.categories}
        return name in texts or name in names or name.split()[0] in texts
    if key == "callout arrow":
        return any(p.annotations for p in spec.panels)
    if key == "'Other' wedge":
        return any(re.search(r"\bother", c.lower()) for p in spec.panels for c in p.categories)
    if key == "inner ring":
        return any(p.donut for p in spec.panels)
    if key == "exploded wedge":
        return False  # specs have no exploded wedges
    raise AssertionError(f"unknown absent element {key}")


@pytest.mark.parametrize("spec,seed", CASES, ids=[f"{s.figure_id}-{k}" for s, k in CASES])
def test_one_of_each_with_behavior_and_principle(spec, seed):
    got = _probes(spec, seed)
    assert set(got) == {"inexist", "contra", "unanswerable"}
    for p in got.values():
        assert p.expected["expected_behavior"] and p.expected["principle"]
        assert "?" in p.text


@pytest.mark.parametrize("spec,seed", CASES, ids=[f"{s.figure_id}-{k}" for s, k in CASES])
def test_inexist_presupposes_an_absent_element(spec, seed):
    p = _probes(spec, seed)["inexist"]
    key = p.expected["absent_element"]
    assert not _exists(spec, key, p.expected), (key, p.text)
    # a definite article and a subordinate clause carry the presupposition
    assert re.search(r"\bthe\b", p.text, re.I)
    assert re.search(r"\b(which|that|since|where|given)\b", p.text, re.I), p.text


@pytest.mark.parametrize("spec,seed", CASES, ids=[f"{s.figure_id}-{k}" for s, k in CASES])
def test_contra_value_is_20_to_30_percent_off(spec, seed):
    p = _probes(spec, seed)["contra"]
    e = p.expected
    true = value(spec, e["panel"], e["series"], e["category"])
    assert e["true_value"] == pytest.approx(true)
    off = abs(e["false_value"] / true - 1)
    assert 0.2 <= off <= 0.3, (true, e["false_value"])
    # the misquote is visibly wrong: well beyond what misreading the axis explains
    assert abs(e["false_value"] - true) > 1.25 * read_tolerance_at(spec, e["panel"], true)
    assert any(mentions(p.text, f) for f in number_forms(e["false_value"])), p.text
    assert not any(mentions(p.text, f) for f in number_forms(true)), p.text


@pytest.mark.parametrize("spec,seed", CASES, ids=[f"{s.figure_id}-{k}" for s, k in CASES])
def test_unanswerable_names_missing_information(spec, seed):
    p = _probes(spec, seed)["unanswerable"]
    assert p.expected["missing_info"]
    assert "not show" in p.expected["expected_behavior"]


@pytest.mark.parametrize("spec,seed", CASES, ids=[f"{s.figure_id}-{k}" for s, k in CASES])
def test_unanswerable_never_invites_an_estimate(spec, seed):
    # an invited estimate makes an extrapolation a fair answer: the expected refusal is then disputable
    texts = {_probes(spec, s)["unanswerable"].text for s in range(seed, seed + 30)}
    assert not [t for t in texts if re.search(r"estimate|rough|approximate|guess|should we expect", t, re.I)]


def test_reference_line_in_figure_is_never_presupposed_absent():
    spec = _with_reference_line()
    keys = {_probes(spec, s)["inexist"].expected["absent_element"] for s in range(40)}
    assert "dashed baseline line" not in keys and "callout arrow" not in keys
    names = {_probes(spec, s)["inexist"].expected.get("absent_name") for s in range(40)}
    assert "human performance" not in names


def test_every_kind_has_an_absent_element_and_every_element_a_kind():
    """Absent elements are declared by traits: each chart kind gets some, none is left without a kind."""
    for kind in KINDS.values():
        assert any(a.applies(kind) for a in ABSENT), kind.name
    for a in ABSENT:
        assert any(a.applies(kind) for kind in KINDS.values()), a.key
