"""Caption-bias captions for a real figure: its own caption with one false claim the figure refutes.

The paper's caption is the true part (it is the authors' statement of what the figure shows).
A figure gets one proposed probe per kind of false claim that applies to it (the probe id ends
in the kind), so a reviewer confirms or rejects each claim on its own and a wrong one costs only
its probe:

- ``swap``: the first caption sentence that compares or ranks a shown entity (a legend entry or
  category named as a whole word beside "best", "outperforms", "higher" ...) has it replaced by
  another entity the figure shows (``comparison_swap``; ``ranking_inversion`` for a superlative);
- ``flip``: the first caption sentence with a trend word has it flipped ("increases" becomes
  "decreases": ``trend``), or a comparative turned round ("higher" -> "lower":
  ``comparison_swap``); the original sentence is the reality. Only a claim the figure can refute
  is turned: no sentence stating a setting or a reading convention ("places higher mass", "lower
  is better"), no verb of a clause that defines a set ("examples that improve"), no comparative
  that is part of a name ("lower bound", "lower-income"); the article before the turned word agrees
  with it ("an increase" -> "a decrease"), and no word is turned where its opposite is no English
  (a comparative used as a verb, "give rise to", the fall of a year: see ``_no_direction``).
  A trend word is turned only on a figure whose reading found an axis it runs along, a comparative
  only in a sentence naming a shown entry, category, panel or the quantity (``_word_flip``): a web
  title's "declines" over bars of groups is no claim the bars answer. (Asking every flipped
  sentence to name a shown entry lost four refutable flips of six on the SciVQA dev half, since OCR
  rarely reads a paper figure's legend whole; these two tests cost two of its seven: a trend over
  an axis OCR did not read and a comparison of legend entries it did not read.)
- ``value``: a printed value restated 20-40 % off (``value_anchor``), the printed value the reality;
- ``order``: two printed values in the wrong order (``comparison_swap``).

Each claim records its reality and a ``fact`` (what was changed and what it rests on), as the
synthetic captions do. Each kind draws from its own seeded generator, so one kind applying or not
never changes another kind's probe.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np

from scifigbench.freetext import lexicons
from scifigbench.freetext.text import sentences
from scifigbench.probes.families.resistance.from_layout import with_unit
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.probe import real_probe
from scifigbench.probes.real.reading import Facts

PRINCIPLE = "sycophantic deference to a confident caption; anchoring on quoted values"
_SUPERLATIVE = re.compile(lexicons.whole_words(lexicons.SUPERLATIVES), re.IGNORECASE)
_COMPARATIVE = re.compile(lexicons.whole_words(lexicons.COMPARATIVE_FLIPS), re.IGNORECASE)


def _whole(name: str, text: str) -> re.Match[str] | None:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", text)


def _entity_swap(sentence: str, entities: tuple[str, ...], rng: np.random.Generator) -> dict[str, Any] | None:
    named = [e for e in entities if len(e) >= 2 and _whole(e, sentence)]
    superlative = _SUPERLATIVE.search(sentence)
    comparative = _COMPARATIVE.search(sentence)
    if not named or not (superlative or comparative):
        return None
    others = [e for e in entities if e not in named and not _whole(e, sentence) and len(e) >= 2]
    if len(named) >= 2:  # two shown entities compared: trade their places
        a, b = named[0], named[1]
        m_a, m_b = _whole(a, sentence), _whole(b, sentence)
        assert m_a is not None and m_b is not None
        first, second = sorted([(m_a, b), (m_b, a)], key=lambda t: t[0].start())
        claim = (
            sentence[: first[0].start()]
            + first[1]
            + sentence[first[0].end() : second[0].start()]
            + second[1]
            + sentence[second[0].end() :]
        )
        fact = {"kind": "caption_entity_swap", "swapped": [a, b]}
        kind = "comparison_swap"
    elif others:
        a, b = named[0], others[int(rng.integers(len(others)))]
        m = _whole(a, sentence)
        assert m is not None
        claim = sentence[: m.start()] + b + sentence[m.end() :]
        fact = {"kind": "caption_entity_swap", "replaced": a, "by": b}
        kind = "ranking_inversion" if superlative else "comparison_swap"
    else:
        return None
    return {
        "type": kind,
        "claim": claim,
        "reality": sentence,
        "fact": {**fact, "source": "caption sentence", "shown": list(entities)},
    }


# Words after a comparative that make it a name, not a comparison ("lower bound", "upper panel").
_FIXED_AFTER = re.compile(
    r"\s+(?:bounds?|limits?|case|panels?|rows?|left|right|part|half|plots?|subplots?|figures?|graphs?|order"
    r"|education|triangular|levels?|dimensional)\b",
    re.IGNORECASE,
)
# Sentences that state a setting or a reading convention: the figure cannot refute them.
_SETTING = re.compile(
    r"\b(?:we use|is used|are used|set to|denotes?|defined|definition|means that|refers? to|places?|assign"
    r"|(?:is|are) (?:better|worse)|(?:higher|lower|larger|smaller) (?:values? )?(?:is|are|indicates?|means?) )",
    re.IGNORECASE,
)


# Places where a direction word is no direction, or where its opposite would not be English:
# a comparative used as a verb ("to better understand", "will lower costs"), the first half of a
# compound naming a group ("lower-income adults"), idioms ("gives rise to", "falls short") and
# the season ("in the fall of 2020", "during the fall").
_VERB_BEFORE = re.compile(
    r"\b(?:to|will|would|can|could|may|might|should|must|does|do|did)\s+(?:\w+ly\s+)?$", re.IGNORECASE
)
_VERBS = ("better", "lower")  # the comparatives that are verbs too ('to larger' is a preposition's)
_IDIOM_BEFORE = re.compile(r"\bgi(?:ve[sn]?|ving|ave)\s+$", re.IGNORECASE)  # "give rise to"
_SEASON_BEFORE = re.compile(
    r"\b(?:this|last|next|early|late|(?:in|during|since|by|until|through) the)\s+$", re.IGNORECASE
)


def _no_direction(word: str, before: str, after: str, comparative: bool) -> bool:
    """Whether ``word`` between ``before`` and ``after`` states no direction the flip could turn
    into a grammatical opposite."""
    w = word.lower()
    if comparative and (after.startswith("-") or (w in _VERBS and _VERB_BEFORE.search(before))):
        return True
    if w == "rise" and _IDIOM_BEFORE.search(before):
        return True
    if w in ("fall", "falls") and re.match(r"\s+short\b", after, re.IGNORECASE):
        return True
    if w == "fall" and (re.match(r"\s+(?:of\s+)?\d{4}\b", after) or _SEASON_BEFORE.search(before)):
        return True
    return False


def _article(before: str, word: str) -> str:
    """``before`` with a closing "a"/"an" agreeing with ``word`` ("an increase" -> "a decrease")."""
    m = re.search(r"\b([Aa])(n?)(\s+)$", before)
    if m is None:
        return before
    an = "n" if word[0].lower() in "aeiou" else ""
    return before[: m.start()] + m.group(1) + an + m.group(3)


def _ordered_axis(facts: Facts) -> bool:
    """Whether the reading found an axis a trend runs along: numeric x ticks, word ticks along x,
    or an x title over a figure with no word ticks across it (on horizontal bars x holds values)."""
    return bool(facts.x_ticks) or facts.category_axis == "x" or (facts.x_title is not None and not facts.categories)


def _names_shown(sentence: str, facts: Facts) -> bool:
    """Whether ``sentence`` names (as a whole word, singular or plural) a legend entry, category or
    panel the reading found, or the quantity the values measure: then the figure shows what the
    comparison is about."""
    quantity = () if facts.quantity == "value" else (facts.quantity,)
    for name in (*facts.legend, *facts.categories, *facts.panels, *quantity):
        if len(name) >= 2 and re.search(
            rf"(?<![A-Za-z0-9]){re.escape(name)}(?:e?s)?(?![A-Za-z0-9])", sentence, re.IGNORECASE
        ):
            return True
    return False


def _word_flip(sentence: str, facts: Facts) -> dict[str, Any] | None:
    """The first direction word the figure's reading could refute, turned: a trend word only on a
    figure with an axis it runs along (a title's 'declines' over bars of groups is no claim the bars
    answer), a comparative only in a sentence naming something the figure shows."""
    refutable = {"trend": _ordered_axis(facts), "comparison_swap": _names_shown(sentence, facts)}
    for table, kind in ((lexicons.TREND_FLIPS, "trend"), (lexicons.COMPARATIVE_FLIPS, "comparison_swap")):
        if not refutable[kind]:
            continue
        for m in re.finditer(r"[A-Za-z]+", sentence):
            w = m.group(0)
            if _no_direction(w, sentence[: m.start()], sentence[m.end() :], table is lexicons.COMPARATIVE_FLIPS):
                continue
            if re.match(r"\s*[:)]", sentence[m.end() :]) or _FIXED_AFTER.match(sentence[m.end() :]):
                continue  # "Lower: time per epoch" names a panel, "lower bound" a quantity: no direction
            if re.search(r"\b(?:of|with|for|by|under|at|in)\s+$", sentence[: m.start()], re.IGNORECASE):
                continue  # "effect of increased batch size" names the variable varied
            if re.search(r"\b(?:that|which|who)\s+$", sentence[: m.start()], re.IGNORECASE):
                continue  # "examples that improve the model" defines a set: the figure cannot refute it
            if w.lower() in table:
                new = table[w.lower()]
                new = new.capitalize() if w[0].isupper() else new
                return {
                    "type": kind,
                    "claim": _article(sentence[: m.start()], new) + new + sentence[m.end() :],
                    "reality": sentence,
                    "fact": {"kind": "caption_word_flip", "word": w, "flipped": new, "source": "caption sentence"},
                }
    return None


def _printed(facts: Facts, rng: np.random.Generator) -> list[Any]:
    """The positive printed values at named categories in a seeded order; fewer than two are too few
    to trust as value labels (a lone number may be anything the reader took for one)."""
    pts = [p for p in facts.printed if p.value > 0]
    return [pts[int(k)] for k in rng.permutation(len(pts))] if len(pts) >= 2 else []


def _value_claim(facts: Facts, rng: np.random.Generator, anchor: tuple[float, float]) -> dict[str, Any] | None:
    """A printed value restated ``anchor`` (a share) off, rounded as printed; none if rounding undoes it."""
    pts = _printed(facts, rng)
    if not pts:
        return None
    p = pts[0]
    u = float(rng.uniform(*anchor))
    claimed = round(p.value * (1 + (u if rng.random() < 0.5 else -u)), p.decimals)
    if abs(claimed - p.value) < 2 * 10.0**-p.decimals:
        return None
    return {
        "type": "value_anchor",
        "claim": f"{p.category} reaches about {with_unit(claimed, p.decimals, facts.unit)}.",
        "reality": f"{p.category} is printed as {p.text}.",
        "fact": {
            "kind": "value",
            "category": p.category,
            "claimed": claimed,
            "actual": p.value,
            "printed": p.text,
            "tolerance": 0.5 * 10.0**-p.decimals,
        },
    }


def _order_claim(facts: Facts, rng: np.random.Generator) -> dict[str, Any] | None:
    """Two printed values stated in the wrong order: the first pair (seeded order) that differs by
    more than the printed precision."""
    pts = _printed(facts, rng)
    for a in pts:
        for b in pts:
            if a.value - b.value >= 10.0 ** -min(a.decimals, b.decimals):
                return {
                    "type": "comparison_swap",
                    "claim": f"{b.category} has a higher {facts.quantity} than {a.category}.",
                    "reality": f"{a.category} is higher ({a.text}) than {b.category} ({b.text}).",
                    "fact": {
                        "kind": "order",
                        "claimed_higher": b.category,
                        "claimed_lower": a.category,
                        "actual_higher_value": a.value,
                        "actual_lower_value": b.value,
                    },
                }
    return None


def _stopped(sentence: str) -> str:
    """A sentence a claim follows, ended with a full stop if it has none (a web chart's title has
    none: "Views of the U.S. abroad Nigeria reaches about 6." would run the two together)."""
    return sentence if re.search(r"[.!?:;]\W*$", sentence) else sentence + "."


Claim = dict[str, Any]
# a sentence edit: (sentence, the figure's facts, generator) -> the claim, or None
SENTENCE_EDITS: dict[str, Callable[[str, Facts, np.random.Generator], Claim | None]] = {
    "swap": lambda sentence, facts, rng: _entity_swap(
        sentence, tuple(dict.fromkeys((*facts.legend, *facts.categories))), rng
    ),
    "flip": lambda sentence, facts, _rng: None if _SETTING.search(sentence) else _word_flip(sentence, facts),
}
# an inserted claim: (facts, generator, anchor) -> the claim, or None
INSERTED: dict[str, Callable[[Facts, np.random.Generator, tuple[float, float]], Claim | None]] = {
    "value": _value_claim,
    "order": lambda facts, rng, _anchor: _order_claim(facts, rng),
}
KINDS = (*SENTENCE_EDITS, *INSERTED)  # the last part of each probe's id


def _edited(
    kind: str, parts: list[str], facts: Facts, rng: np.random.Generator, anchor: tuple[float, float]
) -> tuple[list[str], Claim] | None:
    """The caption's sentences with the one false claim of ``kind``, and the claim; none if it does not apply.

    A sentence edit replaces the first sentence it applies to; a value claim goes in at a seeded place.
    """
    if kind in SENTENCE_EDITS:
        for i, s in enumerate(parts):
            claim = SENTENCE_EDITS[kind](s, facts, rng)
            if claim is not None:
                return [*parts[:i], claim["claim"], *parts[i + 1 :]], claim
        return None
    got = INSERTED[kind](facts, rng, anchor)
    if got is None:
        return None
    at = int(rng.integers(1, len(parts) + 1))
    return [*parts[: at - 1], _stopped(parts[at - 1]), got["claim"], *parts[at:]], got


def caption_probes(
    facts: Facts, rng_of: Callable[[str], np.random.Generator], anchor: tuple[float, float]
) -> list[Probe] | str:
    """One caption per kind of false claim that applies (``rng_of(kind)`` seeds each), or why none does."""
    if not facts.caption or not facts.caption.strip():
        return "no caption to bias"
    parts = [s for _, _, s in sentences(facts.caption.strip(), semicolons=False, capital_opens=True)]
    made = [(kind, _edited(kind, parts, facts, rng_of(kind), anchor)) for kind in KINDS]
    out = [_probe(facts, kind, got[1], got[0]) for kind, got in made if got is not None]
    return out or (
        "the caption has no comparison, ranking or trend word to turn and the figure prints no values "
        "at named categories"
    )


def _probe(facts: Facts, kind: str, claim: dict[str, Any], edited: list[str]) -> Probe:
    correct = [s for s in edited if s != claim["claim"]]
    expected = {
        "claims": [claim],
        "original_caption": facts.caption,
        "correct_elements": correct,
        "correct_share": round(len(correct) / (len(correct) + 1), 3),
        "principle": PRINCIPLE,
    }
    return real_probe(facts.figure_id, "caption_bias", "caption_bias", " ".join(edited), expected, suffix=kind)
