"""The values a description states for a caption claim's entity, set against the claim's and the reality's.

A false claim and its reality often differ in one value ("decreases to around 40 at epoch 6" against
"approximately 35 at epoch 6"). A description seldom repeats either: it states its own reading
("ends at roughly 36 at epoch 6", "a value of approximately 565"). This reading settles the side only
when it is compared with both statements at the precision each states, so every stated value becomes
the interval its writer can mean:

- a printed value means itself to half a unit of its last digit ("70.0" is 69.95-70.05);
- a hedged one ("approximately", "roughly", "~") to a whole unit ("about 36" is 35-37);
- a comparator makes a half-line ("below 500", "exceeding 600"; negated, "do not exceed 600", the other one).

A description value votes for a side when it meets that side's intervals and not the other's; one that
meets both (a reading between them) or neither (another quantity) votes for nobody.

Which description values count: those in the part of a sentence that speaks of one of the claim's
named entities (from a mention to the next other name or the sentence's end, and on into a next
sentence that opens with a pronoun, "It then ..."). When the claim fixes a position both statements
share ("at epoch 6", "by epoch 3", "at 0.5"), only the values stated at that position ("36 at epoch 6",
"13.2 at an x-value of 25") count; numbers that are positions themselves never do.
"""

from __future__ import annotations

import math
import re

from scifigbench.freetext import lexicons
from scifigbench.freetext.numbers import Reading, printed_decimals
from scifigbench.freetext.text import sentence_ends

_ABOVE = lexicons.alternation(lexicons.ABOVE_COMPARATORS)
_BELOW = lexicons.alternation(lexicons.BELOW_COMPARATORS)
_APPROX = lexicons.alternation(lexicons.APPROXIMATORS)
# a comparator right before a value, with hedges and "slightly" between: "slightly above 550", "below about 0.5"
_COMPARED = re.compile(
    rf"\b(?:(?P<up>{_ABOVE})|(?P<down>{_BELOW}))\s+(?:the\s+)?(?:(?:{_APPROX}|slightly|just)\s+)*[~≈]?\s*$",
    re.IGNORECASE,
)
_NEGATED = lexicons.negator_regex(lexicons.THRESHOLD_NEGATORS)
_CLAUSE_START = re.compile(r"[,;:.!?]|\b(?:and|but|while|whereas)\b", re.IGNORECASE)
# a position after its preposition, with up to three words between ("at epoch 6", "at an x-value of 25", "by 3")
_AT = r"\b(?:at|by)\s+(?:[A-Za-z][\w-]*\s+){0,3}?(?:=\s*)?"
_POSITION_BEFORE = re.compile(rf"{_AT}$", re.IGNORECASE)
_NAME = re.compile(r"\bN_\w+?_(?!\w)")
_OTHER = re.compile(r"\bN_\w+?_(?!\w)|[\"\u201c]\w")
# a sentence going on about the entity the previous one named
_PRONOUN_OPENS = re.compile(r"\s*(?:it|its|this (?:line|series|bar|curve|segment)|the (?:line|curve|series))\b", re.I)
# ... but not an "it" that stands for nothing: "It can be seen that ...", "It is clear that ..."
_EXPLETIVE_IT = re.compile(
    r"\s*it\s+(?:can|could|should|may|might|is|was)\s+(?:be\s+)?"
    r"(?:seen|noted|observed|clear|evident|apparent|noticeable|notable|worth|important|interesting)\b",
    re.IGNORECASE,
)
_INF = math.inf


def span(r: Reading, text: str) -> tuple[float, float]:
    """What a stated value can mean: its precision (a whole unit of the last digit when hedged, half of one when
    not), or the half-line of a comparator written before it (turned round when its clause negates it)."""
    before = text[max(0, r.start - 40) : r.start]
    compared = _COMPARED.search(before)
    if compared:
        up = compared.group("up") is not None
        clause = _CLAUSE_START.split(text[: r.start - len(before) + compared.start()])[-1]
        if _NEGATED.search(clause):
            up = not up
        return (r.low, _INF) if up else (-_INF, r.high)
    unit = 10.0 ** -printed_decimals(r.text)
    reach = unit if r.approx else unit / 2
    return r.low - reach, r.high + reach


def _meets(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two intervals share more than a point (touching ends do not meet)."""
    return a[0] < b[1] and b[0] < a[1]


def positions(claim: str, reality: str, readings: list[Reading], real_readings: list[Reading]) -> set[float]:
    """The positions the claim fixes: a number after "at"/"by" that the reality states at the same place too."""

    def placed(text: str, rs: list[Reading]) -> set[float]:
        return {r.value for r in rs if _POSITION_BEFORE.search(text[max(0, r.start - 40) : r.start])}

    return placed(claim, readings) & placed(reality, real_readings)


def _regions(description: str, names: set[str]) -> list[tuple[int, int]]:
    """The stretches of ``description`` that speak of one of ``names`` (name tokens): from each mention to the next
    other name or the end of its sentence, and through following sentences that open with a pronoun."""
    ends = sentence_ends(description, capital_opens=True)
    out = []
    for m in _NAME.finditer(description):
        if m.group(0) not in names:
            continue
        end = next((e for e in ends if e > m.end()), len(description))
        while (
            end < len(description)
            and _PRONOUN_OPENS.match(description, end)
            and not _EXPLETIVE_IT.match(description, end)
        ):
            nxt = next((e for e in ends if e > end), len(description))
            if _OTHER.search(description, end, nxt):
                break
            end = nxt
        other = next((o for o in _OTHER.finditer(description, m.end(), end) if o.group(0) not in names), None)
        out.append((m.end(), other.start() if other else end))
    return out


def _at_position(description: str, r: Reading, readings: list[Reading], where: set[float] | None) -> bool:
    """Whether ``r`` is stated at one of the positions ("36 at epoch 6"): the next reading is a position, in the
    same clause, and one of ``where`` (any position when ``where`` is None)."""
    nxt = next((p for p in readings if p.start >= r.end), None)
    if nxt is None or not _POSITION_BEFORE.search(description[r.end : nxt.start]):
        return False
    if re.search(r"[,;.]", description[r.end : nxt.start]):
        return False
    return where is None or any(math.isclose(nxt.value, w, rel_tol=1e-9, abs_tol=1e-12) for w in where)


def _is_position(description: str, r: Reading, readings: list[Reading]) -> bool:
    """A number after "at"/"by" is a position ("at epoch 6"), unless hedged or itself followed by a position
    ("ends at 73.5 at 1.0")."""
    if r.approx or not _POSITION_BEFORE.search(description[max(0, r.start - 40) : r.start]):
        return False
    return not _at_position(description, r, readings, None)


def stated_value_votes(
    description: str,
    readings: list[Reading],
    names: set[str],
    where: set[float],
    caption_spans: list[tuple[str, tuple[float, float]]],
    image_spans: list[tuple[str, tuple[float, float]]],
) -> tuple[list[str], list[str]]:
    """Votes of the values ``description`` states for the entities ``names``: each meeting one side's spans only.

    ``readings`` are the description's point readings; ``where`` the claim's positions (empty when it has none);
    the spans are (text, interval) of the values only the claim, and only the reality, states.
    """
    if not names or not (caption_spans and image_spans):
        return [], []
    caption: list[str] = []
    image: list[str] = []
    regions = _regions(description, names)
    for r in readings:
        if not any(a <= r.start < b for a, b in regions):
            continue
        if _is_position(description, r, readings):
            continue
        if where and not _at_position(description, r, readings, where):
            continue
        side = _side(span(r, description), r.value, caption_spans, image_spans)
        votes = {"caption": caption, "image": image}.get(side or "")
        if votes is not None and r.text not in votes:
            votes.append(r.text)
    return caption, image


# A reading that meets both sides' intervals takes the side it is clearly nearer: at most this share of its
# distance to the other side's value (a stated prior, not fitted: "about 0.35" is a reading of "about 0.34",
# not of "about 0.4"; 0.37 between 0.34 and 0.4 is nobody's).
CLEARLY_NEARER = 0.5


def _side(
    s: tuple[float, float],
    value: float,
    caption_spans: list[tuple[str, tuple[float, float]]],
    image_spans: list[tuple[str, tuple[float, float]]],
) -> str | None:
    """'caption' or 'image' when the reading meets one side's intervals only, or both but one side's value clearly
    nearer (points only: a half-line has no value to be near); else None."""
    on_caption = [c for _, c in caption_spans if _meets(s, c)]
    on_image = [c for _, c in image_spans if _meets(s, c)]
    if bool(on_caption) != bool(on_image):
        return "caption" if on_caption else "image"
    if not (on_caption and on_image) or not all(math.isfinite(x) for c in on_caption + on_image for x in c):
        return None
    near_caption = min(abs(value - (a + b) / 2) for a, b in on_caption)
    near_image = min(abs(value - (a + b) / 2) for a, b in on_image)
    if near_image <= CLEARLY_NEARER * near_caption:
        return "image"
    if near_caption <= CLEARLY_NEARER * near_image:
        return "caption"
    return None
