"""Capability verdicts: is one answer to a capability question correct?

Where to look: a reply often shows its working ("85.0 - 72.5 = 12.5"), so the judged part is
what follows the last conclusion marker ("=", "therefore", "the answer is", ...) or, without one,
the first sentence (answers are asked for "answer first, 1-3 sentences").
- number: a reading within the probe's tolerance (half a unit of the printed precision at least);
  a percent reading also matches a fraction target (42 % = 0.42) and vice versa.
- label: the expected label occurs (after normalisation) and, when the probe lists the other
  elements it involves, no other element is named before it.
- yes_no: the first yes/no word.  list: every item matched, in any order.

Where the answer does not settle it the judge abstains (``undecided`` names why, ``correct`` None)
instead of scoring a miss: an answer with no value of the expected type (no number in the judged
part, no yes/no word, none of the probe's listed elements) may give it in a form the reader does
not parse ("about a third"), and an answer with several final values that disagree ("the answer is
12 ... final answer: 15"; "Yes. ... No, ...") has not committed to one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scifigbench.freetext import cues, lexicons
from scifigbench.freetext.labels import label_in_text, label_key, name_pattern
from scifigbench.freetext.numbers import Reading, close, extract_numbers
from scifigbench.freetext.text import first_sentence, fold, normalise_text

ANSWER_TYPES = frozenset({"number", "label", "yes_no", "list"})
_CONCLUSION = re.compile(
    r"(?:=|≈|\btherefore\b|\bthus\b|\bhence\b|\bso\b(?! far)|\bin total\b|\bthe (?:final )?answer is\b|\banswer:|"
    r"\bresult(?:s|ing)? (?:is|in)\b|\bgives\b|\byields\b|\bequals\b|\bcomes to\b)",
    re.IGNORECASE,
)
_YES_OR_NO = lexicons.alternation(lexicons.YES_WORDS, lexicons.NO_WORDS)  # the words a yes/no answer is given in
_YES_NO = re.compile(rf"\b({_YES_OR_NO})\b", re.IGNORECASE)
_YES = frozenset(lexicons.YES_WORDS)
# an explicit final answer ("the answer is 12", "Final answer: 15"); several that differ conflict
_FINAL = re.compile(r"\b(?:the (?:final )?answer is|(?:final )?answer\s*:)", re.IGNORECASE)
# a yes/no word that opens a sentence or clause, or follows an answer marker, is an answer, not a negation
_YES_NO_OPENER = re.compile(
    rf"(?:^|[.!?;:\n]|\banswer is)[\s*_\"'(]*({_YES_OR_NO})\b"
    r"(?=\s*(?:[,.!;:*\u2014-]|$))",  # "No, ..." answers; "No other model ..." does not
    re.IGNORECASE,
)


@dataclass(frozen=True)
class CapabilityVerdict:
    """Whether an answer is correct, with what decided it; ``undecided`` (and ``correct`` None) when the
    answer does not settle it."""

    correct: bool | None
    evidence: str
    undecided: str | None = None


def _undecided(reason: str) -> CapabilityVerdict:
    return CapabilityVerdict(None, reason, reason)


def judged_part(answer: str) -> str:
    """The conclusion of an answer: after its last conclusion marker, else its first sentence."""
    markers = list(_CONCLUSION.finditer(answer))
    if markers and re.search(r"\w", answer[markers[-1].end() :]):
        return answer[markers[-1].end() :]
    return first_sentence(answer.strip(), capital_opens=True)


def _number_matches(reading: Reading, target: float, tolerance: float) -> bool:
    if close(reading, target, abs_tol=tolerance):
        return True
    if reading.percent and abs(target) <= 1.0:
        scaled = Reading(reading.low / 100, reading.high / 100, True, reading.approx, reading.start, reading.end, "")
        return close(scaled, target, abs_tol=max(tolerance, 0.005))
    return False


def _as_float(value: object, field: str) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        readings = extract_numbers(str(value))
        if len(readings) != 1:
            raise ValueError(f"expected.{field} is not a number: {value!r}") from None
        return readings[0].value


def judge_capability(answer_text: str, expected: dict) -> CapabilityVerdict:
    """The verdict on one answer against the probe's expected_json."""
    kind = expected.get("answer_type")
    if kind not in ANSWER_TYPES:
        raise ValueError(f"expected.answer_type must be one of {sorted(ANSWER_TYPES)}, got {kind!r}")
    if "answer" not in expected:
        raise ValueError("expected.answer is missing")
    text = normalise_text(answer_text or "").strip()
    if not text:
        return CapabilityVerdict(False, "empty answer")
    target = expected["answer"]
    tolerance = float(expected.get("tolerance") or 0.0)
    if offered := _alternatives(text, kind, target, tolerance, expected):
        return _undecided(f"two alternative answers: {offered[0]} and {offered[1]}")
    if kind == "number":
        return _number_verdict(text, _as_float(target, "answer"), tolerance)
    if kind == "yes_no":
        return _yes_no_verdict(text, target if isinstance(target, bool) else label_key(str(target)) in _YES)
    if kind == "label":
        part = judged_part(text)
        return _label_verdict(
            str(target),
            part if label_in_text(str(target), part) else text,
            [str(e) for e in expected.get("elements") or []],
        )
    items = target if isinstance(target, list) else [t.strip() for t in str(target).split(",")]
    missing = [str(i) for i in items if not _item_present(i, text, tolerance)]
    return CapabilityVerdict(not missing, "all items named" if not missing else f"missing {missing}")


def _alternatives(text: str, kind: str, target: object, tolerance: float, expected: dict) -> tuple[str, str] | None:
    """Two different answers the reply offers instead of one, read over its values of the expected type:
    numbers (any two within the tolerance of the expected one count as one answer), yes/no words, or
    the probe's labels (the expected ones and the elements it lists, other phrases beside an "or")."""
    if kind == "number":
        value = _as_float(target, "answer")
        values = [
            cues.Value("expected" if _number_matches(r, value, tolerance) else f"{r.value:g}", r.start, r.end, r.text)
            for end in extract_numbers(text)
            for r in _endpoints(end)
        ]
        return cues.alternatives(text, values)
    if kind == "yes_no":
        return cues.alternatives(text, cues.yes_no_values(text))
    names = [str(t) for t in (target if isinstance(target, list) else [target])]
    names += [str(e) for e in expected.get("elements") or []]
    folded = fold(text)
    return cues.alternatives(folded, cues.label_values(folded, names, label_key), label_key)


def _endpoints(reading: Reading) -> list[Reading]:
    """A range's two ends as readings of their own ("between 12 and 15" names 12 and 15)."""
    if reading.low == reading.high:
        return [reading]
    return [
        Reading(v, v, reading.percent, reading.approx, reading.start, reading.end, f"{v:g}")
        for v in (reading.low, reading.high)
    ]


def _number_verdict(text: str, value: float, tolerance: float) -> CapabilityVerdict:
    finals = [
        r for m in _FINAL.finditer(text) if (r := next(iter(extract_numbers(text[m.end() : m.end() + 40])), None))
    ]
    clashing = [r for r in finals[1:] if not close(r, finals[0].value, abs_tol=tolerance)]
    if clashing:
        return _undecided(f"several final values: {finals[0].text!r} and {clashing[0].text!r}")
    part = judged_part(text)
    readings = extract_numbers(part)
    if not readings:
        return _undecided(f"no answer of the expected type found: no number in {part[:80]!r}")
    hits = [r for r in readings if _number_matches(r, value, tolerance)]
    if hits:
        return CapabilityVerdict(True, f"reads {hits[0].text!r} for {value} (tol {tolerance})")
    return CapabilityVerdict(False, f"no reading within {tolerance} of {value} in {part[:80]!r}")


def _yes_no_verdict(text: str, want: bool) -> CapabilityVerdict:
    said: dict[bool, str] = {}  # the first opener of each polarity
    for opener in _YES_NO_OPENER.finditer(text):
        said.setdefault(opener.group(1).lower() in _YES, opener.group(1))
    if len(said) == 2:
        return _undecided(f"two opposite final answers: {said[True]!r} and {said[False]!r}")
    m = _YES_NO.search(text)
    if not m:
        return _undecided("no answer of the expected type found: no yes/no word")
    return CapabilityVerdict((m.group(1).lower() in _YES) == want, f"says {m.group(1)!r}")


def _label_verdict(label: str, text: str, elements: list[str]) -> CapabilityVerdict:
    """Named first among the probe's elements; naming none of them (when the probe lists them) is no
    answer of the expected type."""
    norm = fold(text)
    position = _first_position(label, norm)
    if position is None:
        if elements and all(_first_position(e, norm) is None for e in elements):
            return _undecided(f"no answer of the expected type found: names none of {elements}")
        return CapabilityVerdict(False, f"label {label!r} not named")
    earlier = [
        e
        for e in elements
        if not label_in_text(e, label)
        and not label_in_text(label, e)
        and (p := _first_position(e, norm)) is not None
        and p < position
    ]
    if earlier:
        return CapabilityVerdict(False, f"names {earlier[0]!r} before {label!r}")
    return CapabilityVerdict(True, f"names {label!r}")


def _first_position(label: str, folded_text: str) -> int | None:
    m = name_pattern(label).search(folded_text) if label_key(label) else None
    return m.start() if m else None


def _item_present(item: object, text: str, tolerance: float) -> bool:
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        return any(_number_matches(r, float(item), tolerance) for r in extract_numbers(text))
    return label_in_text(str(item), text)
