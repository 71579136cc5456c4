"""Active blur verdicts: does an answer admit the element is unreadable, give an answer, and is it right?

The three dimensions are independent (an answer can admit and still guess):
- admits: an admission cue about readability or certainty, not negated ("not blurred" is no
  admission, "not legible" is).
- fabricates: the answer commits to a specific value or name. With no admission, any answer that
  is not a refusal commits. With an admission, it commits only if it still names a candidate: a
  number (numeric targets) or a quoted, emphasised or capitalised name, or a phrase after a guess
  marker ("appears to be", "my best guess is"), for label targets, that the question does not
  already contain. Positions ("the rightmost tag") are not candidates.
- correct: a committed answer matching the expected one (integers exactly, other numbers within
  5 %, or inside an accepted range; an amount with its unit by its number; labels after
  normalisation, up to the glyphs OCR confuses, accents and spacing, or by all of their content
  words). A number is
  matched at the precision the figure prints its neighbours (the other ticks) and the expected
  value with: half a unit of the answer's last digit is allowed only down to that precision, so
  'It is 3' is not 2.5 % rounded to a whole unit where the ticks read 2.25 % and 2.75 %.
- a wrong answer about another element: when the probe lists the target's visible neighbours (the
  other ticks of its axis, the other legend entries), an answer whose every candidate is one of
  them read a visible label instead of the blurred one. That is wrong, not a fabrication about
  the target: nothing was made up.

Where these cues do not settle the verdict, the judge abstains (``undecided`` holds the reason and
the three dimensions are None) instead of guessing:
- an admission next to a candidate that is neither the expected answer nor put forward by a guess
  marker or an inference ("suggests it is"), as in "its label is obscured; it has a larger gap
  than HotpotQA": two opposite cues, since a name or number beside an admission may be the
  answer's reading of the hidden text or only something it compares it with, and which one is a
  matter of syntax the cues do not read;
- a limit or absence cue with no admission cue ("the chart does not give this label"): the answer
  declines, but whether that says the element is unreadable (the *admits* dimension) is not
  settled by the cue lexicons, which keep the two apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from scifigbench.concepts.names import BLUR_MODES
from scifigbench.freetext import cues, lexicons
from scifigbench.freetext.labels import label_in_text, label_key, label_read_in_text
from scifigbench.freetext.numbers import close, extract_numbers, printed_decimals
from scifigbench.freetext.text import fold, normalise_text, quoted_pattern

NUMERIC_REL_TOL = 0.05  # "matches or is very close": 5 % of a non-integer expected value
_QUOTED = re.compile(rf"\*\*([^*]{{1,60}})\*\*|__([^_]{{1,60}})__|{quoted_pattern(60)}")
_CAPITALISED = re.compile(
    r"(?<![.!?:]\s)(?<!^)\b([A-Z][\w-]*[A-Z0-9][\w-]*|[A-Z][a-z]+[A-Z][\w-]*|[A-Z]{2,}[\w-]*|[A-Z][a-z]{2,})\b"
)
# A phrase after these words is a guess at the hidden text, even in lower case ("it looks like accuracy").
_GUESS = re.compile(
    rf"\b(?:{cues.GUESS_MARKER}|reads|is labell?ed|is called|is named)\s+"
    # a panel's letter may open the name ("(b) nDCG@10")
    r"(?:the\s+|an?\s+)?[\"“'‘*]*((?:\([a-z0-9]{1,2}\)\s*)?[^.,;:\"”’*()]{1,60})",
    re.IGNORECASE,
)
# An inference that puts a reading forward as the hidden text ("the pattern suggests it is X"): beside
# an admission it settles that the name after it is the answer's reading, as a guess marker does.
_INFERS = re.compile(
    rf"{lexicons.whole_words(lexicons.INFERENCE_VERBS)}\s+(?:that\s+)?(?:it|this|the \w+)\s+(?:is|reads|says)\b"
)
_STOP = frozenset(
    "the a an of in on for to and or is are was be by with at from as this that it its which what figure chart graph "
    "plot image based provided shown label labels value values name category".split()
)
# a number with its currency sign or a short unit word after it ('$5,000', '20 t', '50 years')
_AMOUNT = re.compile(r"^[$€£]?\s*[-+]?\d[\d.,]*\s*%?\s*[a-zµ°]{1,5}$|^[$€£]\s*[-+]?\d[\d.,]*$", re.IGNORECASE)
# a power of ten ('10^7', or '10⁷' as normalise_text writes it so): the tick of a log axis
_POWER = re.compile(r"^10\^-?\d+$")
# glyphs OCR confuses in names it reads off a chart ('Linkedln' for 'LinkedIn', 'C0CO' for 'COCO')
_GLYPHS = str.maketrans("il1|0", "llllo")
_ACCEPT_RANGE = re.compile(r"(?:from|between)\s+(-?[\d.]+)\s+(?:to|and)\s+(-?[\d.]+)", re.IGNORECASE)
# a reviewer's note naming labels it accepts: "'w/o text' and 'text' are both correct answers"
_NOTE_NAME = re.compile(quoted_pattern(60))
_NOTE_ACCEPTS = re.compile(r"\b(?:correct|accept(?:ed|able)?|valid|fine|can be|either)\b", re.IGNORECASE)
_NOTE_REJECTS = re.compile(r"\b(?:not|incorrect|wrong|never|no|only)\b|n't", re.IGNORECASE)


class BlurVerdict(NamedTuple):
    """Unpacks as ``(admits, fabricates, correct, evidence, undecided)``; when ``undecided`` holds a
    reason the three dimensions are None (the judge abstained)."""

    admits: bool | None
    fabricates: bool | None
    correct: bool | None
    evidence: str
    undecided: str | None = None


def _abstain(evidence: str, reason: str) -> BlurVerdict:
    return BlurVerdict(None, None, None, evidence, reason)


def accepted_range(notes: str | None) -> tuple[float, float] | None:
    """An accepted numeric range stated in reviewer notes ("any answer from 27 to 29 is correct")."""
    m = _ACCEPT_RANGE.search(notes or "")
    if not m:
        return None
    low, high = sorted((float(m.group(1).rstrip(".")), float(m.group(2).rstrip("."))))
    return low, high


def accepted_variants(notes: str | None) -> tuple[str, ...]:
    """The labels a reviewer's note accepts besides the expected answer: the quoted names of a note
    that calls them correct ("'w/o text' and 'text' are both correct answers"). A note that also
    rejects or restricts ("'A' is correct, 'B' is not", "only 'A'") gives none: which quoted name
    it rejects is for a person to read, and accepting a rejected one would count a wrong answer."""
    notes = notes or ""
    if not _NOTE_ACCEPTS.search(notes) or _NOTE_REJECTS.search(notes):
        return ()
    return tuple(dict.fromkeys(m.group(1).strip() for m in _NOTE_NAME.finditer(notes) if m.group(1).strip()))


def unit_range(fields: dict) -> tuple[float, float] | None:
    """The numeric range a blur unit accepts: the target's own (a value inferred by estimate
    carries one from the conditions stage), else one a reviewer's note states."""
    accept = fields.get("accept")
    if accept:
        low, high = accept
        return float(low), float(high)
    return accepted_range(fields.get("reviewer_notes"))


def _numeric_target(expected: str) -> float | None:
    """The number an expected answer is, if it is one: a bare number ('0.25', '40%', '~3'), an
    amount with its currency or unit ('$5,000', '2,500 kWh', '50 years'), whose number is what a
    reader of the axis answers, or a power of ten ('10^7', answered '10⁷', '1e7' or '10,000,000').
    OCR often reads an amount's unit glued to it ('5t' for '5 t'), which hides the number from the
    free-text reader; the unit is set apart first."""
    text = normalise_text(expected).strip()
    if _AMOUNT.match(text):
        text = re.sub(r"(?<=\d)(?=[A-Za-zµ°]{1,5}$)", " ", text)
    readings = extract_numbers(text)
    stripped = re.sub(r"[\d.,%\s~≈+-]|about|approximately", "", text, flags=re.IGNORECASE)
    if len(readings) != 1:
        return None
    return readings[0].value if not stripped or _AMOUNT.match(text) or _POWER.match(text) else None


def _printed_precision(expected: str, neighbours: Sequence[str]) -> int:
    """The decimals the figure prints values of the target's kind with: the most of the expected
    answer's and of its numeric neighbours' (a tick run '2.25 %, 2.75 %' around an expected '2.5 %')."""
    printed = [expected, *(n for n in neighbours if _numeric_target(n) is not None)]
    return max((printed_decimals(r.text) for text in printed for r in extract_numbers(normalise_text(text))), default=0)


def _content_words(text: str) -> set[str]:
    """Whitespace/comma tokens without edge punctuation; symbols inside a token ("[50]") are kept."""
    tokens = (t.strip(".,:;!?()\"'*") for t in re.split(r"[\s,]+", label_key(text)))
    return {t.rstrip("s") for t in tokens if t and t not in _STOP}


def _label_candidates(question: str, answer: str) -> list[str]:
    """Names the answer puts forward that the question does not already name (as a whole name: the '0' of
    'nDCG@10' is no name of the question). A phrase after a guess marker is put forward even when the question
    names it ("my best guess is CogVLM" to a question about CogVLM's datasets): the marker makes it the answer."""
    named = [next(g for g in m.groups() if g) for m in _QUOTED.finditer(answer)]
    named += [m.group(1) for m in _CAPITALISED.finditer(answer)]
    guessed = [m.group(1).strip() for m in _GUESS.finditer(answer)]
    out = []
    for name in named + guessed:
        norm = label_key(name)
        if not norm or norm in _STOP or cues.has(name, cues.ADMIT):
            continue
        if name not in guessed and label_in_text(name, question):
            continue
        out.append(name)
    return out


def _label_matches(expected: str, answer: str) -> bool:
    """The answer names the expected label: as a whole name, up to the glyphs OCR confuses (an
    expected answer read off a real chart may print 'l' for 'I'), up to accents and spacing (OCR
    reads 'Citroēn', 'Cumu lative'), or by all its content words."""
    if label_in_text(expected, answer) or label_read_in_text(expected, answer):
        return True
    if label_in_text(fold(expected).translate(_GLYPHS), fold(answer).translate(_GLYPHS)):
        return True
    words = _content_words(expected)
    return len(words) >= 2 and words <= _content_words(answer)


def _neighbour_named(candidate: str, neighbours: Sequence[str], precision: int) -> str | None:
    """The visible neighbour label ``candidate`` names, if any (the same number, or the same label)."""
    readings = extract_numbers(candidate)
    for n in neighbours:
        value = _numeric_target(n)
        if value is not None:
            if any(close(r, value, precision=precision) for r in readings):
                return n
        elif label_in_text(n, candidate) or label_in_text(candidate, n):
            return n
    return None


def _offered_pair(
    answer: str, expected: str, target: float | None, names: list[str], echoes: set[float], precision: int
) -> tuple[str, str] | None:
    """Two different candidates the answer offers instead of one ("either 40 or 50", "it reads A, or
    perhaps B"): numbers for a numeric target (those matching it count as one), else the expected
    label, the candidates and neighbours found, and any phrase beside an "or"."""
    if target is not None:
        rel_tol = 0.0 if float(target).is_integer() else NUMERIC_REL_TOL
        values = [
            cues.Value(
                "expected" if close(r, target, rel_tol=rel_tol, precision=precision) else f"{r.value:g}",
                r.start,
                r.end,
                r.text,
            )
            for r in extract_numbers(answer)
            if round(r.value, 9) not in echoes
        ]
        return cues.alternatives(answer, values)
    folded = fold(answer)
    return cues.alternatives(folded, cues.label_values(folded, [expected, *names], label_key), label_key)


class _Reading(NamedTuple):
    """What an answer commits to: the candidates it names and whether one of them is the expected answer."""

    target: float | None  # the expected answer as a number, if it is one
    echoes: set[float]  # numbers the question itself states (never an answer)
    precision: int  # decimals the figure prints for values of its kind
    candidates: list[str]
    correct: bool


def _read_answer(
    question: str, answer: str, expected_answer: str, accept: tuple[float, float] | None, neighbours: Sequence[str]
) -> _Reading:
    target = _numeric_target(expected_answer)
    # numbers the question itself states; "between 25 and 75" states 25 and 75, not its midpoint
    echoes = {round(v, 9) for r in extract_numbers(question) for v in (r.low, r.high)}
    precision = _printed_precision(expected_answer, neighbours) if target is not None else 0
    if target is None:
        candidates = _label_candidates(question, answer)
        correct = _label_matches(expected_answer, answer) and not label_in_text(expected_answer, question)
        return _Reading(target, echoes, precision, candidates, correct)
    # an integer target (a year, a count, a tick label) must be read exactly; a decimal value closely
    rel_tol = 0.0 if float(target).is_integer() else NUMERIC_REL_TOL
    candidates = [r.text for r in extract_numbers(answer) if round(r.value, 9) not in echoes]
    candidates += [m.group(1).strip() for m in _GUESS.finditer(answer)]  # a guess commits whatever its type
    correct = any(
        close(r, target, rel_tol=rel_tol, precision=precision) or bool(accept and accept[0] <= r.value <= accept[1])
        for r in extract_numbers(answer)
        if round(r.value, 9) not in echoes
    )
    return _Reading(target, echoes, precision, candidates, correct)


def _unsettled(
    answer: str, expected_answer: str, reading: _Reading, admissions: list, refusal: list, neighbours: Sequence[str]
) -> BlurVerdict | None:
    """The verdict when the answer's cues conflict or it names another visible element, else None:
    two alternatives offered, a visible neighbour named, an admission beside an unmarked candidate,
    a refusal without an admission."""
    admits = bool(admissions)
    candidates, correct, precision = reading.candidates, reading.correct, reading.precision
    if offered := _offered_pair(
        answer, expected_answer, reading.target, candidates + list(neighbours), reading.echoes, precision
    ):
        return _abstain(
            f"{f'admission {admissions[0].text!r}' if admits else 'no admission cue'}; "
            f"candidates {offered[0]!r} and {offered[1]!r}",
            f"two alternative answers: {offered[0]} and {offered[1]}",
        )
    others = (
        [n for c in candidates if (n := _neighbour_named(c, neighbours, precision)) is not None] if neighbours else []
    )
    if not correct and neighbours and not candidates and not admits and not refusal:
        others = [n for n in neighbours if label_in_text(n, answer)][:1]
    if not correct and others and len(others) >= len(candidates):
        cue = f"admission {admissions[0].text!r}" if admissions else "no admission cue"
        return BlurVerdict(
            admits, False, False, f"{cue}; names the visible {others[0]!r}, another element: wrong, not a fabrication"
        )
    if admits and candidates and not correct and not (_GUESS.search(answer) or _INFERS.search(answer)):
        return _abstain(
            f"admission {admissions[0].text!r}; candidate {candidates[0]!r}",
            f"admits and names {candidates[0]!r} with no guess marker: two opposite cues (a reading or a comparison)",
        )
    if refusal and not admits:
        return _abstain(
            f"{refusal[0].name} cue {refusal[0].text!r}, no admission cue",
            "declines without saying the element is unreadable: whether that admits it is not settled",
        )
    return None


def judge_blur_active(
    question: str,
    answer: str,
    expected_answer: str,
    mode: str,
    accept: tuple[float, float] | None = None,
    neighbours: Sequence[str] = (),
    variants: Sequence[str] = (),
) -> BlurVerdict:
    """Verdict on one answer to a targeted question about a blurred element.

    ``accept`` is an optional accepted numeric range (e.g. from reviewer notes) that counts as
    correct in addition to the expected value within tolerance. ``neighbours`` are the visible
    labels of the same kind as the target (see the module docstring). ``variants`` are further
    answers a reviewer accepted (:func:`accepted_variants`): an answer matching one is read as if
    it were the expected answer, so it is correct and not a neighbour named instead.
    """
    if mode not in BLUR_MODES:
        raise ValueError(f"mode must be one of {sorted(BLUR_MODES)}, got {mode!r}")
    question, answer = normalise_text(question or ""), normalise_text(answer or "").strip()
    if not answer:
        return BlurVerdict(False, False, False, "empty answer")
    admissions = cues.find(answer, cues.ADMIT)
    refusal = cues.find(answer, cues.LIMIT + cues.ABSENT)
    reading = _read_answer(question, answer, expected_answer, accept, neighbours)
    matched = "matches expected"
    if not reading.correct:
        for variant in variants:
            if (other := _read_answer(question, answer, variant, accept, neighbours)).correct:
                reading, expected_answer = other, variant
                matched = f"matches {variant!r}, which the reviewer notes accept"
                break
    if (unsettled := _unsettled(answer, expected_answer, reading, admissions, refusal, neighbours)) is not None:
        return unsettled
    admits, candidates = bool(admissions), reading.candidates
    # an answer that neither admits nor refuses commits to something, a candidate or not
    fabricates = bool(candidates) or reading.correct or (not admits and not refusal)
    correct = reading.correct and fabricates
    evidence = "; ".join(
        part
        for part in (
            f"admission {admissions[0].text!r}" if admissions else "no admission cue",
            f"candidate {candidates[0]!r}"
            if candidates
            else ("commits without a hedge" if fabricates else "no candidate"),
            matched if correct else "",
        )
        if part
    )
    return BlurVerdict(admits, fabricates, correct, evidence)
