"""Reader fixes for real charts: a category wrapped over lines under the chart is one label, and a
short line alone and centred just under the frame is the x-axis title (hand-drawn charts)."""

from __future__ import annotations

import cv2
import numpy as np

from helpers.layout_charts import draw_text
from scifigbench.blurtargets.from_layout import clear_box
from scifigbench.layout import read_layout


def _bars(categories: list[list[str]], x_title: str | None = None, note: str | None = None):
    """Bars over a baseline at y 300 with y ticks; each category's lines stacked under its bar."""
    img = np.full((420, 640, 3), 255, np.uint8)
    lines = []
    cv2.line(img, (80, 60), (80, 300), (0, 0, 0), 1)
    cv2.line(img, (80, 300), (600, 300), (0, 0, 0), 1)
    for k, v in enumerate(("0", "20", "40", "60")):
        lines.append(draw_text(img, v, 80 - 12 - 9 * len(v), 304 - 80 * k))
    for k, words in enumerate(categories):
        x = 110 + 100 * k
        cv2.rectangle(img, (x, 300 - (60 + 30 * k)), (x + 50, 300), (200, 120, 40), -1)
        for j, word in enumerate(words):
            lines.append(draw_text(img, word, x, 322 + 16 * j))
    if x_title:
        (w, _), _ = cv2.getTextSize(x_title, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
        lines.append(draw_text(img, x_title, 340 - w // 2, 330 + 16 * max(map(len, categories), default=0)))
    if note:
        lines.append(draw_text(img, note, 10, 410, 0.45))
    return img, lines


def test_a_category_wrapped_over_three_lines_in_a_row_of_categories_is_one_label() -> None:
    img, lines = _bars([["Orig."], ["Move", "Core", "Arg."], ["Merge"], ["Split"], ["Drop"]])
    layout = read_layout(img, lines)
    wrapped = next(lb for lb in layout.labels if lb.text.startswith("Move"))
    assert wrapped.text == "Move Core Arg." and len(wrapped.lines) == 3
    assert wrapped.role != "legend_entry"


def test_a_lone_column_of_words_stays_separate_items() -> None:
    img, lines = _bars([[], [], [], [], []])
    for j, word in enumerate(("Move", "Core", "Arg.")):  # a legend without swatches inside the chart
        lines.append(draw_text(img, word, 420, 100 + 16 * j))
    layout = read_layout(img, lines)
    assert {"Move", "Core", "Arg."} <= {lb.text for lb in layout.labels}


def test_a_short_line_alone_centred_under_the_frame_is_the_x_title_and_credits_stay_furniture() -> None:
    # no category labels under the bars: OCR read no x run, the title is found by its place alone
    img, lines = _bars([[], [], [], [], []], x_title="Household size", note="Data from the 2019 survey")
    roles = {lb.text: (lb.role, lb.axis) for lb in read_layout(img, lines).labels}
    assert roles["Household size"] == ("axis_title", "x")
    assert roles["Data from the 2019 survey"][0] == "page_furniture"


def test_a_vertical_title_box_is_trimmed_off_the_tick_labels_beside_it() -> None:
    title = (0.0, 45.0, 14.0, 194.0)
    ticks = [(13.0, 41.0, 39.0, 58.0), (13.0, 83.0, 39.0, 101.0)]
    assert clear_box(title, ticks) == (0.0, 45.0, 13.0, 194.0)
    assert clear_box(title, [(5.0, 90.0, 39.0, 101.0)]) is None  # shares ink: more than a third across
