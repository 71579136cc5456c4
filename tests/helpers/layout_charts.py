"""Small charts drawn with OpenCV whose text boxes, swatches and furniture are placed by hand.

``draw_text`` returns the OCR line a perfect reader would give, so layout and target tests know
every box without running OCR.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Line:
    text: str
    box: tuple[float, float, float, float]
    score: float = 0.99


def draw_text(img: np.ndarray, text: str, x: int, y: int, scale: float = 0.5, colour=(0, 0, 0)) -> Line:
    """Draw ``text`` with its baseline at y and return the OCR line a perfect reader would give."""
    (w, h), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, 1, cv2.LINE_AA)
    return Line(text, (x - 2.0, y - h - 3.0, x + w + 2.0, y + base + 2.0))


def web_chart(
    categories=("Good", "Fair", "Poor"),
    legend=("Republicans", "Democrats"),
    y_ticks=("0", "25", "50", "75", "100"),
    value_label: str = "48",
    extra: tuple[tuple[str, int, int], ...] = (),
) -> tuple[np.ndarray, list[Line]]:
    """A web-style bar chart: title, y ticks, x categories, a legend, a wrapped category, a value
    label over the first bar, credits under the chart, and ``extra`` texts (text, x, baseline y)."""
    img = np.full((420, 560, 3), 255, np.uint8)
    lines = [draw_text(img, "Views of the economy", 150, 30, 0.7)]
    cv2.line(img, (80, 60), (80, 300), (0, 0, 0), 1)
    cv2.line(img, (80, 300), (500, 300), (0, 0, 0), 1)
    step = 240 // (len(y_ticks) - 1)
    for k, v in enumerate(y_ticks):
        lines.append(draw_text(img, v, 80 - 12 - 9 * len(v), 304 - step * k))
    for k, cat in enumerate(categories):
        x, h = 120 + 130 * k, (120, 180, 60, 90)[k % 4]
        cv2.rectangle(img, (x, 300 - h), (x + 50, 300), (200, 120, 40), -1)
        lines.append(draw_text(img, cat, x + 8, 322))
    lines.append(draw_text(img, "Don't", 510, 322))  # a category wrapped over two lines
    lines.append(draw_text(img, "know", 512, 338))
    lines.append(draw_text(img, value_label, 130, 300 - 120 - 6))
    colours = ((40, 40, 220), (220, 120, 30), (40, 160, 40), (160, 40, 160))
    for k, name in enumerate(legend):
        cv2.rectangle(img, (330, 70 + 22 * k), (344, 82 + 22 * k), colours[k % 4], -1)
        lines.append(draw_text(img, name, 352, 82 + 22 * k))
    lines += [draw_text(img, text, x, y) for text, x, y in extra]
    lines.append(draw_text(img, "Source: Survey conducted March 13-17, 2013.", 20, 380, 0.45))
    lines.append(draw_text(img, "PEW RESEARCH CENTER", 20, 402, 0.45))
    return img, lines


def draw_upward_text(img: np.ndarray, text: str, x: int, y_bottom: int, scale: float = 0.5) -> Line:
    """Draw ``text`` reading bottom to top (a y-axis title), its left edge at x and its start at
    y_bottom; return the line a perfect reader would give (the box of the drawn patch)."""
    (w, h), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    patch = np.full((h + base + 6, w + 6, 3), 255, np.uint8)
    cv2.putText(patch, text, (3, h + 3), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0), 1, cv2.LINE_AA)
    patch = cv2.rotate(patch, cv2.ROTATE_90_COUNTERCLOCKWISE)
    ph, pw = patch.shape[:2]
    region = img[y_bottom - ph : y_bottom, x : x + pw]
    img[y_bottom - ph : y_bottom, x : x + pw] = np.minimum(region, patch)
    return Line(text, (float(x), float(y_bottom - ph), float(x + pw), float(y_bottom)))


def survey_bars(
    rows: tuple[str, ...], pitch: int = 26, flush_left: bool = False, headers: tuple[str, ...] = ()
) -> tuple[np.ndarray, list[Line]]:
    """A web survey chart of horizontal bars: one row name per bar, right-aligned against the bars
    (or set flush left on the page), ``pitch`` pixels apart; a name with a newline wraps onto a
    second line 14 px lower; ``headers`` are extra lines over the chart (a title, column heads)."""
    img = np.full((60 + pitch * len(rows) + 80, 520, 3), 255, np.uint8)
    lines = [draw_text(img, h, 20 + 200 * k, 30) for k, h in enumerate(headers)]
    for k, row in enumerate(rows):
        y = 70 + pitch * k
        cv2.rectangle(img, (200, y - 9), (200 + 40 + 23 * (k % 5), y + 5), (60, 140, 200), -1)
        for j, part in enumerate(row.split("\n")):
            (w, _), _ = cv2.getTextSize(part, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
            lines.append(draw_text(img, part, 10 if flush_left else 190 - w, y + 14 * j - 3 * row.count("\n")))
    lines.append(draw_text(img, "Source: Survey conducted March 13-17, 2013.", 10, img.shape[0] - 20, 0.45))
    return img, lines


def model_bars(
    names: tuple[str, ...] = ("BERT", "RoBERTa", "XLNet"),
    values: tuple[str, ...] = ("81.2", "84.5", "79.0"),
    y_title: str = "Accuracy (%)",
) -> tuple[np.ndarray, list[Line]]:
    """A paper-style bar chart: one bar per model with its value printed over it, y ticks 0-100,
    a rotated y title (``y_title``) and the x title 'Model'."""
    img = np.full((380, 520, 3), 255, np.uint8)
    cv2.line(img, (80, 40), (80, 300), (0, 0, 0), 1)
    cv2.line(img, (80, 300), (480, 300), (0, 0, 0), 1)
    lines = [draw_upward_text(img, y_title, 14, 230)]
    for k, v in enumerate(("0", "25", "50", "75", "100")):
        lines.append(draw_text(img, v, 80 - 12 - 9 * len(v), 304 - 60 * k))
    for k, (name, v) in enumerate(zip(names, values, strict=True)):
        x, h = 120 + 120 * k, int(float(v) * 2.4)
        cv2.rectangle(img, (x, 300 - h), (x + 50, 300), (200, 120, 40), -1)
        lines.append(draw_text(img, name, x + 2, 322))
        lines.append(draw_text(img, v, x + 6, 300 - h - 6))
    lines.append(draw_text(img, "Model", 250, 350))
    return img, lines
