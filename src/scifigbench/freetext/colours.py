"""Colour words in free text, mapped to the 11 basic colour families (the rubric's tolerance)."""

from __future__ import annotations

import re

COLOUR_WORDS: dict[str, str] = {
    "red": "red",
    "crimson": "red",
    "scarlet": "red",
    "maroon": "red",
    "dark red": "red",
    "orange": "orange",
    "amber": "orange",
    "peach": "orange",
    "yellow": "yellow",
    "gold": "yellow",
    "golden": "yellow",
    "mustard": "yellow",
    "green": "green",
    "olive": "green",
    "lime": "green",
    "teal": "green",
    "dark green": "green",
    "blue": "blue",
    "navy": "blue",
    "azure": "blue",
    "cyan": "blue",
    "sky blue": "blue",
    "light blue": "blue",
    "dark blue": "blue",
    "turquoise": "blue",
    "steel blue": "blue",
    "purple": "purple",
    "violet": "purple",
    "lavender": "purple",
    "indigo": "purple",
    "lilac": "purple",
    "pink": "pink",
    "magenta": "pink",
    "rose": "pink",
    "salmon": "pink",
    "coral": "pink",
    "fuchsia": "pink",
    "brown": "brown",
    "tan": "brown",
    "beige": "brown",
    "chocolate": "brown",
    "gray": "gray",
    "grey": "gray",
    "silver": "gray",
    "light gray": "gray",
    "light grey": "gray",
    "dark gray": "gray",
    "dark grey": "gray",
    "black": "black",
    "white": "white",
}
_COLOUR_RE = re.compile(
    r"\b(" + "|".join(sorted((re.escape(w) for w in COLOUR_WORDS), key=len, reverse=True)) + r")(?:ish)?\b"
)


def colours(text: str) -> list[tuple[int, int, str]]:
    """(start, end, family) of each colour word in folded text."""
    return [(m.start(), m.end(), COLOUR_WORDS[m.group(1)]) for m in _COLOUR_RE.finditer(text)]


#: colour words that carry a shade of their family themselves
_SHADED = {
    "navy": "dark",
    "maroon": "dark",
    "crimson": "dark",
    "sky blue": "light",
    "azure": "light",
    "lavender": "light",
    "lilac": "light",
    "beige": "light",
}
_SHADE_WORD = re.compile(r"\b(light|pale|pastel|dark|deep)(?:er)?[\s-]*$")


def shade(text: str, start: int, end: int) -> str | None:
    """ "light" or "dark": the shade of the colour word at ``start:end`` of folded text, from the word
    itself ("navy", "dark blue") or a modifier right before it ("pale green", "deep-red"); None when
    it names its family only. Two series of one family told apart by shade are told apart by it."""
    word = text[start:end]
    first = word.split()[0] if " " in word else ""
    if first in ("light", "dark"):
        return first
    if word in _SHADED:
        return _SHADED[word]
    m = _SHADE_WORD.search(text, max(0, start - 12), start)
    if m is None:
        return None
    return "dark" if m.group(1) in ("dark", "deep") else "light"
