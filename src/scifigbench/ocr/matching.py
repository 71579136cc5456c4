"""Three-tier matching of a proposed target string to an OCR box (paper Appendix B.6, step 3).

1. exact: the OCR text equals the proposal (ignoring surrounding whitespace);
2. normalised: equal after case folding, dropping spaces and punctuation, and mapping the
   characters OCR confuses (l/I/|/1, O/o/0, S/5, B/8, Z/2) to one representative;
3. fuzzy: difflib character similarity of the normalised strings at least ``threshold``; only
   for targets of at least four normalised characters, since '10' and '100' are 0.8 similar.

The first tier that matches decides; within a tier the best score (then the highest OCR score,
then reading order) wins, so the result does not depend on the order OCR returned its boxes.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # type only: the review commands match text without loading numpy
    from scifigbench.ocr.engine import OcrBox

_CONFUSIONS = str.maketrans({"l": "1", "i": "1", "|": "1", "!": "1", "o": "0", "s": "5", "b": "8", "z": "2", "g": "9"})
MIN_FUZZY_LEN = 4
_DROP = re.compile(r"[\s\-_.,:;'\"`()\[\]{}]")


def normalise(text: str) -> str:
    return _DROP.sub("", text.casefold()).translate(_CONFUSIONS)


@dataclass(frozen=True)
class Match:
    box: OcrBox
    tier: str      # exact | normalised | fuzzy
    score: float   # 1.0 for exact and normalised, the similarity ratio for fuzzy


def _order(b: OcrBox) -> tuple[float, float, float]:
    return (-b.score, b.box[1], b.box[0])


def match_text(target: str, boxes: Sequence[OcrBox], threshold: float = 0.6) -> Match | None:
    """The OCR box that best matches ``target``, or None if no tier reaches ``threshold``."""
    want = target.strip()
    if not want:
        raise ValueError("cannot match an empty target string")
    exact = sorted((b for b in boxes if b.text.strip() == want), key=_order)
    if exact:
        return Match(exact[0], "exact", 1.0)
    norm = normalise(want)
    normalised = sorted((b for b in boxes if norm and normalise(b.text) == norm), key=_order)
    if normalised:
        return Match(normalised[0], "normalised", 1.0)
    if len(norm) < MIN_FUZZY_LEN:
        return None
    scored = []
    for b in boxes:
        ratio = difflib.SequenceMatcher(None, norm, normalise(b.text), autojunk=False).ratio()
        if ratio >= threshold:
            scored.append((-ratio, _order(b), b, ratio))
    if not scored:
        return None
    scored.sort(key=lambda t: (t[0], t[1]))
    return Match(scored[0][2], "fuzzy", round(scored[0][3], 6))
