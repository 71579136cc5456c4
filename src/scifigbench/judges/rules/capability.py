"""Capability verdicts: is one answer to a capability question correct?

Where to look: a reply often shows its working ("85.0 - 72.5 = 12.5"), so the judged part is
what follows the last conclusion marker ("=", "therefore", "the answer is", ...) or, without one,
the first sentence (answers are asked for "answer first, 1-3 sentences").
- number: a reading within the probe's tolerance (half a unit of the printed precision at least);
  a percent reading also matches a fraction target (42 % = 0.42) and vice versa.
- label: the expected label occurs (after normalisation) and, when the probe lists the other
  elements it involves, no other element is named before it.
- yes_no: the first yes/no word.  list: every item matched, in any order.
"""

from __future__ import annotations

import re

from scifigbench.freetext.labels import label_in_text, label_key, name_pattern
from scifigbench.freetext.numbers import Reading, close, extract_numbers
from scifigbench.freetext.text import fold, normalise_text

ANSWER_TYPES = frozenset({"number", "label", "yes_no", "list"})
_CONCLUSION = re.compile(
    r"(?:=|≈|\btherefore\b|\bthus\b|\bhence\b|\bso\b(?! far)|\bin total\b|\bthe (?:final )?answer is\b|\banswer:|"
    r"\bresult(?:s|ing)? (?:is|in)\b|\bgives\b|\byields\b|\bequals\b|\bcomes to\b)",
    re.IGNORECASE,
)
_YES_NO = re.compile(r"\b(yes|no|true|false|correct|incorrect)\b", re.IGNORECASE)
_YES = frozenset({"yes", "true", "correct"})


def judged_part(answer: str) -> str:
    """The conclusion of an answer: after its last conclusion marker, else its first sentence."""
    markers = list(_CONCLUSION.finditer(answer))
    if markers and re.search(r"\w", answer[markers[-1].end():]):
        return answer[markers[-1].end():]
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])|\n", answer.strip(), maxsplit=1)[0]


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


def judge_capability(answer_text: str, expected: dict) -> tuple[bool, str]:
    """(correct, evidence) for one answer against the probe's expected_json."""
    kind = expected.get("answer_type")
    if kind not in ANSWER_TYPES:
        raise ValueError(f"expected.answer_type must be one of {sorted(ANSWER_TYPES)}, got {kind!r}")
    if "answer" not in expected:
        raise ValueError("expected.answer is missing")
    text = normalise_text(answer_text or "").strip()
    if not text:
        return False, "empty answer"
    part = judged_part(text)
    target = expected["answer"]
    tolerance = float(expected.get("tolerance") or 0.0)
    if kind == "number":
        value = _as_float(target, "answer")
        hits = [r for r in extract_numbers(part) if _number_matches(r, value, tolerance)]
        return (True, f"reads {hits[0].text!r} for {value} (tol {tolerance})") if hits else (
            False, f"no reading within {tolerance} of {value} in {part[:80]!r}")
    if kind == "yes_no":
        want = target if isinstance(target, bool) else label_key(str(target)) in _YES
        m = _YES_NO.search(text)
        if not m:
            return False, "no yes/no word"
        got = m.group(1).lower() in _YES
        return got == want, f"says {m.group(1)!r}"
    if kind == "label":
        return _label_verdict(str(target), part if label_in_text(str(target), part) else text,
                              [str(e) for e in expected.get("elements") or []])
    items = target if isinstance(target, list) else [t.strip() for t in str(target).split(",")]
    missing = [str(i) for i in items if not _item_present(i, text, tolerance)]
    return (not missing, "all items named" if not missing else f"missing {missing}")


def _label_verdict(label: str, text: str, elements: list[str]) -> tuple[bool, str]:
    norm = fold(text)
    position = _first_position(label, norm)
    if position is None:
        return False, f"label {label!r} not named"
    earlier = [e for e in elements if not label_in_text(e, label) and not label_in_text(label, e)
               and (p := _first_position(e, norm)) is not None and p < position]
    if earlier:
        return False, f"names {earlier[0]!r} before {label!r}"
    return True, f"names {label!r}"


def _first_position(label: str, folded_text: str) -> int | None:
    m = name_pattern(label).search(folded_text) if label_key(label) else None
    return m.start() if m else None


def _item_present(item: object, text: str, tolerance: float) -> bool:
    if isinstance(item, (int, float)) and not isinstance(item, bool):
        return any(_number_matches(r, float(item), tolerance) for r in extract_numbers(text))
    return label_in_text(str(item), text)
