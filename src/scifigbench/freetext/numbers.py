"""The one reader of stated values in free text, used by every judge.

VLM answers state values in many shapes ("0.42", "42 %", "4.2e-1", "about 40", "1,234", "3.5k",
"$10^3$", "60–61%", "between 27 and 29"). Judges compare such readings with a ground-truth value,
so every reading becomes an interval [low, high] plus flags (percent, approximate). Digits that
are part of identifiers ("Llama-2-13B", "D₀", "GPT-4o", "R1") are not readings and are skipped.
Works on raw, :func:`~scifigbench.freetext.text.normalise_text`-ed or folded text alike; spans
refer to ``normalise_text(text)``, which is the text itself for the other two forms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scifigbench.freetext import lexicons
from scifigbench.freetext.text import normalise_text

_MINUS = "-\u2212\u2013\u2014"  # hyphen, minus sign, en dash, em dash
_MULTIPLIERS = {"k": 1e3, "K": 1e3, "M": 1e6, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_APPROX = re.compile(
    rf"(?:\b(?:{lexicons.alternation(lexicons.APPROXIMATORS)})|{lexicons.alternation(lexicons.APPROXIMATE_SIGNS)})\s*$",
    re.IGNORECASE,
)

_NUM = r"\d+(?:,\d{3})+(?:\.\d+)?|\d*\.\d+|\d+"
_SCALAR = re.compile(
    rf"""
    (?P<sign>[{_MINUS}+])?
    (?P<num>{_NUM})
    (?:\s*[eE](?P<exp>[{_MINUS}+]?\d+))?
    (?:\s*(?:\^|\*\*)\s*\{{?(?P<pow>[{_MINUS}]?\d+)\}}?)?
    (?P<mult>\s*(?:k|K|M)\b|\s+(?:thousand|million|billion)\b)?
    (?P<pct>\s*(?:%|percent\b|per\s*cent\b|pp\b|percentage\s+points?\b))?
    """,
    re.VERBOSE,
)
_RANGE_JOIN = re.compile(rf"^\s*(?:[{_MINUS}]|to|and)\s*$", re.IGNORECASE)
# "from 0.41 to 0.52" after a verb of change states two values, not a range
_CHANGE_FROM = re.compile(
    rf"\b(?:{lexicons.alternation(lexicons.CHANGE_VERBS)})\s+(?:\w+\s+)?from\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Reading:
    """One stated value: an interval (a point has low == high) at ``start:end`` of the text."""

    low: float
    high: float
    percent: bool
    approx: bool
    start: int
    end: int
    text: str

    @property
    def value(self) -> float:
        return (self.low + self.high) / 2


def _is_identifier_part(text: str, start: int, end: int) -> bool:
    """Digits glued to letters, to an identifier hyphen or to a metric's "@" ("Recall@100", "nDCG@10") are part
    of a name, not a value."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if before.isalpha() or before in "_@":
        return True
    if before == "-" and start >= 2 and text[start - 2].isalnum():
        # "Llama-2", "R1-7" are names; "60-61" is a range; "low-80%", "mid-0.5" are approximate readings
        token = re.search(r"[\w.,-]*$", text[: start - 1])
        if token is not None and re.fullmatch(r"[\d.,]+", token.group(0)):
            return False
        return (
            re.search(r"\b(?:low|mid|high|upper|lower|the)-$", text[max(0, start - 7) : start], re.IGNORECASE) is None
        )
    if after.isalpha() or after == "_":
        return True  # "7B", "4o", "2nd"
    if after == "-" and end + 1 < len(text) and text[end + 1].isalpha():
        return True  # "3-shot", "2-layer"
    return False


def _scalar(match: re.Match[str]) -> float:
    value = float(match.group("num").replace(",", ""))
    if match.group("exp"):
        value *= 10 ** int(match.group("exp").translate(str.maketrans(_MINUS, "----")))
    if match.group("pow"):
        value = value ** int(match.group("pow").translate(str.maketrans(_MINUS, "----")))
    if match.group("mult"):
        value *= _MULTIPLIERS[match.group("mult").strip()]
    return value


def extract_numbers(text: str) -> list[Reading]:
    """All value readings in ``text``, in order; ranges ("60-61%", "from 27 to 29") are one reading."""
    text = normalise_text(text)
    scalars: list[tuple[re.Match[str], int, float]] = []
    for m in _SCALAR.finditer(text):
        if _is_identifier_part(text, m.start("num"), m.end()):
            continue
        value, start, sign = _scalar(m), m.start("num"), m.group("sign")
        if sign and sign in _MINUS:
            prev = text[m.start() - 1] if m.start() > 0 else " "
            if not (prev.isalnum() or prev in ")%"):  # after a word or value the dash joins a range
                value, start = -value, m.start()
        scalars.append((m, start, value))
    readings: list[Reading] = []
    i = 0
    while i < len(scalars):
        m, start, low = scalars[i]
        high, end, pct = low, m.end(), bool(m.group("pct"))
        if i + 1 < len(scalars):
            m2, _, value2 = scalars[i + 1]
            if (
                _RANGE_JOIN.match(text[m.end() : m2.start("num")])
                and abs(value2) >= low
                and _joins_range(text[m.end() : m2.start("num")], text[max(0, start - 40) : start])
            ):
                high, end, pct = abs(value2), m2.end(), pct or bool(m2.group("pct"))
                i += 1
        approx = bool(_APPROX.search(re.sub(r"[$*_(]", "", text[max(0, start - 24) : start])))
        readings.append(Reading(low, high, pct, approx, start, end, text[start:end].strip()))
        i += 1
    return readings


def _joins_range(gap: str, before: str) -> bool:
    """Dashes always join a range; "and" only after "between"; "to" unless it ends a change."""
    word = gap.strip().lower()
    if word == "and":
        return re.search(r"\bbetween\s*$", before, re.IGNORECASE) is not None
    if word == "to":
        return _CHANGE_FROM.search(before) is None
    return True


def printed_decimals(text: str) -> int:
    """How many digits a number is printed with after its decimal point ('2.25 %' -> 2, '1,234' -> 0,
    '4.2e-1' -> 1): the precision a reader of that number can claim."""
    digits = re.split(r"[eE]", text)[0]
    return len(re.sub(r"[^\d.]", "", digits).partition(".")[2]) if "." in digits else 0


def close(
    reading: Reading, target: float, abs_tol: float = 0.0, rel_tol: float = 0.0, precision: int | None = None
) -> bool:
    """True when the reading's interval comes within tolerance of ``target``.

    A reading printed with few decimals ("33.3") also matches a target it rounds from (33.333):
    half a unit of its last printed digit is allowed. ``precision`` (the decimals the figure
    prints such values with, e.g. its ticks') bounds that allowance: where ticks read 2.25 % and
    2.75 %, '3' is a different answer from 2.5 %, not 2.5 rounded to a whole unit.
    """
    decimals = printed_decimals(reading.text)
    if precision is not None:
        decimals = max(decimals, precision)
    rounding = (
        0.5 * 10 ** (-decimals) if reading.low == reading.high and not re.search(r"[kKM^]|e", reading.text) else 0.0
    )
    tol = max(abs_tol, rel_tol * abs(target), rounding)
    return reading.low - tol <= target <= reading.high + tol
