"""What OCR makes of chart labels, read as a person reads them: labels drawn on an image, read by
rapidocr as the stage reads real figures, and the layout's labels compared with what was drawn.
Each case is a way OCR's lines differ from the chart's labels on web charts (issue 41)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from matplotlib import font_manager
from PIL import Image, ImageDraw, ImageFont

from scifigbench.layout import read_layout
from scifigbench.layout.shares import name_and_share

pytestmark = pytest.mark.long


@pytest.fixture(scope="module")
def reader():
    from scifigbench.ocr.engine import backend

    return backend("rapidocr")


def _drawn(items: list[tuple[str, int, int]], size: tuple[int, int] = (460, 220)) -> np.ndarray:
    """A white BGR image with each text drawn at (x, y) in 16-pixel DejaVu Sans (matplotlib's own)."""
    im = Image.new("RGB", size, "white")
    font = ImageFont.truetype(font_manager.findfont("DejaVu Sans"), 16)
    draw = ImageDraw.Draw(im)
    for text, x, y in items:
        draw.text((x, y), text, fill="black", font=font)
    return cv2.cvtColor(np.asarray(im), cv2.COLOR_RGB2BGR)


def _labels(img: np.ndarray, reader) -> dict[str, float | None]:
    return {lb.text: lb.value for lb in read_layout(img, reader.read(img)).labels}


@pytest.mark.parametrize("gap", ["", " "])
def test_a_name_and_its_share_on_one_line_are_two_labels(reader, gap):
    """A pie's 'Business 17.6%' (OCR often drops the space: 'Business17.6%') is the name 'Business'
    and the value 17.6 %, each with its own box, the name's ending where the share's starts."""
    img = _drawn([(f"Business{gap}17.6%", 40, 40), (f"Leisure{gap}42.1%", 40, 100)])
    layout = read_layout(img, reader.read(img))
    by_text = {lb.text: lb for lb in layout.labels}
    assert {"Business", "17.6%", "Leisure", "42.1%"} <= set(by_text), sorted(by_text)
    assert by_text["17.6%"].value == pytest.approx(17.6) and by_text["Business"].value is None
    name, share = by_text["Business"].box, by_text["17.6%"].box
    assert name[2] <= share[0] and name[2] - name[0] > 2 * (share[2] - share[0]) / 5  # 8 letters, 5 glyphs


@pytest.mark.parametrize(
    ("text", "parted"),
    [
        ("Business17.6%", ("Business", "17.6%")),
        ("Very satisfied: 23%", ("Very satisfied", "23%")),
        ("Other (8%)", ("Other", "(8%)")),
        ("Top 10%", None),  # a bracket of a distribution is a name
        ("Under 5%", None),
        ("Ages 18-29", None),  # no share
        ("Windows 10", None),
        ("45%", None),
    ],
)
def test_which_lines_hold_a_name_and_a_share(text, parted):
    assert name_and_share(text) == parted


def test_a_number_with_spaced_thousands_is_one_number(reader):
    """'1 234' and '12 500' (thousands parted by a space) show 1234 and 12500, as '1,234' does."""
    img = _drawn([("1 234", 40, 30), ("12 500", 40, 80), ("1,234", 40, 130), ("12.5k", 40, 180)])
    got = _labels(img, reader)
    assert got == {"1 234": 1234.0, "12 500": 12500.0, "1,234": 1234.0, "12.5k": 12500.0}


def _one_line(img: np.ndarray, text: str):
    """The OCR line of all the ink of ``img`` read as ``text`` (two ticks OCR joined)."""
    from scifigbench.ocr.engine import OcrBox

    ink = np.flatnonzero((img < 128).any(axis=2).any(axis=0))
    return OcrBox(text, (float(ink[0] - 2), 38.0, float(ink[-1] + 2), 60.0), 0.95)


@pytest.mark.parametrize(
    ("drawn", "values"),
    [
        ((("100", 40), ("200", 110)), [100.0, 200.0]),
        ((("2024*", 40), ("2025*", 110), ("2026*", 180)), [2024.0, 2025.0, 2026.0]),  # forecast marks
        ((("$5,000", 40), ("$10,000", 130)), [5000.0, 10000.0]),
    ],
)
def test_tick_labels_read_as_one_line_are_one_label_each(drawn, values):
    """Tick labels set apart that OCR gave as one line ('100 200') are one label per number, each
    with its own box ending where the blank between them starts: no number 100200, and no place
    of the axis lost."""
    img = _drawn([(t, x, 40) for t, x in drawn])
    labels = read_layout(img, [_one_line(img, " ".join(t for t, _ in drawn))]).labels
    assert [lb.value for lb in labels] == values
    assert [lb.text for lb in labels] == [t for t, _ in drawn]
    for (a, b), (_, x_next) in zip(zip(labels, labels[1:], strict=False), drawn[1:], strict=True):
        assert a.box[2] < b.box[0] and a.box[2] < x_next <= b.box[0] + 2  # parted in the blank


def test_two_numbers_read_as_one_line_stay_apart():
    """Two tick labels a line apart that OCR gave as one line ('100 200') are no number 100200."""
    img = _drawn([("100", 40, 40), ("200", 110, 40)])
    assert 100200.0 not in [lb.value for lb in read_layout(img, [_one_line(img, "100 200")]).labels]
    near = _drawn([("100 200", 40, 40)])  # one grouped number after all: a word space apart
    assert [lb.value for lb in read_layout(near, [_one_line(near, "100 200")]).labels] == [100200.0]
