"""Bar charts along a long category axis (one bar per MMLU subject or per language), as real
papers print them: 20 to 45 named bars, upright names that never collide, a plausible metric."""

from __future__ import annotations

import pytest

from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import render
from scifigbench.corpus.vocab import DOMAINS
from scifigbench.spec import FigureSpec

AXES = {d.name: d.long_axis for d in DOMAINS if d.long_axis}


@pytest.fixture(scope="module")
def long_bars() -> list[FigureSpec]:
    specs = [generate(42, "bar", i, 80) for i in range(200)]
    return [s for s in specs if max(len(p.categories) for p in s.panels) >= 20]


def test_some_bar_charts_run_along_a_long_axis(long_bars):
    assert len(long_bars) >= 3
    for spec in long_bars:
        (panel,) = spec.panels
        axis = AXES[spec.domain]
        assert 20 <= len(panel.categories) <= 45
        assert set(panel.categories) <= set(axis.items)
        if panel.sort == "none":  # the benchmark's own order
            assert panel.categories == sorted(panel.categories, key=axis.items.index)
        assert panel.x_label == axis.label and panel.y_label.split(" (")[0] == axis.metric
        assert not panel.value_labels


def test_long_axis_names_stand_apart(long_bars):
    """No two category names' drawn boxes overlap (they would on a 30-degree turn)."""
    for spec in long_bars[:3]:
        render(spec)
        boxes = sorted(
            (e.x0, e.y0, e.x1, e.y1) for e in spec.text_elements if e.role == "tick" and e.category is not None
        )
        assert len(boxes) == len(spec.panels[0].categories)
        for a, b in zip(boxes, boxes[1:], strict=False):
            assert a[2] <= b[0] or a[3] <= b[1] or b[3] <= a[1], (spec.figure_id, a, b)
