"""Measuring a selective blur with OCR: is the target gone, and is everything else still there?

Both questions are asked by location, not just by string: a blurred tick '0' counts as read back
only if a box OCR finds on the blurred image overlaps the target's box and reads it, not because
'0' occurs somewhere in 'Error 30'.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from scifigbench.conditions.candidates import Box, overlaps
from scifigbench.conditions.matching import normalise
from scifigbench.conditions.ocr import OcrBox


@dataclass(frozen=True)
class BlurCheck:
    target_read: bool      # OCR still reads the target text at the target's place
    others: int            # other texts OCR read on the clean image
    others_kept: int       # ... of which it still reads on the blurred image, in the same place


def _same(a: str, b: str) -> bool:
    return bool(a) and bool(b) and (a == b or (min(len(a), len(b)) >= 3 and (a in b or b in a)))


def check_blur(clean: Sequence[OcrBox], blurred: Sequence[OcrBox], target_box: Box, target_text: str, pad: float) -> BlurCheck:
    want = normalise(target_text)
    near = [b for b in blurred if overlaps(b.box, target_box, pad)]
    target_read = any(want and (want in normalise(b.text)) for b in near)
    others = [c for c in clean if not overlaps(c.box, target_box, pad) and normalise(c.text)]
    kept = sum(any(overlaps(c.box, b.box) and _same(normalise(c.text), normalise(b.text)) for b in blurred) for c in others)
    return BlurCheck(target_read, len(others), kept)
