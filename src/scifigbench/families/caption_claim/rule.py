"""Caption-claim verdicts: does a description follow the image, the false caption claim, neither, or can't we tell?

Each false claim comes with its true counterpart (the reality). The judge finds what separates the
two statements and looks for it in the description next to the entities it concerns.

Entities first, in all three texts: a quoted name is one word, matched whole ("Product pages" never
matches "page"); an axis position ("epoch = 6", "category 0.82", and in the description "epoch 6",
"at 6", "for 6") is one entity word, never a value; a panel context ("in the panel titled 'X'") is
dropped from claim and reality.

Then the evidence, in this order; the first kind that finds anything decides:
1. values: the numbers only the claim states (only those the reality negates, "not 92%", when it
   negates any) and those only the reality affirms, read in the description where they are said of
   the claim's entity (its clause names the entity or nothing else; its sentence holds the claim's
   positions; a sentence naming another proper name and none of the claim's is about that other
   entity). Percentages match within one point, less when both are printed more precisely.
2. the first value after each mention of a claimed quoted name ("'Relevant FCs,' extends to 6").
3. swapped entities: a name only one statement holds, beside a direction/rank mark both share.
4. a reversed comparison ("A exceeds B" against "B exceeds A") checked against the values the
   description gives A and B.
5. relations: direction/rank marks tied to an entity word both statements relate to a mark, with
   the entity's side for comparatives ("B higher than A" differs from "A higher than B").
A claim that states no value is wrong about an entity or a direction: then the reality's numbers
only support its correction and kinds 1-2 are skipped.

Verdicts: the reality (or a value only it states) -> "image"; the claim's differing content ->
"caption"; both -> "undecided". With no evidence: direction words in the sentences about the
claim's subject but tied to no entity, or values/marks about the claim's entities that no rule could
tie to a side -> "undecided"; a description silent on them -> "none". "undecided" is counted apart
by the metrics and, with ``judge.kind: hybrid``, settled by the LLM judge.
"""

from __future__ import annotations

import re
from functools import lru_cache

from scifigbench.families.caption_claim.aliases import with_colour_aliases
from scifigbench.families.caption_claim.decision import KINDS, ClaimEvidence, Decision, Votes, decide
from scifigbench.families.caption_claim.lists import positional_value
from scifigbench.families.caption_claim.stated import positions, span, stated_value_votes
from scifigbench.families.caption_claim.threshold import threshold_votes
from scifigbench.freetext import lexicons
from scifigbench.freetext.labels import label_key
from scifigbench.freetext.numbers import Reading, close, extract_numbers
from scifigbench.freetext.text import mask, normalise_text, quoted_pattern, sentence_ends, sentences

_PCT_TOL = 1.0  # percentage points; false claims are 20-40 % off, so this never confuses the sides
_REL_TOL = 0.02
_STOP = frozenset(
    "the a an of in on for to and or is are was were be been by with at from as this that it its which while than "
    "then there these those their has have had all each both across between over under into about approximately "
    "around roughly nearly near close closer only also but actual actually value values bar bars line lines chart "
    "figure data shows show shown category dataset reaches reach trend".split()
)
_NEGATION = lexicons.negator_regex(lexicons.CLAIM_NEGATORS)
_CLASSES: tuple[tuple[re.Pattern[str], str], ...] = (
    (lexicons.stem_regex(lexicons.TREND_UP_STEMS, lexicons.RANK_UP_STEMS), "UP"),
    (lexicons.stem_regex(lexicons.TREND_DOWN_STEMS, lexicons.RANK_DOWN_STEMS), "DOWN"),
    (lexicons.stem_regex(lexicons.TREND_FLAT_STEMS), "STEADY"),
    (lexicons.stem_regex(lexicons.TREND_UNSTEADY_STEMS), "UNSTEADY"),
)
CLASS_NAMES = frozenset(name for _, name in _CLASSES)


_ORDINAL_WORDS = {
    w: i for i, w in enumerate("first second third fourth fifth sixth seventh eighth ninth tenth".split(), start=1)
}
_ORDINAL_DIGITS = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)
_ONE_LETTER_NAME = re.compile(r"\b([A-Z][A-Za-z]+) ([A-Z0-9])\b(?![\w%]|\.\d)")
_PARENTHESES = re.compile(r"\([^()]*\)")
_CLAUSE = re.compile(r"[,;:()]|[.!?](?=\s|$)|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """A word's comparable form; cached, since the rule and its per-sentence explanation stem the same words again."""
    word = word.lower()
    if word in _ORDINAL_WORDS:
        return f"ORD{_ORDINAL_WORDS[word]}"
    if re.fullmatch(r"ord\d{1,2}", word):
        return word.upper()
    for pattern, name in _CLASSES:
        if pattern.match(word):
            return name
    for suffix in ("ingly", "edly", "ing", "ed", "ly", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _is_mark(stem: str) -> bool:
    return stem in CLASS_NAMES or stem.startswith("ORD")


@lru_cache(maxsize=8192)
def _clauses(text: str) -> tuple[tuple[tuple[str, bool], ...], ...]:
    """(stem, negated) content words per clause; negation reaches to the end of its clause.

    Cached (hence tuples): one judgement reads the claim and the reality many times over, and the
    caption-claim explanation judges every sentence of a description again.

    "4th" and "fourth" become ORD4; "Method B" becomes one word; a hyphenated word whose parts carry a direction or rank
    ("second-highest") is split into them, and a later rank joined with its direction (:func:`_ranked`).
    """
    text = _ORDINAL_DIGITS.sub(lambda m: f" ord{m.group(1)} ", text)
    text = _ONE_LETTER_NAME.sub(r"\1_\2", text)  # "Method B" stays one word; "B" alone would be dropped
    out = []
    for clause in _CLAUSE.split(text):
        words: list[tuple[str, bool]] = []
        negated = False
        for token in re.findall(r"[A-Za-z][\w'-]*|\d+(?:\.\d+)?", clause):
            if _NEGATION.fullmatch(token) or token.lower().endswith("n't"):
                negated = True
                continue
            parts = [token]
            if "-" in token and not _is_mark(_stem(token)) and any(_is_mark(_stem(p)) for p in token.split("-") if p):
                parts = [p for p in token.split("-") if p]
            for part in parts:
                part = part.strip("'")
                if part.lower() not in _STOP and len(part) > 1:
                    words.append((_stem(part), negated))
        out.append(tuple(_ranked(words)))
    return tuple(out)


def _ranked(words: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """An ordinal past the first joined with the direction after it ("second-highest" -> ORD2_UP): one rank mark.

    "B is the second-highest" ranks B; it says nothing of whether B is higher than any one entity, as the
    bare "highest" in it would ("A is higher than B" and "the second-highest is B" share no fact).
    """
    out: list[tuple[str, bool]] = []
    for word, negated in words:
        prev = out[-1][0] if out else ""
        if word in ("UP", "DOWN") and re.fullmatch(r"ORD(?:[2-9]|\d\d)", prev):
            out[-1] = (f"{prev}_{word}", out[-1][1] or negated)
        else:
            out.append((word, negated))
    return out


def _words(text: str) -> list[tuple[str, bool]]:
    return [w for clause in _clauses(text) for w in clause]


def _facts(text: str, entities: set[str]) -> set[tuple[str, str, str]]:
    """(mark, side, entity word) for each direction/rank mark and entity word sharing a clause.

    Comparatives keep the side of the entity (L before the mark, R after): "B is higher than A"
    and "A is higher than B" are different facts. Parenthesised asides are left out.
    """
    facts = set()
    for clause in _clauses(_PARENTHESES.sub(" ", text)):
        for i, (mark, neg) in enumerate(clause):
            if not _is_mark(mark):
                continue
            name = f"not {mark}" if neg else mark
            for j, (word, _) in enumerate(clause):
                if word in entities:
                    side = ("L" if j < i else "R") if mark in ("UP", "DOWN") else ""
                    facts.add((name, side, word))
    return facts


_QUOTED = re.compile(quoted_pattern(60, shortest=2))
# a panel named by its title ("the panel titled 'MRR@10'"); group 1 is the title
_PANEL_NAMED = rf"panel titled {quoted_pattern(120)}"
_PANEL_CONTEXT = re.compile(rf"\s*\b(?:in|for|of) the {_PANEL_NAMED}", re.IGNORECASE)
_COORD_NUM = r"-?\d+(?:\.\d+)?[kKM]?"
# a position on the category/x axis: "epoch = 6", "x = 2k", "category 0.82", "between x = 10 and 12"
_COORD = re.compile(
    rf"(?:=|\bcategory)\s*({_COORD_NUM})(?![\w%]|\.\d)(?:(\s+(?:and|to)\s+)({_COORD_NUM})(?![\w%]|\.\d))?",
    re.IGNORECASE,
)
_BIN = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?[\u2013-]\s?\d+(?:\.\d+)?(?![\w%]|\.\d|\s?%)")
_GENERIC = frozenset(
    "panel titl wedge segment slice among between from rank ranks has per unit average group "
    "category categori x-axis y-axis axis epoch".split()
)


# an interval used as a category label: "(0,90]", "[10, 20)"
_INTERVAL = re.compile(r"[(\[]\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*[)\]]")


def _spaceless(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _coord_token(number: str) -> str:
    return "at_" + number.lower().replace(".", "p").replace("-", "m")


def _entities(claim: str, reality: str) -> tuple[list[str], set[str], set[str]]:
    """Whole names (quoted in the claim or reality), axis positions ("epoch = 6") the claim is about,
    and the axis words naming them ("epoch").

    Names are matched whole in the description ("Product pages" is one name, never "page" and
    "product"); positions are entity parts, never values.
    """
    names = {m.group(1).strip() for t in (claim, reality) for m in _QUOTED.finditer(t)}
    # a histogram bin both statements name ("10–15") is an entity, not a range of values
    names |= {m.group(0) for m in _BIN.finditer(claim)} & {m.group(0) for m in _BIN.finditer(reality)}
    # so is an interval category label both name ("(90,180]", "[0, 5)")
    names |= {_spaceless(m.group(0)) for m in _INTERVAL.finditer(claim)} & {
        _spaceless(m.group(0)) for m in _INTERVAL.finditer(reality)
    }
    coords, axes = set(), set()
    for t in (claim, reality):
        for m in _COORD.finditer(t):
            coords |= {m.group(1)} | ({m.group(3)} if m.group(3) else set())
            word = re.search(r"([A-Za-z][\w-]*)\s*(?:category\s*)?$", t[: m.start()], re.IGNORECASE)
            if word:
                axes.add(word.group(1).lower())
    named = (n for n in names if re.search(r"[A-Za-z]", n) or _BIN.fullmatch(n) or _INTERVAL.fullmatch(n))
    return sorted(named, key=len, reverse=True), coords, axes - {"x"}


def _name_token(name: str) -> str:
    """One word for a whole name; the prefix keeps a name like 'Best model' from reading as a direction."""
    return "N_" + "_".join(re.findall(r"[A-Za-z0-9]+", name)) + "_"


def _entity_text(text: str, names: list[str], coords: set[str], axes: set[str] = frozenset()) -> str:
    """``text`` with each whole name as one token and each claimed axis position as an ``at_`` token.

    A position reads as such after "=", "category" or the claim's axis word ("from epoch 2 to 3")
    and, for the positions the claim or reality names, also after "at"/"for" ("records 2.77 at 3k",
    "0.23 for 3") or as the subject of a list item (", 0.82 has a bar at 0.03").
    """
    for name in names:
        if _INTERVAL.fullmatch(name):  # its brackets and comma are part of it: "(0,90]" is not "[0, 90)"
            pattern = r"\s*".join(re.escape(c) for c in name)
            text = re.sub(rf"(?<![\w.]){pattern}", f" {_name_token(name)} ", text)
            continue
        # words joined by spaces, hyphens, slashes, dots or "+"/"&" ("MoHD ATTN + MLP", "LlaVA-1.5-7B")
        body = r"[\s\-\u2013_/+&.]*".join(re.escape(w) for w in re.findall(r"[A-Za-z0-9]+", name))
        text = re.sub(
            rf"['\"\u2018\u201c]?(?<![\w]){body}(?![\w])['\"\u2019\u201d]?",
            f" {_name_token(name)} ",
            text,
            flags=re.IGNORECASE,
        )

    def coord(m: re.Match[str]) -> str:
        out = f" {_coord_token(m.group(1))}"
        return out + (f"{m.group(2)}{_coord_token(m.group(3))}" if m.group(3) else "")

    text = _COORD.sub(coord, text)
    end = r"(?![\w%]|\.\d)"
    if axes:  # any position after the axis word, claimed or not: "Std 0.47" is another bar than "Std 0.82"
        lead = "|".join(rf"\b{re.escape(a)}" for a in sorted(axes))
        num = rf"({_COORD_NUM}){end}"
        text = re.sub(rf"(?:{lead})\s+{num}(?:(\s+(?:and|to)\s+){num})?", coord, text, flags=re.IGNORECASE)
    if coords:
        num = "(" + "|".join(re.escape(c) for c in sorted(coords, key=len, reverse=True)) + ")" + end
        text = re.sub(rf"\b(?:at|for)\s+(?:x\s+)?{num}(?:(\s+(?:and|to)\s+){num})?", coord, text, flags=re.IGNORECASE)
        # a claimed position as the subject of a list item: "..., 0.82 has a light blue bar at 0.03"
        text = re.sub(
            rf"(?:(?<=^)|(?<=[,;:]\s)|(?<=\band\s)){num}(?=\s+(?:has|is|shows|reaches)\b)",
            lambda m: _coord_token(m.group(1)),
            text,
            flags=re.IGNORECASE,
        )
    return text


def _decimals(r: Reading) -> int:
    digits = re.sub(r"[^\d.]", "", r.text.split("e")[0])
    return len(digits.partition(".")[2])


def _near(r: Reading, target: Reading, percent: bool) -> bool:
    """A point within tolerance of the target, or a stated range containing it (a range is its own tolerance).

    Percentages allow one point, less when both sides are printed more precisely: 89.62 % is not
    a reading of 89.80 %.
    """
    value = target.value
    if r.low != r.high:
        return r.low <= value <= r.high
    if percent:
        return close(r, value, abs_tol=min(_PCT_TOL, 0.5 * 10 ** -min(_decimals(r), _decimals(target))))
    return close(r, value, rel_tol=_REL_TOL)


# "ticks at 0, 5, 10, 15, and 20": the numbers after a tick/scale word, with nothing but list glue between
_AXIS_MARKS = re.compile(
    r"\b(?:ticks?|tick marks|tick labels|gridlines?|grid lines|intervals?|increments?)"
    r"(?:\s*(?:at|of|labell?ed|marked|every|from|to|and|[,:(~])\s*|\s*-?\d[\d.,]*%?\s*)*$",
    re.IGNORECASE,
)


# the word a version number closes a name with ("TED-LIUM 3", "wav2vec 2.0", "GPT 4"): one with an inner capital,
# two capitals or a digit in it
_NAME_WORD = re.compile(r"\b[A-Za-z][\w-]*?(?:[a-z][A-Z]|[A-Z]{2}|\d)[\w-]*\s$")


def _closes_a_name(text: str, r: Reading) -> bool:
    """Whether ``r`` is the number of a name rather than a value: a whole number (or one ending in ".0"), neither a
    percentage nor approximate, right after a name word."""
    whole = re.fullmatch(r"\d+(?:\.0)?", r.text) is not None
    return whole and not (r.percent or r.approx) and _NAME_WORD.search(text[max(0, r.start - 40) : r.start]) is not None


@lru_cache(maxsize=256)
def _point_readings(text: str) -> tuple[Reading, ...]:
    """Readings that assert a value: points and narrow ranges, not axis spans ("0 to 100"), tick marks nor the
    numbers of names ("TED-LIUM 3")."""
    return tuple(
        r
        for r in extract_numbers(text)
        if r.high - r.low <= 0.1 * max(abs(r.high), 1e-9)
        and not _AXIS_MARKS.search(text[max(0, r.start - 80) : r.start])
        and not _closes_a_name(text, r)
    )


# a value the reality sets aside ("not 92%", "rather than 92%") is the false one
_SET_ASIDE = re.compile(rf"{lexicons.whole_words(lexicons.SET_ASIDE_NEGATORS)}[^.,;]*$", re.IGNORECASE)


def _affirmed_and_negated(text: str) -> tuple[list[Reading], list[Reading]]:
    affirmed, negated = [], []
    for r in _point_readings(text):
        before = text[max(0, r.start - 25) : r.start]
        (negated if _SET_ASIDE.search(before) else affirmed).append(r)
    return affirmed, negated


@lru_cache(maxsize=64)
def _parsed(description: str) -> tuple[tuple[int, frozenset[str], tuple[tuple[str, bool], ...]], ...]:
    """(end offset, content words, (word, negated) list) of each sentence.

    Cached because every claim of a description re-reads it.
    """
    ends = sentence_ends(description, capital_opens=True)
    out, left = [], 0
    for end in ends:
        words = tuple(_words(description[left:end]))
        out.append((end, frozenset(w for w, _ in words), words))
        left = end
    return tuple(out)


_CLAUSE_SPLIT = re.compile(r"[,;:]|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


def _proper_words(text: str) -> frozenset[str]:
    """Stems of the proper names in ``text``: whole-name tokens, words with an inner capital ("SMD", "SWaT") and
    capitalised words after the first ("In the SMD dataset" gives smd; "Model" opening the text gives nothing)."""
    tokens = re.findall(r"[A-Za-z][\w'-]*", text)
    return frozenset(
        _stem(t)
        for i, t in enumerate(tokens)
        if t.startswith("N_") or re.search(r"[A-Z]", t[1:]) or (i > 0 and t[0].isupper())
    )


def _claim_proper_words(claim: str, description: str) -> frozenset[str]:
    """The claim's proper names (:func:`_proper_words`), with the word opening it when the description writes that
    word capitalised inside a sentence ("Baseline at x = 2 reaches 35" beside "the series are Baseline, Adapter and
    LoRA"): there it is a name, not a capital a sentence opens with."""
    proper = _proper_words(claim)
    first = re.match(r"\s*([A-Z][\w'-]*)", claim)
    if first and re.search(rf"(?<![.!?:]\s)(?<!^)\b{re.escape(first.group(1))}\b", description):
        proper |= {_stem(first.group(1))}
    return proper


def _about_entity(
    description: str, start: int, keys: frozenset[str], coords: frozenset[str], proper: frozenset[str] = frozenset()
) -> bool:
    """Whether the value at ``start`` is said of the claim's entity.

    Its clause names the entity (a name word or axis position shared by claim and reality), or it
    names nothing quoted or positioned at all and its sentence names the entity ("... a light green
    'X' segment stacked above, bringing the top to 0.539"). The sentence holds every axis position
    of the claim, and the sentence or the one before it one of the claim's name words:
    "At x = 2k, Llama reaches 4.05" says nothing about Ours at 2k.
    """
    parsed = _parsed(description)
    i = next((k for k, (end, _, _) in enumerate(parsed) if start < end), len(parsed) - 1)
    left = parsed[i - 1][0] if i > 0 else 0
    before = _CLAUSE_SPLIT.split(description[left:start])[-1]
    after = _CLAUSE_SPLIT.split(description[start : parsed[i][0]])[0]
    clause_text = before + after
    clause = {w for w, _ in _words(clause_text)}
    sentence = parsed[i][1]
    names = keys - coords
    context = sentence | (parsed[i - 1][1] if i > 0 else frozenset())
    if proper and not proper & sentence and _proper_words(description[left : parsed[i][0]]) - proper:
        # a sentence naming none of the claim's proper names but another one is about that other entity:
        # "In the PSM dataset, the green bar ..." says nothing of the green bar in SMD
        return False
    if coords and coords <= clause:
        return True  # the clause itself names the claimed position
    if not (coords <= sentence and (not names or names & context)):
        return False
    if clause & keys:
        return True
    other_entity = re.search(r"\bat_|\bN_|['\"\u2018\u201c]", clause_text) is not None
    return not other_entity and bool(sentence & (names or keys))


def _value_votes(
    description: str,
    claim_only: list[Reading],
    real_only: list[Reading],
    undisputed: list[Reading],
    keys: frozenset[str],
    coords: frozenset[str],
    percent: bool,
    proper: frozenset[str] = frozenset(),
) -> tuple[list[str], list[str]]:
    """Disputed values the description states; a reading votes only for the value nearest to it,
    so a true value the claim merely repeats (91.2 beside a false 92.0) votes for nobody."""
    caption: list[str] = []
    image: list[str] = []
    sides = [(c, caption) for c in claim_only] + [(r, image) for r in real_only] + [(u, None) for u in undisputed]
    for d in _point_readings(description):
        if not _about_entity(description, d.start, keys, coords, proper):
            continue
        matches = [(abs(d.value - v.value), v, side) for v, side in sides if _near(d, v, percent)]
        if not matches:
            continue
        _, value, side = min(matches, key=lambda m: m[0])
        if side is not None and value.text not in side:
            side.append(value.text)
    return caption, image


def _swap_votes(description: str, claim: str, reality: str, names: list[str]) -> tuple[list[str], list[str]]:
    """A claim that gives a property to the wrong entity ("largest variability in 'gender'", really in 'case'):
    the names only one statement holds, voted for where a description clause says a direction or rank mark
    both statements share beside one of them (unnegated)."""

    def held(text: str) -> set[str]:
        return {_name_token(n) for n in names if _name_token(n) in text}

    claim_names, real_names = held(claim) - held(reality), held(reality) - held(claim)
    if not claim_names or not real_names:
        return [], []
    shared = {w for w, n in _words(claim) if _is_mark(w) and not n} & {
        w for w, n in _words(reality) if _is_mark(w) and not n
    }
    if not shared:
        return [], []
    caption: set[str] = set()
    image: set[str] = set()
    for clause in _clauses(_PARENTHESES.sub(" ", description)):
        if not any(w in shared and not n for w, n in clause):
            continue
        words = {w.lower() for w, _ in clause}
        caption |= {n for n in claim_names if n.lower() in words}
        image |= {n for n in real_names if n.lower() in words}
    return sorted(caption), sorted(image)


def _value_of(description: str, word: str, context: set[str]) -> float | None:
    """The one value the description gives an entity word, in the sentences naming every ``context`` word too:
    right before it when bound to it ("28 (NoR QA)", "28 for NoR QA"), else right after it ("NoR QA reaches 28");
    None when absent or when its mentions disagree."""
    text = _ONE_LETTER_NAME.sub(r"\1_\2", description)  # the same one-word names the clause words use
    readings = _point_readings(text)
    spans, left = [], 0
    ends = sentence_ends(text, capital_opens=True)
    for end in ends:
        if all(re.search(rf"\b{re.escape(c)}\b", text[left:end], re.IGNORECASE) for c in context):
            spans.append((left, end))
        left = end
    found = set()
    for m in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE):
        if not any(a <= m.start() < b for a, b in spans):
            continue
        stop = re.search(r"[.!?;,](?:\s|$)|\bN_\w+_", text[m.end() :])
        end = m.end() + min(_NAME_WINDOW, stop.start() if stop else _NAME_WINDOW)
        after = next((r for r in readings if m.end() <= r.start < end), None)
        value = _bound_before(text, readings, m.start()) or after
        if value:
            found.add(value.value)
    if not found and word.startswith("n_"):
        # no value beside the name: its place in a declared series order ("the values are 28, 27, and 23")
        said = [text[a:b] for a, b in zip([0, *ends], ends, strict=False)]
        return positional_value(said, word, spans, text, readings)
    return found.pop() if len(found) == 1 else None


def _order_votes(description: str, claim: str, reality: str, anchors: set[str]) -> tuple[list[str], list[str]]:
    """A comparison the reality reverses ("'OneR QA' slightly exceeds 'NoR QA'" against "'NoR QA' (28) slightly
    exceeding 'OneR QA' (27)") checked against the order of the values the description gives the two entities
    ("28 (NoR QA), 27 (OneR QA)"): the claimed order follows the caption, the reverse the image."""
    entities = {w for w, _ in _words(reality)} & anchors
    claim_facts = {(e, side): mark for mark, side, e in _facts(claim, entities) if mark in ("UP", "DOWN")}
    real_sides = {
        (e, side) for mark, side, e in _facts(_PARENTHESES.sub(" ", reality), entities) if mark in ("UP", "DOWN")
    }
    swapped = {
        e for e, side in claim_facts if (e, {"L": "R", "R": "L"}[side]) in real_sides and (e, side) not in real_sides
    }
    left = [e for e in swapped if (e, "L") in claim_facts]
    right = [e for e in swapped if (e, "R") in claim_facts]
    if len(left) != 1 or len(right) != 1 or len({claim_facts[(left[0], "L")], claim_facts[(right[0], "R")]}) != 1:
        return [], []
    a, b = left[0], right[0]
    context = {w for w in anchors if w.startswith("n_") and w in {x for x, _ in _words(claim)}} - {a, b}
    va, vb = _value_of(description, a, context), _value_of(description, b, context)
    if va is None or vb is None or va == vb:
        return [], []
    said = f"{a}={va:g} {b}={vb:g}"
    return ([said], []) if (va > vb) == (claim_facts[(a, "L")] == "UP") else ([], [said])


_NAME_WINDOW = 80  # characters after a name in which its value is looked for
# another name after a claimed one: a name token or an opening quote ("'Relevant FCs,' 6, 'Ours' 7")
_OTHER_NAME = re.compile(r"\bN_\w+_|[\"\u201c]\w|(?<![\w])'\w")
_BINDS_FORWARD = re.compile(r"\s*(?:\(|for(?:\s+the)?)\s*", re.IGNORECASE)


def _bound_before(text: str, readings: tuple[Reading, ...], start: int) -> Reading | None:
    """A value written just before the name it belongs to: "28 (NoR QA)", "15 for NoR QA".

    In a list "15 for A, 10 for B" the value after A is B's; the one before A is A's.
    """
    return next((r for r in readings if r.end <= start and _BINDS_FORWARD.fullmatch(text[r.end : start])), None)


def _named_value_votes(
    description: str, names: list[str], sides: list[tuple[Reading, str | None]], percent: bool
) -> tuple[list[str], list[str]]:
    """The first value stated after each mention of a claimed name, within its sentence and before any other
    quoted name: "'Relevant FCs,' extends to 6", "Relevant FCs (dark purple) reaches 6".

    Used when the clause-based reading found nothing: descriptions often list "name (colour) value" items
    that the clause rules cannot tie to their names.
    """
    caption: list[str] = []
    image: list[str] = []
    readings = _point_readings(description)
    ends = sentence_ends(description, capital_opens=True)
    for name in names:
        for m in re.finditer(re.escape(_name_token(name)), description):
            sentence_end = next((e for e in ends if e > m.end()), len(description))
            other = _OTHER_NAME.search(description, m.end(), sentence_end)
            end = min(m.end() + _NAME_WINDOW, other.start() if other else sentence_end)
            first = _bound_before(description, readings, m.start()) or next(
                (r for r in readings if m.end() <= r.start < end), None
            )
            if first is None:
                continue
            matches = [(abs(first.value - v.value), v, side) for v, side in sides if _near(first, v, percent)]
            if not matches:
                continue
            _, value, side = min(matches, key=lambda t: t[0])
            votes = {"caption": caption, "image": image}.get(side or "")
            if votes is not None and value.text not in votes:
                votes.append(value.text)
    return caption, image


_UNIVERSAL = re.compile(lexicons.whole_words(lexicons.UNIVERSALS), re.IGNORECASE)


def _sentences_with(description: str, coords: frozenset[str], scope: frozenset[str] = frozenset()) -> str:
    """The sentences holding every axis position of the claim: a direction said elsewhere is about another step.

    ``scope`` (names that set where the claim holds, "In the SWaT dataset") must be named too, unless the
    sentence speaks of all of them ("across all datasets, the green bar is the tallest").
    """
    if not coords and not scope:
        return description
    left, out = 0, []
    for end, words, _ in _parsed(description):
        text = description[left:end]
        if coords <= words and (scope <= words or _UNIVERSAL.search(text)):
            out.append(text)
        left = end
    return " ".join(out)


def _direction_votes(
    description: str, claim: str, reality: str, keys: frozenset[str], coords: frozenset[str]
) -> tuple[list[str], list[str]]:
    claim_marks = {(w, n) for w, n in _words(claim) if _is_mark(w)}
    real_marks = {(w, n) for w, n in _words(reality) if _is_mark(w)}
    names = keys - coords
    said = {
        (w, n)
        for _, words, marked in _parsed(description)
        if coords <= words and (names & words if names else keys & words)
        for w, n in marked
        if _is_mark(w)
    }
    caption = sorted(f"{'not ' * n}{w}" for w, n in said & (claim_marks - real_marks))
    image = sorted(f"{'not ' * n}{w}" for w, n in said & (real_marks - claim_marks))
    return caption, image


def claim_evidence(description: str, claim: str, reality: str) -> ClaimEvidence:
    """Every kind of evidence the description holds about one false claim (see :mod:`.caption_decision`)."""
    description, claim, reality = (normalise_text(t or "") for t in (description, claim, reality))
    description = _without_other_panels(description, claim)
    claim, reality = _PANEL_CONTEXT.sub("", claim), _PANEL_CONTEXT.sub("", reality)
    description = with_colour_aliases(description, claim)
    names, coord_values, axes = _entities(claim, reality)
    plain = (
        _entity_text(description, names, set()),
        _entity_text(claim, names, set()),
        _entity_text(reality, names, set()),
    )
    description, claim, reality = (_entity_text(t, names, coord_values, axes) for t in (description, claim, reality))
    real_aff, real_neg = _affirmed_and_negated(reality)
    claim_nums = list(_point_readings(claim)) + real_neg
    percent = any(r.percent for r in claim_nums + real_aff)
    # when the reality names the false values ("not 92%"), only those are disputed on the claim side
    claim_only = [c for c in (real_neg or claim_nums) if not any(_near(r, c, percent) for r in real_aff)]
    real_only = [r for r in real_aff if not any(_near(c, r, percent) for c in claim_nums)]
    disputed = {_stem(r.text.rstrip("%").strip()) for r in claim_only + real_only}
    anchors = {w for w, _ in _words(claim) if not _is_mark(w)} - disputed
    coords = frozenset(w for w in anchors if w.startswith("at_"))
    keys = (
        frozenset(
            w for w in anchors & {w for w, _ in _words(reality)} if w not in _GENERIC and not re.fullmatch(r"[\d.]+", w)
        )
        | coords
    )

    undisputed = [r for r in claim_nums + real_aff if r not in claim_only and r not in real_only]
    if not _point_readings(claim):
        # a claim stating no value is wrong about something else (an entity, a direction); the reality's
        # numbers then only support its correction and say nothing about which side a description takes
        claim_only, real_only = [], []
    sides = [(c, "caption") for c in claim_only] + [(r, "image") for r in real_only] + [(u, None) for u in undisputed]
    named = _named_value_votes(description, names, sides, percent)
    stated = _stated_votes(plain, names, claim_only, real_only)
    proper = _claim_proper_words(claim, description) & keys
    values = _value_votes(description, claim_only, real_only, undisputed, keys, coords, percent, proper)
    if values[0] and values[1] and bool(named[0]) != bool(named[1]):
        # the clause rules found both sides; the value right after each claimed name is the closer reading
        values = named
    about = [r for r in _point_readings(description) if _about_entity(description, r.start, keys, coords, proper)]
    found = (
        values,
        named,
        stated,
        threshold_votes(claim, description, reality, about),
        _swap_votes(description, claim, reality, names),
        _order_votes(description, claim, reality, anchors),
        _relation_votes(description, claim, reality, anchors, coords, proper),
    )
    in_claim, in_reality = ({_name_token(n) for n in names if _name_token(n) in t} for t in (claim, reality))
    return ClaimEvidence(
        votes=tuple(Votes(kind, tuple(c), tuple(i)) for kind, (c, i) in zip(KINDS, found, strict=True)),
        untied=tuple(map(tuple, _direction_votes(description, claim, reality, keys, coords))),  # type: ignore[arg-type]
        unread=tuple(_unread(description, keys, coords, bool(claim_only or real_only))),
        disputed_said=tuple(sorted(n for n in in_claim ^ in_reality if n in description)),
        located=bool(keys or names),
    )


def _stated_votes(
    plain: tuple[str, str, str], names: list[str], claim_only: list[Reading], real_only: list[Reading]
) -> tuple[list[str], list[str]]:
    """The values the description states for the claim's named entities against the disputed values of each side
    (:mod:`.caption_stated`), read on the texts with names as tokens and positions as numbers."""
    description, claim, reality = plain
    # every interval label is a name, the claim's or another's: never a value, and the end of a claim name's stretch
    description = _INTERVAL.sub(lambda m: f" {_name_token(_spaceless(m.group(0)))} ", description)
    claim_reads = list(_point_readings(claim))
    real_aff, real_neg = _affirmed_and_negated(reality)
    where = positions(claim, reality, claim_reads, real_aff + real_neg)

    def disputed(reads: list[Reading], among: list[Reading], text: str) -> list[tuple[str, tuple[float, float]]]:
        values = {r.value for r in among}
        return [(r.text, span(r, text)) for r in reads if r.value in values and r.value not in where]

    held = {_name_token(n) for n in names if _name_token(n) in claim}
    return stated_value_votes(
        description,
        list(_point_readings(description)),
        held,
        where,
        disputed(claim_reads, claim_only, claim),
        disputed(real_aff, real_only, reality),
    )


_PANEL_TITLED = re.compile(rf"\b{_PANEL_NAMED}", re.IGNORECASE)


def _without_other_panels(description: str, claim: str) -> str:
    """``description`` with the sentences blanked out that are set in other panels than the claim's (they name a
    panel by its title, and none of the claim's): "in the panel titled 'MRR@10', A is higher than B" says nothing
    of A and B in the panel 'Recall@100'. A claim naming no panel keeps every sentence."""
    panels = {label_key(m.group(1)) for m in _PANEL_TITLED.finditer(claim)}
    if not panels:
        return description
    elsewhere = [
        (start, end)
        for start, end, sentence in sentences(description, capital_opens=True)
        if (named := {label_key(m.group(1)) for m in _PANEL_TITLED.finditer(sentence)}) and not named & panels
    ]
    return mask(description, elsewhere)


def caption_claim_evidence(description: str, claim: str, reality: str) -> Decision:
    """The verdict, the evidence that decided it and any abstention reason, under the default policy."""
    return decide(claim_evidence(description, claim, reality))


def _unread(description: str, keys: frozenset[str], coords: frozenset[str], values: bool) -> list[str]:
    """What the sentences about the claim's entities (all its axis positions and one of its names) say of the
    kind the claim disputes — values when a value is disputed, else direction and rank marks — that no rule
    could tie to a side (values always count: they settle trends and comparisons as well). Empty when the
    description is silent: then the verdict is "none"."""
    names = keys - coords
    quoted = {n for n in names if n.startswith("n_")}
    # a quoted name locates on its own; plain words ("transition parser") need two of them together
    need = 1 if quoted else min(2, len(names))

    def about(words: frozenset[str]) -> bool:
        return len((quoted or names) & words) >= need if names else bool(keys & words)

    left, found = 0, []
    for end, words, marked in _parsed(description):
        if coords <= words and about(words):
            # stated values decide trends and comparisons too ("28 (NoR QA), 27 (OneR QA)")
            found += [r.text for r in _point_readings(description[left:end])]
            if not values:
                found += [f"{'not ' * n}{w}" for w, n in marked if _is_mark(w)]
        left = end
    return sorted(set(found))


def _relation_votes(
    description: str,
    claim: str,
    reality: str,
    anchors: set[str],
    coords: frozenset[str],
    scope: frozenset[str] = frozenset(),
) -> tuple[list[str], list[str]]:
    """Direction/rank marks tied to entity words both statements relate to a mark, as the description states them.

    Only in the sentences that locate the claim: its axis positions and the proper names that set its scope
    without being compared ("In the SWaT dataset, the green bar is the tallest" is not addressed by "the
    green bar is the tallest across the datasets").
    """
    entities = {w for w, _ in _words(reality)} & anchors
    claim_facts, real_facts = _facts(claim, entities), _facts(reality, entities)
    # only entities both statements relate to a direction or rank: a panel title beside a
    # comparative in one of them is context, not a compared entity
    shared = {e for _, _, e in claim_facts} & {e for _, _, e in real_facts}
    claim_facts = {f for f in claim_facts if f[2] in shared}
    real_facts = {f for f in real_facts if f[2] in shared}
    said = _facts(_sentences_with(description, coords, scope - shared), entities)
    return (
        sorted(" ".join(f) for f in said & (claim_facts - real_facts)),
        sorted(" ".join(f) for f in said & (real_facts - claim_facts)),
    )


def judge_caption_claim(description: str, claim: str, reality: str, type: str = "") -> str:
    """'image', 'caption' or 'none' for one false caption claim in one description.

    ``type`` (value_anchor, trend, ...) is accepted for the interface; the evidence rules apply to
    every type, since value and trend claims often mix.
    """
    return caption_claim_evidence(description, claim, reality)[0]
