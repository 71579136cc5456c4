"""Word knowledge the layout reader and target rules need: numbers, ordered series, opposites, furniture.

A label that belongs to an ordered series (months, weekdays, quarters, years, numeric ranges,
ordinals) or is one side of a complementary pair can be inferred from its neighbours, so it is no
admittance target; furniture words mark text about the page rather than the data.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from difflib import SequenceMatcher

from scifigbench.freetext.lexicons import units_pattern

_NUMBER = re.compile(
    r"^[(\[]?([+\-\u2212]?)[$€£]?(\d{1,3}(?:,\d{3})+|\d*\.?\d+(?:[eE][+\-\u2212]?\d+)?)\s*([kKMB%]?)[)\]]?[%*]?"
    rf"(?:\s*{units_pattern()})?$"
)
_SUFFIX = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9}


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_UNICODE_POWER = re.compile(r"^10([⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)$")
_CARET_POWER = re.compile(r"^10\^(-?\d+)$")


def power_text(text: str) -> str:
    """A power of ten OCR read with its exponent raised ('10⁶') written as a reader types it
    ('10^6'); any other text unchanged."""
    m = _UNICODE_POWER.match(text.strip())
    return f"10^{m.group(1).translate(_SUPERSCRIPTS)}" if m else text


def power_exponent(text: str) -> int | None:
    """k when ``text`` is ten to the k written as a power ('10^6', '10⁶'), else None."""
    m = _CARET_POWER.match(power_text(text))
    return int(m.group(1)) if m else None


def number(text: str) -> float | None:
    """The number a label shows ('1,000', '−5', '40%', '$2.5k', '20 t', '10⁶'), or None."""
    t = text.strip().rstrip("-\u2013\u2014_ ")
    if (k := power_exponent(t)) is not None:
        return 10.0**k
    m = _NUMBER.match(t)
    if not m:
        return None
    sign, digits, suffix = m.groups()
    try:
        value = float(digits.replace(",", "").replace("\u2212", "-")) * _SUFFIX.get(suffix, 1.0)
    except ValueError:
        return None
    if not math.isfinite(value):  # '652E 6441': an OCR misreading, not a number a chart prints
        return None
    return -value if sign else value


def tokens(text: str) -> list[str]:
    """Lower-case word tokens, plural 's' dropped, for comparing a label with a title or caption."""
    out = []
    for t in re.findall(r"[a-z0-9]+", text.lower()):
        if len(t) > 4 and t.endswith("ies"):
            t = t[:-3] + "y"
        elif len(t) > 3 and t.endswith("s") and not t.endswith("ss"):
            t = t[:-1]
        out.append(t)
    return out


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "last")
_SEQUENCE_PATTERNS = (
    re.compile(r"^(?:19|20)\d{2}(?:[-/]\d{2,4})?\*?$"),  # years, 2019-20
    re.compile(r"^\d+(?:st|nd|rd|th)\b"),  # ordinals
    re.compile(r"^q[1-4](?:\s*['’]?\d{2,4})?$|^(?:19|20)\d{2}\s*q[1-4]$"),  # quarters
    re.compile(r"^(?:ages?\s*)?\d+\s*(?:-|–|to)\s*\d+(?:\s*\w+)?$"),  # ranges, age bands
    re.compile(
        r"^(?:ages?\s*)?(?:under|below|over|above|less than|more than)?\s*\d+\s*"
        r"(?:\+|or (?:more|older|younger|less))?(?:\s*\w+)?$"
    ),
    re.compile(r"^(?:h|w|wk|week|day|month|year|phase|stage|step|round|wave|grade|level|layer|epoch|iter|t)\s*\d+$"),
)


STOP_WORDS = frozenset("the a an of and or in on for to by with at from vs per all".split())

# Words that name a kind of quantity, a unit or a kind of heading without saying what is
# measured or grouped (a histogram's 'Count', a training curve's 'Epochs', a legend's 'Type', a
# y-axis 'Performance (%)'): any chart of its kind could carry them, so a model can supply them
# from the chart type alone. A title made only of these words hides nothing; one word that says
# what is measured ('Similarity', 'BLEU', 'Throughput') makes it specific.
GENERIC_WORDS = frozenset(
    "x y time year date month day hour epoch episode iteration step update round accuracy loss error score value count "
    "frequency number percentage percent share proportion probability density rate ratio size length "
    "type model method approach group series category class name label dataset legend "
    "performance amount fraction relative normalized normalised difference change improvement gain magnitude "
    "level degree weight intensity unit average mean run trial seed data training train test validation "
    "classification prediction respondent respondents adults "
    "s ms sec second min minute hr mb gb kb".split()
)


def content_tokens(text: str) -> list[str]:
    """Tokens that could name something: no stop words, numbers or single letters ('(K)', 'N')."""
    return [t for t in tokens(text) if t not in STOP_WORDS and not t.isdigit() and len(t) > 1]


# Words an axis title shares with every chart of its kind but a legend entry need not: the two
# axes of a confusion matrix ('True label', 'Predicted class'); 'w/ predicted labels' in a legend
# names a setting.
_AXIS_GENERIC_WORDS = frozenset("true predicted actual gold".split())


def generic_heading(text: str, axis: bool = False) -> bool:
    """Only words any chart of its kind could carry ('Model', 'Accuracy (%)', 'Number of epochs');
    with ``axis``, an axis title's words ('True label')."""
    words = content_tokens(text)
    known = GENERIC_WORDS | _AXIS_GENERIC_WORDS if axis else GENERIC_WORDS
    return bool(words) and all(w in known for w in words)


# Named steps everyone knows in order: each step is the set of its spellings (tokens joined by a
# space; 'generation' and 'gen' are filler). Seasons turn round the year like months.
_NAMED_SEQUENCES: dict[str, tuple[tuple[frozenset[str], ...], bool]] = {
    "season": (
        (frozenset({"spring"}), frozenset({"summer"}), frozenset({"fall", "autumn"}), frozenset({"winter"})),
        True,
    ),
    "generation": (
        (
            frozenset({"silent", "greatest"}),
            frozenset({"boomer", "baby boomer", "boomers", "baby boomers"}),
            frozenset({"x"}),
            frozenset({"millennial", "millennials", "y"}),
            frozenset({"z", "zoomer", "zoomers"}),
        ),
        False,
    ),
    # how often, as survey answer scales print it ('Weekly' between 'Daily' and 'Less often')
    "frequency": (
        (
            frozenset({"hourly", "every hour"}),
            frozenset({"daily", "every day"}),
            frozenset({"weekly", "every week"}),
            frozenset({"monthly", "every month"}),
            frozenset({"yearly", "annually", "every year"}),
        ),
        False,
    ),
    # US presidents of the survey era, in office order: approval charts name them one per column
    "US president": (
        (
            frozenset({"clinton", "bill clinton"}),
            frozenset({"bush", "w bush", "g w bush", "george w bush"}),
            frozenset({"obama", "barack obama"}),
            frozenset({"trump", "donald trump"}),
            frozenset({"biden", "joe biden"}),
        ),
        False,
    ),
    "n-gram order": (
        (
            frozenset({"unigram", "1 gram"}),
            frozenset({"bigram", "2 gram"}),
            frozenset({"trigram", "3 gram"}),
            frozenset({"4 gram", "fourgram"}),
            frozenset({"5 gram", "fivegram"}),
        ),
        False,
    ),
}
_SEQUENCE_FILLER = frozenset({"generation", "gen", "the"})
_NEEDS_FILLER = frozenset({"silent", "greatest", "x", "y", "z"})  # a generation only as 'Gen X', 'Silent Generation'


def _named_step(text: str) -> tuple[str, int] | None:
    """(sequence, step) when ``text`` names one step of a named sequence and nothing else
    ('Gen X' -> generation 2, 'Autumn' -> season 2, 'bi-gram' -> n-gram order 1)."""
    all_words = re.findall(r"[a-z0-9]+", text.lower().replace("-", " "))
    words = [w for w in all_words if w not in _SEQUENCE_FILLER]
    phrase = " ".join(words)
    if not phrase or (phrase in _NEEDS_FILLER and len(words) == len(all_words)):
        return None
    forms = {phrase, phrase.replace(" ", ""), phrase.removesuffix("s"), phrase.replace(" ", "").removesuffix("s")}
    for name, (steps, _) in _NAMED_SEQUENCES.items():
        for k, spellings in enumerate(steps):
            if forms & spellings:
                return name, k
    return None


def in_ordered_series(text: str) -> str | None:
    """The kind of ordered series ``text`` is a member of (month, weekday, year, range, season,
    generation...), or None."""
    if step := _named_step(text):
        return step[0]
    t = text.strip().lower().rstrip(".*")
    words = [w for w in re.split(r"[\s.,'’/-]+", t) if w]
    first = words[0] if words else ""
    dated = all(w.isdigit() for w in words[1:])  # 'Mar', 'March 2020', 'Sep 13': a date, not 'March Madness'
    if dated and any(first.startswith(m) and (len(first) <= 4 or first in _FULL_MONTHS) for m in _MONTHS):
        return "month"
    if dated and any(first.startswith(d) and (len(first) <= 4 or first.endswith("day")) for d in _DAYS):
        return "weekday"
    if first in _ORDINAL_WORDS:
        return "ordinal"
    for pattern, kind in zip(
        _SEQUENCE_PATTERNS,
        ("year", "ordinal", "quarter", "numeric range", "numeric range", "numbered step"),
        strict=False,
    ):
        if pattern.match(t):
            return kind
    return None


_BAND = re.compile(r"^(?:ages?\s*)?(\d+)\s*(?:-|\u2013|to)\s*(\d+)(?:\s*[a-z]+)?$")
_OPEN_BAND = re.compile(r"^(?:ages?\s*)?(\d+)\s*(?:\+|or (?:more|older))(?:\s*[a-z]+)?$")


def _band(text: str) -> tuple[float, float] | None:
    """The bounds of a numeric band ('Ages 18-29' -> 18, 29; '65+' -> 65, inf), or None."""
    t = text.strip().lower()
    if m := _BAND.match(t):
        return float(m.group(1)), float(m.group(2))
    if m := _OPEN_BAND.match(t):
        return float(m.group(1)), math.inf
    return None


def _month(text: str) -> int | None:
    words = [w for w in re.split(r"[\s.,]+", text.strip().lower()) if w]
    if len(words) != 1 or in_ordered_series(text) != "month":
        return None
    return next(k for k, m in enumerate(_MONTHS) if words[0].startswith(m))


# Three-step scales whose middle step is named by its two ends ('Upper income' / 'Middle income'
# / 'Lower income', 'Urban' / 'Suburban' / 'Rural').
_TIERS = (
    ({"upper", "higher", "high"}, {"middle", "mid", "medium"}, {"lower", "low"}),
    ({"urban"}, {"suburban"}, {"rural"}),
)


def _tier_between(before: str, text: str, after: str) -> bool:
    """``text`` is the middle step of a three-step scale whose two ends stand beside it, the rest
    of the three labels word for word the same."""
    words = [re.findall(r"[a-z]+", t.lower()) for t in (before, text, after)]
    for top, mid, bottom in _TIERS:
        steps = []
        for w in words:
            hits = [k for k, x in enumerate(w) if x in top | mid | bottom]
            if len(hits) != 1:
                break
            rest = w[: hits[0]] + w[hits[0] + 1 :]
            step = 0 if w[hits[0]] in top else 1 if w[hits[0]] in mid else 2
            steps.append((step, rest))
        if len(steps) == 3 and steps[1][0] == 1 and {steps[0][0], steps[2][0]} == {0, 2}:
            if steps[0][1] == steps[1][1] == steps[2][1]:
                return True
    return False


def between(before: str, text: str, after: str) -> str | None:
    """The kind of run ('month', 'tier', 'band') in which ``text`` is the one label that fits between
    its two neighbours, else None: 'Jul' between 'Jun' and 'Aug', 'Middle income' between 'Upper
    income' and 'Lower income', '30-49' between '18-29' and '50-64' (bands meet edge to edge, or
    one apart, on both sides alike). Either reading direction."""
    months = [_month(t) for t in (before, text, after)]
    if all(m is not None for m in months):
        a, m, b = (x for x in months if x is not None)
        if (m - a) % 12 == (b - m) % 12 == 1 or (a - m) % 12 == (m - b) % 12 == 1:
            return "month"
        return None
    if _tier_between(before, text, after):
        return "tier"
    steps = [step for t in (before, text, after) if (step := _named_step(t)) is not None]
    if len(steps) == 3 and len({name for name, _ in steps}) == 1:
        name = steps[0][0]
        count, cyclic = len(_NAMED_SEQUENCES[name][0]), _NAMED_SEQUENCES[name][1]
        a, m, b = (k for _, k in steps)

        def gap(i: int, j: int) -> int:
            return (j - i) % count if cyclic else j - i

        return name if gap(a, m) == gap(m, b) == 1 or gap(m, a) == gap(b, m) == 1 else None
    bands = [_band(t) for t in (before, text, after)]
    if all(x is not None for x in bands):
        lo_side, mine, hi_side = (x for x in bands if x is not None)
        if lo_side[0] > hi_side[0]:
            lo_side, hi_side = hi_side, lo_side
        gaps = (mine[0] - lo_side[1], hi_side[0] - mine[1])
        if gaps[0] == gaps[1] and gaps[0] in (0.0, 1.0):
            return "band"
    return None


_FULL_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)

# Each pair: words on one side, words on the other. A label with a word of one side is inferable
# when another visible label (or the title/caption) has a word of the other side.
# The two sexes as labels name them: a complement pair, and the words that show a chart split by gender.
SEXES = (
    frozenset({"men", "man", "male", "males", "boys"}),
    frozenset({"women", "woman", "female", "females", "girls"}),
)
COMPLEMENTS = (
    SEXES,
    ({"yes"}, {"no"}),
    ({"legal"}, {"illegal"}),
    ({"agree"}, {"disagree"}),
    ({"approve"}, {"disapprove"}),
    ({"favor", "favour", "favorable", "favourable"}, {"oppose", "unfavorable", "unfavourable"}),
    ({"support", "supports"}, {"oppose", "opposes"}),
    ({"satisfied"}, {"dissatisfied"}),
    ({"likely"}, {"unlikely"}),
    ({"true"}, {"false"}),
    ({"positive"}, {"negative"}),
    ({"increase", "increased", "more"}, {"decrease", "decreased", "less", "fewer"}),
    ({"before", "pre"}, {"after", "post"}),
    ({"with"}, {"without"}),
    ({"rural"}, {"urban"}),
    ({"public"}, {"private"}),
    ({"democrat", "democrats", "democratic", "dem"}, {"republican", "republicans", "rep", "gop"}),
    ({"liberal", "liberals"}, {"conservative", "conservatives"}),
    ({"train", "training"}, {"test", "testing", "validation", "val", "valid", "dev"}),
    ({"min", "minimum", "lower"}, {"max", "maximum", "upper"}),
    ({"precision"}, {"recall"}),
    ({"good"}, {"bad"}),
    ({"high"}, {"low"}),
    ({"correct"}, {"incorrect"}),
    ({"success", "successful"}, {"failure", "failed", "unsuccessful"}),
    ({"known"}, {"unknown"}),
    ({"employed"}, {"unemployed"}),
    ({"important"}, {"unimportant"}),
    ({"right"}, {"wrong"}),
    ({"all"}, {"none"}),
    ({"always"}, {"never"}),
    ({"know"}, {"don't", "dont", "not"}),
    ({"individual", "individuals", "solo"}, {"team", "teams", "teammate", "teammates"}),
)


# Sets whose members are fixed by definition, not by a survey's wording: with the others printed,
# a reader names the missing one in the chart's own words (an inductance target, ``missing_option``).
CENSUS_REGIONS = ({"northeast"}, {"midwest"}, {"south"}, {"west"})
CONTINENTS = ({"africa"}, {"asia"}, {"europe"}, {"north america"}, {"south america"}, {"oceania", "australia"})
PARTIES = ({"republican", "republicans", "rep"}, {"democrat", "democrats", "dem"}, {"independent", "independents"})
NAMED_SETS = (CENSUS_REGIONS, CONTINENTS, PARTIES)
# Closed sets of options: with the others visible, the last one is guessable ('No change' beside
# 'Better' and 'Worse').
OPTION_SETS = (
    ({"better", "improved"}, {"worse"}, {"no change", "same", "unchanged", "equal", "tie"}),
    ({"positive"}, {"negative"}, {"neutral", "mixed"}),
    ({"entailment"}, {"contradiction"}, {"neutral"}),
    ({"agree"}, {"disagree"}, {"neutral", "neither"}),
    ({"win", "wins"}, {"loss", "losses", "lose"}, {"tie", "ties", "draw"}),
    ({"increase", "increased"}, {"decrease", "decreased"}, {"no change", "unchanged"}),
    ({"yes"}, {"no"}, {"don't know", "dont know", "not sure", "unsure", "maybe", "no answer"}),
    ({"train", "training"}, {"dev", "validation", "valid"}, {"test"}),
    ({"low"}, {"medium", "mid", "middle"}, {"high"}),
    ({"good", "excellent"}, {"fair", "only fair"}, {"poor"}),
    ({"small"}, {"medium"}, {"large"}),
    ({"easy"}, {"medium", "moderate"}, {"hard", "difficult"}),
    ({"precision"}, {"recall"}, {"f1", "f1 score", "f score", "f measure", "f1 measure"}),
    *NAMED_SETS,
    # the demographic and answer scales of survey charts (web statistics pages)
    ({"white"}, {"black"}, {"hispanic", "latino"}, {"asian"}),
    ({"upper income", "upper"}, {"middle income", "middle"}, {"lower income", "lower"}),
    ({"urban"}, {"suburban"}, {"rural"}),
    ({"conservative", "conservatives"}, {"moderate", "moderates"}, {"liberal", "liberals"}),
    (
        {"postgrad", "postgraduate"},
        {"college grad", "college graduate", "bachelor's degree"},
        {"some college"},
        {"hs or less", "high school or less"},
    ),
    ({"very"}, {"somewhat"}, {"not too"}, {"not at all"}),
    # the three sectors of an economy's output, and the four major North American leagues
    ({"agriculture"}, {"industry"}, {"services", "service"}),
    ({"nfl"}, {"nba"}, {"mlb"}, {"nhl"}),
    ({"a great deal", "a lot"}, {"a fair amount", "some"}, {"not too much", "not much", "a little"}, {"none at all"}),
)


@functools.cache
def _option_words(text: str) -> str:
    """``text`` as lower-case words joined by spaces, two answers OCR glued together ('SomewhatVery')
    counting as two words: each label is read so against every option set, so once."""
    return " ".join(re.findall(r"[a-z0-9']+", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).lower()))


def _option(text: str, option: set[str]) -> bool:
    """``text`` holds one spelling of ``option`` as whole words."""
    t = _option_words(text)
    return any(re.search(rf"(?<![a-z0-9']){re.escape(o)}(?![a-z0-9'])", t) for o in option)


def _set_name(options: tuple[set[str], ...]) -> str:
    """A set named by each member's alphabetically first spelling, in order: 'maybe/no/yes' (the
    same on every run, whatever order Python iterates a set in)."""
    return "/".join(sorted(min(o) for o in options))


def completes_set(text: str, others: list[str]) -> str | None:
    """The closed option set ``text`` completes when its other members are visible, named as 'a/b/c'."""
    return _completed(OPTION_SETS, lambda option: _option(text, option), others)


def _completed(
    sets: tuple[tuple[set[str], ...], ...], is_member: Callable[[set[str]], bool], others: list[str]
) -> str | None:
    """The first of ``sets`` with exactly one member the label is (``is_member``) and every other
    member printed in ``others``, named as 'a/b/c'."""
    for options in sets:
        mine = [o for o in options if is_member(o)]
        if len(mine) == 1 and all(any(_option(x, o) for x in others) for o in options if o is not mine[0]):
            return _set_name(options)
    return None


def missing_option(text: str, others: list[str]) -> str | None:
    """The set fixed by definition (``NAMED_SETS``) whose one missing member ``text`` names, word
    for word, when every other member is printed in ``others`` ('Asia' beside the five other
    continents), named as 'a/b/c'. A reader then writes the printed words exactly, so the member
    must have one name (up to a plural 's'): 'Oceania', also printed as 'Australia', is left out,
    and so is a label that only holds its member among other words ('Independent voters'). Answer
    scales and customary groupings ('Some college', 'Asian') are worded differently from survey to
    survey: guessable (an admittance refusal), but not in the chart's own words."""
    said = " ".join(tokens(text))

    def named_once(option: set[str]) -> bool:  # spellings are never shared between two members
        return {" ".join(tokens(spelling)) for spelling in option} == {said}

    return _completed(NAMED_SETS, named_once, others)


def _same_frame(rest: set[str], other_rest: set[str]) -> bool:
    """What two labels say besides their opposite words is shared, or one says nothing else: 'Train
    loss' and 'Validation loss', 'Men' and 'Women'; not 'Expected validation accuracy' and '1d
    Training duration', whose opposite words sit in two different phrases."""
    rest, other_rest = rest - STOP_WORDS, other_rest - STOP_WORDS
    return not rest or not other_rest or bool(rest & other_rest)


def complement_of(text: str, others: list[str]) -> str | None:
    """The visible text that forms a complementary pair with ``text`` ('Women' for 'Men'), if any."""
    mine = set(re.findall(r"[a-z']+", _spelled(text)))
    for a, b in COMPLEMENTS:
        for side, other in ((a, b), (b, a)):
            if mine & side:
                for o in others:
                    words = set(re.findall(r"[a-z']+", _spelled(o)))
                    if words & other and not words & side and _same_frame(mine - side, words - other):
                        return o
    # "Illegal in most cases" beside "Legal in most cases", "Unidirectional" beside "Bidirectional":
    # the same words with a negating or opposing prefix
    stem = _bare(text)
    for o in others:
        ostem = _bare(o)
        if ostem and stem and ostem != stem and _strip_prefix(ostem) == _strip_prefix(stem):
            return o
    # "Models under no attack" beside "Models under attacks", "no pretraining" beside "3-task
    # pretraining": one side is the other's words negated
    negated = _negated_words(text)
    for o in others:
        other_negated = _negated_words(o)
        if negated and negated <= set(tokens(o)) and not other_negated:
            return o
        if other_negated and other_negated <= set(tokens(text)) and not negated:
            return o
    return None


def two_answers_in_one(text: str) -> str | None:
    """The two labels a line holds when it reads as a pair of opposite answers side by side
    ('Unfavorable Favorable', 'Illegal in all/most cases Legal in all/most cases'), else None.

    Survey charts print the two sides of a scale as column headers close together, and OCR reads
    them as one line; blurred whole, the pair is no label of the chart, and either side alone is
    inferable from the other. Only a split before a capitalised word counts: 'Men and women' is
    one phrase, 'Men Women' two headers. OCR may drop the space between the headers
    ('OpposeFavor'): a capital after a small letter starts a word too."""
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", text).split()
    for k in range(1, len(words)):
        left, right = " ".join(words[:k]), " ".join(words[k:])
        if words[k][:1].isupper() and (complement_of(left, [right]) is not None or _two_options(left, right)):
            return f"{left} | {right}"
    return None


def _two_options(left: str, right: str) -> bool:
    """``left`` and ``right`` are two different answers of one closed scale ('Somewhat' | 'Very')."""
    for options in OPTION_SETS:
        mine = [k for k, o in enumerate(options) if _option(left, o)]
        theirs = [k for k, o in enumerate(options) if _option(right, o)]
        if len(mine) == len(theirs) == 1 and mine != theirs:
            return True
    return False


def swapped_opposite(text: str, other: str) -> bool:
    """``other`` is ``text`` with each differing word turned into its opposite, word for word
    ('Women' / 'Men', 'Dem/Lean Dem' / 'Rep/Lean Rep', 'Illegal in most cases' / 'Legal in most
    cases'): seeing one, a reader writes the other exactly."""
    mine, theirs = _words(text), _words(other)
    if len(mine) != len(theirs) or mine == theirs:
        return False
    return all(a == b or _opposite_words(a, b) for a, b in zip(mine, theirs, strict=True))


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", _spelled(text))


# Word pairs whose one side names the other exactly (COMPLEMENTS also holds looser opposites such
# as train/test, where 'test' could as well be 'validation').
_EXACT_OPPOSITES = frozenset(
    tuple(sorted(p))
    for p in (
        ("men", "women"),
        ("man", "woman"),
        ("male", "female"),
        ("males", "females"),
        ("boys", "girls"),
        ("yes", "no"),
        ("favor", "oppose"),
        ("true", "false"),
        ("before", "after"),
        ("increase", "decrease"),
        ("rep", "dem"),
        ("republican", "democrat"),
        ("republicans", "democrats"),
        ("with", "without"),
    )
)
# Prefixes that negate the word they stand before ('illegal', 'disapprove', 'unfavorable').
_NEGATING = ("un", "il", "im", "in", "ir", "dis", "non", "non-")


def _opposite_words(a: str, b: str) -> bool:
    """One word is the exact opposite of the other: a listed pair, or one is the other negated."""
    if tuple(sorted((a, b))) in _EXACT_OPPOSITES:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and any(long_ == p + short for p in _NEGATING)


def sides_named(text: str, context: str) -> str | None:
    """The pair whose both sides ``context`` names (a title asking 'legal or illegal?') while
    ``text`` holds one of them: the title announces the two answers, so either one is guessable."""
    mine = set(re.findall(r"[a-z']+", _spelled(text)))
    theirs = set(re.findall(r"[a-z']+", _spelled(context)))
    for a, b in COMPLEMENTS:
        if (mine & a or mine & b) and theirs & a and theirs & b:
            return f"{min(theirs & a)}/{min(theirs & b)}"
    return None


_NEGATIONS = frozenset(("no", "without", "non"))


def _negated_words(text: str) -> set[str]:
    """The words a label negates ('attack' in 'Models under no attack', 'data augmentation' in
    'w/o data augmentation'), else an empty set: 'no X' is the guessable opposite of a visible X,
    whatever the two labels say before the negation."""
    words = tokens(_spelled(text))
    at = next((i for i, w in enumerate(words) if w in _NEGATIONS), None)
    if at is None:
        return set()
    return {w for w in words[at + 1 :] if w not in _NEGATIONS and len(w) > 1}


def _spelled(text: str) -> str:
    """Lower case with the usual abbreviations written out ('w/o' -> 'without', 'w/' -> 'with')."""
    t = re.sub(r"\bw/o\b", "without", text.lower())
    return re.sub(r"\bw/", "with ", t)


_PREFIXES = (
    "un",
    "il",
    "in",
    "im",
    "ir",
    "dis",
    "non",
    "not",
    "a",
    "uni",
    "bi",
    "multi",
    "mono",
    "single",
    "intra",
    "inter",
    "pre",
    "post",
    "under",
    "over",
    "out of",
    "out",
    "semi",
    "fully",
    "self",
    "sub",
    "super",
)


def _bare(text: str) -> str:
    """Lower-case words and numbers: digits stay, so '4gram' is no prefixed form of 'gram' ('unigram')."""
    t = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    return {"ood": "out of domain", "id": "in domain"}.get(t, t)


def _strip_prefix(stem: str) -> str:
    """The words without a leading opposing prefix ('unidirectional' -> 'directional', 'in domain' -> 'domain')."""
    for pre in sorted(_PREFIXES, key=len, reverse=True):
        for sep in (" ", ""):
            if stem.startswith(pre + sep) and len(stem) - len(pre) >= 3:
                return stem[len(pre) + len(sep) :].lstrip()
    return stem


# Credits and provenance anywhere in a label ("Source: ...", "PEW RESEARCH CENTER", "© Statista")
_FURNITURE = re.compile(
    r"^(?:(?:data |original )?sources?|notes?|data|chart|graphic|credits?|photo|image)\s*:|©|\bcopyright\b|"
    r"\bresearch center\b|\bsurvey conducted\b|\bstatista\b|\ball rights reserved\b|\bretrieved\b|\baccessed\b|"
    r"\bimage courtesy\b|\bwww\.|https?://|\.(?:com|org|gov|net)\b",
    re.IGNORECASE,
)
# Interface text: the whole label is a button or link of a web page
# Buttons and links of a web page; those of several words are also matched up to an OCR slip
# ('Additional Informatior')
_UI_PHRASES = (
    "show source",
    "additional information",
    "more information",
    "more info",
    "read more",
    "learn more",
    "full screen",
    "view data",
    "view table",
    "view chart",
    "reset zoom",
    "download",
    "share",
    "embed",
    "print",
    "details",
    "zoom",
    "reset",
    "menu",
    "subscribe",
    # a statistics portal's buttons around its chart
    "collapse statistic",
    "expand statistic",
    "premium statistic",
    "show more",
    "show less",
    "release date",
    "bookmark",
    "settings",
    "citation",
)
_UI = re.compile(r"^(?:" + "|".join(map(re.escape, _UI_PHRASES)) + r"|click.*|hover.*)$", re.IGNORECASE)
_DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:\s*[-–]\s*\d{1,2})?,\s*(?:19|20)\d{2}",
    re.IGNORECASE,
)


# The dimensions survey charts break their answers down by: a row or legend entry made only of
# these heads a block of groups ('Age' over '18-29', '30-49'...) that names it.
_DIMENSIONS = frozenset(
    "gender sex age race ethnicity education party partisanship ideology income region religion community "
    "generation employment marital urbanicity".split()
)


# The answers a survey scale ends with whatever the question: a model guesses them unseen.
_RESIDUAL = re.compile(
    r"^(?:don'?t know|dk|no answer|not sure|unsure|refused|no opinion|none of these|"
    r"don'?t know/refused|dk/refused|no answer/refused|neither)$"
)


def residual_answer(text: str, others: list[str]) -> bool:
    """'Don't know', 'No answer', 'Refused' beside the answers of a scale: the catch-all answer a
    survey appends to every scale, so a model guesses it unseen. Only where ``others`` show such a
    scale (two opposite answers, or two options of one closed set): beside 'Sweden' and 'Chile' a
    'Don't know' row is not guessable."""
    if not _RESIDUAL.match(" ".join(re.findall(r"[a-z'/]+", text.lower().replace("\u2019", "'")))):
        return False
    if any(complement_of(o, [x for x in others if x is not o]) for o in others):
        return True
    return any(sum(any(_option(o, opt) for o in others) for opt in options) >= 2 for options in OPTION_SETS)


def names_a_dimension(text: str) -> bool:
    """'Age', 'Race/ethnicity', 'Party ID': a heading over a block of demographic groups."""
    words = [w for w in re.findall(r"[a-z]+", text.lower()) if w not in ("and", "or", "by", "id")]
    return bool(words) and all(w in _DIMENSIONS for w in words)


def _ui_misread(text: str) -> bool:
    """A button or link of several words with an OCR slip in it."""
    t = " ".join(text.lower().split())
    return len(t) >= 8 and any(" " in p and SequenceMatcher(None, t, p).ratio() >= 0.9 for p in _UI_PHRASES)


def furniture_words(text: str) -> bool:
    """Text about the page rather than the data: credits, sources, dates of a survey, UI text (a
    button or link of several words also when OCR slipped on a letter)."""
    t = text.strip()
    return bool(_FURNITURE.search(t) or _UI.match(t.rstrip(".:")) or _DATE.search(t) or _ui_misread(t.rstrip(".:")))


_PANEL_MARK = re.compile(
    r"^\(?[a-hA-H]\)|^\([ivx]{1,4}\)\s*\S|^(?:panel|fig(?:ure)?\.?)\s*\d+[a-z]?[:.]", re.IGNORECASE
)


def panel_mark(text: str) -> bool:
    """'(a) Accuracy', 'b) Loss': a sub-figure's own title."""
    return bool(_PANEL_MARK.match(text.strip()))


_BARE_MARK = re.compile(r"^\(?([a-hA-H])[).]?$")


def bare_mark(text: str) -> str | None:
    """The letter of a panel mark printed alone ('(b)', 'b)', '(B)'), None for any other text."""
    m = _BARE_MARK.match(text.strip())
    return m.group(1) if m else None


_LEADING_MARK = re.compile(r"^\(?[a-hA-H]\)\s*")


def without_leading_mark(text: str) -> str:
    """``text`` without a panel mark at its very start ('(a) Yelp', '(b)GloVe' -> 'Yelp', 'GloVe'):
    a name's parts and template leave the mark out, since every panel's label carries its own."""
    return _LEADING_MARK.sub("", text)


_MARK_AT_ENDS = re.compile(r"^\(?[a-hA-H]\)\s+|\s+\(?[a-hA-H]\)$")


def unmarked(text: str) -> str:
    """The name without a panel mark at its start or end ('(a) Yelp', 'Scaling factor (b)' ->
    'Yelp', 'Scaling factor'): captions and other panels name a panel's label without its mark.
    A bare mark is returned as it is."""
    return _MARK_AT_ENDS.sub("", text.strip()) or text.strip()
