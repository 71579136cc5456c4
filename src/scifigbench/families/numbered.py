"""Splitting a numbered multi-answer reply into its parts.

Models are asked to number answers "1. 2. 3."; real replies use "1)", "Answer 1:", "**1.**",
"Q1:", "(1)", headings, or leave the numbers out. Markers are accepted only in increasing order
and at line starts, so numbers inside an answer ("1. 5 points") do not split it.
"""

from __future__ import annotations

import re

from scifigbench.freetext.text import normalise_text, sentences

_MARKER = re.compile(
    r"^[ \t>#*_-]*(?:\*\*|__)?\s*(?:(?:answer|question|q|a|item|part)\s*)?\(?(?P<n>\d{1,2})\s*(?:[.):\]]|\s*-\s)"
    r"(?:\*\*|__)?[ \t]*(?:\*\*|__)?",
    re.IGNORECASE | re.MULTILINE,
)


def split_numbered(text: str, n: int) -> list[str | None]:
    """The ``n`` answers of a reply, ``None`` for an answer that cannot be located.

    Numbered markers found in increasing order (gaps allowed: a missing number leaves ``None``) at line starts delimit the answers. Without
    any marker, non-empty lines (or, for a one-line reply, sentences) are taken in order when their
    count equals ``n``; otherwise nothing can be assigned safely and all parts are ``None``.
    """
    text = normalise_text(text or "")
    parts: dict[int, tuple[int, int]] = {}
    last = 0
    for m in _MARKER.finditer(text):
        k = int(m.group("n"))
        if last < k <= n:
            parts[k] = (m.start(), m.end())
            last = k
    if parts:
        keys = sorted(parts)
        out: list[str | None] = [None] * n
        for i, k in enumerate(keys):
            end = parts[keys[i + 1]][0] if i + 1 < len(keys) else len(text)
            out[k - 1] = _clean(text[parts[k][1] : end]) or None
        return out
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(lines) == n:
        return [_clean(ln) for ln in lines]
    if len(lines) == 1 and n > 1:
        said = [s for _, _, s in sentences(lines[0], semicolons=False)]
        if len(said) == n:
            return [_clean(s) for s in said]
    if n == 1 and text.strip():
        return [_clean(text)]
    return [None] * n


def _clean(part: str) -> str:
    return part.strip().strip("*_").strip()
