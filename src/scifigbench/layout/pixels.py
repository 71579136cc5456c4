"""What the pixels say around text: the background, ink, legend swatches, coloured text, colour names.

A legend entry is recognised by the small block or line of one colour just left of its text; a
direct series label by its own colour. Both are read from pixels, not from OCR.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from scifigbench.layout.elements import Box

INK_DELTA = 40  # a pixel differing from the background by more than this in a channel is ink

# Swatch sizes in heights of the label beside it (see ``swatch_left``).
SWATCH_REACH = 3.5  # a legend key stands at most this far left of its name; further ink belongs to the plot
SWATCH_MIN_WIDTH = 0.45  # a small square beside a label with descenders is about half its box high
SWATCH_MAX_WIDTH = 3.2  # the longest line sample a legend draws; wider ink is an axis, a grid line or a bar
SWATCH_MAX_HEIGHT = 1.6  # a key is no taller than its text; a taller block is a bar or a frame
SWATCH_MIN_LINE_PX = 4  # a text line lower than this many pixels is too small to read a key beside it
SWATCH_INSET = 0.15  # the strip searched skips this much at the line's top and bottom (other rows' ink)
SWATCH_MIN_STRIP = 0.6  # a strip narrower than this (the page's edge) has no room for a key
SWATCH_DASH_GAP = 1.0  # blank columns up to this wide lie inside one key (a dashed line, a marker's outline)
SWATCH_SQUARE = 0.6  # a key narrower than this is a solid square only: as tall as wide, give or take a fifth
SQUARE_SLACK = 0.2  # (share of the key's width) how far a square's height may differ from its width
SOLID_ROW = 0.5  # (share of ink) a row of the key's columns this much inked is still the key
# Keys inside a line's box (see ``swatch_inside``), in heights of the line.
INSIDE_MIN_LINE_PX = 6  # a box lower than this many pixels is too small to hold a key and text
INSIDE_MIN_LENGTH = 2  # a box holding a key and a word is at least this long
INSIDE_KEY_START = 0.6  # the key starts within this of the box's left edge
INSIDE_KEY_GAP_PX = 2  # and a blank of at least this many pixels parts it from the text
INSIDE_SQUARE = (0.3, 1.5)  # a square key is this wide
SQUARE_ASPECT = (0.6, 1.6)  # and this tall as a share of its width
INSIDE_LINE = (0.6, 3)  # a line key is this long
INSIDE_LINE_THICKNESS = 0.3  # at most this thick
INSIDE_LINE_CENTRE = 0.25  # and runs within this of the box's middle
INSIDE_KEY_SOLID = 0.8  # (share of ink) a key is mostly ink; letters are strokes
# Coloured text and fills.
MIN_TEXT_INK_PX = 10  # a box with fewer ink pixels has no text colour to read
COLOURED_SATURATION = 90  # (HSV, 0-255) median saturation of coloured text; black and grey text stays below
COLOURED_VALUE = 60  # (HSV, 0-255) median brightness of coloured text; darker reads as black
# the saturated third of a text's ink (the cores of its strokes) at least this saturated is coloured:
# thin letters blend their edges into the page, so all their ink's median can fall below the above
CORE_SATURATION = 80
FILL_INSET = 0.15  # (share of the box) the core of a box read for a fill leaves this margin on every side
FILL_INK = 0.6  # (share of ink) a core inked more than this is a fill; letters ink a third at most
# Tinted bands under words (see ``band_under``); priors, not fitted.
TINT_DELTA = 12  # a band this far from the page colour in a channel is tinted: JPEG noise stays within a few levels
BAND_DELTA = 10  # pixels of one flat band differ from its colour by at most this: ggplot's grey85 strip and its
# grey92 panel (18 apart) are two bands
BAND_REACH = 1.0  # (text heights) a strip or badge ends within this above and below its words; a panel's
# background or a bar holding a name reaches further
BAND_COVER = 0.25  # (text heights) the band covers the words' box but for this much at each edge
BAND_RESUME = 0.5  # (text heights) the band's colour found again this close past its edge: a gridded panel's cell
BAND_ROW = 0.5  # (share) past the band's edge, most of the rows mostly in its colour continue it (a line's
# blurred edge is a row or two of light grey, a grid cell goes on)


def background(img: np.ndarray) -> np.ndarray:
    """The most common colour on the image border (charts sit on a plain background)."""
    border = np.concatenate([img[0], img[-1], img[:, 0], img[:, -1]]).reshape(-1, 3)
    colours, counts = np.unique(border // 8, axis=0, return_counts=True)
    return colours[counts.argmax()].astype(np.int16) * 8 + 4


def ink_mask(img: np.ndarray) -> np.ndarray:
    """True where a pixel is not background."""
    return np.abs(img.astype(np.int16) - background(img)).max(axis=2) > INK_DELTA


def text_mask(shape: tuple[int, ...], boxes: Sequence[Box]) -> np.ndarray:
    out = np.zeros(shape[:2], dtype=bool)
    for x0, y0, x1, y1 in boxes:
        out[max(0, int(y0)) : max(0, int(np.ceil(y1))), max(0, int(x0)) : max(0, int(np.ceil(x1)))] = True
    return out


def swatch_left(img: np.ndarray, ink: np.ndarray, texts: np.ndarray, box: Box) -> tuple[int, int, int] | None:
    """The colour of a legend swatch just left of ``box``: a block, line, dashed line or marker, isolated.

    Looks at the ink (outside any text) in a strip up to 3.5 text heights left of the label, takes
    the cluster of inked columns nearest the text (gaps up to a text height allowed, for dashes and outlines),
    and accepts it if it is 0.6-3.2 heights wide, does not run on to the strip's far edge (an axis,
    grid line or bar would) and stops within about a text height vertically. A solid square may be
    narrower, down to 0.45 heights: a small square beside a label whose descenders ('p', 'g')
    deepen its box is about half the box's height.
    """
    x0, y0, x1, y1 = box
    h = y1 - y0
    if h < SWATCH_MIN_LINE_PX:
        return None
    sx0, sx1 = int(max(0, x0 - SWATCH_REACH * h)), int(x0)
    sy0, sy1 = int(y0 + SWATCH_INSET * h), int(np.ceil(y1 - SWATCH_INSET * h))
    if sx1 - sx0 < SWATCH_MIN_STRIP * h or sy1 <= sy0:
        return None
    m = ink[sy0:sy1, sx0:sx1] & ~texts[sy0:sy1, sx0:sx1]
    cols = np.flatnonzero(m.any(axis=0))
    if not len(cols):
        return None
    right = left = int(cols[-1])
    for c in cols[::-1][1:]:
        if left - c > SWATCH_DASH_GAP * h:
            break
        left = int(c)
    width = right - left + 1
    if width < SWATCH_MIN_WIDTH * h or width > SWATCH_MAX_WIDTH * h or (left == 0 and sx0 > 0):
        return None
    block = ink[:, sx0 + left : sx0 + right + 1]
    row = sy0 + int(np.argmax(m[:, left : right + 1].sum(axis=1)))
    top = bottom = row
    while top > 0 and block[top - 1].mean() > SOLID_ROW:
        top -= 1
    while bottom + 1 < block.shape[0] and block[bottom + 1].mean() > SOLID_ROW:
        bottom += 1
    if bottom - top + 1 > SWATCH_MAX_HEIGHT * h:
        return None
    if width < SWATCH_SQUARE * h and abs(bottom - top + 1 - width) > SQUARE_SLACK * width:
        return None  # narrower than most swatches: only a solid square will do
    return median_colour(img[sy0:sy1, sx0 + left : sx0 + right + 1][m[:, left : right + 1]])


def column_runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """The runs of consecutive inked columns of ``mask``, left to right, as (first, last) column:
    words, a swatch and the blank gaps between them, read across a line."""
    inked = np.flatnonzero(mask.any(axis=0))
    if not len(inked):
        return []
    breaks = np.flatnonzero(np.diff(inked) > 1)
    return list(zip(np.r_[inked[0], inked[breaks + 1]], np.r_[inked[breaks], inked[-1]], strict=True))


def blank_gaps(ink: np.ndarray, box: Box) -> list[tuple[float, float]]:
    """The runs of blank columns between inked ones inside ``box``, left to right, as (x from, x to)
    in image coordinates (width ``to - from``): the spaces between words or glyphs of a line, where
    the readers of a line part it or tell one number from two."""
    x0, y0, x1, y1 = (max(0, int(round(v))) for v in box)
    runs = column_runs(ink[y0:y1, x0:x1])
    return [(float(x0 + a + 1), float(x0 + b)) for (_, a), (b, _) in zip(runs, runs[1:], strict=False)]


def inked_throughout(ink: np.ndarray, box: Box) -> bool:
    """Whether every column of ``box`` holds some ink: one drawing running across it, not blocks
    with blank page between them."""
    x0, y0, x1, y1 = (max(0, int(round(v))) for v in box)
    band = ink[y0:y1, x0:x1]
    return band.size > 0 and bool(band.any(axis=0).all())


BLOCK_DELTA = 30  # pixels of one block of colour differ by at most this in a channel (JPEG noise)


def _of_colour(pixels: np.ndarray, colour: np.ndarray, delta: int) -> np.ndarray:
    """Which of ``pixels`` (BGR, any shape ending in the channels) are within ``delta`` of
    ``colour`` in every channel: one flat fill, give or take antialiasing and JPEG noise."""
    return np.abs(pixels.astype(np.int16) - colour).max(axis=-1) <= delta


def block_under(img: np.ndarray, box: Box) -> Box | None:
    """The solid block of colour a label is printed on (the bar segment holding its value): the run
    of the colour found just left and right of the label, along the label's centre row, and the
    run of it up and down the column just left of the label. None when the label stands on the
    page background, or on two different colours (a value printed across a bar's end)."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = (int(np.floor(box[0])), int(np.floor(box[1])), int(np.ceil(box[2])), int(np.ceil(box[3])))
    cy, xl, xr = (y0 + y1) // 2, x0 - 2, x1 + 1
    if xl < 0 or xr >= w or not 0 <= cy < h:
        return None
    left, right = img[cy, xl].astype(np.int16), img[cy, xr].astype(np.int16)
    if np.abs(left - right).max() > BLOCK_DELTA or np.abs(left - background(img)).max() <= INK_DELTA:
        return None
    colour = (left + right) // 2
    row = _of_colour(img[cy], colour, BLOCK_DELTA)
    column = _of_colour(img[:, xl], colour, BLOCK_DELTA)
    s0, _ = _run(row, xl)
    _, s1 = _run(row, xr)
    t0, t1 = _run(column, cy)
    return (float(s0), float(t0), float(s1 + 1), float(t1 + 1))


def _run(mask: np.ndarray, at: int) -> tuple[int, int]:
    """The first and last index of the run of True in ``mask`` that holds index ``at``."""
    off = np.flatnonzero(~mask)
    before, after = off[off < at], off[off > at]
    return (int(before[-1]) + 1 if len(before) else 0), (int(after[0]) - 1 if len(after) else len(mask) - 1)


def swatch_inside(img: np.ndarray, ink: np.ndarray, box: Box) -> tuple[tuple[int, int, int], float] | None:
    """A filled legend square or a short line that OCR took into the start of the line's box, and
    where the text after it begins; None if the line starts with a letter.

    Web legends set a small square (or a short stroke of the series' line) right before each
    answer, and the detector often boxes the two together. The key is solid ink (letters are
    strokes): the first cluster of inked columns, starting near the box's left edge, followed by
    a clear gap before the text, filled for the most part, and either a square (0.3-1.5 text
    heights wide, about as tall as wide) or a line (0.6-3 heights long, at most 0.3 high, across
    the middle of the box).
    """
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    h = y1 - y0
    if h < INSIDE_MIN_LINE_PX or x1 - x0 < INSIDE_MIN_LENGTH * h:
        return None
    m = ink[max(0, y0) : y1, max(0, x0) : x1]
    runs = column_runs(m)
    if not runs or runs[0][0] > INSIDE_KEY_START * h:
        return None
    left, right = (int(c) for c in runs[0])
    width = right - left + 1
    gap = runs[1][0] if len(runs) > 1 else None
    if gap is None or gap - right - 1 < INSIDE_KEY_GAP_PX:
        return None
    rows = np.flatnonzero(m[:, left : right + 1].any(axis=1))
    tall = rows[-1] - rows[0] + 1
    block = m[rows[0] : rows[-1] + 1, left : right + 1]
    square = (
        INSIDE_SQUARE[0] * h <= width <= INSIDE_SQUARE[1] * h
        and SQUARE_ASPECT[0] * width <= tall <= SQUARE_ASPECT[1] * width
    )
    line = (
        INSIDE_LINE[0] * h <= width <= INSIDE_LINE[1] * h
        and tall <= INSIDE_LINE_THICKNESS * h
        and abs((rows[0] + rows[-1]) / 2 - h / 2) <= INSIDE_LINE_CENTRE * h
    )
    if not (square or line) or block.mean() < INSIDE_KEY_SOLID:
        return None
    pixels = img[max(0, y0) : y1, max(0, x0) : x1][:, left : right + 1][m[:, left : right + 1]]
    return median_colour(pixels), float(max(0, x0) + gap - 1)


def _ink_pixels(img: np.ndarray, ink: np.ndarray, box: Box) -> tuple[np.ndarray, np.ndarray] | None:
    """The ink pixels of the text in ``box`` as BGR and as HSV rows, or None for a box of little ink."""
    x0, y0, x1, y1 = (int(v) for v in box)
    m = ink[max(0, y0) : y1, max(0, x0) : x1]
    if m.sum() < MIN_TEXT_INK_PX:
        return None
    pixels = img[max(0, y0) : y1, max(0, x0) : x1][m]
    return pixels, cv2.cvtColor(pixels.reshape(-1, 1, 3).astype(np.uint8), cv2.COLOR_BGR2HSV).reshape(-1, 3)


def text_colour(img: np.ndarray, ink: np.ndarray, box: Box) -> tuple[int, int, int] | None:
    """The colour of the text in ``box`` if it is clearly coloured (not black, grey or white)."""
    found = _ink_pixels(img, ink, box)
    if found is None:
        return None
    pixels, hsv = found
    if np.median(hsv[:, 1]) < COLOURED_SATURATION or np.median(hsv[:, 2]) < COLOURED_VALUE:
        return None
    return median_colour(pixels)


def on_fill(ink: np.ndarray, box: Box) -> bool:
    """The text in ``box`` is printed on a filled shape (light letters on a logo's dark box, a
    label inside a bar): most of the box's middle is ink, where letters alone ink a third at most."""
    x0, y0, x1, y1 = box
    dx, dy = FILL_INSET * (x1 - x0), FILL_INSET * (y1 - y0)
    core = ink[int(y0 + dy) : int(np.ceil(y1 - dy)), int(x0 + dx) : int(np.ceil(x1 - dx))]
    return core.size > 0 and float(core.mean()) > FILL_INK


def band_under(img: np.ndarray, box: Box, page: np.ndarray | None = None) -> Box | None:
    """The flat band of colour other than the page's that the words in ``box`` are printed on (a
    facet strip's light grey, a badge's tint), or None. The binarised ink keeps only what is much
    darker than the page, so a light band is no ink and ``on_fill`` cannot see it; this reads the
    colours themselves.

    The band's colour is the median of the box (letters cover a third of it at most); it must
    differ from the page by more than ``TINT_DELTA``. Its pixels (within ``BAND_DELTA`` of that
    colour) joined to the most of the box's form the band, which must cover the words' box and end
    within ``BAND_REACH`` text heights above and below it: a strip runs across its panel but is
    low, while a panel's tinted background, or a tall bar holding a name, runs on. A band whose
    colour resumes just past its top or bottom edge is one cell of a tinted panel parted by
    light grid lines, not a strip. ``page`` is the page colour (``background``), passed by a caller
    reading many boxes of one image so the border is not read again for each."""
    height, width = img.shape[:2]
    x0, y0 = max(0, int(round(box[0]))), max(0, int(round(box[1])))
    x1, y1 = min(width, int(round(box[2]))), min(height, int(round(box[3])))
    h = y1 - y0
    if h < 2 or x1 <= x0:
        return None
    colour = np.median(img[y0:y1, x0:x1].reshape(-1, 3), axis=0).astype(np.int16)
    if np.abs(colour - (background(img) if page is None else page)).max() <= TINT_DELTA:
        return None
    reach = int(np.ceil(BAND_REACH * h)) + 1
    wy0, wy1 = max(0, y0 - reach), min(height, y1 + reach)  # the rows the band may fill, across the image
    same = _of_colour(img[wy0:wy1], colour, BAND_DELTA)
    _, parts, stats, _ = cv2.connectedComponentsWithStats(same.astype(np.uint8), connectivity=4)
    inside = parts[y0 - wy0 : y1 - wy0, x0:x1]
    found, counts = np.unique(inside[inside > 0], return_counts=True)
    if not len(found):
        return None
    bx, by, bw, bh = (int(v) for v in stats[int(found[counts.argmax()]), :4])
    top, bottom = wy0 + by, wy0 + by + bh
    runs_on = (by == 0 and wy0 > 0) or (by + bh == wy1 - wy0 and wy1 < height)
    slack = BAND_COVER * h
    covers = top <= y0 + slack and bottom >= y1 - slack and bx <= x0 + slack and bx + bw >= x1 - slack
    if runs_on or not covers:
        return None
    resume = int(np.ceil(BAND_RESUME * h))
    for r0, r1 in ((max(0, top - resume), top), (bottom, min(height, bottom + resume))):
        rows = _of_colour(img[r0:r1, x0:x1], colour, BAND_DELTA)
        if len(rows) and (rows.mean(axis=1) > BAND_ROW).mean() > BAND_ROW:
            return None
    return (float(bx), float(top), float(bx + bw), float(bottom))


def _cores(hsv: np.ndarray) -> np.ndarray:
    """Which of a text's ink pixels (HSV rows) are its most saturated third: the cores of the
    strokes, not their edges blended into the page."""
    return hsv[:, 1] >= np.quantile(hsv[:, 1], 2 / 3)


def blocks_holding(ink: np.ndarray, boxes: Sequence[Box], margin: float) -> np.ndarray:
    """The filled blocks that hold the words of ``boxes`` (a logo's box, a badge): for each box,
    the connected ink most of its pixels belong to, when that reaches no further than ``margin``
    pixels past the box on any side (a bar holding its name, or a frame around the whole chart,
    reaches further)."""
    out = np.zeros(ink.shape, dtype=bool)
    if not boxes:
        return out
    _, parts, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    for x0, y0, x1, y1 in ((int(v) for v in box) for box in boxes):
        inside = parts[max(0, y0) : y1, max(0, x0) : x1]
        labels, counts = np.unique(inside[inside > 0], return_counts=True)
        if not len(labels):
            continue
        k = int(labels[counts.argmax()])
        bx, by, bw, bh = (int(v) for v in stats[k, :4])
        if bx >= x0 - margin and by >= y0 - margin and bx + bw <= x1 + margin and by + bh <= y1 + margin:
            out |= parts == k
    return out


def pixels_of(box: Box) -> tuple[int, int, int, int]:
    """The pixel rows and columns ``box`` touches (x0, y0, x1, y1, ends exclusive): its ends rounded
    outwards and its start kept on the image, so a slice by them holds every pixel it overlaps."""
    x0, y0 = (max(0, int(np.floor(v))) for v in box[:2])
    x1, y1 = (int(np.ceil(v)) for v in box[2:])
    return x0, y0, x1, y1


def covers_any(mask: np.ndarray, box: Box) -> bool:
    """Whether ``mask`` is set anywhere inside ``box`` (``pixels_of``)."""
    x0, y0, x1, y1 = pixels_of(box)
    return bool(mask[y0:y1, x0:x1].any())


def ink_colour(img: np.ndarray, ink: np.ndarray, box: Box) -> tuple[int, int] | None:
    """(hue in degrees, saturation 0-255) of the text in ``box``, read from its strokes' cores."""
    found = _ink_pixels(img, ink, box)
    if found is None:
        return None
    core = found[1][_cores(found[1])]
    return int(np.median(core[:, 0])) * 2, int(np.median(core[:, 1]))


def core_colour(img: np.ndarray, ink: np.ndarray, box: Box) -> tuple[int, int, int] | None:
    """The BGR colour of the text in ``box`` read from its strokes' cores, if clearly coloured: a
    thin name in a line's colour that ``text_colour`` (all its ink) takes for grey."""
    found = _ink_pixels(img, ink, box)
    if found is None:
        return None
    pixels, hsv = found
    core = _cores(hsv)
    if np.median(hsv[core, 1]) < CORE_SATURATION or np.median(hsv[core, 2]) < COLOURED_VALUE:
        return None
    return median_colour(pixels[core])


def _hue(colour: tuple[int, int, int]) -> int:
    """The hue of a BGR colour in degrees (OpenCV's 0-179 doubled)."""
    return int(cv2.cvtColor(np.array([[list(colour)]], dtype=np.uint8), cv2.COLOR_BGR2HSV)[0, 0, 0]) * 2


def _hues_apart(a: np.ndarray, b: int) -> np.ndarray:
    """Degrees between each hue of ``a`` and the hue ``b`` on the colour circle."""
    d = np.abs(a - b)
    return np.minimum(d, 360 - d)


def saturated_hues(img: np.ndarray, ink: np.ndarray, box: Box) -> np.ndarray:
    """The hues (degrees) of the clearly coloured ink pixels inside ``box``: what a plot draws its
    lines in, read once per figure and matched against each name's colour (``hues_like``)."""
    x0, y0, x1, y1 = (max(0, int(v)) for v in box)
    pixels = img[y0:y1, x0:x1][ink[y0:y1, x0:x1]]
    if not len(pixels):
        return np.zeros(0, dtype=int)
    hsv = cv2.cvtColor(pixels.reshape(-1, 1, 3).astype(np.uint8), cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(int)
    return hsv[hsv[:, 1] >= CORE_SATURATION, 0] * 2


def hues_like(hues: np.ndarray, colour: tuple[int, int, int], degrees: float = 20.0) -> int:
    """How many of ``hues`` (``saturated_hues``) are ``colour``'s hue: the pixels of a line drawn in
    a name's colour."""
    return int((_hues_apart(hues, _hue(colour)) <= degrees).sum())


def inks_differ(a: tuple[int, int] | None, b: tuple[int, int] | None, degrees: float = 25.0) -> bool:
    """Two texts printed in different colours: two clear hues apart, or one coloured and one
    black or grey. Unknown colours differ in nothing."""
    if a is None or b is None:
        return False
    (ha, sa), (hb, sb) = a, b
    if sa >= 80 and sb >= 80:
        return min(abs(ha - hb), 360 - abs(ha - hb)) > degrees
    return (sa >= 80) != (sb >= 80) and min(sa, sb) < 40


def same_hue(a: tuple[int, int, int], b: tuple[int, int, int], degrees: float = 20.0) -> bool:
    """Two BGR colours of one hue: a line and its name in the line's colour. Hue, not the values,
    is compared because small text is drawn lighter than a line (its edges blend into the page)."""
    return bool(_hues_apart(np.array([_hue(a)]), _hue(b))[0] <= degrees)


def median_colour(pixels: np.ndarray) -> tuple[int, int, int]:
    """The median BGR colour of ``pixels`` (any shape ending in the three channels)."""
    b, g, r = (int(v) for v in np.median(pixels.reshape(-1, 3), axis=0))
    return (b, g, r)


def colour_name(bgr: tuple[int, int, int]) -> str:
    """A plain colour word ('light blue', 'dark red', 'grey') for a question about a legend entry."""
    pixel = np.array([[list(bgr)]], dtype=np.uint8)
    h, s, v = (int(x) for x in cv2.cvtColor(pixel, cv2.COLOR_BGR2HSV)[0, 0])
    if s < 45:
        return "black" if v < 60 else "dark grey" if v < 110 else "grey" if v < 190 else "light grey"
    hue = h * 2
    name = next(
        n
        for top, n in (
            (15, "red"),
            (40, "orange"),
            (70, "yellow"),
            (160, "green"),
            (195, "teal"),
            (255, "blue"),
            (285, "purple"),
            (335, "pink"),
            (361, "red"),
        )
        if hue < top
    )
    if v < 110:
        return f"dark {name}"
    if s < 110 and v > 170:
        return f"light {name}"
    return name
