"""Label normalisation and matching.

The rubric wants labels matched exactly, but "exactly" must survive the surface noise of free text:
case, quotes, markdown emphasis, dash and space variants, subscripts. Normalisation removes only
that noise; it never maps one word onto another.
"""

from __future__ import annotations

import re

from scifigbench.freetext.numbers import normalise_text

_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_QUOTES = re.compile(r"[\"'`\u2018\u2019\u201c\u201d*_]")
_SPACE = re.compile(r"\s+")


def normalise_label(text: str) -> str:
    """Lower case, plain dashes and digits, no quotes/markdown, single spaces, no edge punctuation."""
    text = _DASHES.sub("-", normalise_text(text)).lower()
    text = _QUOTES.sub("", text)
    text = re.sub(r"\s*-\s*", "-", text)
    return _SPACE.sub(" ", text).strip(" .,:;!?()[]")


def label_in_text(label: str, text: str) -> bool:
    """True when the normalised label occurs in the normalised text as a whole token sequence."""
    needle = normalise_label(label)
    if not needle:
        return False
    hay = normalise_label(text)
    return re.search(rf"(?<![\w-]){re.escape(needle)}(?![\w-])", hay) is not None


def labels_equal(a: str, b: str) -> bool:
    return normalise_label(a) == normalise_label(b)
