"""Facet strips on light grey: ggplot names each panel of a grid in a grey85 strip, lighter than
what the binarised ink keeps, so the strip is read from the colours under the words. Charts drawn
with matplotlib (``helpers.facet_charts``) or OpenCV, with the OCR lines a perfect reader gives."""

from __future__ import annotations

import cv2
import numpy as np

from helpers.facet_charts import facet_grid
from helpers.layout_charts import draw_text
from scifigbench.layout import read_layout
from scifigbench.layout.pixels import band_under

NAMES = ("forest", "harbour", "glacier", "meadow", "tundra", "delta")


def test_light_grey_strips_of_a_two_row_grid_name_panels_and_no_strip_joins_an_axis():
    """Two rows of three panels: the lower row's strips stand mid-figure, evenly spaced like
    categories; all six are panel titles and the x axis holds only the step numbers."""
    img, lines = facet_grid(NAMES, columns=3)
    layout = read_layout(img, lines)
    roles = {lb.text: lb.role for lb in layout.labels if lb.text in NAMES}
    assert roles == dict.fromkeys(NAMES, "panel_title")
    x_ticks = {lb.text for lb in layout.labels if lb.role == "axis_tick" and lb.axis == "x"}
    assert x_ticks == {"2", "4", "6", "8", "10"}
    legend = {lb.text for lb in layout.labels if lb.role == "legend_entry"}
    assert legend == {"Baseline", "Warm start", "Full retraining"}
    title = next(lb for lb in layout.labels if lb.text == "Number of training sentences")
    assert (title.role, title.axis) == ("axis_title", "x")


def test_names_on_the_page_above_a_row_of_panels_stand_on_no_band():
    """The same panels with their names printed on the white page (a subplot's title): no band,
    and they still head their panels."""
    img, lines = facet_grid(NAMES[:3], columns=3, strip=None)
    layout = read_layout(img, lines)
    assert {lb.text: (lb.role, lb.band) for lb in layout.labels if lb.text in NAMES} == dict.fromkeys(
        NAMES[:3], ("panel_title", None)
    )


def test_legend_entries_in_a_tinted_box_in_one_row_stay_legend_entries():
    """A legend set in one row inside a light box above the panels (seaborn's frame): its entries
    stand on a band, side by side, like strips; but each has its series' swatch on its left, which
    no panel name has, so they are the legend and the strips still name the panels."""
    img, lines = facet_grid(NAMES[:3], columns=3, legend_box="#e5e5e5")
    layout = read_layout(img, lines)
    roles = {lb.text: lb.role for lb in layout.labels}
    assert {t: roles[t] for t in ("Baseline", "Warm start", "Full retraining")} == dict.fromkeys(
        ("Baseline", "Warm start", "Full retraining"), "legend_entry"
    )
    assert {t: roles[t] for t in NAMES[:3]} == dict.fromkeys(NAMES[:3], "panel_title")


def _page(height: int = 240, width: int = 320) -> np.ndarray:
    return np.full((height, width, 3), 255, np.uint8)


def test_a_light_strip_is_a_band_reaching_across_its_panel():
    img = _page()
    cv2.rectangle(img, (40, 60), (280, 90), (217, 217, 217), -1)  # grey85, 31 px high
    line = draw_text(img, "meadow", 130, 82)
    assert band_under(img, line.box) == (40.0, 60.0, 281.0, 91.0)  # the rectangle's pixels, ends included


def test_words_on_a_tall_tinted_background_or_in_a_grid_cell_are_on_no_band():
    """A panel's tinted background runs on far past the words; a tinted panel parted by white grid
    lines gives short cells, but the tint resumes just past each line."""
    img = _page()
    cv2.rectangle(img, (20, 20), (300, 220), (235, 235, 235), -1)  # grey92, the whole panel
    assert band_under(img, draw_text(img, "note", 60, 120).box) is None
    for y in range(40, 220, 34):  # white grid lines 34 px apart: cells a little taller than a strip
        cv2.line(img, (20, y), (300, y), (255, 255, 255), 2)
    assert band_under(img, draw_text(img, "peak", 160, 100).box) is None


def test_a_name_inside_a_dark_bar_is_filled_but_on_no_band():
    """A word printed in white inside a tall dark bar: the ink reading finds the fill, as it did,
    and the bar, running far below the word, is no strip."""
    img = _page()
    cv2.rectangle(img, (100, 40), (180, 230), (126, 76, 43), -1)
    line = draw_text(img, "Tagger", 112, 70, colour=(255, 255, 255))
    assert band_under(img, line.box) is None
    assert next(lb for lb in read_layout(img, [line]).labels).filled
