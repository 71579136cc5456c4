"""Recoverability of blur targets, re-derived from the spec without the selector's code.

Every inductance candidate's expected answer is recomputed from the *other* spec elements along
its rule (fit the visible ticks, look the bar value up in the series data, subtract the other
printed shares from 100, find the repeated label); every admittance candidate is shown to occur
in no other text element and not in the caption.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from helpers.conditions_fixtures import BUILDERS
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.blurtargets.from_spec import admittance_candidates, inductance_candidates, ranked_candidates
from scifigbench.spec import FigureSpec


@pytest.fixture(scope="module")
def specs(tmp_path_factory) -> list[FigureSpec]:
    out = tmp_path_factory.mktemp("fx")
    return [build(out)[1] for build in BUILDERS]


def _element(spec: FigureSpec, element_id: str):
    return next(e for e in spec.text_elements if e.element_id == element_id)


def _tick_value(e) -> float:
    return e.value if e.value is not None else float(e.text.replace("\u2212", "-").replace(",", "").rstrip("%"))


def recompute_tick(spec: FigureSpec, target) -> float:
    axis_ticks = [
        e for e in spec.text_elements if e.role == "tick" and e.panel == target.panel and e.axis == target.axis
    ]
    pos = (lambda e: e.x0 + e.x1) if target.axis == "x" else (lambda e: -(e.y0 + e.y1))
    ordered = sorted(axis_ticks, key=pos)
    k = ordered.index(target)
    idx = np.array([i for i, e in enumerate(ordered) if e is not target], float)
    vals = np.array([_tick_value(e) for e in ordered if e is not target])
    for transform, inverse in ((lambda v: v, lambda v: v), (np.log10, lambda v: 10**v)):
        if transform is np.log10 and (vals <= 0).any():
            continue
        coef = np.polyfit(idx, transform(vals), 1)
        if np.allclose(np.polyval(coef, idx), transform(vals), rtol=1e-6, atol=1e-9):
            return float(inverse(np.polyval(coef, k)))
    raise AssertionError(f"visible ticks {vals} are not evenly spaced")


def recompute_value_label(spec: FigureSpec, target) -> str:
    panel = next(p for p in spec.panels if p.index == target.panel)
    series = next(s for s in panel.series if s.name == target.series)
    value = series.values[panel.categories.index(target.category)]
    ticks = [
        _tick_value(e)
        for e in spec.text_elements
        if e.role == "tick"
        and e.panel == target.panel
        and e.axis == ("x" if panel.orientation == "horizontal" else "y")
        and e.category is None
    ]
    assert len(ticks) >= 2 and min(ticks) <= value
    return panel.value_format.format(value)


def recompute_pie_share(spec: FigureSpec, target) -> float:
    panel = next(p for p in spec.panels if p.index == target.panel)
    shown = {
        e.category: float(e.text.rstrip("%"))
        for e in spec.text_elements
        if e.role == "pie_pct" and e.panel == panel.index
    }
    assert set(shown) == set(panel.categories)
    return 100.0 - sum(v for c, v in shown.items() if c != target.category)


def check_inductance(spec: FigureSpec, cand) -> None:
    target = _element(spec, cand.element_id)
    assert cand.expected_answer == target.text
    if cand.rule == "tick_sequence":
        assert recompute_tick(spec, target) == pytest.approx(_tick_value(target), rel=1e-6, abs=1e-9)
    elif cand.rule == "value_label_axis":
        assert recompute_value_label(spec, target) == target.text
    elif cand.rule == "pie_remainder":
        assert recompute_pie_share(spec, target) == pytest.approx(float(target.text.rstrip("%")), abs=1e-9)
    elif cand.rule == "repeated_label":
        assert any(o is not target and o.text.casefold() == target.text.casefold() for o in spec.text_elements)
    else:
        raise AssertionError(f"unknown rule {cand.rule}")


def check_admittance(spec: FigureSpec, cand) -> None:
    """No text left readable names the target: every other element containing its text is a copy
    of it (a legend printed in each panel) whose box the blur covers too."""
    text = cand.text.casefold()
    blurred = {cand.box, *cand.also}
    for o in spec.text_elements:
        if o.element_id != cand.element_id and (o.x0, o.y0, o.x1, o.y1) not in blurred:
            assert text not in o.text.casefold(), f"{cand.text!r} visible in {o.text!r}"
    # The caption either does not name it, or is flagged for redaction (checked on the stage output).
    assert (text in spec.caption.casefold()) == cand.redacts_caption


def test_every_candidate_is_recoverable_or_not_as_claimed(specs):
    rules = set()
    for spec in specs:
        for cand in inductance_candidates(spec):
            check_inductance(spec, cand)
            rules.add(cand.rule)
        for cand in admittance_candidates(spec, spec.caption):
            check_admittance(spec, cand)
    assert {"tick_sequence", "value_label_axis", "pie_remainder"} <= rules  # the fixtures exercise each numeric rule


def test_known_answers_on_fixtures(specs):
    bar, line, pie = specs
    adm = {c.text for c in admittance_candidates(bar, bar.caption)}
    assert {"NoR QA", "OneR QA", "2WikiMQA", "HotpotQA", "MuSiQue"} <= adm
    assert "Factual errors" not in adm  # an axis label is not an admittance role
    ranked = [c.text for c in ranked_candidates(line, line.caption, ADMITTANCE, 42, pad=4)]
    assert ranked == ["Ours", "Baseline"]  # the caption names 'baseline': it comes last and needs redaction
    pie_ind = {c.text: c for c in inductance_candidates(pie) if c.rule == "pie_remainder"}
    assert set(pie_ind) == {"42%", "27%", "19%", "12%"}
    assert "100 - 88 = 12%" in pie_ind["12%"].reasoning_path


def test_selected_targets_do_not_touch_other_text(specs):
    for spec in specs:
        for mode in (ADMITTANCE, INDUCTANCE):
            ranked = ranked_candidates(spec, spec.caption, mode, 42, pad=4)
            assert ranked, (spec.figure_id, mode)
            c = ranked[0]
            for o in spec.text_elements:
                if o.element_id != c.element_id:
                    assert c.box[2] + 4 <= o.x0 or o.x1 <= c.box[0] - 4 or c.box[3] + 4 <= o.y0 or o.y1 <= c.box[1] - 4
            assert ranked == ranked_candidates(spec, spec.caption, mode, 42, pad=4)  # deterministic


@pytest.fixture(scope="module")
def generated(figure_store) -> list[FigureSpec]:
    """Figures from the corpus generator itself (every chart type, several variants), rendered for real."""
    jobs = (
        [(42, "bar", i, 100) for i in range(5)]
        + [(42, "line", i, 100) for i in range(5)]
        + [(42, "pie", i, 100) for i in range(3)]
    )
    return [FigureSpec.from_dict(json.loads(figure_store.drawn(j)[0])) for j in jobs]


def test_generated_figures_targets_are_recoverable_or_not_as_claimed(generated):
    for spec in generated:
        for cand in inductance_candidates(spec):
            check_inductance(spec, cand)
        for cand in admittance_candidates(spec, spec.caption):
            check_admittance(spec, cand)
        for mode in (ADMITTANCE, INDUCTANCE):
            assert ranked_candidates(spec, spec.caption, mode, 42, pad=4), (spec.figure_id, spec.variant, mode)
