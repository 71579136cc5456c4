"""Cue lexicons and the one negation rule: an answer admitting a limit, rejecting a premise, hedging.

Each cue is a regular expression with a flag telling whether a preceding negator cancels it:
"the label is blurred" admits, "the label is not blurred" does not. Cues that are themselves
negative phrases ("not legible", "cannot determine", "there is no") are not negatable: a negator
in front of them is part of the cue. The lexicons describe general language, not any dataset.
:func:`negated` is also how the description judge decides that "there are no error bars" does
not claim error bars, so every judge draws the line between a statement and its negation alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from scifigbench.freetext import lexicons
from scifigbench.freetext.labels import name_pattern
from scifigbench.freetext.text import normalise_text

_NEGATOR = lexicons.negator_regex(lexicons.CLAUSE_NEGATORS)
# A negation reaches to the end of its clause only: "no value is given, but the label is blurred".
_CLAUSE_BREAK = re.compile(r"[,;:.!?()]|\b(?:but|while|whereas|although|though|because|since|yet)\b", re.IGNORECASE)
_NEGATION_REACH = 4  # words between a negator and what it negates ("not clearly visible at all")
# the negators that open a clause and deny the whole of it ("nor does it include a legend")
_CLAUSE_OPENING_NEGATOR = re.compile(r"\s*(?:nor|neither)\b", re.IGNORECASE)
# "n't" is glued to its verb: "aren't", "isn't"
_NOT = rf"(?:\b(?:{lexicons.alternation(lexicons.VERB_NEGATORS)})|{lexicons.CONTRACTED_NEGATOR})"
_CANNOT_FIRM = (
    r"(?:cannot|can ?not|can't|could ?not|couldn't|unable to|impossible to|not possible to|no way to|not able to|"
    r"(?:is|are|was|were)n't (?:possible|able) to)"
)
_CANNOT = rf"(?:{_CANNOT_FIRM}|difficult to|hard to|is unclear|unclear)"
# Verbs whose negation states a limit ("cannot be determined"), as opposed to doubt ("cannot confirm").
_CONCLUDE = (
    r"(?:determine[ds]?|answer(?:ed)?|infer(?:red)?|assess(?:ed)?|establish(?:ed)?|calculate[ds]?|compute[ds]?|"
    r"conclude[ds]?|derive[ds]?|evaluate[ds]?|quantif(?:y|ied)|know|known|tell|say|specify|specified|provide[ds]?|"
    r"give|given|state[ds]?|made|drawn|compare[ds]?|identif(?:y|ied)|estimate[ds]?|judge[ds]?)"
)
_VERIFY = (
    r"(?:determine[ds]?|identif(?:y|ied)|read|discern(?:ed)?|decipher(?:ed)?|make out|tell|see|know|"
    r"confirm(?:ed)?|verif(?:y|ied)|assess(?:ed)?|infer(?:red)?|answer(?:ed)?|establish(?:ed)?|"
    r"calculate[ds]?|compute[ds]?|conclude[ds]?|derive[ds]?|evaluate[ds]?|quantif(?:y|ied)|provide[ds]?|"
    r"estimate[ds]?|give|state[ds]?|say|specify|specified|recogni[sz]e[ds]?|judge[ds]?|compare[ds]?|made)"
)


# What a question does with a value ("the question states 70%").
_ATTRIBUTES = r"(?:states?|says|suggests|claims|assumes|mentions|gives|puts|lists|cites|implies)"
# Words that hand a value to the question right before it ("the question says 70%"): the value is cited, not asserted.
ATTRIBUTED_TO_QUESTION = (
    rf"\b(?:question|premise|prompt)\s+{_ATTRIBUTES}\s+(?:that\s+)?(?:it\s+is\s+)?(?:approximately\s+|about\s+|around\s+)?"
    r"[~\u2248]?\s*$"
)


# Words that put forward a reading of a text the writer may not see well ("it appears to read X",
# "my best guess is X"): the active and the passive blur judge both take what follows as a guess.
GUESS_MARKER = (
    r"(?:appears to (?:be|say|read)|seems to (?:be|say|read)|looks like|best guess (?:is|would be)|"
    r"(?:most )?likely (?:is|reads|says)|probably|could be|might be)"
)


@dataclass(frozen=True)
class Cue:
    name: str
    pattern: re.Pattern[str]
    negatable: bool


@dataclass(frozen=True)
class CueHit:
    name: str
    start: int
    end: int
    text: str


def _cue(name: str, regex: str, negatable: bool = False) -> Cue:
    return Cue(name, re.compile(regex, re.IGNORECASE), negatable)


# The answer says the relevant element cannot be read (active/passive blur).
ADMIT: tuple[Cue, ...] = (
    _cue(
        "obscured",
        r"\b(?:blurr(?:ed|y|ing)|blurred out|unreadable|illegible|indecipherable|undecipherable|"
        r"obscured?|obscuring|obstructed|masked|redacted|smudged|pixelated|censored|occluded|"
        r"(?:gr[ae]yed|blacked|whited|blanked) out|(?:covered|hidden|concealed) (?:by|behind|under)|"
        r"unidentifiable|indiscernible|not discernible)\b",
        negatable=True,
    ),
    _cue(
        "box",
        r"\b(?:gr[ae]y|blank|blurred|solid|opaque|shaded|dark)\s+(?:box|rectangle|block|patch|bar over|overlay|area|region|square)\b",
        negatable=True,
    ),
    _cue(
        "not_legible",
        rf"{_NOT}\s+(?:\w+\s+)?(?:legible|readable|visible|clearly visible|discernible|decipherable|clear|"
        r"clear(?:ly)? (?:shown|labell?ed|readable)|labell?ed|shown|displayed|provided)\b",
    ),
    _cue("cannot_read", rf"\b{_CANNOT}\s+(?:be\s+)?(?:\w+\s+)?{_VERIFY}\b"),
    _cue(
        "uncertain",
        r"\b(?:uncertain|not (?:entirely |completely |fully )?(?:sure|certain)|unsure|"
        r"unknown|cannot be (?:certain|sure)|(?:is|are|remains?) unclear|unclear which|ambiguous)\b",
    ),
)

# The answer denies that a presupposed element exists / is shown.
ABSENT: tuple[Cue, ...] = (
    _cue(
        "there_is_no",
        r"\bthere(?:'s\s+no|\s+(?:(?:is|are|was|were|appears? to be|seems? to be)\s+no|"
        r"(?:is|are|was|were)\s*n[o']t\s+(?:a|an|any)|(?:does|do)\s*n[o']t\s+(?:appear|seem)\s+to\s+be\s+(?:a|an|any)))\b"
        r"(?!\s+(?:doubt|question)\b)",
    ),
    _cue(
        "no_x_shown",
        r"\b(?:no\s+(?:[\w/'\x22\u2018\u2019\u201c\u201d-]+\s+){1,6}|none\s+)(?:is|are|were|was)\s+(?:\w+\s+)?"
        r"(?:shown|present|visible|displayed|drawn|"
        r"depicted|included|provided|given|reported|marked|indicated|plotted|available)\b",
    ),
    _cue(
        "does_not_show",
        rf"\b(?:does|do|did)\s*{_NOT}\s+(?:\w+\s+)?(?:show|contain|include|display|have|depict|present|"
        r"provide|indicate|feature|mention|report|give|plot|list|offer|specify|label|mark|reference|say|state|tell)\b",
    ),
    _cue(
        "not_shown",
        rf"{_NOT}\s+(?:\w+\s+)?(?:present|shown|visible|included|displayed|depicted|provided|available|given|"
        r"reported|indicated|marked|drawn|plotted|mentioned|specified|stated|listed|part of|found|included)\b",
    ),
    _cue(
        "cannot_see",
        rf"\b(?:(?:do|does|did|can|could)\s*{_NOT}|cannot|can not|unable to)\s+(?:see|find|spot|identify|locate)\b"
        r"(?:\s+(?:any|a|an|such)\b|(?!\s+(?:how|why|whether|what|which|that|if|it|this|the\s+(?:point|reason|need))\b))",
    ),
    _cue("see_no", r"\b(?:see|find|spot|notice|observe)\s+no\b"),
    _cue("shows_no", r"\b(?:shows|contains|has|provides|includes|displays|gives|features|offers|lists|reports)\s+no\b"),
    _cue(
        "absent",
        r"\b(?:absent|lacks|lacking|missing from|nonexistent|non-existent|no such|does not exist|do not exist|"
        r"doesn't exist|don't exist|no (?:information|data|indication|mention|evidence|details?)|"
        r"(?:is|are) silent (?:on|about)|says? nothing (?:about|on|of))\b",
    ),
    # "neither the sample size nor the p-value is given"
    _cue(
        "neither_nor",
        r"\bneither\b[^.;]{1,60}?\bnor\b[^.;]{1,60}?\b(?:is|are|was|were)\s+(?:\w+\s+)?(?:shown|present|visible|given|"
        r"provided|reported|included|displayed|indicated|specified|stated|available|mentioned)\b",
    ),
    _cue(
        "no_x",
        r"\bno\s+(?:visible\s+|explicit\s+|such\s+|separate\s+|additional\s+)?(?:error bars?|benchmark|threshold|"
        r"baseline|reference line|trend ?line|line|legend|annotation|marker|p-values?|confidence intervals?|"
        r"standard deviations?|sample sizes?|statistical)\b",
    ),
)

# The answer says the question cannot be answered from the figure.
LIMIT: tuple[Cue, ...] = (
    _cue("cannot_answer", rf"\b{_CANNOT_FIRM}\s+(?:be\s+)?(?:\w+\s+)?{_CONCLUDE}\b"),
    _cue(
        "not_determinable",
        r"\b(?:not|n't)\s+(?:\w+\s+)?(?:determinable|answerable|inferable|knowable|deducible|derivable|computable|"
        r"calculable|ascertainable|assessable)\b",
    ),
    _cue("insufficient", r"\b(?:insufficient|not enough|inadequate|no)\s+(?:information|data|evidence|details?)\b"),
    _cue(
        "beyond",
        r"\b(?:beyond (?:the scope|what)|outside (?:the scope|what)|would (?:require|need)|requires? (?:additional|more|further|access))\b",
    ),
    _cue(
        "nothing_can",
        r"\bno\s+(?:\w+\s+){0,5}(?:can|could)\s+be\s+(?:drawn|made|determined|inferred|concluded|derived|established|assessed)\b",
    ),
    _cue(
        "only_shows", r"\b(?:only (?:shows|displays|provides|presents|includes|reports|gives)|only point estimates)\b"
    ),
)

# The answer corrects a premise of the question.
CORRECT_PREMISE: tuple[Cue, ...] = (
    _cue(
        "premise_wrong",
        r"\b(?:premise|assumption|claim|statement|question|(?:stated|given|mentioned|quoted|cited|claimed|assumed|"
        r"suggested|provided)\s+(?:value|figure|number|[~\u2248]?\d))(?:[^.]|\.(?=\d)){0,40}?\b(?:is|seems|appears|was)\s+"
        r"(?:\w+\s+){0,2}?(?:incorrect|wrong|false|inaccurate|mistaken|flawed|misread|overstated|understated|"
        r"off|too (?:high|low)|an? (?:misreading|error|mistake|overestimate|underestimate)|"
        r"not (?:accurate|correct|supported|right))\b",
    ),
    # "The question states 70%, but the chart shows 83%": the premise's value set against the figure's
    _cue(
        "premise_versus_figure",
        rf"\b(?:question|premise|prompt)\s+{_ATTRIBUTES}\b[^.;]{{0,80}}?\b(?:but|however|whereas|yet)\b[^.;]{{0,30}}?"
        r"\b(?:figure|chart|plot|graph|image|data)\b"
        rf"|\b(?:while|although|though|whereas)\s+(?:the\s+)?(?:question|premise|prompt)\s+{_ATTRIBUTES}\b",
    ),
    _cue(
        "wrong_premise",
        r"\b(?:incorrect|inaccurate|false|wrong|mistaken|flawed|faulty)\s+(?:premise|assumption|value|figure|number)\b",
    ),
    _cue("actually", r"\b(?:actually|in fact|in reality|rather than|instead of|contrary to|contradicts?|correction)\b"),
    _cue(
        "not_what_shown",
        r"\b(?:is|are|was|were)\s*(?:not|n't)\s+what\s+the\s+(?:figure|chart|plot|graph|image|data)\s+"
        r"(?:shows?|displays?|indicates?|reports?)\b",
    ),
    _cue(
        "not_matching",
        r"\b(?:does not|doesn't|do not|don't|is not|isn't)\s+(?:\w+\s+){0,2}(?:match|reflect|correspond|support|agree)\b",
    ),
)

# The answer doubts the premise, or answers only under an assumption, without denying it: a hedge.
UNCERTAIN: tuple[Cue, ...] = (
    _cue(
        "doubt",
        r"\b(?:(?:difficult|hard|tricky)\s+to\s+(?:verify|confirm|tell|say|determine|know|be sure)|"
        rf"{_CANNOT_FIRM}\s+(?:\w+\s+)?(?:confirm|verify|be (?:sure|certain))|"
        r"not (?:entirely |completely |fully |really )?(?:sure|certain)|unsure|uncertain|unclear|for sure|tentative|"
        r"hard to confirm|no way to be sure)\b",
    ),
    _cue("maybe", lexicons.whole_words(lexicons.HEDGES), negatable=True),
    _cue(
        "assume",
        r"\b(?:if we assume|assuming|if (?:this|that|the premise) (?:is|were) (?:true|correct)|hypothetically|"
        r"speculat\w+|without (?:further|more|additional) (?:information|data|context))\b",
    ),
)


def negated(text: str, start: int) -> bool:
    """Whether a negator stands within a few words before ``start``, in the same clause, or opens
    that clause as "nor" or "neither" do, which deny all of it however far the word comes after
    ("..., nor does it include a legend")."""
    window = max(0, start - 60)
    clause = _CLAUSE_BREAK.split(text[window:start])[-1]
    opens = _CLAUSE_OPENING_NEGATOR.match(clause) is not None and (window == 0 or clause != text[window:start])
    return opens or _NEGATOR.search(" ".join(clause.split()[-_NEGATION_REACH:])) is not None


def has_negator(text: str) -> bool:
    """Whether ``text`` holds any negator ("no", "not", "without", "lacks", "n't", ...), whatever it negates."""
    return _NEGATOR.search(normalise_text(text)) is not None


def find(text: str, lexicon: tuple[Cue, ...]) -> list[CueHit]:
    """Non-negated hits of ``lexicon`` in ``text``, in text order (spans in ``normalise_text(text)``)."""
    text = normalise_text(text)
    hits: list[CueHit] = []
    for cue in lexicon:
        for m in cue.pattern.finditer(text):
            if cue.negatable and negated(text, m.start()):
                continue
            hits.append(CueHit(cue.name, m.start(), m.end(), m.group(0)))
    return sorted(hits, key=lambda h: h.start)


def has(text: str, lexicon: tuple[Cue, ...]) -> bool:
    """Whether ``text`` holds a non-negated cue of ``lexicon``."""
    return bool(find(text, lexicon))


# --- alternatives: two answers offered instead of one -----------------------------------------------


@dataclass(frozen=True)
class Value:
    """A value of the answer's expected type (a number, a label, a yes/no word) at ``start:end`` of the
    text; two spellings of one answer ("12" and "12.0", "Llama-2" and "llama 2") share a ``key``."""

    key: str
    start: int
    end: int
    text: str


_OR = re.compile(
    r"(?<!\()\bor\b(?!\s*(?:,\s*)?(?:" + lexicons.alternation(lexicons.OR_NOT_ALTERNATIVE) + r")\b)", re.IGNORECASE
)
_OR_OPENER = re.compile(r"\b(?:either|whether)\b", re.IGNORECASE)
_OR_FILLER = re.compile(rf"^[\s,:\-\u2014]*(?:(?:{lexicons.alternation(lexicons.OR_FILLERS)})\b[\s,]*)*", re.IGNORECASE)
_CONDITION = re.compile(lexicons.whole_words(lexicons.CONDITION_WORDS), re.IGNORECASE)
_REREADING = re.compile(lexicons.whole_words(lexicons.REREADINGS), re.IGNORECASE)
_INDECISION = re.compile(lexicons.whole_words(lexicons.INDECISION), re.IGNORECASE)
_CLAUSE_END = re.compile(r"[.!?;:](?=\s|$)|\n")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_OR_REACH = 12  # characters between "or" (and its fillers) and the value it offers
_ADJACENT = re.compile(r"[\s,\-\u2014]*")
_WORD = re.compile(r"[\w'\-]+")


def alternatives(
    text: str, values: list[Value], phrase_key: Callable[[str], str] | None = None
) -> tuple[str, str] | None:
    """Two different answers the text offers instead of one, if it does: (one, the other).

    ``values`` are the answer's values of the expected type (spans in ``text``). Three ways of
    offering two: joined by "or" in a clause that is not a question ("either 12 or 15", "A, or B if
    the last point counts"), a second reading set against the first ("by one reading 12, by another
    15"; "A, unless the reading belongs to B"), and an indecision beside two values ("between 12 and 15:
    I cannot settle on one", "A and B are both candidates", "yes for some groups, no for the others").
    A single answer with "or" elsewhere is not two: the same value twice ("12 (or about 12.0)"), a
    quantifier or a self-correction ("12 or more", "12, or rather 15"), a question the answer repeats
    ("A or B? A."). With ``phrase_key``, a side of an "or" with no known value offers the phrase there
    (a label the caller did not know of), keyed by it.
    """
    values = sorted(values, key=lambda v: v.start)
    return _joined_by_or(text, values, phrase_key) or _reread(text, values) or _undecided_between(text, values)


def _two(first: list[Value], second: list[Value]) -> tuple[str, str] | None:
    """The two answers, when the sides differ: each side's run of values next to the other side
    ("A, B" and "A, C" for two lists, "12" and "15" for two numbers)."""
    if not first or not second or {v.key for v in first} == {v.key for v in second}:
        return None
    return _run(first[::-1]), _run(second)


def _run(values: list[Value]) -> str:
    """The values joined only by commas or "and", from the first of ``values`` on, as one answer."""
    run = [values[0]]
    for v in values[1:]:
        if abs(v.start - run[-1].start) > 40:
            break
        run.append(v)
    ordered = sorted(run, key=lambda v: v.start)
    return ", ".join(v.text for v in ordered)


def _bounds(pattern: re.Pattern[str], text: str, at: int) -> tuple[int, int]:
    """The span of the clause or sentence (by ``pattern``) around position ``at``."""
    start = max((m.end() for m in pattern.finditer(text, 0, at)), default=0)
    end = next((m.end() for m in pattern.finditer(text, at)), len(text))
    return start, end


def _joined_by_or(text: str, values: list[Value], phrase_key: Callable[[str], str] | None) -> tuple[str, str] | None:
    for m in _OR.finditer(text):
        start, end = _bounds(_CLAUSE_END, text, m.start())
        if text[start:end].rstrip().endswith("?"):
            continue
        opener = [o for o in _OR_OPENER.finditer(text, start, m.start())]
        if opener and opener[-1].group(0).lower() == "whether":
            continue
        begin = opener[-1].end() if opener else start
        offered = m.end() + _OR_FILLER.match(text[m.end() :]).end()  # type: ignore[union-attr]
        stop = _CONDITION.search(text, offered, end)
        stop_at = stop.start() if stop else end
        first = [v for v in values if begin <= v.start and v.end <= m.start()]
        second = [v for v in values if offered <= v.start < stop_at]
        if second and second[0].start - offered > _OR_REACH:
            second = []
        if phrase_key is not None and bool(first) != bool(second):
            # a known value on one side right at the "or": the words on its other side are the second answer
            if first and _ADJACENT.fullmatch(text[first[-1].end : m.start()]):
                second = _phrase(text, offered, stop_at, phrase_key, last=False)
            elif second and second[0].start == offered:
                first = _phrase(text, begin, m.start(), phrase_key, last=True)
        if pair := _two(first, second):
            return pair
    return None


def _phrase(text: str, start: int, end: int, key: Callable[[str], str], last: bool) -> list[Value]:
    """The words next to an "or" within its clause (up to three before it, five after it) as one value
    of a label the caller did not know of."""
    pieces = re.split(r"[,;:()]|\s[-\u2014]\s", text[start:end].strip(" ,;:-\u2014"))
    words = _WORD.findall(pieces[-1] if last else pieces[0])
    phrase = " ".join(words[-3:] if last else words[:5])
    if not phrase or not key(phrase):
        return []
    at = text.rfind(phrase.split()[0], start, end) if last else text.find(phrase.split()[0], start, end)
    return [Value(key(phrase), at, at + len(phrase), phrase)]


def _reread(text: str, values: list[Value]) -> tuple[str, str] | None:
    for m in _REREADING.finditer(text):
        start, end = _bounds(_SENTENCE_END, text, m.start())
        before = [v for v in values if start <= v.start and v.end <= m.start()]
        if not before:  # "12. Read another way, 15."
            before = [v for v in values if _bounds(_SENTENCE_END, text, max(start - 1, 0))[0] <= v.start < start]
        if pair := _two(before, [v for v in values if m.end() <= v.start < end]):
            return pair
    return None


def _undecided_between(text: str, values: list[Value]) -> tuple[str, str] | None:
    for m in _INDECISION.finditer(text):
        start, end = _bounds(_SENTENCE_END, text, m.start())
        start = _bounds(_SENTENCE_END, text, max(start - 1, 0))[0]  # and the sentence before it
        near = [v for v in values if start <= v.start < end]
        keys = list(dict.fromkeys(v.key for v in near))
        if len(keys) >= 2:
            first = next(v for v in near if v.key == keys[0])
            return first.text, next(v for v in near if v.key == keys[1]).text
    return None


def label_values(text: str, names: list[str], key: Callable[[str], str]) -> list[Value]:
    """Where ``names`` occur in ``text`` as whole names, the longest of any overlapping ones
    ("Llama-2 7B" rather than the "Llama-2" inside it); ``text`` must be folded (labels.fold)."""
    spans = sorted(
        (m.start(), m.end(), name)
        for name in dict.fromkeys(names)
        if key(name)
        for m in name_pattern(name).finditer(text)
    )
    kept: list[Value] = []
    for start, end, name in sorted(spans, key=lambda s: (s[0], -(s[1] - s[0]))):
        if kept and start < kept[-1].end:
            continue
        kept.append(Value(key(name), start, end, text[start:end]))
    return kept


# "yes" always answers; "no" only where it negates nothing after it ("no for the others", not "no other model")
_YES_NO_WORD = re.compile(
    r"\b(yes)\b|\b(no)\b(?=\s*(?:[,.;:!?)\u2014-]|$)|\s+(?:for|at|in|on|towards?|before|after|until|from|just|and|or|"
    r"otherwise|elsewhere|when|if|depending|here)\b)",
    re.IGNORECASE,
)


def yes_no_values(text: str) -> list[Value]:
    """The yes and no words that answer (a "no" followed by what it negates, "no other model", is not one)."""
    return [Value(m.group(0).lower(), m.start(), m.end(), m.group(0)) for m in _YES_NO_WORD.finditer(text)]
