"""Every value in a spec is the value drawn: read back from the matplotlib artists and the pixels."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib import rc_context
from PIL import Image

from scifigbench.corpus import render
from scifigbench.corpus.drawing import Drawing
from scifigbench.corpus.generate import generate
from scifigbench.spec import FigureSpec


def _drawn(spec: FigureSpec) -> Drawing:
    with rc_context(render._rc(spec)):
        d = render.draw(spec)
        d.figure.canvas.draw()
    return d


@pytest.mark.parametrize("index", range(8))
def test_bar_heights_match_spec(index: int) -> None:
    spec = generate(42, "bar", index, 100)
    d = _drawn(spec)
    for panel in spec.panels:
        bottoms = np.zeros(len(panel.categories))
        for series, container in zip(panel.series, d.bars[panel.index]):
            for i, patch in enumerate(container.patches):
                if panel.orientation == "horizontal":
                    size, start = patch.get_width(), patch.get_x()
                else:
                    size, start = patch.get_height(), patch.get_y()
                assert size == pytest.approx(series.values[i], abs=1e-9), (spec.figure_id, series.name, i)
                assert start == pytest.approx(bottoms[i] if panel.stacked else 0.0, abs=1e-9)
            if panel.stacked:
                bottoms += np.asarray(series.values)
        labels = [t.get_text() for t in (d.axes[panel.index].get_yticklabels() if panel.orientation == "horizontal"
                                         else d.axes[panel.index].get_xticklabels())]
        assert labels == panel.categories


@pytest.mark.parametrize("index", range(6))
def test_line_points_match_spec(index: int) -> None:
    spec = generate(42, "line", index, 100)
    d = _drawn(spec)
    for panel in spec.panels:
        for series, line in zip(panel.series, d.lines[panel.index]):
            np.testing.assert_allclose(line.get_ydata(), series.values)
            np.testing.assert_allclose(line.get_xdata(), panel.x_values)
            assert line.get_marker() == series.marker
            assert line.get_label() == series.name


@pytest.mark.parametrize("index", range(6))
def test_pie_wedge_angles_match_percentages(index: int) -> None:
    spec = generate(42, "pie", index, 100)
    d = _drawn(spec)
    for panel in spec.panels:
        values = panel.series[0].values
        assert sum(values) == pytest.approx(100.0, abs=1e-9)
        angle = 90.0  # wedges start at 12 o'clock and run clockwise
        for value, wedge in zip(values, d.wedges[panel.index]):
            span = (wedge.theta2 - wedge.theta1) % 360 or 360
            assert span / 360 * 100 == pytest.approx(value, abs=1e-6)
            assert wedge.theta2 % 360 == pytest.approx(angle % 360, abs=1e-6)
            angle -= span


def _hex_rgb(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def _tick_mark_row(img: np.ndarray, label) -> float:
    """Pixel row of the tick mark beside a y tick label: the dark run in a column between the label
    and the axis spine, within the label's vertical extent."""
    x = int(round(label.x1)) + 10
    rows = np.arange(int(label.y0), int(label.y1) + 1)
    darkness = 255 - img[rows, x, :].mean(axis=1)
    assert darkness.max() > 100, f"no tick mark beside {label.text!r}"
    return float((rows * darkness).sum() / darkness.sum()) + 0.5


def test_bar_heights_read_from_pixels() -> None:
    """Independent of matplotlib's objects: measure bar tops in the PNG and map pixels to values with
    the recorded y-tick boxes, then compare with the spec."""
    checked = 0
    for index in range(1, 60, 4):  # 'simple' vertical bar variants
        spec = generate(42, "bar", index, 150)
        if len(spec.panels) != 1 or spec.panels[0].orientation != "vertical":
            continue
        png = render.render(spec)
        img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=float)
        assert img.shape[:2] == (spec.height, spec.width)
        panel = spec.panels[0]
        yticks = [t for t in spec.text_elements if t.role == "tick" and t.axis == "y"]
        ys = np.array([_tick_mark_row(img, t) for t in yticks])
        vals = np.array([t.value for t in yticks])
        slope, intercept = np.polyfit(ys, vals, 1)
        px = abs(slope)  # value units per pixel
        colour = _hex_rgb(panel.series[0].color)
        # bar centres: runs of bar-coloured pixels on a row just above the axis baseline
        base_row = int(round((panel.y_range[0] - intercept) / slope)) - 8  # clear of the axis spine
        on = np.abs(img[base_row] - colour).max(axis=1) < 12
        edges = np.flatnonzero(np.diff(np.r_[0, on.astype(int), 0]))
        centres = [(a + b - 1) // 2 for a, b in zip(edges[::2], edges[1::2]) if b - a > 5]
        assert len(centres) == len(panel.categories), spec.figure_id
        for centre, category, value in zip(centres, panel.categories, panel.series[0].values):
            hits = np.where(np.abs(img[:, centre, :] - colour).max(axis=1) < 12)[0]
            top = hits.min()
            measured = slope * top + intercept  # top edge of the top pixel row
            assert measured == pytest.approx(value, abs=1.5 * px), (spec.figure_id, category, measured, value)
        checked += 1
    assert checked >= 3
