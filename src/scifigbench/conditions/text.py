"""Whether a piece of text shows a target string, and captions with such mentions removed.

Matching is by whole token, case-insensitive: '40' is shown by '40%' and 'reaches 40.', not by
'1400'; 'BERT' is not shown by 'RoBERTa'.
"""

from __future__ import annotations

import re


def fold(text: str) -> str:
    return " ".join(text.casefold().split())


def mentions(text: str, target: str) -> bool:
    """Does ``text`` contain ``target`` as a whole token sequence (case and spacing ignored)?"""
    h, n = fold(text), fold(target)
    if not n:
        return False
    left = r"(?<![\w.])" if n[0].isalnum() else ""
    right = r"(?![\w])" if n[-1].isalnum() else ""
    return re.search(left + re.escape(n) + right, h) is not None


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[])")


def redact(caption: str | None, target: str) -> str | None:
    """The caption without the sentences that show ``target``; None if nothing is left.

    Whole sentences go rather than just the words, so the caption gives no hint of a gap.
    """
    if caption is None:
        return None
    kept = [s for s in _SENTENCE.split(caption.strip()) if s and not mentions(s, target)]
    out = " ".join(kept).strip()
    return out or None
