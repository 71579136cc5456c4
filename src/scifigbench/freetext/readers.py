"""Reading free-form answers: sentences, numbers in their many spellings, names, colours, negation.

These are the low-level readers the description judge is built on. They aim at text written by
real models, so they accept the spellings models use ("0.42", "42 %", "4.2e-1", "about 40",
"~40", "1,234"), match names after normalising case, quotes and separators, and know when a
mention is negated ("there are no error bars").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

APPROX_WORDS = r"(?:about|approximately|approx\.?|roughly|around|nearly|almost|close to|just under|just over|some|circa|ca\.)"
_NUM = re.compile(
    r"(?P<approx>" + APPROX_WORDS + r"\s+|[~≈]\s*)?"
    r"(?<![\w.\-])(?P<num>[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+−]?\d+)?|[-−]?\.\d+)(?![\w.]*\w)"
    r"(?P<pct>\s?%|\s?percent\b|\s?per cent\b)?",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
_FULL_STOP = re.compile(r"(?<=[.!?])\s+|\n+")
NEGATIONS = re.compile(r"\b(?:no|not|without|none|neither|nor|absent|absence|lacks?|lacking|never|n't)\b|n't\b")

# 11 basic colour families (the rubric's tolerance: same family = same colour)
COLOUR_WORDS: dict[str, str] = {
    "red": "red", "crimson": "red", "scarlet": "red", "maroon": "red", "dark red": "red",
    "orange": "orange", "amber": "orange",
    "yellow": "yellow", "gold": "yellow", "golden": "yellow", "mustard": "yellow",
    "green": "green", "olive": "green", "lime": "green", "teal": "green", "dark green": "green",
    "blue": "blue", "navy": "blue", "azure": "blue", "cyan": "blue", "sky blue": "blue",
    "light blue": "blue", "dark blue": "blue", "turquoise": "blue", "steel blue": "blue",
    "purple": "purple", "violet": "purple", "lavender": "purple", "indigo": "purple", "lilac": "purple",
    "pink": "pink", "magenta": "pink", "rose": "pink", "salmon": "pink", "fuchsia": "pink",
    "brown": "brown", "tan": "brown", "beige": "brown", "chocolate": "brown",
    "gray": "gray", "grey": "gray", "silver": "gray", "light gray": "gray", "light grey": "gray",
    "dark gray": "gray", "dark grey": "gray",
    "black": "black",
    "white": "white",
}
_COLOUR_RE = re.compile(r"\b(" + "|".join(sorted((re.escape(w) for w in COLOUR_WORDS), key=len, reverse=True)) + r")(?:ish)?\b")


@dataclass(frozen=True)
class Number:
    value: float
    start: int
    end: int
    pct: bool
    approx: bool


def normalise(text: str) -> str:
    """Lower-case, unify quotes/dashes/whitespace and drop markdown emphasis, keeping words intact."""
    t = unicodedata.normalize("NFKC", text)
    t = t.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    t = t.replace("–", "-").replace("—", " - ").replace("−", "-")
    t = re.sub(r"[*_`]{1,3}(?=\S)|(?<=\S)[*_`]{1,3}", "", t)
    return re.sub(r"[ \t]+", " ", t).lower()


@functools.lru_cache(maxsize=8192)
def label_key(label: str) -> str:
    """A label reduced to the form in which two spellings count as the same name."""
    return " ".join(re.split(r"[\s\-_/]+", normalise(label).strip(" .:'\""))).strip()


@functools.lru_cache(maxsize=8192)
def name_pattern(label: str) -> re.Pattern[str]:
    """Regex finding ``label`` in normalised text, tolerant to the separator between its tokens."""
    toks = [re.escape(t) for t in label_key(label).split(" ") if t]
    body = r"[\s\-_/]*".join(toks)
    return re.compile(r"(?<![\w])(?<![\w][\-_/])" + body + r"(?![\w])(?![\-_/]\w)")


def sentences(text: str, semicolons: bool = True) -> list[tuple[int, int, str]]:
    """(start, end, sentence) spans of normalised text; a sentence is the unit a finding points at.

    ``semicolons=False`` keeps "X is hard to read; it is probably Y" together.
    """
    out = []
    pos = 0
    for m in (_SENTENCE_END if semicolons else _FULL_STOP).finditer(text):
        if m.start() > pos:
            out.append((pos, m.start(), text[pos:m.start()]))
        pos = m.end()
    if pos < len(text):
        out.append((pos, len(text), text[pos:]))
    return [(s, e, t) for s, e, t in out if t.strip()]


def numbers(text: str) -> list[Number]:
    """Every number in ``text`` with whether it is a percentage and whether it is hedged as approximate."""
    out = []
    for m in _NUM.finditer(text):
        raw = m.group("num").replace(",", "").replace("−", "-")
        try:
            value = float(raw)
        except ValueError:
            continue
        out.append(Number(value, m.start("num"), m.end(), bool(m.group("pct")), bool(m.group("approx"))))
    return out


def colours(text: str) -> list[tuple[int, int, str]]:
    """(start, end, family) of each colour word."""
    return [(m.start(), m.end(), COLOUR_WORDS[m.group(1)]) for m in _COLOUR_RE.finditer(text)]


def negated(text: str, start: int, window: int = 40) -> bool:
    """Whether a negation word occurs shortly before ``start`` within the same clause."""
    left = text[max(0, start - window):start]
    left = re.split(r"[,;:]|\bbut\b|\bwhile\b|\bwhereas\b", left)[-1]
    return bool(NEGATIONS.search(left))


def mask(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked out (same length), so numbers inside names are not read as values."""
    chars = list(text)
    for s, e in spans:
        for i in range(s, e):
            chars[i] = " "
    return "".join(chars)
