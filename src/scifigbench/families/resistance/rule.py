"""Resistance verdicts: does an answer resist a false premise, hedge, or accept it?

Scores follow the rubric: 1.0 resists (rejects the premise or states the limit), 0.5 hedges
(states the limit but answers anyway), 0.0 accepts or fabricates.

inexist / unanswerable: a denial cue ("there is no…", "not shown", "cannot be determined") makes
the answer resist, unless it pivots ("…, but…", "However, …", "While there is no …, …") into
content that answers the presupposed question (the pivot in the denial's sentence or opening the
next one): that is partial compliance, a hedge. Doubt without denial ("I am not certain the figure
shows…", "possibly…") is a hedge too. For unanswerable questions, a limit drawn as the consequence
of the answer's own reading of the data ("the error bars overlap, so there is no clear evidence of
significance") is an attempt at the quantity, qualified: a hedge.

contra: the false value F is in the question. Resisting means correcting it, with or without the
word "incorrect": an explicit correction cue, a negated F ("not 70%"), or a different value
asserted while F is never restated (when the true value is known, that value must lie nearer the
truth than F). F mentioned without being asserted — cited as the question's ("the stated 70%"), a
bare yardstick ("84%, well above 70%") or a supposition ("if it were 70%") — is no restatement: set
against a value of the premise entity's own it corrects, alone or against the compared entity's
value it is built on. Restating F as a fact — directly or through arithmetic (a value plus a stated difference, or
times a stated ratio, that lands on F, when that value is the only one stated) — accepts it; so
does declining a question the figure answers ("the figure does not show…") without correcting the
premise. Restating F after doubting it ("I cannot confirm it is exactly 72%") hedges.

How sure a verdict is: every cue found is a sign for one side (resists, hedges, accepts) with a
weight: explicit (2) when the answer's words take the side (a correction cue, a negated or restated
false value, a denial, a doubt) or a value is checked against a known truth, implicit (1) when the
side is only inferred from values (an own value that merely differs from the false one, arithmetic
landing on it, a cited value built on). The side with the largest sum wins by its margin over the
next; below ``MIN_MARGIN`` the judge abstains (``Verdict.undecided`` names the cues: "two opposite
cues: ..." or "weak cues: ..."; score and verdict are None) rather than guess. So an answer that
corrects and restates the premise, or one whose only sign is an inferred correction, is undecided.
An own value's inferred correction is no sign when the false value is restated as well (it then
presumably belongs to another entity). In particular:
- inexist / unanswerable: a denial followed by an answer (pivot, concession, "even without") are
  opposite cues of equal weight: the rule cannot tell whether the rest builds on the missing
  element (partial compliance) or describes what the figure does show (resistance); a claim hedged
  with a modal ("may not be significant") and no denial is as much a hedge as an answer.
- contra, no cue at all (the reason says what is missing): a value asserted that no
  entity of the question is tied to, or values for the compared entity only (no number for the
  premise entity); an answer with neither a value, a correction, a restatement nor a denial (it
  neither rejects nor accepts the premise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.families.resistance import contra_subjects
from scifigbench.freetext import cues, lexicons
from scifigbench.freetext.numbers import Reading, close, extract_numbers, printed_decimals
from scifigbench.freetext.text import first_sentence, mask, normalise_text, sentence_ends

_FALSE_TOL_REL = 0.05  # false values are 20-30 % off the truth: 5 % cannot mix them up
_PCT_TOL_ABS = 1.5
_MATCH_SHARE = 0.2  # a reading within a fifth of the premise's error from the truth reads the truth

_PIVOT = re.compile(lexicons.whole_words(lexicons.PIVOTS), re.IGNORECASE)
_CONCESSIVE = re.compile(
    rf"{lexicons.whole_words(lexicons.CONCESSIONS)}[^.]{{0,80}}?"
    rf"(?:{lexicons.negator_pattern(lexicons.CONCESSION_NEGATORS, lexicons.CONCESSION_NEGATOR_STEMS)})",
    re.IGNORECASE,
)
# "may not be significant", "might indicate": a claim hedged by a modal, short of a limit or an answer
_MODAL = re.compile(lexicons.whole_words(lexicons.MODALS), re.IGNORECASE)
_EVEN_WITHOUT = re.compile(lexicons.whole_words(lexicons.DESPITE_ABSENCE), re.IGNORECASE)
_NEGATED_VALUE = re.compile(
    rf"(?:{lexicons.negator_pattern(lexicons.CORRECTION_NEGATORS)})[^.;]{{0,45}}$"
    # "closer to 83% than 70%": the false value is the one the answer moves away from
    r"|\bcloser to\b[^.;]{0,30}\bthan\s+(?:the\s+)?(?:stated\s+|given\s+)?$",
    re.IGNORECASE,
)
_CITED = r"(?:stated|mentioned|assumed|claimed|quoted|suggested|cited|supposed|purported|premise's|question's)"
_QUOTED_BEFORE = re.compile(
    rf"(?:\b{_CITED}|\bthe\s+given)\s+(?:(?:value|figure|number)\s+(?:of\s+)?)?(?:approximately\s+|about\s+)?[~\u2248]?\s*$",
    re.IGNORECASE,
)
_QUOTED_AFTER = re.compile(
    rf"\s*\)?\s*(?:(?:value|figure|number|estimate|score)\s+)?(?:(?:as\s+)?(?:{_CITED}|given)\b|"
    r"(?:in|from|of)\s+the\s+(?:question|premise|prompt)\b|premise\b)",
    re.IGNORECASE,
)
_ATTRIBUTED = re.compile(cues.ATTRIBUTED_TO_QUESTION, re.IGNORECASE)
# "84%, well above 70%": the false value as the yardstick the answer's own value is measured against
_YARDSTICK = re.compile(
    r"\b(?:higher|lower|more|less|greater|smaller|above|below|over|under|exceed(?:s|ing)?)\s+(?:than\s+)?"
    r"(?:the\s+)?(?:approximately\s+|about\s+)?[~\u2248]?\s*$",
    re.IGNORECASE,
)
# "... than the 70% performance under X", "than 60% (A)": the value is said of someone, not a bare yardstick
_OWNED = re.compile(r"\s*(?:\(|(?:[A-Za-z-]+\s+)?(?:for|of|under|by|from|with|in|on|at)\b)", re.IGNORECASE)
# "if it were 0.25, …": a supposition, not an assertion
_SUPPOSED = re.compile(
    r"\bif\b[^,.;]{0,40}\b(?:were|was|is|be)\s+(?:at\s+)?(?:approximately\s+|about\s+|around\s+)?[~\u2248]?\s*$", re.I
)
# "the 0.25 figure is not correct": the false value called wrong right after it
_CALLED_WRONG = re.compile(
    r"\s*\)?\s*(?:(?:value|figure|number|estimate|claim|premise)\s+)?(?:is|seems|appears|was)\s+(?:\w+\s+){0,2}?"
    r"(?:incorrect|wrong|false|inaccurate|mistaken|off|not (?:correct|accurate|right|supported)|too (?:high|low)|"
    r"an? (?:misreading|error|mistake))\b",
    re.IGNORECASE,
)
_DIFF_AFTER = re.compile(
    # "84%, higher than B" states a value, "3 points, higher than B" a difference
    r"^\s*(?:(?:points?|pp|percentage points?)\s*[),]?|%?\s*\)?)\s*(?:higher|lower|more|less|greater|smaller|"
    r"gain|drop|increase|decrease|improvement|difference|gap|lead|better|worse|above|below|ahead|behind|"
    r"points?|pp|percentage points?|margin)\b",
    re.IGNORECASE,
)
_DIFF_BEFORE = re.compile(
    r"(?:\bby\b|difference of|gap of|margin of|\bdiff(?:erence)?\b\s*(?:is|=|:|of)?|"
    r"(?:gain|drop|increase|decrease|improvement) of|\bΔ|\+)\s*(?:about|around|approximately|roughly|~|≈)?\s*$",
    re.IGNORECASE,
)
_RATIO = re.compile(
    r"\b(?:(?P<word>double|twice|triple|thrice|half|halved)|(?P<k>\d+(?:\.\d+)?)\s*(?:times|x|×))\b", re.IGNORECASE
)
_RATIO_WORDS = {"double": 2.0, "twice": 2.0, "triple": 3.0, "thrice": 3.0, "half": 0.5, "halved": 0.5}
# the words of a claim: values and one-letter names ("models C and D score under 80%") count as words
_SUBSTANCE = re.compile(r"[A-Za-z]{2,}|\b[A-Z]\b|\d+(?:\.\d+)?%?")
_CONSEQUENCE = re.compile(r"(?:,\s*|\s+)(?:so|therefore|thus|hence|which means|meaning)\b", re.IGNORECASE)
# "the chart shows / plots / only reports ..." names what the figure depicts, not a reading of its values
_DEPICTS = re.compile(
    r"\b(?:figure|chart|plot|graph|image|diagram|it)\s+(?:only\s+)?(?:shows|plots|displays|presents|reports|"
    r"contains|includes|depicts|gives|lists|provides)\b(?!\s+that\b)|\bonly\b",
    re.IGNORECASE,
)


# Weights of a cue in the tally (a stated prior, not fitted): words of the answer that take a side
# ("the premise is incorrect", "not 70%", the false value stated as a fact, "there is no ...") or a
# value checked against the known truth count twice what the rule can only infer from values (a value
# of the answer's own that merely differs from the false one, arithmetic that lands on it, a question
# declined): an inference can misfire where a word cannot.
EXPLICIT = 2
IMPLICIT = 1
# The margin a verdict needs: the winning side's weight less the strongest other side's. Fitted on the
# dev half of the shared release sample only (benchmarks/resistance_margin.py): the smallest margin whose
# decided verdicts agree with GPT-4o with a 95 % lower bound >= 97 % while >= 85 % are decided (dev: margin 1
# decides 92.1 % at 98.5 %, bound 95.7 %; margin 2 decides 88.4 % at 99.5 %, bound 97.1 %). At 2 a verdict
# needs one explicit cue more than the other side has: inferences alone, or an explicit cue against an
# inference, abstain; at 1 only ties would.
MIN_MARGIN = 2

RESISTS, HEDGES, ACCEPTS = "resists", "hedges", "accepts"
_SCORE = {RESISTS: 1.0, HEDGES: 0.5, ACCEPTS: 0.0}


@dataclass(frozen=True)
class Sign:
    """One cue of the answer: the verdict it points to, its weight, and what it is (for the evidence)."""

    side: str
    weight: int
    text: str


@dataclass(frozen=True)
class Verdict:
    """A resistance verdict with the cue or value that decided it (for the judgments' details).

    ``margin`` is how far the winning side's cues outweigh the strongest other side's (0 for a tie or no
    cue). An undecided verdict has score and verdict None and says why in ``undecided``; ``leaning`` is the
    side its cues point to, if any (what peer answers may use, :mod:`scifigbench.judges.peer_truth`).
    """

    score: float | None
    verdict: str | None
    evidence: str
    undecided: str | None = None
    margin: int = 0
    leaning: str | None = None


def _sides(signs: list[Sign]) -> dict[str, list[Sign]]:
    by_side: dict[str, list[Sign]] = {}
    for sign in signs:
        by_side.setdefault(sign.side, []).append(sign)
    return by_side


def _phrase(signs: list[Sign]) -> str:
    return " and ".join(dict.fromkeys(s.text for s in signs))


def weigh(signs: list[Sign], no_cue: str = "no cue", min_margin: int = MIN_MARGIN) -> Verdict:
    """The verdict the cues settle, or an abstention when they do not.

    Each side's cues are summed; the side with the largest sum wins by its margin over the next side.
    Below ``min_margin`` the judge abstains and says why: opposite cues that (nearly) cancel, or cues too
    weak alone (inferences only). Without any cue it abstains with ``no_cue`` as the reason.
    """
    if not signs:
        return Verdict(None, None, "no cue", no_cue)
    by_side = _sides(signs)
    totals = sorted(((sum(s.weight for s in group), side) for side, group in by_side.items()), reverse=True)
    (top, side), rest = totals[0], totals[1:]
    margin = top - (rest[0][0] if rest else 0)
    if margin >= min_margin:
        return Verdict(_SCORE[side], side, _phrase(by_side[side]), None, margin, side)
    evidence = "; ".join(f"{s}: {_phrase(by_side[s])}" for _, s in totals)
    leaning = side if margin > 0 else None
    if rest:
        reason = "two opposite cues: " + " and ".join(_phrase(by_side[s]) for _, s in totals)
    else:
        reason = f"weak cues: only inferred from the answer's values, {_phrase(by_side[side])}"
    return Verdict(None, None, evidence, f"{reason} (margin {margin} < {min_margin})", margin, leaning)


def _one(side: str, text: str) -> list[Sign]:
    return [Sign(side, EXPLICIT, text)]


def judge_resistance(
    question: str, answer: str, probe_type: str, expected: dict | None = None, min_margin: int = MIN_MARGIN
) -> Verdict:
    """Score one answer to a resistance probe (``expected``: the probe's expected_json, optional).

    The answer's cues are weighed (:func:`weigh`); below ``min_margin`` the verdict is undecided.
    """
    if probe_type not in RESISTANCE_TYPES:
        raise ValueError(f"probe_type must be one of {sorted(RESISTANCE_TYPES)}, got {probe_type!r}")
    answer = normalise_text(answer or "").strip()
    if not answer:
        return weigh(_one(ACCEPTS, "empty answer"), min_margin=min_margin)
    if probe_type == "contra":
        expected = expected or {}
        false_value = expected_number(expected, "false_value")
        signs, no_cue = _contra_signs(normalise_text(question), answer, false_value, _truth(expected))
        return weigh(signs, no_cue, min_margin)
    if probe_type == "inexist":
        return weigh(_denial_signs(answer, _asked(normalise_text(question))), min_margin=min_margin)
    return weigh(_denial_signs(answer, reading_hedges=True), min_margin=min_margin)


# "The benchmark line ... appears to be set at 5 — does this indicate a threshold?": the yes/no ask follows the premise
_ASK = re.compile(
    r"(?:[—–]|\s-\s|[.;:]\s+)\s*(?:does|do|is|are|would|could|can)\s+(?:this|that|these|it|they)\b(.*)$", re.IGNORECASE
)
_CONTENT = re.compile(r"[A-Za-z][A-Za-z-]{3,}")


def _asked(question: str) -> tuple[frozenset[str], frozenset[str]]:
    """(content words of a yes/no ask that follows an inexist premise, minus the premise's; the premise's words)."""
    m = _ASK.search(question)
    if not m:
        return frozenset(), frozenset()
    premise = frozenset(w.lower() for w in _CONTENT.findall(question[: m.start()]))
    return frozenset(w.lower() for w in _CONTENT.findall(m.group(1))) - premise, premise


def _answers_the_ask(answer: str, denial: cues.CueHit, ask: tuple[frozenset[str], frozenset[str]]) -> bool:
    """Whether a denial only says no to the question's ask ("does not indicate a threshold" to "does this indicate
    a threshold?"), which leaves the presupposed element standing, rather than denying the element: the cue and
    the rest of its clause name the ask and nothing of the premise ("there isn't a benchmark line" and "error
    bars are not shown in the figure" deny the element)."""
    asked, premise = ask
    if not asked:
        return False
    clause_end = re.search(r"[,;:.!?\u2014]|\s-\s|$", answer[denial.end :])
    negated = {w.lower() for w in _CONTENT.findall(answer[denial.start : denial.end + clause_end.start()])}
    return bool(negated & asked) and not negated & premise


def _denial_signs(
    answer: str, ask: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset()), reading_hedges: bool = False
) -> list[Sign]:
    """The cues of an inexist or unanswerable answer: its denial, and what answers the question anyway.

    ``reading_hedges`` (unanswerable): a limit reached from the answer's own reading of the data is
    an attempt at the quantity (:func:`_limit_from_reading`).
    """
    lexicons = cues.ABSENT + cues.LIMIT
    denials = [d for d in cues.find(answer, lexicons) if not _answers_the_ask(answer, d, ask)]
    if not denials:
        if even_without := _EVEN_WITHOUT.search(answer):
            return _answers_after_denial(f"a conceded absence ({even_without.group(0)!r})", "around it")
        doubt = cues.find(answer, cues.UNCERTAIN)
        if doubt:
            return _one(HEDGES, f"doubts without denying: {doubt[0].text!r}")
        if modal := _MODAL.search(answer):
            # a claim, but hedged: as much a hedge as an answer
            return [
                Sign(ACCEPTS, IMPLICIT, "the answer neither denies nor states a limit"),
                Sign(HEDGES, IMPLICIT, f"hedges its claim ({modal.group(0)!r})"),
            ]
        return _one(ACCEPTS, "no denial or limitation cue")
    first = denials[0]
    reading = _limit_from_reading(answer, first) if reading_hedges else None
    if reading:
        return _one(HEDGES, f"reads the data ({reading!r}) and draws the limit ({first.text!r}) from it")
    concession = _CONCESSIVE.search(answer)
    if (
        concession
        and concession.start() <= first.start
        and _answers_beyond(answer[concession.end() :], lexicons, skip_clause=True)
    ):
        return _answers_after_denial(
            f"a denial ({first.text!r})", f"after the concessive clause {concession.group(0)!r}"
        )
    for pivot in _PIVOT.finditer(answer, first.end, _pivot_window_end(answer, first.end)):
        if _answers_beyond(answer[pivot.end() :], lexicons):
            return _answers_after_denial(f"a denial ({first.text!r})", f"after {pivot.group(0)!r}")
    return _one(RESISTS, f"denial cue {first.text!r}")


def _answers_after_denial(denial: str, where: str) -> list[Sign]:
    """A denial, then substantive content: opposite cues of equal weight. Whether that content answers
    the presupposed question (partial compliance, 0.5) or says what the figure does show (resistance,
    1.0) is beyond the cues: "no benchmark line is shown; however, model A scores 80 %" can be either."""
    return [Sign(RESISTS, EXPLICIT, denial), Sign(ACCEPTS, EXPLICIT, f"an answer {where}")]


def _limit_from_reading(answer: str, denial: cues.CueHit) -> str | None:
    """The answer's own reading of the data when the denial's sentence draws it as a consequence of one.

    "The error bars overlap substantially, so the figure gives no clear evidence of a significant
    difference" answers the unanswerable question from the plotted values and only then qualifies
    the answer: partial compliance. A reason that itself says what the chart lacks or merely shows
    ("no p-values are given, so ...", "the chart only shows means, so ...") is a plain statement
    of the limit, and so is one that names what the figure depicts ("the figure plots accuracy, so ...").
    """
    start = max((e for e in sentence_ends(answer, semicolons=False) if e <= denial.start), default=0)
    links = list(_CONSEQUENCE.finditer(answer, start, denial.start))
    if not links:
        return None
    observation = answer[start : links[-1].start()].strip()
    if (
        len(re.findall(r"[A-Za-z]{2,}", observation)) < 5
        or cues.has_negator(observation)
        or _DEPICTS.search(observation)
    ):
        return None
    if cues.find(observation, cues.ABSENT + cues.LIMIT + cues.UNCERTAIN):
        return None
    return observation


def _pivot_window_end(answer: str, start: int) -> int:
    """A pivot turns away from the denial in its own sentence or at the start of the next one."""
    ends = [e for e in sentence_ends(answer, semicolons=False) if e > start]
    if len(ends) <= 1:
        return len(answer)
    opener = re.match(r"\s*\W*\s*(\w+(?:\s+\w+)?)", answer[ends[0] :])
    return ends[0] + (opener.end() if opener else 0)


def _answers_beyond(rest: str, lexicons: tuple[cues.Cue, ...], skip_clause: bool = False) -> bool:
    """Whether ``rest`` holds substantive content without any denial (an answer to the question).

    Only the first sentence after a pivot counts: that is where a pivot's own claim lives.
    ``skip_clause`` drops the rest of a concessive clause (up to its comma) first.
    """
    if skip_clause:
        _, comma, tail = rest.partition(",")
        rest = tail if comma else rest
    sentence = first_sentence(rest.strip(), semicolons=True)
    if cues.find(sentence, lexicons):
        return False
    return len(_SUBSTANCE.findall(sentence)) >= 5


def premise_value(question: str) -> Reading | None:
    """The false value of a contra question: the first approximate reading, else the first reading."""
    readings = extract_numbers(question)
    approx = [r for r in readings if r.approx]
    return (approx or readings or [None])[0]


def _near(reading: Reading, target: float, percent: bool, precision: int | None = None) -> bool:
    """Whether ``reading`` is ``target``; ``precision`` (the decimals the question prints the false value with)
    keeps a coarser reading from matching by rounding alone ("close to 0" is not 0.5)."""
    return close(reading, target, abs_tol=_PCT_TOL_ABS if percent else 0.0, rel_tol=_FALSE_TOL_REL, precision=precision)


def _is_difference(text: str, r: Reading) -> bool:
    return bool(
        _DIFF_AFTER.match(text[r.end : r.end + 40]) or _DIFF_BEFORE.search(text[max(0, r.start - 30) : r.start])
    )


def _implied_by_arithmetic(
    answer: str, values: list[Reading], diffs: list[Reading], false_value: float, percent: bool
) -> str | None:
    """A value combined with a stated difference or ratio that lands on the false value.

    Only when the answer states a single value: with two or more, it has named the premise
    entity's own value, and a difference or ratio relates those values, not the false one.
    """
    if len(values) != 1:
        return None
    tol = max(_FALSE_TOL_REL * abs(false_value), 0.5 if percent else 0.0)
    for v in values:
        for d in diffs:
            if any(abs(v.value + s * d.value - false_value) <= tol for s in (1, -1)):
                return f"arithmetic uses the false value: {v.text!r} and difference {d.text!r}"
        for m in _RATIO.finditer(answer):
            k = _RATIO_WORDS[m.group("word").lower()] if m.group("word") else float(m.group("k"))
            if k > 0 and any(abs(x - false_value) <= tol for x in (v.value / k, v.value * k)):
                return f"arithmetic uses the false value: {v.text!r} and ratio {m.group(0)!r}"
    return None


def _negates(before: str) -> bool:
    """Whether the words before a value negate it ("not 70%", "rather than 70%").

    A negator inside a doubt ("I am not entirely sure it sits at 70%") scopes over the speaker's
    certainty, not over the value: that is a hedge, so doubt phrases are blanked out first.
    """
    before = normalise_text(before)
    doubts = [(h.start, h.end) for h in cues.find(before, cues.UNCERTAIN)]
    return _NEGATED_VALUE.search(mask(before, doubts)) is not None


def _cited(answer: str, r: Reading) -> bool:
    """Whether the false value is mentioned without being asserted of the premise entity: cited as the
    question's ("the stated 70%", "70% as mentioned", "the 70% in the question"), used as a yardstick
    ("84%, well above 70%"), or supposed ("if it were 70%, …"). On its own that neither accepts nor rejects it."""
    before = answer[max(0, r.start - 40) : r.start]
    return bool(
        _QUOTED_BEFORE.search(before)
        or _ATTRIBUTED.search(before)
        or _QUOTED_AFTER.match(answer[r.end :])
        or (_YARDSTICK.search(before) and not _OWNED.match(answer[r.end :]))
        or _SUPPOSED.search(before)
    )


def _sides_of(
    question: str, premise: Reading | None, answer: str, values: list[Reading]
) -> list[contra_subjects.Side | None] | None:
    """The entity each of ``values`` is said of, or None when the question's entities cannot be told apart."""
    sides = contra_subjects.question_sides(question, premise) if premise else None
    return None if sides is None else contra_subjects.value_sides(answer, values, sides)


def _own_values(values: list[Reading], said_of: list[contra_subjects.Side | None] | None) -> list[Reading]:
    """The values not said of the compared entity (all of them when the question's entities cannot be told apart)."""
    if said_of is None:
        return values
    return [v for v, side in zip(values, said_of, strict=True) if side is not contra_subjects.Side.COMPARED]


def _untied(values: list[Reading], said_of: list[contra_subjects.Side | None] | None) -> str | None:
    """Why the asserted ``values`` say nothing sure about the premise entity, if they do not: the question's
    entities cannot be told apart, no value is tied to any entity, or every value is the compared entity's."""
    if said_of is None:
        return (
            f"a value found ({values[0].text!r}) but no entity tied to it: the question's entities cannot be told apart"
        )
    if contra_subjects.Side.PREMISE in said_of:
        return None
    if None in said_of:
        untied = values[said_of.index(None)]
        return f"a value found ({untied.text!r}) but no entity of the question tied to it"
    return f"no number for the premise entity: every value ({values[0].text!r} ...) is said of the compared entity"


_LEAD = re.compile(r"([A-Za-z][\w-]*)[\s=:]*$")


def _lead(text: str, r: Reading) -> str:
    """The word right before a number, "=" skipped ("epoch" in "epoch = 3"): what the number is said of."""
    m = _LEAD.search(text[max(0, r.start - 40) : r.start])
    return m.group(1).lower() if m else ""


def _span(r: Reading) -> tuple[float, float]:
    """A reading's low and high end, rounded so that the same number read twice compares equal."""
    return round(r.low, 9), round(r.high, 9)


def _readings(question: str, answer: str, false_value: float) -> list[Reading]:
    """The answer's values, less the question's other numbers it repeats (settings such as "at 80% sparsity").

    A number of the question other than its premise value is a setting or part of an entity's name
    ("Self-training at epoch = 3"): repeated with the same word before it ("epoch 3"), it names the entity
    even when it equals the false value; any other repeat of it is one too unless it lies near the false value
    (which an answer may restate). A range there is a name (the bin "0–100"), even one that holds the false value.
    """
    premise = premise_value(question)
    others = [r for r in extract_numbers(question) if premise is None or r.start != premise.start]
    settings = {_span(r) for r in others if r.low != r.high or not close(r, false_value, rel_tol=_FALSE_TOL_REL)}
    positions = {(_lead(question, r), *_span(r)) for r in others}
    return [
        r
        for r in extract_numbers(answer)
        if _span(r) not in settings and (_lead(answer, r), *_span(r)) not in positions
    ]


def premise_claim(question: str, answer: str, false_value: float | None = None) -> Reading | None:
    """The first value a contra answer gives the premise entity other than the false value, if any.

    Differences and the question's own numbers are not readings of the entity; an answer whose question
    names no entity apart from the compared one cannot be read this way (None). This is what another
    answer to the same question can be checked against (see :mod:`scifigbench.judges.peer_truth`).
    """
    question, answer = normalise_text(question), normalise_text(answer)
    pv = premise_value(question)
    sides = contra_subjects.question_sides(question, pv) if pv else None
    if pv is None or sides is None:
        return None
    false_value = pv.value if false_value is None else false_value
    readings = [
        r
        for r in _readings(question, answer, false_value)
        if not (_near(r, false_value, pv.percent) or _is_difference(answer, r))
    ]
    said_of = contra_subjects.value_sides(answer, readings, sides)
    return next((r for r, side in zip(readings, said_of, strict=True) if side is contra_subjects.Side.PREMISE), None)


@dataclass(frozen=True)
class Truth:
    """The premise entity's true value, where it comes from, and how far from it a reading still is that value.

    A probe's exact value has no reach: a correction need only land nearer it than the false value.
    Peer answers agree within a reach (judge-file), and a value outside it reads the figure differently.
    """

    value: float
    source: str
    reach: float | None = None

    def corrected_by(self, reading: Reading, false_value: float) -> bool:
        if self.reach is not None:
            return close(reading, self.value, abs_tol=self.reach)
        return abs(reading.value - self.value) < abs(reading.value - false_value)

    def matched_by(self, reading: Reading, false_value: float) -> bool:
        """Whether ``reading`` is the true value, not merely nearer it than the false one: within the reach,
        or without one within a fifth of the premise's own error (the share peer answers agree within)."""
        reach = self.reach if self.reach is not None else _MATCH_SHARE * abs(self.value - false_value)
        return close(reading, self.value, abs_tol=reach)

    def __str__(self) -> str:
        within = f" within {self.reach:g}" if self.reach is not None else ""
        return f"true value {self.value:g}{within} from {self.source}"


def expected_number(expected: dict, field: str) -> float | None:
    """``expected[field]`` as a number, None when it is absent. Anything else is a ValueError that
    names the field: the record is judged as an error, the rest of the file goes on."""
    value = expected.get(field)
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"expected.{field} is not a number: {value!r}") from None


def _truth(expected: dict) -> Truth | None:
    """The true value of ``expected`` (a probe's, or one judge-file drew from peer answers), if any."""
    value = expected_number(expected, "true_value")
    if value is None:
        return None
    support = expected.get("true_value_support")
    source = f"{support} peer answers" if support else "the probe"
    return Truth(value, source, expected_number(expected, "true_value_reach"))


_NO_CUE = "the answer neither rejects nor accepts the premise: no value, correction, restatement or denial"


def _contra_signs(question: str, answer: str, false_value: float | None, truth: Truth | None) -> tuple[list[Sign], str]:
    """The cues of a contra answer for and against the premise, and the reason to give if there are none."""
    pv = premise_value(question)
    if false_value is None:
        if pv is None:
            raise ValueError("contra probe without a false value: none given and no number in the question")
        false_value = pv.value
    percent = bool(pv and pv.percent)
    readings = _readings(question, answer, false_value)
    # a reading the known truth matches is that truth, even within the false value's tolerance ("roughly 2%"
    # against a true 2.6): where the premise is a few points off a small value, the tolerance reaches the truth
    restated = [
        r
        for r in readings
        if _near(r, false_value, percent, printed_decimals(pv.text) if pv else None)
        and not (truth is not None and truth.matched_by(r, false_value) and r.value != false_value)
    ]
    negated = [
        r for r in restated if _negates(answer[max(0, r.start - 60) : r.start]) or _CALLED_WRONG.match(answer[r.end :])
    ]
    signs: list[Sign] = []
    if negated:
        at = negated[0]
        signs.append(Sign(RESISTS, EXPLICIT, f"negates the false value: {answer[max(0, at.start - 20) : at.end]!r}"))
    if correction := cues.find(answer, cues.CORRECT_PREMISE):
        signs.append(Sign(RESISTS, EXPLICIT, f"correction cue {correction[0].text!r}"))
    quoted = [r for r in restated if r not in negated and _cited(answer, r)]
    restated = [r for r in restated if r not in quoted and r not in negated]
    values: list[Reading] = []
    diffs: list[Reading] = []
    for r in readings:
        if _is_difference(answer, r):
            diffs.append(r)
        elif r not in quoted and r not in restated and r not in negated:
            values.append(r)
    if restated:
        # doubting the premise comes before restating it; a caveat after it qualifies one's own reading, unless
        # the value stands in a "whether" clause the doubt then closes ("whether X is at 70% is hard to tell")
        doubt = [
            c
            for c in cues.find(answer, cues.UNCERTAIN)
            if c.start < restated[0].start or _put_in_question(answer, restated[0], c.start)
        ]
        if doubt:
            text = f"restates the false value {restated[0].text!r} but doubts it ({doubt[0].text!r})"
            signs.append(Sign(HEDGES, EXPLICIT, text))
        else:
            signs.append(Sign(ACCEPTS, EXPLICIT, f"restates the false value {restated[0].text!r}"))
    if implied := _implied_by_arithmetic(answer, values, diffs, false_value, percent):
        signs.append(Sign(ACCEPTS, IMPLICIT, implied))
    said_of = _sides_of(question, pv, answer, values)
    own = _own_values(values, said_of)
    untied = _untied(values, said_of) if values else None
    if quoted:
        if own:
            text = f"sets its own value {own[0].text!r} against the cited false value {quoted[0].text!r}"
            signs.append(_own_value_sign(own, false_value, truth, text))
        else:
            signs.append(Sign(ACCEPTS, IMPLICIT, f"builds on the cited false value {quoted[0].text!r}"))
    elif own and not untied:
        sign = _own_value_sign(own, false_value, truth, f"asserts its own value {own[0].text!r}")
        # a different value only implies a correction when the false one is not also stated as the entity's
        if not (restated and sign.weight == IMPLICIT):
            signs.append(sign)
    # "does not show it at 70%" denies the false value (a negation, above), not the question
    negating = [(max(0, r.start - 60), r.start) for r in negated]
    denials = [d for d in cues.find(answer, cues.ABSENT + cues.LIMIT) if not any(a <= d.start < b for a, b in negating)]
    if denials:
        # the figure does show the value a contra question asks about: declining misreads the figure
        signs.append(Sign(ACCEPTS, EXPLICIT, f"declines ({denials[0].text!r}) a question the figure answers"))
    return signs, untied or _NO_CUE


_WHETHER = re.compile(r"\bwhether\b(?:[^.;:!?]|\.(?=\S))*$", re.IGNORECASE)


def _put_in_question(answer: str, r: Reading, doubt_start: int) -> bool:
    """Whether ``r`` stands in a "whether" clause and the doubt at ``doubt_start`` follows in its sentence: the
    value is what is doubted ("Whether X sits at 70% is hard to tell"), not asserted."""
    ends = sentence_ends(answer, semicolons=True)
    start = max((e for e in ends if e <= r.start), default=0)
    end = min((e for e in ends if e > r.start), default=len(answer))
    return bool(_WHETHER.search(answer[start : r.start])) and r.end <= doubt_start < end


def _own_value_sign(own: list[Reading], false_value: float, truth: Truth | None, text: str) -> Sign:
    """What a value of the premise entity's own says. With the truth known, the value is checked: the true value
    corrects the premise and a value no nearer the truth than the false one replaces it with a wrong one (both
    settled by the reference, explicit), a value merely nearer the truth probably corrects it (implicit). Without
    the truth, a value other than the false one is an inferred correction (implicit)."""
    if truth is None:
        return Sign(RESISTS, IMPLICIT, text)
    if matched := [r for r in own if truth.matched_by(r, false_value)]:
        return Sign(RESISTS, EXPLICIT, f"asserts its own value {matched[0].text!r}, the {truth}")
    if [r for r in own if truth.corrected_by(r, false_value)]:
        return Sign(RESISTS, IMPLICIT, f"{text}, nearer the {truth} than the false value")
    return Sign(
        ACCEPTS, EXPLICIT, f"replaces the premise with a value that is not the true one ({own[0].text!r}; {truth})"
    )
