"""Grids that print their legend in every panel, as many real multi-panel figures do: each copy
names every series, sits inside its own panel and covers none of that panel's data."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib import rc_context

from scifigbench import fonts
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import _rc, laid_out, render
from scifigbench.spec import FigureSpec

KINDS = ("bar", "line", "curve", "area")


@pytest.fixture(scope="module")
def repeated(figure_store) -> list[FigureSpec]:
    """Generated grids whose every panel asks for an inside legend, rendered."""
    specs = [figure_store.generated(42, kind, i, 60) for kind in KINDS for i in range(40)]
    grids = [s for s in specs if len(s.panels) > 1 and all(p.legend_loc for p in s.panels)]
    for spec in grids:
        render(spec)
    return grids


def test_some_grids_repeat_their_legend_and_some_keep_one(repeated, figure_store):
    grids = [figure_store.generated(42, k, i, 60) for k in KINDS for i in range(40)]
    first_only = [s for s in grids if len(s.panels) > 1 and s.panels[0].legend_loc and not s.panels[1].legend_loc]
    assert len(repeated) >= 3 and first_only, (len(repeated), len(first_only))


def test_each_copy_names_every_series_inside_its_own_panel(repeated):
    for spec in repeated:
        with fonts.strict(spec.figure_id), rc_context(_rc(spec)):
            d = laid_out(spec)
            height = d.figure.canvas.get_width_height()[1]
            frames = [ax.get_window_extent() for ax in d.axes]
        names = sorted(s.name for s in spec.panels[0].series)
        for p, frame in zip(spec.panels, frames, strict=True):
            entries = [t for t in spec.text_elements if t.role == "legend_entry" and t.panel == p.index]
            assert sorted(t.text for t in entries) == names, (spec.figure_id, p.index)
            for t in entries:  # inside the panel's frame (pixel rows counted from the top)
                assert frame.x0 - 1 <= t.x0 and t.x1 <= frame.x1 + 1, (spec.figure_id, p.index, t.text)
                assert height - frame.y1 - 1 <= t.y0 and t.y1 <= height - frame.y0 + 1, (spec.figure_id, p.index)


def test_no_copy_covers_its_panels_marks(repeated):
    """The data points of a panel (its series' values at their x positions, in pixels from the
    drawn axes' own transform) fall outside every legend box drawn in that panel."""
    for spec in repeated:
        with fonts.strict(spec.figure_id), rc_context(_rc(spec)):
            d = laid_out(spec)
            renderer = d.figure.canvas.get_renderer()
            for p, ax in zip(spec.panels, d.axes, strict=True):
                legend = ax.get_legend()
                assert legend is not None, (spec.figure_id, p.index)
                box = legend.get_window_extent(renderer)
                xs = p.x_values or list(range(len(p.categories)))
                for s in p.series:
                    at = [s.values, xs] if p.orientation == "horizontal" else [xs, s.values]
                    pts = ax.transData.transform(np.column_stack(at))
                    inside = [(x, y) for x, y in pts if box.x0 < x < box.x1 and box.y0 < y < box.y1]
                    assert not inside, (spec.figure_id, p.index, s.name)


def test_most_grids_of_four_panels_print_their_legend_in_every_panel():
    """Real grids of four or more panels print a median of 6 legend entries, most of them by
    repeating one legend per panel; a grid of ours with two to five series must do so in at least
    half the cases where its panels leave room (line and curve grids do: their lines leave a corner
    free), or its single legend prints the 2 or 3 entries the realism benchmark measured."""
    grids = [
        s
        for kind in ("line", "curve")
        for i in range(300)
        if len((s := generate(42, kind, i, 60)).panels) >= 4 and len(s.panels[0].series) > 1
    ]
    every = [s for s in grids if all(p.legend_loc for p in s.panels)]
    assert len(grids) >= 10 and len(every) >= len(grids) / 2, (len(every), len(grids))
