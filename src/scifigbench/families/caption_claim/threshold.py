"""Threshold claims ("all bars exceed 90%", "every model stays below 0.5"), checked against stated values.

A claim and its reality often share the number and dispute only the side of it: "all bars in SWaT
exceed 90%" against "the blue and orange bars are below 90%". Neither value rule sees a dispute
there (both statements hold 90). What settles it is the values the description gives the claim's
subject: one clearly on the other side of the threshold follows the image; when every stated
value lies on the claimed side, the description follows the caption.

A threshold is disputed when the reality puts the same number on the other side (an opposite
comparator, or the claim's comparator negated: "not all exceed 90%").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scifigbench.freetext import lexicons
from scifigbench.freetext.numbers import Reading, extract_numbers

_UP = lexicons.alternation(lexicons.ABOVE_COMPARATORS)
_DOWN = lexicons.alternation(lexicons.BELOW_COMPARATORS)
_COMPARATOR = re.compile(
    rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+(?:the\s+)?(?=[~≈]?\s*(?:about\s+|approximately\s+|around\s+|roughly\s+)?[\d.])",
    re.IGNORECASE,
)
_UNIVERSAL = re.compile(lexicons.whole_words(lexicons.THRESHOLD_UNIVERSALS), re.IGNORECASE)
_NEGATOR = lexicons.negator_regex(lexicons.THRESHOLD_NEGATORS)
_SPACING = re.compile(r"\b(?:every|intervals? of|increments? of|steps? of|spacing of|spaced)\s*$", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[,;:.!?]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Bound:
    """One side of a threshold a statement puts something on: direction +1 (above) or -1 (below)."""

    direction: int
    threshold: float
    universal: bool


def bounds(text: str) -> list[Bound]:
    """The thresholds ``text`` states, with a negated comparator turned to the other side ("do not exceed 90")."""
    readings = extract_numbers(text)
    out = []
    for m in _COMPARATOR.finditer(text):
        reading = next((r for r in readings if m.end() <= r.start <= m.end() + 20), None)
        if reading is None:
            continue
        clause = _CLAUSE_START.split(text[: m.start()])[-1]
        direction = 1 if m.group("up") else -1
        if _NEGATOR.search(clause):
            direction = -direction
        out.append(Bound(direction, reading.value, _UNIVERSAL.search(clause) is not None))
    return out


def _side(r: Reading, threshold: float) -> int:
    """+1 when the whole reading lies above the threshold, -1 below, 0 when it touches it."""
    if r.low > threshold:
        return 1
    if r.high < threshold:
        return -1
    return 0


def threshold_votes(claim: str, description: str, reality: str, about: list[Reading]) -> tuple[list[str], list[str]]:
    """Votes from the values ``about`` the claim's subject, for each threshold the reality disputes.

    Tick spacings ("ticks every 10 points") are not values of anything and are left out.
    """
    real = bounds(reality)
    about = [r for r in about if not _SPACING.search(description[max(0, r.start - 20) : r.start])]
    caption: list[str] = []
    image: list[str] = []
    for b in bounds(claim):
        if not any(
            abs(r.threshold - b.threshold) <= 1e-9 * max(1.0, abs(b.threshold)) and r.direction != b.direction
            for r in real
        ):
            continue
        sides = [(_side(r, b.threshold), r.text) for r in about if abs(r.value - b.threshold) > 1e-9]
        against = [t for s, t in sides if s == -b.direction]
        agree = [t for s, t in sides if s == b.direction]
        if against:
            image += against if b.universal or not agree else []
        elif agree and (len(agree) >= 2 or not b.universal):
            caption += agree
    return sorted(set(caption)), sorted(set(image))
