"""Names on the page over the lower row of a grid of panels (no strip under them) head those
panels: neither x ticks of the row above nor notes inside the frame. Charts drawn with matplotlib
(``helpers.facet_charts``), with the OCR lines a perfect reader gives."""

from __future__ import annotations

import pytest

from helpers.facet_charts import X_TITLE, bar_grid, facet_grid
from scifigbench.layout import read_layout

NAMES = ("forest", "harbour", "glacier", "meadow", "tundra", "delta")


@pytest.mark.parametrize("own_x", [True, False], ids=["each-row-its-ticks", "shared-ticks"])
def test_names_over_a_lower_row_of_panels_are_panel_titles(own_x):
    """Two rows of three panels named by plain titles. With every row printing its ticks and x
    title, the lower names stand under that title; with the ticks shared, they stand right under
    the upper panels, evenly spaced like categories. Either way each is centred over one lower
    panel and hugs it: all six are panel titles and every x tick is a step number."""
    img, lines = facet_grid(NAMES, columns=3, strip=None, own_x=own_x)
    layout = read_layout(img, lines)
    assert {lb.text: lb.role for lb in layout.labels if lb.text in NAMES} == dict.fromkeys(NAMES, "panel_title")
    x_ticks = {lb.text for lb in layout.labels if lb.role == "axis_tick" and lb.axis == "x"}
    assert x_ticks == {"2", "4", "6", "8", "10"}
    titles = [(lb.role, lb.axis) for lb in layout.labels if lb.text == X_TITLE]
    assert titles == [("axis_title", "x")] * (2 if own_x else 1)


@pytest.mark.parametrize("rows", [1, 2])
def test_categories_of_each_panel_stay_ticks_over_a_lower_row(rows):
    """Bar charts in a grid, each with three word categories: the upper row's categories stand
    over the lower panels too, but three crowd over each, so they stay x ticks of their panel."""
    img, lines = bar_grid(("Tagger", "Parser", "Linker"), rows=rows)
    words = [lb for lb in read_layout(img, lines).labels if lb.value is None]
    assert len(words) == 6 * rows
    assert {(lb.role, lb.axis) for lb in words} == {("axis_tick", "x")}
