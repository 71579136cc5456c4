"""Reading text written along a vertical axis: OCR the image turned a quarter, map the lines back.

A text detector looks for horizontal lines of glyphs. A y-axis title written upwards is found
word by word, or letter group by letter group, and each piece is misread ('aod doity' for
'acceptance probability'); a piece can never become a blur target because its neighbours stay
readable. Turned a quarter clockwise, the same title is an ordinary horizontal line and is read
whole. :class:`TurnedOcr` reads the upright image and the turned one, keeps from the turned
reading only the lines that are horizontal there (so vertical in the figure) and hold words,
maps their boxes back to upright pixel coordinates and lets each replace the upright pieces it
covers. One turn is enough: rapidocr's angle classifier reads upside-down lines, so text written
downwards (some right-hand axes) comes out of the same turned image. On the 173 SciVQA figures a
second, counter-clockwise turn found one rotated word the clockwise turn missed, and otherwise
only misreadings and tick columns read sideways; it would double the cost.

The inner backend sees the turned image as a new image, so a content-addressed cache around it
(``ocr_cache.CachedOcr``) keeps the turned reading under its own key: content, engine and turn.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from scifigbench.ocr.engine import OcrBackend, OcrBox, elongated
from scifigbench.ocr.geometry import Box, area, shared_area
from scifigbench.spec import TextElement

# A turned line is kept when it is this much wider than tall in the turned image: a word written
# along the axis. Upright text seen sideways is taller than wide there, or a lone glyph.
_ELONGATION = 1.5
MIN_CHARS = 3
# Vertical text worth reading whole has words; a line of digits in the turned image is usually a
# column of upright ticks read sideways as one number ('76747270').
MIN_LETTERS = 2
MIN_SCORE = 0.8


def unturn_box(box: Box, height: int) -> Box:
    """A box in the image turned a quarter clockwise, in the coordinates of the upright image of
    ``height`` rows: upright (x, y) lands at (height - y, x) when turned."""
    x0, y0, x1, y1 = box
    return (y0, height - x1, y1, height - x0)


def turned_lines(inner: OcrBackend, img: np.ndarray) -> list[OcrBox]:
    """The vertical lines of words in the BGR image ``img``, in upright coordinates. Only the lines
    horizontal in the turned image are read at all (``min_elongation``)."""
    out = []
    turned = np.ascontiguousarray(cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE))
    for b in inner.read(turned, min_elongation=_ELONGATION):
        chars = sum(ch.isalnum() for ch in b.text)
        letters = sum(ch.isalpha() for ch in b.text)
        if elongated(b.box, _ELONGATION) and chars >= MIN_CHARS and letters >= MIN_LETTERS and b.score >= MIN_SCORE:
            out.append(OcrBox(b.text.strip(), unturn_box(b.box, img.shape[0]), b.score))
    return out


def _alnum(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _piece_of(u: OcrBox, t: OcrBox) -> bool:
    """Is the upright line ``u`` a piece of the vertical line ``t``: mostly inside it, and taller
    than wide (read across the letters) or with its characters found in ``t``'s text?"""
    if area(u.box) <= 0 or shared_area(u.box, t.box) < 0.5 * area(u.box):
        return False
    tall = (u.box[3] - u.box[1]) > (u.box[2] - u.box[0])
    return tall or (bool(_alnum(u.text)) and _alnum(u.text) in _alnum(t.text))


def _sideways(t: OcrBox, upright: Sequence[OcrBox]) -> bool:
    """Does ``t`` cover a confident upright line that is no piece of it (text read sideways)?"""
    return any(
        u.score >= MIN_SCORE
        and (u.box[2] - u.box[0]) >= (u.box[3] - u.box[1])
        and shared_area(u.box, t.box) >= 0.5 * area(u.box)
        and not _piece_of(u, t)
        for u in upright
    )


def _read_better_upright(t: OcrBox, upright: Sequence[OcrBox]) -> bool:
    """One upright line spans most of ``t`` and is read more surely: OCR already had it whole."""
    length = max(t.box[3] - t.box[1], 1.0)
    return any(
        _piece_of(u, t) and (min(u.box[3], t.box[3]) - max(u.box[1], t.box[1])) >= 0.8 * length and u.score > t.score
        for u in upright
    )


def merge(upright: Sequence[OcrBox], turned: Sequence[OcrBox]) -> list[OcrBox]:
    """The upright reading with each vertical line replaced by the turned reading of it.

    A turned line that covers a confident, wider-than-tall upright line whose text it does not
    contain is upright text read sideways (or a column of ticks) and is dropped. Otherwise it
    replaces the upright pieces of the same vertical text, unless the upright reading already
    holds that text whole in one line read with more confidence.
    """
    kept = [t for t in turned if not _sideways(t, upright) and not _read_better_upright(t, upright)]
    return [u for u in upright if not any(_piece_of(u, t) for t in kept)] + kept


class TurnedOcr:
    """An OCR backend that also reads vertical text whole (see the module docstring)."""

    def __init__(self, inner: OcrBackend) -> None:
        self.inner = inner
        self.name = inner.name

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        upright = merge(self.inner.read(img, elements), turned_lines(self.inner, img))
        return [b for b in upright if elongated(b.box, min_elongation)]
