"""A synthetic figure whose legend is printed in every panel: a legend entry is an admittance
target only with every copy blurred, and a blur that leaves one copy readable is caught."""

from __future__ import annotations

from dataclasses import replace

import pytest

from helpers.spec_factory import bar_grouped_two_panels
from scifigbench.blurtargets.candidates import ADMITTANCE
from scifigbench.blurtargets.from_spec import admittance_candidates, ranked_candidates
from scifigbench.spec import FigureSpec, TextElement


def _boxes_of(spec: FigureSpec, text: str) -> set[tuple[float, float, float, float]]:
    """Every printed box of ``text``, found by reading the spec's elements (not the selector)."""
    return {(e.x0, e.y0, e.x1, e.y1) for e in spec.text_elements if e.text.casefold() == text.casefold()}


def _apart(spec: FigureSpec) -> FigureSpec:
    """The spec with its text elements laid out on separate lines, so no blur box touches another."""
    spaced = [
        TextElement(
            e.element_id,
            e.role,
            e.text,
            10.0,
            30.0 * k,
            200.0,
            30.0 * k + 12,
            panel=e.panel,
            axis=e.axis,
            series=e.series,
            category=e.category,
            value=e.value,
        )
        for k, e in enumerate(spec.text_elements)
    ]
    return replace(spec, text_elements=spaced)


def test_a_legend_in_each_panel_is_a_target_with_every_copy_blurred() -> None:
    spec = bar_grouped_two_panels()
    legend = [e for e in spec.text_elements if e.role == "legend_entry" and e.text == "Llama-3-8B"]
    assert sorted(e.panel for e in legend) == [0, 1]  # the fixture prints its legend in both panels
    cands = [c for c in admittance_candidates(spec, None) if c.text == "Llama-3-8B"]
    assert len(cands) == 1  # proposed once, from its first print
    assert {cands[0].box, *cands[0].also} == _boxes_of(spec, "Llama-3-8B")
    assert "every copy blurred" in cands[0].reasoning_path


@pytest.mark.parametrize("name", ["Llama-3-8B", "Mistral-7B", "Qwen2-7B"])
def test_ranked_targets_leave_no_copy_readable(name: str) -> None:
    spec = _apart(bar_grouped_two_panels())
    ranked = [c for c in ranked_candidates(spec, None, ADMITTANCE, 42, pad=4) if c.text == name]
    assert ranked, name
    assert {ranked[0].box, *ranked[0].also} >= _boxes_of(spec, name)


def test_a_copy_left_readable_is_caught() -> None:
    """The check the tests above make fails on a target that blurs one print only."""
    spec = bar_grouped_two_panels()
    (cand,) = [c for c in admittance_candidates(spec, None) if c.text == "Mistral-7B"]
    one_only = replace(cand, also=())
    assert not {one_only.box, *one_only.also} >= _boxes_of(spec, "Mistral-7B")
