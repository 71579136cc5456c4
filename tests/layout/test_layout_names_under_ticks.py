"""Words under an x tick run: one line alone in its row is the axis's title, two names side by
side there are not (the series of the panel below, named in place: 'Serbia/Yugo.' and 'NATO' in a
pair of stacked panels, which a question once asked for as 'the title of the x-axis')."""

from __future__ import annotations

import cv2
import numpy as np

from helpers.layout_charts import Line, draw_text
from scifigbench.layout import read_layout


def _stacked(names: tuple[str, ...]) -> tuple[np.ndarray, list[Line]]:
    """Two framed panels one above the other; the upper one's x ticks under it, and ``names``
    in one row just below them, at the top of the lower panel."""
    img = np.full((420, 460, 3), 255, np.uint8)
    cv2.rectangle(img, (50, 10), (440, 180), (0, 0, 0), 1)
    cv2.rectangle(img, (50, 235), (440, 380), (0, 0, 0), 1)
    cv2.line(img, (60, 160), (430, 40), (200, 90, 30), 2)
    cv2.line(img, (60, 370), (430, 300), (40, 40, 200), 2)
    lines = [draw_text(img, str(1990 + 5 * k), 75 + 110 * k, 200) for k in range(4)]
    lines += [draw_text(img, str(v), 20, 175 - 50 * k) for k, v in enumerate((0, 10, 20, 30))]
    lines += [draw_text(img, str(v), 20, 375 - 45 * k) for k, v in enumerate((0, 5, 10))]
    lines += [draw_text(img, str(1995 + k), 60 + 90 * k, 400) for k in range(5)]
    xs = (70, 300) if len(names) == 2 else (215,)
    lines += [draw_text(img, name, x, 228) for name, x in zip(names, xs, strict=True)]
    return img, lines


def test_one_line_alone_under_the_run_is_its_axis_title():
    layout = read_layout(*_stacked(("Year",)))
    assert {lb.text: lb.role for lb in layout.labels}["Year"] == "axis_title"


def test_two_names_side_by_side_under_the_run_are_no_axis_title():
    layout = read_layout(*_stacked(("Serbia/Yugo.", "NATO")))
    roles = {lb.text: lb.role for lb in layout.labels}
    assert roles["NATO"] != "axis_title" and roles["Serbia/Yugo."] != "axis_title"
