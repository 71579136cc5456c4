"""A name and its share printed on one line ('Business 17.6%') are two labels, not one.

Pie and donut charts on web pages print each slice's name with its share beside it, and OCR reads
the pair as one line, often without the space between them ('Business17.6%'). Left whole, the
line is neither a name (a blur of it shows the share too, and its expected answer carries the
number) nor a value (the reader sees no number in it). Parted, the name is a label like any other
and the share a value label.

Only a line ending in a percentage parts: a number without '%' after a name is too often part of
the name ('Windows 10', 'Ages 18-29'), and a percentage after a word that bounds it ('Top 10%',
'Under 5%') is a name of its own.
"""

from __future__ import annotations

import re

import numpy as np

from scifigbench.freetext.label_words import number
from scifigbench.layout import pixels
from scifigbench.layout.elements import Box, Label, in_reading_order

# a name (at least one letter at its end, a colon or comma allowed) then a share, maybe bracketed
_NAME_SHARE = re.compile(r"^(?P<name>.*[^\W\d_][.:,]?)\s*(?P<share>\(?[-+\u2212]?\d{1,3}(?:[.,]\d+)?\s?%\)?)$")
# words that make a percentage part of the name: a bracket of a distribution, not a share
_BOUNDING = frozenset("top bottom over under above below than least most to upto".split())
MIN_NAME_LETTERS = 3


def name_and_share(text: str) -> tuple[str, str] | None:
    """The name and the share a line holds ('Business17.6%' -> 'Business', '17.6%'), else None."""
    m = _NAME_SHARE.match(text.strip())
    if m is None:
        return None
    name, share = m.group("name").rstrip(" :,"), m.group("share")
    words = re.findall(r"[^\W\d_]+", name.casefold())
    if sum(ch.isalpha() for ch in name) < MIN_NAME_LETTERS or not words or words[-1] in _BOUNDING:
        return None
    return name, share


def _cut(ink: np.ndarray, box: Box, text: str, name: str) -> tuple[float, float]:
    """Where the name ends and the share starts in ``box``: the blank between ink columns nearest
    to where the name's share of the glyphs puts it (OCR's text gives the order, the ink the place),
    else that place itself when no blank lies within a glyph of it (letters touching the digits)."""
    x0, _, x1, _ = (max(0, int(round(v))) for v in box)
    glyphs = len(text.replace(" ", ""))
    pitch = (x1 - x0) / max(glyphs, 1)
    guess = x0 + pitch * len(name.replace(" ", ""))
    near = [g for g in pixels.blank_gaps(ink, box) if abs((g[0] + g[1]) / 2 - guess) <= pitch]
    if not near:
        return guess, guess
    return min(near, key=lambda g: abs((g[0] + g[1]) / 2 - guess))


def shares_parted(labels: list[Label], ink: np.ndarray) -> list[Label]:
    """``labels`` with each one-line 'name share' label parted into its name and its share
    (the share a value label); indices renumbered in reading order."""
    out: list[Label] = []
    for lb in labels:
        pair = name_and_share(lb.text) if len(lb.lines) == 1 and not lb.rotated else None
        if pair is None:
            out.append(lb)
            continue
        name, share = pair
        g0, g1 = _cut(ink, lb.box, lb.text, name)
        x0, y0, x1, y1 = lb.box
        named = (x0, y0, g0, y1)
        shown = (g1, y0, x1, y1)
        out.append(Label(lb.index, name, named, lb.score, (named,), swatch=lb.swatch, coloured_text=lb.coloured_text))
        out.append(Label(lb.index, share, shown, lb.score, (shown,), value=number(share)))
    return in_reading_order(out)
