"""Reading paper figures in other dresses: log axes whose powers of ten OCR flattened, facet grids
whose panel names stand in shaded strips, and the stock axis titles of a confusion matrix. The
charts are drawn with OpenCV; the OCR lines are given as a reader returns them (a raised
exponent read on the line: '102' for 10²)."""

from __future__ import annotations

import cv2
import numpy as np

from helpers.layout_charts import Line, draw_text
from scifigbench.blurtargets.from_layout import why_not_admittance
from scifigbench.layout import read_layout


def _log_axis(texts: list[str]) -> tuple[np.ndarray, list[Line]]:
    """A framed plot with ``texts`` as the x ticks, evenly spaced under it, and a y axis 0-30."""
    img = np.full((300, 560, 3), 255, np.uint8)
    cv2.rectangle(img, (70, 30), (530, 240), (0, 0, 0), 1)
    cv2.line(img, (80, 200), (520, 60), (200, 90, 30), 2)
    lines = []
    for k, t in enumerate(texts):
        x = 80 + 440 * k // (len(texts) - 1)
        line = draw_text(img, t.replace("^", ""), x - 14, 262)  # drawn flat; the line says what OCR read
        lines.append(Line(t, line.box))
    for k, v in enumerate(("0", "10", "20", "30")):
        lines.append(draw_text(img, v, 40, 244 - 70 * k))
    return img, lines


def test_powers_of_ten_read_on_the_line_are_written_as_powers():
    layout = read_layout(*_log_axis(["100", "101", "102", "103", "104"]))
    ticks = sorted((lb for lb in layout.labels if lb.role == "axis_tick" and lb.axis == "x"), key=lambda b: b.cx)
    assert [lb.text for lb in ticks] == ["10^0", "10^1", "10^2", "10^3", "10^4"]
    assert [lb.value for lb in ticks] == [1.0, 10.0, 100.0, 1000.0, 10000.0]


def test_one_raised_exponent_read_as_such_makes_the_flattened_ones_powers_too():
    """'10⁶' read with its exponent raised and '107', '108', '109' read flat: one run of powers."""
    layout = read_layout(*_log_axis(["10⁶", "107", "108", "109"]))
    ticks = sorted((lb for lb in layout.labels if lb.role == "axis_tick" and lb.axis == "x"), key=lambda b: b.cx)
    assert [lb.text for lb in ticks] == ["10^6", "10^7", "10^8", "10^9"]


def test_plain_numbers_are_not_taken_for_powers():
    layout = read_layout(*_log_axis(["100", "110", "120", "130", "140"]))
    ticks = sorted((lb for lb in layout.labels if lb.role == "axis_tick" and lb.axis == "x"), key=lambda b: b.cx)
    assert [lb.text for lb in ticks] == ["100", "110", "120", "130", "140"]


def test_names_in_shaded_strips_over_facets_are_panel_titles_not_a_logo():
    """Three facets side by side, each named in a dark strip with light letters over it."""
    img = np.full((320, 620, 3), 255, np.uint8)
    lines = []
    for k, name in enumerate(("SQuAD", "HotpotQA", "CoLA")):
        x0 = 60 + 190 * k
        cv2.rectangle(img, (x0, 60), (x0 + 160, 250), (0, 0, 0), 1)
        cv2.line(img, (x0 + 5, 240), (x0 + 155, 80), (40, 120, 200), 2)
        cv2.rectangle(img, (x0 + 40, 24), (x0 + 125, 52), (77, 77, 77), -1)
        lines.append(draw_text(img, name, x0 + 46, 44, colour=(255, 255, 255)))
        for j, v in enumerate(("0", "2k", "4k", "6k")):
            lines.append(draw_text(img, v, x0 + 5 + 48 * j, 272, 0.4))
    layout = read_layout(img, lines)
    strips = {lb.text: lb.role for lb in layout.labels if lb.filled}
    assert strips == {"SQuAD": "panel_title", "HotpotQA": "panel_title", "CoLA": "panel_title"}


def test_the_axes_of_a_confusion_matrix_are_stock_titles_but_a_setting_in_a_legend_is_not():
    from scifigbench.freetext.label_words import generic_heading

    assert generic_heading("True label", axis=True) and generic_heading("Predicted class", axis=True)
    assert not generic_heading("w/ predicted labels") and not generic_heading("True positive rate", axis=True)
    img = np.full((300, 400, 3), 255, np.uint8)
    cv2.rectangle(img, (100, 40), (300, 240), (0, 0, 0), 1)
    lines = [draw_text(img, t, 100 + 60 * k, 262) for k, t in enumerate(("PER", "ORG", "LOC", "MISC"))]
    lines.append(draw_text(img, "Predicted label", 150, 290))
    layout = read_layout(img, lines)
    title = next(lb for lb in layout.labels if lb.text == "Predicted label")
    assert title.role == "axis_title"
    assert why_not_admittance(title, layout, None) == "a generic heading (guessable from the kind of chart)"
