"""The two forms every free-text reader works on, and the sentence/mask helpers built on them.

``normalise_text`` keeps case and (nearly) length: NFKC folds full-width digits and ligatures,
subscripts become plain digits ("D₀" -> "D0"), so spans found in it can be quoted back as
evidence. ``fold`` is the search form on top of it: lower case, one kind of quote and dash, no
markdown emphasis. Every judge reads numbers, names and cues from one of these two forms, so a
spelling is understood the same way by all of them.
"""

from __future__ import annotations

import re
import unicodedata

from scifigbench.freetext.lexicons import ABBREVIATIONS, alternation

_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹", "01234567890123456789")
# a power of ten with its exponent raised ('10⁷'): plain digits would make it 107
_RAISED_POWER = re.compile(r"(?<![\d.])10([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
_EXPONENT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_APOSTROPHES = str.maketrans("\u2018\u2019", "''")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
_FULL_STOP = re.compile(r"(?<=[.!?])\s+|\n+")
# a stop that closes a short form ("vs.", "e.g."), not a sentence; searched up to a candidate end
_ABBREVIATION_STOP = re.compile(rf"(?<![\w.])(?:{alternation(ABBREVIATIONS)})\.\Z", re.IGNORECASE)
# a stop followed by a lower-case word in text that keeps its case closes a short form ("the Cons. bar")
_LOWER_CASE_NEXT = re.compile(r"[.!?]\s+[a-z]")
# The marks that open and close a quoted text; straight quotes do both.
QUOTE_OPENERS = "'\"\u2018\u201c"
QUOTE_CLOSERS = "'\"\u2019\u201d"


def quoted_pattern(longest: int, shortest: int = 1) -> str:
    """A quoted text on one line, ``shortest`` to ``longest`` characters inside, the inside as group 1.

    The one spelling of a quotation every reader uses ("'Open'", a curly-quoted title). An opening
    quote follows no letter and a closing one precedes none, so the apostrophes of "isn't" and
    "models'" open and close nothing; the inside holds no quote mark, so two quoted names in one
    sentence stay two. The length bounds are the caller's: a legend label is short, a title longer.
    """
    marks = QUOTE_OPENERS + QUOTE_CLOSERS
    return rf"(?<![\w'\"])[{QUOTE_OPENERS}]([^{marks}\n]{{{shortest},{longest}}})[{QUOTE_CLOSERS}](?!\w)"


# a quoted text on one line ('Speed-up vs. training data'): its stops and semicolons are the title's
_QUOTE = re.compile(quoted_pattern(120))


def normalise_text(text: str) -> str:
    """NFKC (turns '４２' into '42', ligatures apart), subscripts to plain digits and curly single quotes to
    straight ones (so "isn’t" reads as a negation, as "isn't" does); a power of ten with its
    exponent raised is written as typed ('10⁷' -> '10^7'), which the number reader reads as 1e7.

    NFKC keeps string length for the characters that matter here, so spans stay close; the
    judges only use spans to look at nearby words.
    """
    text = _RAISED_POWER.sub(lambda m: "10^" + m.group(1).translate(_EXPONENT), text)
    return unicodedata.normalize("NFKC", text).translate(_SUBSCRIPTS).translate(_APOSTROPHES)


def fold(text: str) -> str:
    """Lower-case search form: unified quotes and dashes, markdown emphasis dropped, words intact."""
    t = normalise_text(text)
    t = t.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    t = t.replace("–", "-").replace("—", " - ").replace("−", "-")
    t = re.sub(r"[*_`]{1,3}(?=\S)|(?<=\S)[*_`]{1,3}", "", t)
    return re.sub(r"[ \t]+", " ", t).lower()


def sentences(text: str, semicolons: bool = True, capital_opens: bool = False) -> list[tuple[int, int, str]]:
    """(start, end, sentence) spans of ``text``; a sentence is the unit a finding points at.

    ``semicolons=False`` keeps "X is hard to read; it is probably Y" together. A stop after a short
    form ("vs.", "e.g.") or inside a quoted text on one line ends no sentence, so a quoted title such
    as 'Speed-up vs. training data' stays whole with the sentence that quotes it. ``capital_opens``
    is for text that keeps its case: a sentence opens with no lower-case letter, so a stop before one
    closes a short form ("the Cons. bar is 87"); a semicolon still ends a clause before one.
    """
    quoted = [(q.start(), q.end()) for q in _QUOTE.finditer(text)]
    out = []
    pos = 0
    for m in (_SENTENCE_END if semicolons else _FULL_STOP).finditer(text):
        held = (
            _inside(m.start(), quoted)
            or _ABBREVIATION_STOP.search(text, max(pos, m.start() - 12), m.start())
            or (capital_opens and _LOWER_CASE_NEXT.match(text, m.start() - 1))
        )
        if held and "\n" not in m.group():
            continue
        if m.start() > pos:
            out.append((pos, m.start(), text[pos : m.start()]))
        pos = m.end()
    if pos < len(text):
        out.append((pos, len(text), text[pos:]))
    return [(s, e, t) for s, e, t in out if t.strip()]


def sentence_ends(text: str, semicolons: bool = True, capital_opens: bool = False) -> list[int]:
    """Where each sentence of ``text`` ends, the blank after it included: the next sentence's start, and
    ``len(text)`` last. The sentence holding offset ``i`` starts at the last end at or before ``i``."""
    return [s for s, _, _ in sentences(text, semicolons, capital_opens)[1:]] + [len(text)]


def first_sentence(text: str, semicolons: bool = False, capital_opens: bool = False) -> str:
    """The first sentence of ``text`` ("" when it has none): where a short answer states its conclusion."""
    return next((t for _, _, t in sentences(text, semicolons, capital_opens)), "")


def clause_around(text: str, pos: int, splitter: re.Pattern[str]) -> tuple[int, int]:
    """Bounds of the clause of ``text`` that holds ``pos``: from the end of the last ``splitter``
    match before it to the start of the first one after it."""
    start, end = 0, len(text)
    for m in splitter.finditer(text):
        if m.end() <= pos:
            start = m.end()
        elif m.start() >= pos:
            end = m.start()
            break
    return start, end


def _inside(i: int, spans: list[tuple[int, int]]) -> bool:
    """Whether position ``i`` lies strictly inside one of ``spans``."""
    return any(s < i < e for s, e in spans)


def mask(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked out (same length), so numbers inside names are not read as values."""
    chars = list(text)
    for s, e in spans:
        for i in range(s, e):
            chars[i] = " "
    return "".join(chars)
