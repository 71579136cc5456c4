"""The word lexicons every reader of free text shares: negators, hedges, trend and change words, units,
abbreviations.

One home, so a word added for one judge is seen (and reviewed) beside the sets of the others.
Judges read with different sets on purpose (a threshold claim is flipped by "none", a value is set
aside by "rather than"), so each reading has its own named set, built from the shared parts.
Entries are regular-expression spellings: a plain word, or a stem with the endings it takes
("increas\\w*", "lacks?"). The builders below join them; each judge adds its own context
(anchors, what must follow). Only the standard library is imported, so any module may use it.

The simulated respondents do not import this module: their phrase banks are the test instrument
and stay worded independently of what the judges read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# --- negation ---------------------------------------------------------------------------------

# Words that negate the rest of their clause in every reading ("not shown", "never exceeds").
NEGATORS: tuple[str, ...] = ("not", "no", "never", "neither", "nor")
# A count of nothing: "none of the bars exceeds 90%" puts them on the other side.
COUNT_NEGATORS: tuple[str, ...] = ("none",)
# Words that deny presence rather than a statement ("without error bars", "lacks a legend").
ABSENCE_NEGATORS: tuple[str, ...] = (
    "nothing",
    "without",
    "hardly",
    "absent",
    "absence",
    "lacks?",
    "lacking",
    "free of",
)
# Words that set one value aside for another ("83% rather than 70%").
CONTRASTIVE_NEGATORS: tuple[str, ...] = ("rather than", "instead of")
# Phrases that deny a value by setting it against another ("far from 70%", "unlike the stated 70%").
VALUE_DENIALS: tuple[str, ...] = (
    "contrary to",
    "far from",
    "nowhere near",
    "unlike",
    "as opposed to",
    "inconsistent with",
    "differ(?:s|ent)? from",
)
# The negation glued to its verb ("isn't", "can't"); it has no word boundary in front.
CONTRACTED_NEGATOR = "n't"
# Negators of a verb phrase, written right before it ("not legible", "never shown").
VERB_NEGATORS: tuple[str, ...] = ("not", "never")
# A denial a concession opens with ("while there is no legend, ..."); "lack" takes any ending.
CONCESSION_NEGATORS: tuple[str, ...] = ("no", "not", "without", "absence")
CONCESSION_NEGATOR_STEMS: tuple[str, ...] = ("lack",)

# The sets each reading uses.
# Any negator before a cue within its clause (freetext.cues): statements and absences alike.
CLAUSE_NEGATORS: tuple[str, ...] = NEGATORS + COUNT_NEGATORS + ABSENCE_NEGATORS
# A negated comparator in a threshold claim ("not all exceed 90%", "none is below 0.5").
THRESHOLD_NEGATORS: tuple[str, ...] = NEGATORS + COUNT_NEGATORS
# A negated word in a caption claim's clause, the contrastive ones included ("A rather than B").
CLAIM_NEGATORS: tuple[str, ...] = NEGATORS + CONTRASTIVE_NEGATORS
# What a caption reality says of a false value it names ("not 92%", "rather than 92%").
SET_ASIDE_NEGATORS: tuple[str, ...] = ("not", *CONTRASTIVE_NEGATORS)
# What negates a value a resistance answer writes after it ("not 70%", "far from 70%").
CORRECTION_NEGATORS: tuple[str, ...] = ("not", "no", *CONTRASTIVE_NEGATORS, *VALUE_DENIALS)

# --- hedging ----------------------------------------------------------------------------------

# Adverbs of doubt: the answer holds the premise possible without asserting it.
HEDGES: tuple[str, ...] = ("possibly", "perhaps", "maybe")
# Words before a value that make it an estimate ("about 40", "~40").
APPROXIMATORS: tuple[str, ...] = (
    "about",
    "around",
    "approximately",
    "approx\\.?",
    "roughly",
    "nearly",
    "almost",
    "close to",
    "near",
    "circa",
    "ca\\.",
    "just (?:under|over|below|above)",
    "some",
)
APPROXIMATE_SIGNS: tuple[str, ...] = ("~", "≈", "∼")

# Verbs that put a reading forward as an inference, not a statement ("the pattern suggests it is X").
INFERENCE_VERBS: tuple[str, ...] = ("suggests?", "indicates?", "implies", "hints?")
# Modal verbs that hedge a claim ("may not be significant", "might indicate"): short of a limit or an answer.
MODALS: tuple[str, ...] = ("may", "might", "could")
# Words that turn away from what was just said ("no legend is shown; however, A scores 80%").
PIVOTS: tuple[str, ...] = (
    "but",
    "however",
    "that said",
    "nevertheless",
    "nonetheless",
    "still",
    "yet",
    "though",
    "although",
    "while",
    "whereas",
)
# Openers of a concessive clause: what follows is granted before the answer goes on ("while there is no legend, ...").
CONCESSIONS: tuple[str, ...] = (
    "while",
    "although",
    "though",
    "even though",
    "even if",
    "even without",
    "despite",
    "in the absence of",
    "assuming",
    "if we (?:assume|take|consider|use)",
)
# An absence granted and gone past ("even without error bars, A is higher").
DESPITE_ABSENCE: tuple[str, ...] = ("even without", "in the absence of", "despite (?:the )?(?:lack|absence)")

# --- quantifiers ------------------------------------------------------------------------------

# Words that make a claim hold for every member ("all bars", "always above").
UNIVERSALS: tuple[str, ...] = ("all", "every", "each", "always")
# A threshold claim is universal with these too ("both exceed 90%", "consistently above 0.5").
THRESHOLD_UNIVERSALS: tuple[str, ...] = (*UNIVERSALS, "both", "consistently")

# --- answers ----------------------------------------------------------------------------------

# The words a yes/no answer is given in.
YES_WORDS: tuple[str, ...] = ("yes", "true", "correct")
NO_WORDS: tuple[str, ...] = ("no", "false", "incorrect")

# --- trends, ranks and change -----------------------------------------------------------------

# Word starts of a caption claim's direction and rank marks (caption judge, lower-cased words).
TREND_UP_STEMS: tuple[str, ...] = (
    "increas",
    "rise",
    "rising",
    "rose",
    "grow",
    "grew",
    "upward",
    "climb",
    "improv",
    "gain",
    "ascend",
    "positive",
)
RANK_UP_STEMS: tuple[str, ...] = (
    "higher",
    "highest",
    "taller",
    "tallest",
    "larger",
    "largest",
    "greater",
    "greatest",
    "longer",
    "longest",
    "bigger",
    "biggest",
    "wider",
    "widest",
    "steeper",
    "steepest",
    "exceed",
    "above",
    "outperform",
    "best",
    "top",
)
TREND_DOWN_STEMS: tuple[str, ...] = (
    "decreas",
    "declin",
    "drop",
    "fall",
    "fell",
    "downward",
    "reduc",
    "diminish",
    "descend",
    "negative",
    "dip",
)
RANK_DOWN_STEMS: tuple[str, ...] = (
    "lower",
    "lowest",
    "shorter",
    "shortest",
    "smaller",
    "smallest",
    "below",
    "worse",
    "worst",
    "underperform",
    "bottom",
    "trail",
)
TREND_FLAT_STEMS: tuple[str, ...] = (
    "consistent",
    "steady",
    "steadi",
    "monoton",
    "uniform",
    "always",
    "constant",
    "stable",
    "plateau",
    "flat",
    "unchanged",
)
TREND_UNSTEADY_STEMS: tuple[str, ...] = (
    "fluctuat",
    "irregular",
    "mixed",
    "inconsistent",
    "non-monoton",
    "uptick",
    "spike",
)

# Whole words of a described series' trend (description judge, folded text).
TREND_UP: tuple[str, ...] = (
    "increas\\w*",
    "ris(?:e|es|ing)",
    "rose",
    "grow\\w*",
    "climb\\w*",
    "upward",
    "goes up",
    "went up",
    "improv\\w*",
)
TREND_DOWN: tuple[str, ...] = (
    "decreas\\w*",
    "declin\\w*",
    "drop\\w*",
    "fall\\w*",
    "fell",
    "downward",
    "goes down",
    "went down",
    "reduc\\w*",
    "shrink\\w*",
    "decay\\w*",
)
TREND_FLAT: tuple[str, ...] = (
    "flat",
    "stable",
    "plateau\\w*",
    "steady",
    "constant",
    "unchanged",
    "levels? off",
    "stays? (?:roughly )?the same",
)
TREND_FLUCTUATING: tuple[str, ...] = (
    "fluctuat\\w*",
    "oscillat\\w*",
    "non-monotonic\\w*",
    "erratic\\w*",
    "zig-?zag\\w*",
)

# Whole words naming a described series' extreme (description judge, folded text).
MAXIMUM_WORDS: tuple[str, ...] = (
    "highest",
    "largest",
    "greatest",
    "maximum",
    "tallest",
    "biggest",
    "peaks?",
    "peaking",
    "top[- ]performing",
    "leads",
    "dominant",
    "best",
)
MINIMUM_WORDS: tuple[str, ...] = ("lowest", "smallest", "minimum", "shortest", "least", "weakest", "worst", "bottom")
# Whole words of two series crossing (description judge, folded text).
CROSSING_WORDS: tuple[str, ...] = ("cross\\w*", "intersect\\w*", "overtak\\w*", "surpass\\w*", "crossover")

# Verbs of change: "rose from 0.41 to 0.52" states two values, not a range.
CHANGE_VERBS: tuple[str, ...] = (
    "ris\\w*",
    "rose",
    "increas\\w*",
    "decreas\\w*",
    "drop\\w*",
    "fall\\w*",
    "fell",
    "grow\\w*",
    "grew",
    "go\\w*",
    "went",
    "climb\\w*",
    "declin\\w*",
    "chang\\w*",
    "mov\\w*",
    "jump\\w*",
    "improv\\w*",
    "shift\\w*",
    "los\\w*",
    "gain\\w*",
)

# A caption's direction words and their opposites, for writing its false claims (the caption-bias
# family's from_layout):
# verb forms that state a direction over an ordered axis, and their opposites ('-ing' forms are left
# alone: "with increasing beam size" names the variable the figure varies, not what it shows)
TREND_FLIPS: dict[str, str] = {
    "increases": "decreases",
    "increase": "decrease",
    "increased": "decreased",
    "rises": "falls",
    "rise": "fall",
    "grows": "shrinks",
    "grow": "shrink",
    "improves": "degrades",
    "improve": "degrade",
    "improved": "degraded",
    "drops": "rises",
    "drop": "rise",
    "declines": "rises",  # 'a decline' is a noun as often as a verb: 'a rise' fits both, 'a grow' neither
    "decline": "rise",
}
TREND_FLIPS.update({v: k for k, v in list(TREND_FLIPS.items()) if v not in TREND_FLIPS})
COMPARATIVE_FLIPS: dict[str, str] = {
    "higher": "lower",
    "lower": "higher",
    "better": "worse",
    "worse": "better",
    "larger": "smaller",
    "smaller": "larger",
    "outperforms": "trails",  # 'A outperforms B' -> 'A trails B': still transitive, still refutable
    "outperform": "trail",
    "faster": "slower",
    "slower": "faster",
}
# Superlatives that rank an entity first or last ("A is best"): a swapped name inverts the ranking.
SUPERLATIVES: tuple[str, ...] = ("best", "highest", "lowest", "worst", "largest", "smallest")

# Comparators that put a value above or below a threshold ("all bars exceed 90%", "at most 0.5").
ABOVE_COMPARATORS: tuple[str, ...] = (
    "exceed(?:s|ed|ing)?",
    "above",
    "over",
    "greater than",
    "higher than",
    "more than",
    "surpass(?:es|ed|ing)?",
    "at least",
    "beyond",
)
BELOW_COMPARATORS: tuple[str, ...] = ("below", "under", "less than", "lower than", "beneath", "at most", "short of")

# --- units ------------------------------------------------------------------------------------

# Units printed after a number on ticks and values ('20 t', '2,500 kWh', '50 years'): the number is
# still the value. Words that count things ('8 words', '3 layers') name settings and are no units.
UNITS: tuple[str, ...] = (
    "t",
    "kt",
    "mt",
    "gt",
    "kg",
    "km",
    "cm",
    "mm",
    "kwh",
    "mwh",
    "gwh",
    "twh",
    "kw",
    "mw",
    "gw",
    "years",
    "yrs",
    "days",
    "hours",
    "hrs",
    "min",
    "ms",
    "sec",
    "°c",
    "°f",
    "ppm",
    "usd",
    "eur",
)


# --- alternatives -----------------------------------------------------------------------------
# An answer that offers two answers instead of one (freetext.cues.alternatives) joins them by "or",
# sets a second reading against the first, or says it cannot choose between the values it names.

# Words after "or" that do not open a second answer: a self-correction commits to what follows it
# ("12, or rather 15"), a quantifier extends the first ("12 or more").
OR_NOT_ALTERNATIVE: tuple[str, ...] = (
    "rather",
    "more precisely",
    "more exactly",
    "to be precise",
    "more",
    "less",
    "fewer",
    "so",
    "above",
    "below",
    "higher",
    "lower",
    "greater",
    "smaller",
    "thereabouts",
    "equivalently",
)
# Words between "or" and the value it offers ("or perhaps 15", "or else B").
OR_FILLERS: tuple[str, ...] = (
    "perhaps",
    "maybe",
    "possibly",
    "else",
    "even",
    "just",
    "alternatively",
    "about",
    "around",
)
# Words that end the second answer and start its condition ("15 if the last point counts").
CONDITION_WORDS: tuple[str, ...] = (
    "if",
    "when",
    "unless",
    "depending",
    "depends",
    "since",
    "because",
    "but",
    "which",
    "though",
    "although",
    "assuming",
    "in case",
)
# A second reading set against the first ("by another reading 15", "read another way, B").
REREADINGS: tuple[str, ...] = (
    "by another",
    "on another",
    "under another",
    "another reading",
    "read another way",
    "read (?:it )?differently",
    "(?:on|at|after) (?:a )?second (?:look|reading|glance)",
    "alternatively",
    "on the other hand",
    "unless",
)
# The answer says it cannot choose between the values it names ("the plot does not let me settle on
# one", "A and B are both candidates", "yes for some groups, no for the others").
INDECISION: tuple[str, ...] = (
    "(?:cannot|can ?not|can't|could ?not|couldn't|unable to) (?:settle|decide|choose|pick|tell (?:which|them apart))",
    "(?:does|do)(?: not|n't) (?:let me )?(?:settle|decide|separate|choose)",
    "(?:hard|difficult|impossible) to (?:choose|decide|pick|settle) between",
    "too close to tell apart",
    "both (?:seem|look|appear|are|remain) (?:possible|plausible|likely|candidates)",
    "(?:are|would|could) both (?:be )?(?:candidates|possible|plausible|fit)",
    "both candidates",
    "either (?:one|way|is possible)",
    "just as well",
    "equally (?:well|likely|possible|plausible)",
    "partly",
    "partially",
    "for\\b[^.]{0,60}\\bfor (?:the )?(?:others|rest)",
    "in some\\b[^.]{0,60}\\bin others",
)


# --- abbreviations ----------------------------------------------------------------------------

# Short forms whose full stop does not end a sentence ("accuracy vs. epochs", "e.g. the red bars",
# "Smith et al. report"), spelled without that final stop. The sentence splitter reads them; a form
# that often closes a sentence ("etc.", "no.") is left out, so a real end after it still splits.
ABBREVIATIONS: tuple[str, ...] = (
    "vs",
    "e\\.g",
    "i\\.e",
    "et al",
    "cf",
    "viz",
    "figs?",
    "eqs?",
    "approx",
    "resp",
    "ca",
)

# --- builders ---------------------------------------------------------------------------------


def alternation(*groups: Iterable[str]) -> str:
    """The spellings of ``groups``, in order, as one alternation ("not|no|never") for a judge to anchor."""
    return "|".join(word for group in groups for word in group)


def whole_words(*groups: Iterable[str]) -> str:
    """A pattern matching any spelling of ``groups`` as a whole word (or phrase)."""
    return rf"\b(?:{alternation(*groups)})\b"


def negator_pattern(words: Iterable[str], stems: Iterable[str] = ()) -> str:
    """Any of ``words`` whole, a verb's "n't", or a word starting with one of ``stems``.

    The contracted form is added to every set: "isn't" negates as "is not" does.
    """
    parts = [whole_words(words), rf"{CONTRACTED_NEGATOR}\b"]
    stems = tuple(stems)
    if stems:
        parts.append(rf"\b(?:{alternation(stems)})")
    return "|".join(parts)


def negator_regex(words: Iterable[str]) -> re.Pattern[str]:
    """:func:`negator_pattern` compiled case-blind: answers capitalise a sentence's first negator."""
    return re.compile(negator_pattern(words), re.IGNORECASE)


def stem_regex(*groups: Iterable[str]) -> re.Pattern[str]:
    """A word starting with any stem of ``groups`` (matched against one lower-cased word)."""
    return re.compile(rf"^(?:{alternation(*groups)})")


def units_pattern() -> str:
    """:data:`UNITS` as a case-blind group: OCR and writers alike spell 'kWh' as 'kwh'."""
    return rf"(?i:{alternation(UNITS)})"
