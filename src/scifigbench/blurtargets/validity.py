"""Measuring a selective blur with OCR: is the target gone, and is everything else still there?

Both questions are asked by location, not just by string: a blurred tick '0' counts as read back
only if a box OCR finds on the blurred image overlaps the target's box and reads it, not because
'0' occurs somewhere in 'Error 30'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scifigbench.ocr.engine import OcrBox
from scifigbench.ocr.geometry import Box, area, overlaps, shared_area
from scifigbench.ocr.matching import normalise


@dataclass(frozen=True)
class BlurCheck:
    target_read: bool  # OCR still reads the target text at the target's place
    others: int  # other texts OCR read on the clean image
    others_kept: int  # ... of which it still reads on the blurred image, in the same place


def _same(a: str, b: str) -> bool:
    return bool(a) and bool(b) and (a == b or (min(len(a), len(b)) >= 3 and (a in b or b in a)))


def _reads(b: OcrBox, want: str, target_box: Box, pad: float) -> bool:
    """Does box ``b`` (near the target) read the target text back?

    A short target ('8', '5') is read back only by a box that says just that or lies mostly on
    the target: the axis title 'Number of ...' touching a blurred tick '8' does not read it back
    just because OCR confuses 'b' and '8'.
    """
    text = normalise(b.text)
    if not want or want not in text:
        return False
    if text == want or len(want) >= 3:
        return True
    padded = (target_box[0] - pad, target_box[1] - pad, target_box[2] + pad, target_box[3] + pad)
    own = area(b.box)
    return own > 0 and shared_area(padded, b.box) >= 0.5 * own


def check_blur(
    clean: Sequence[OcrBox],
    blurred: Sequence[OcrBox],
    target_box: Box,
    target_text: str,
    pad: float,
    also: Sequence[Box] = (),
) -> BlurCheck:
    """Is the target gone at its box and at every copy in ``also``, and is the other text still read?"""
    want = normalise(target_text)
    places = (target_box, *also)
    target_read = any(_reads(b, want, place, pad) for place in places for b in blurred if overlaps(b.box, place, pad))
    # text beside the target counts as other text even where the padding would have reached it: the
    # blur keeps its padding off other text (``blur.blur_region``), so all of it must stay readable
    others = [c for c in clean if not any(overlaps(c.box, p) for p in places) and normalise(c.text)]
    kept = sum(
        any(overlaps(c.box, b.box) and _same(normalise(c.text), normalise(b.text)) for b in blurred) for c in others
    )
    return BlurCheck(target_read, len(others), kept)
