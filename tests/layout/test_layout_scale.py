"""Value labels placed by a linear scale (``layout.scale``) and the ``value_scale`` inductance rule.

Expected values come from how each chart is drawn (bar length = k x value), never from the fit.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from helpers.layout_charts import draw_text
from scifigbench.blurtargets.candidates import INDUCTANCE
from scifigbench.blurtargets.from_layout import ranked_candidates
from scifigbench.conditions.blur import blur_region
from scifigbench.layout import Label, read_layout
from scifigbench.layout.scale import estimate, fit_scale

ROWS = ("Podcasts", "Cable news", "Radio", "News websites", "Local TV news")
VALUES = (41, 22, 17, 84, 37)
PX = 3.0  # pixels per unit of the drawn bars


def _label(i: int, text: str, x0: float, y0: float, w: float = 20.0, h: float = 14.0) -> Label:
    return Label(i, text, (x0, y0, x0 + w, y0 + h), 0.99, ((x0, y0, x0 + w, y0 + h),), value=float(text))


def _bar_ends(values, start: float = 200.0, pitch: float = 40.0) -> list[Label]:
    """Labels just right of horizontal bars 3 px per unit long, one bar per row."""
    return [_label(i, str(v), start + PX * v + 5, 60 + pitch * i) for i, v in enumerate(values)]


def test_a_scale_is_found_through_numbers_that_are_no_value_labels():
    labels = _bar_ends(VALUES) + [_label(9, "2019", 40, 10), _label(10, "2023", 140, 10)]
    scale = fit_scale(labels)
    assert scale is not None and scale.axis == "x"
    assert scale.slope == pytest.approx(PX)
    assert {lb.text for lb in scale.labels} == {str(v) for v in VALUES}  # the legend years stay out
    found = estimate(scale.labels[2], scale)
    assert found is not None and found[1] == pytest.approx(17.0)


def test_a_column_of_totals_beside_the_bars_does_not_count_against_the_scale():
    nets = [_label(20 + i, str(v + 7), 520, 60 + 40 * i) for i, v in enumerate(VALUES)]  # a 'NET' column
    scale = fit_scale(_bar_ends(VALUES) + nets)
    assert scale is not None and {lb.text for lb in scale.labels} == {str(v) for v in VALUES}
    scattered = [_label(20 + i, str(v), 300 + 37 * i, 60 + 40 * i) for i, v in enumerate((5, 60, 12, 33, 71))]
    assert fit_scale(_bar_ends(VALUES) + scattered) is None  # numbers placed by no rule do count


def test_numbers_in_one_row_or_in_one_column_make_no_scale():
    row = [_label(i, str(v), 200 + PX * v, 60) for i, v in enumerate(VALUES)]  # a table row: one line across
    assert fit_scale(row) is None
    # a tick column misread as values, plus one far number: the others do not move with their value
    column = [_label(i, str(v), 14, 20 + 12 * i) for i, v in enumerate((300, 200, 240, 20, 180, 120, 40))]
    assert fit_scale([*column, _label(9, "201819", 433, 202)]) is None


def test_labels_centred_in_stacked_segments_make_no_scale():
    # each label sits in the middle of its segment, which starts where the previous one ends
    shares = ((20, 35, 30), (25, 15, 45), (10, 40, 25), (30, 20, 35))
    labels, i = [], 0
    for row, parts in enumerate(shares):
        left = 0.0
        for v in parts:
            labels.append(_label(i, str(v), 200 + PX * (left + v / 2) - 10, 60 + 40 * row))
            left += v
            i += 1
    assert fit_scale(labels) is None


def _bar_chart(inside: bool = False) -> tuple[np.ndarray, list]:
    """Horizontal bars 3 px per unit, each value printed just past its end (``inside``: in white,
    just inside it)."""
    img = np.full((320, 560, 3), 255, np.uint8)
    lines = [draw_text(img, "Where people get their news", 20, 30, 0.6)]
    for k, (row, v) in enumerate(zip(ROWS, VALUES, strict=True)):
        y, end = 80 + 44 * k, 200 + int(PX * v)
        cv2.rectangle(img, (200, y - 12), (end, y + 8), (160, 100, 140), -1)
        (w, _), _ = cv2.getTextSize(row, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
        lines.append(draw_text(img, row, 190 - w, y + 4))
        if inside:
            (tw, _), _ = cv2.getTextSize(str(v), cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1)
            lines.append(draw_text(img, str(v), end - tw - 6, y + 4, 0.45, colour=(255, 255, 255)))
        else:
            lines.append(draw_text(img, str(v), end + 6, y + 4))
    return img, lines


def test_bar_values_are_inductance_targets_with_the_range_a_reader_can_estimate():
    img, lines = _bar_chart()
    layout = read_layout(img, lines)
    cands = [c for c in ranked_candidates(layout, None, INDUCTANCE, 42, "bars", pad=4) if c.rule == "value_scale"]
    assert {c.text for c in cands} == {str(v) for v in VALUES}
    half = 0.05 * (max(VALUES) - min(VALUES))  # 5 % of the printed values' span: 3.35
    for c in cands:
        v = float(c.text)
        assert c.accept == pytest.approx((v - half, v + half), abs=0.051)  # bounds kept to one decimal
        row = ROWS[VALUES.index(int(v))]
        assert c.question == f"What value is printed for '{row}'?"
        assert c.expected_answer == c.text and "any answer from" in c.reasoning_path
        # the padded blur stops short of the bar's end, which the estimate is read from
        x0, _, x1, _ = blur_region(c.box, 4, img.shape[1], img.shape[0])
        bar_end = 200 + int(PX * v)
        assert x0 > bar_end and x1 >= next(ln.box[2] for ln in lines if ln.text == c.text)


STACKS = ((26, 35, 15), (31, 9, 24), (12, 40, 23), (19, 28, 25))


def _stacked_chart(thicknesses=(24, 24, 24, 24)) -> tuple[np.ndarray, list]:
    """Rows of three segments 3 px per unit, each value printed in white in its segment's middle."""
    img = np.full((300, 560, 3), 255, np.uint8)
    colours = ((70, 110, 210), (90, 90, 90), (170, 100, 140))
    lines = []
    for k, (row, parts) in enumerate(zip(("Japan", "India", "Chile", "Kenya"), STACKS, strict=True)):
        y, half = 60 + 56 * k, thicknesses[k] // 2
        (w, _), _ = cv2.getTextSize(row, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
        lines.append(draw_text(img, row, 190 - w, y + 5))
        left = 200
        for v, colour in zip(parts, colours, strict=True):
            right = left + int(PX * v)
            cv2.rectangle(img, (left, y - half), (right - 1, y + half), colour, -1)
            (tw, _), _ = cv2.getTextSize(str(v), cv2.FONT_HERSHEY_SIMPLEX, 0.45, 1)
            lines.append(draw_text(img, str(v), (left + right - tw) // 2, y + 5, 0.45, colour=(255, 255, 255)))
            left = right
    return img, lines


def test_values_centred_in_stacked_segments_are_estimated_from_the_segment_lengths():
    img, lines = _stacked_chart()
    layout = read_layout(img, lines)
    cands = [c for c in ranked_candidates(layout, None, INDUCTANCE, 42, "stack", pad=4) if c.rule == "value_scale"]
    values = [v for row in STACKS for v in row]
    half = 0.05 * (max(values) - min(values))
    assert {c.text for c in cands} == {str(v) for v in values}
    for c in cands:
        v = float(c.text)
        assert c.accept == pytest.approx((v - half, v + half), abs=0.051)
        assert "segment" in c.reasoning_path
    japan = [c for c in cands if "'Japan'" in c.question]
    assert {c.question for c in japan} == {
        f"What is the {k} value printed for 'Japan', counting from the left?" for k in ("first", "second", "third")
    }


def test_blocks_of_several_thicknesses_are_no_bars():
    """Wedges of a pie hold their labels on chords of every length and thickness: no scale."""
    img, lines = _stacked_chart(thicknesses=(16, 24, 34, 44))
    layout = read_layout(img, lines)
    assert not [c for c in ranked_candidates(layout, None, INDUCTANCE, 42, "stack", pad=4) if c.rule == "value_scale"]


def test_a_dot_plot_prints_values_on_both_sides_of_its_dots_on_one_scale():
    """Each row's lower value stands left of its dot (right edge tracks the value), the higher one
    right of it (left edge tracks it): two placements sharing one slope make one scale."""
    pairs = ((16, 42), (23, 73), (30, 50), (54, 68), (12, 35))
    labels, i = [], 0
    for row, (lo, hi) in enumerate(pairs):
        y = 60 + 40 * row
        labels.append(_label(i, str(lo), 200 + PX * lo - 6 - 20, y))  # 20 px wide, ending 6 px before the dot
        labels.append(_label(i + 1, str(hi), 200 + PX * hi + 6, y))
        i += 2
    scale = fit_scale(labels)
    assert scale is not None and len(scale.parts) == 2 and scale.slope == pytest.approx(PX)
    for lb in labels:
        found = estimate(lb, scale)
        assert found is not None and found[1] == pytest.approx(float(lb.text))
    # the right-hand labels on another slope (2 px per unit): no shared scale, half the labels each
    skewed = [
        lb if k % 2 == 0 else _label(lb.index, lb.text, 200 + 2 * float(lb.text) + 6, lb.box[1])
        for k, lb in enumerate(labels)
    ]
    assert fit_scale(skewed) is None


def test_values_printed_inside_the_bars_ends_are_estimated_too():
    img, lines = _bar_chart(inside=True)
    layout = read_layout(img, lines)
    cands = [c for c in ranked_candidates(layout, None, INDUCTANCE, 42, "in", pad=4) if c.rule == "value_scale"]
    assert {c.text for c in cands} == {str(v) for v in VALUES}
    assert all(c.accept[0] <= float(c.text) <= c.accept[1] for c in cands)
