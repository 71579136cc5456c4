"""Names printed in white inside dark bars belong to the drawing: the fill under them is the bar,
which runs on well past the words, so they are neither a logo over the chart nor a row of facet
strips (``helpers.named_bars``); words on a compact dark box or a low dark strip still are."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from helpers.facet_charts import facet_grid
from helpers.layout_charts import draw_text
from helpers.named_bars import NAMES, bars_named_inside
from scifigbench.layout import read_layout


@pytest.mark.parametrize("horizontal", [True, False], ids=["rightwards", "upwards"])
def test_names_inside_dark_bars_are_notes_inside_the_plot(horizontal):
    """Rightwards bars put every name above the x ticks, where a logo would stand; upwards bars set
    the names side by side on one line, as strips stand. Each is filled, inside a drawn mark, and
    read as text inside the frame: neither furniture nor a panel title."""
    img, lines = bars_named_inside(horizontal)
    names = [lb for lb in read_layout(img, lines).labels if lb.text in NAMES]
    assert len(names) == len(NAMES)
    assert {(lb.role, lb.why) for lb in names} == {("annotation", "text inside the frame")}
    assert all(lb.filled and lb.in_mark for lb in names)


def test_words_on_a_compact_dark_box_over_the_chart_are_still_a_logo():
    """A site's badge above the plot: its block ends within a line of its words, so it is no
    drawn mark and stays furniture."""
    img = np.full((300, 420, 3), 255, np.uint8)
    cv2.rectangle(img, (60, 60), (380, 240), (0, 0, 0), 1)
    cv2.line(img, (70, 230), (370, 80), (40, 120, 200), 2)
    lines = [draw_text(img, v, 60 + 100 * k, 262) for k, v in enumerate(("0", "10", "20", "30"))]
    cv2.rectangle(img, (300, 14), (388, 44), (90, 40, 20), -1)
    lines.append(draw_text(img, "NEWS", 318, 36, colour=(255, 255, 255)))
    badge = next(lb for lb in read_layout(img, lines).labels if lb.text == "NEWS")
    assert (badge.filled, badge.in_mark, badge.role) == (True, False, "page_furniture")


def test_names_in_dark_strips_joined_to_their_panels_stay_panel_titles():
    """ggplot-like strips in dark grey with white names, drawn touching their panels' frames: the
    strip's ink runs on into the frame (a drawn mark), but it is a low band, so the names head
    their panels."""
    names = ("forest", "harbour", "glacier", "meadow", "tundra", "delta")
    img, lines = facet_grid(names, columns=3, strip="#3a3a3a", ink="white")
    roles = {lb.text: lb.role for lb in read_layout(img, lines).labels if lb.text in names}
    assert roles == dict.fromkeys(names, "panel_title")
