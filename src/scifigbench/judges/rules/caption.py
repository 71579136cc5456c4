"""Caption-claim verdicts: does a description follow the image, the false caption claim, or neither?

Each claim comes with its true counterpart (the reality). First the entities are fixed, in all
three texts: a quoted name is one word, matched whole ("Product pages" never matches "page");
an axis position ("epoch = 6", "category 0.82", and in the description "epoch 6", "at 6",
"for 6") is one entity word, never a value. A panel context ("in the panel titled 'X'") is
dropped from claim and reality. Then two kinds of evidence are weighed:
- values (decisive when present): the disputed values are the numbers only the claim states (only those
  the reality negates, "not 92%", when it negates any) and the numbers only the reality affirms. A
  description reading counts when it lies near a disputed value (percentages within one point,
  less when both are printed more precisely) and is said of the claim's entity: its clause names
  the entity (a name word or position shared by claim and reality) or names nothing else, its
  sentence holds every position of the claim, and it or the sentence before a name word of the
  claim. Each disputed value votes once.
- direction and rank words, when no value decides: words of direction or regularity mapped to classes
  (UP: increases/higher/tallest..., DOWN: decreases/negative/shortest..., STEADY, UNSTEADY) and
  ranks ("second", "4th"), read with negation ("not consistently" is not STEADY), only in
  sentences at the claim's positions. First as relations: a mark paired with an entity word of
  its clause that both claim and reality relate to a mark, comparatives with the entity's side
  ("B higher than A" differs from "A higher than B"); without any, as bare marks in the
  sentences about the claim's subject.
More evidence for one side decides; none, or a tie, means the claim is not addressed ('none').
"""

from __future__ import annotations

import re
from functools import lru_cache

from scifigbench.freetext.numbers import Reading, close, extract_numbers
from scifigbench.freetext.text import normalise_text

FOLLOWS = ("image", "caption", "none")
_PCT_TOL = 1.0   # percentage points; false claims are 20-40 % off, so this never confuses the sides
_REL_TOL = 0.02
_STOP = frozenset(
    "the a an of in on for to and or is are was were be been by with at from as this that it its which while than "
    "then there these those their has have had all each both across between over under into about approximately "
    "around roughly nearly near close closer only also but actual actually value values bar bars line lines chart "
    "figure data shows show shown category dataset reaches reach trend".split()
)
_NEGATION = re.compile(r"\b(?:not|no|never|n't|neither|nor|rather than|instead of)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?;](?:\s+|$)")
_CLASSES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), name) for pattern, name in (
        (r"^(?:increas|rise|rising|rose|grow|grew|upward|climb|improv|gain|ascend|positive|higher|highest|taller|tallest|"
         r"larger|largest|greater|greatest|exceed|above|outperform|best|top)", "UP"),
        (r"^(?:decreas|declin|drop|fall|fell|downward|reduc|diminish|descend|negative|lower|lowest|shorter|shortest|"
         r"smaller|smallest|below|worse|worst|underperform|bottom|trail|dip)", "DOWN"),
        (r"^(?:consistent|steady|steadi|monoton|uniform|always|constant|stable|plateau|flat|unchanged)", "STEADY"),
        (r"^(?:fluctuat|irregular|mixed|inconsistent|non-monoton|uptick|spike)", "UNSTEADY"),
    )
)
CLASS_NAMES = frozenset(name for _, name in _CLASSES)


_ORDINAL_WORDS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth".split(), start=1)}
_ORDINAL_DIGITS = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.IGNORECASE)
_ONE_LETTER_NAME = re.compile(r"\b([A-Z][A-Za-z]+) ([A-Z0-9])\b(?![\w.%])")
_PARENTHESES = re.compile(r"\([^()]*\)")
_CLAUSE = re.compile(r"[,;:()]|[.!?](?=\s|$)|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


def _stem(word: str) -> str:
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


def _clauses(text: str) -> list[list[tuple[str, bool]]]:
    """(stem, negated) content words per clause; negation reaches to the end of its clause.

    "4th" and "fourth" become ORD4; "Method B" becomes one word; a hyphenated word whose parts carry a direction or rank
    ("second-highest") is split into them.
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
        out.append(words)
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


_QUOTED = re.compile(r"""(?<![\w'"])['"\u2018\u201c]([^'"\u2019\u201d]{2,60})['"\u2019\u201d](?!\w)""")
_PANEL_CONTEXT = re.compile(r"""\s*\b(?:in|for|of) the panel titled ['"\u2018\u201c][^'"\u2019\u201d]*['"\u2019\u201d]""", re.IGNORECASE)
_COORD_NUM = r"-?\d+(?:\.\d+)?[kKM]?"
# a position on the category/x axis: "epoch = 6", "x = 2k", "category 0.82", "between x = 10 and 12"
_COORD = re.compile(rf"(?:=|\bcategory)\s*({_COORD_NUM})(?![\w%]|\.\d)(?:(\s+(?:and|to)\s+)({_COORD_NUM})(?![\w%]|\.\d))?",
                    re.IGNORECASE)
_GENERIC = frozenset("panel titl wedge segment slice among between from rank ranks has per unit average group "
                     "category categori x-axis y-axis axis epoch".split())


def _coord_token(number: str) -> str:
    return "at_" + number.lower().replace(".", "p").replace("-", "m")


def _entities(claim: str, reality: str) -> tuple[list[str], set[str], set[str]]:
    """Whole names (quoted in the claim or reality), axis positions ("epoch = 6") the claim is about,
    and the axis words naming them ("epoch").

    Names are matched whole in the description ("Product pages" is one name, never "page" and
    "product"); positions are entity parts, never values.
    """
    names = {m.group(1).strip() for t in (claim, reality) for m in _QUOTED.finditer(t)}
    coords, axes = set(), set()
    for t in (claim, reality):
        for m in _COORD.finditer(t):
            coords |= {m.group(1)} | ({m.group(3)} if m.group(3) else set())
            word = re.search(r"([A-Za-z][\w-]*)\s*(?:category\s*)?$", t[:m.start()], re.IGNORECASE)
            if word:
                axes.add(word.group(1).lower())
    return sorted((n for n in names if re.search(r"[A-Za-z]", n)), key=len, reverse=True), coords, axes - {"x"}


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
        body = r"[\s\-_/]*".join(re.escape(w) for w in re.findall(r"[A-Za-z0-9]+", name))
        text = re.sub(rf"['\"\u2018\u201c]?(?<![\w]){body}(?![\w])['\"\u2019\u201d]?", f" {_name_token(name)} ", text,
                      flags=re.IGNORECASE)

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
        text = re.sub(rf"(?:(?<=^)|(?<=[,;:]\s)|(?<=\band\s)){num}(?=\s+(?:has|is|shows|reaches)\b)",
                      lambda m: _coord_token(m.group(1)), text, flags=re.IGNORECASE)
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


@lru_cache(maxsize=256)
def _point_readings(text: str) -> tuple[Reading, ...]:
    """Readings that assert a value: points and narrow ranges, not axis spans ("0 to 100")."""
    return tuple(r for r in extract_numbers(text) if r.high - r.low <= 0.1 * max(abs(r.high), 1e-9))


def _affirmed_and_negated(text: str) -> tuple[list[Reading], list[Reading]]:
    affirmed, negated = [], []
    for r in _point_readings(text):
        before = text[max(0, r.start - 25):r.start]
        (negated if re.search(r"\b(?:not|rather than|instead of)\b[^.,;]*$", before, re.IGNORECASE) else affirmed).append(r)
    return affirmed, negated


@lru_cache(maxsize=64)
def _parsed(description: str) -> tuple[tuple[int, frozenset[str], tuple[tuple[str, bool], ...]], ...]:
    """(end offset, content words, (word, negated) list) of each sentence.

    Cached because every claim of a description re-reads it.
    """
    ends = [m.end() for m in _SENTENCE_END.finditer(description)]
    if not ends or ends[-1] < len(description):
        ends.append(len(description))
    out, left = [], 0
    for end in ends:
        words = tuple(_words(description[left:end]))
        out.append((end, frozenset(w for w, _ in words), words))
        left = end
    return tuple(out)


_CLAUSE_SPLIT = re.compile(r"[,;:]|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


def _about_entity(description: str, start: int, keys: frozenset[str], coords: frozenset[str]) -> bool:
    """Whether the value at ``start`` is said of the claim's entity.

    Its clause names the entity (a name word or axis position shared by claim and reality), or it
    names nothing quoted or positioned at all and its sentence names the entity ("... a light green
    'X' segment stacked above, bringing the top to 0.539"). The sentence holds every axis position
    of the claim, and the sentence or the one before it one of the claim's name words:
    "At x = 2k, Llama reaches 4.05" says nothing about Ours at 2k.
    """
    sentences = _parsed(description)
    i = next((k for k, (end, _, _) in enumerate(sentences) if start < end), len(sentences) - 1)
    left = sentences[i - 1][0] if i > 0 else 0
    before = _CLAUSE_SPLIT.split(description[left:start])[-1]
    after = _CLAUSE_SPLIT.split(description[start:sentences[i][0]])[0]
    clause_text = before + after
    clause = {w for w, _ in _words(clause_text)}
    sentence = sentences[i][1]
    names = keys - coords
    context = sentence | (sentences[i - 1][1] if i > 0 else frozenset())
    if coords and coords <= clause:
        return True  # the clause itself names the claimed position
    if not (coords <= sentence and (not names or names & context)):
        return False
    if clause & keys:
        return True
    other_entity = re.search(r"\bat_|\bN_|['\"\u2018\u201c]", clause_text) is not None
    return not other_entity and bool(sentence & (names or keys))


def _value_votes(description: str, claim_only: list[Reading], real_only: list[Reading], undisputed: list[Reading],
                 keys: frozenset[str], coords: frozenset[str], percent: bool) -> tuple[list[str], list[str]]:
    """Disputed values the description states; a reading votes only for the value nearest to it,
    so a true value the claim merely repeats (91.2 beside a false 92.0) votes for nobody."""
    caption: list[str] = []
    image: list[str] = []
    sides = [(c, caption) for c in claim_only] + [(r, image) for r in real_only] + [(u, None) for u in undisputed]
    for d in _point_readings(description):
        if not _about_entity(description, d.start, keys, coords):
            continue
        matches = [(abs(d.value - v.value), v, side) for v, side in sides if _near(d, v, percent)]
        if not matches:
            continue
        _, value, side = min(matches, key=lambda m: m[0])
        if side is not None and value.text not in side:
            side.append(value.text)
    return caption, image


def _sentences_with(description: str, coords: frozenset[str]) -> str:
    """The sentences holding every axis position of the claim: a direction said elsewhere is about another step."""
    if not coords:
        return description
    left, out = 0, []
    for end, words, _ in _parsed(description):
        if coords <= words:
            out.append(description[left:end])
        left = end
    return " ".join(out)


def _direction_votes(description: str, claim: str, reality: str, keys: frozenset[str],
                     coords: frozenset[str]) -> tuple[list[str], list[str]]:
    claim_marks = {(w, n) for w, n in _words(claim) if _is_mark(w)}
    real_marks = {(w, n) for w, n in _words(reality) if _is_mark(w)}
    names = keys - coords
    said = {(w, n) for _, words, marked in _parsed(description)
            if coords <= words and (names & words if names else keys & words)
            for w, n in marked if _is_mark(w)}
    caption = sorted(f"{'not ' * n}{w}" for w, n in said & (claim_marks - real_marks))
    image = sorted(f"{'not ' * n}{w}" for w, n in said & (real_marks - claim_marks))
    return caption, image


def caption_claim_evidence(description: str, claim: str, reality: str) -> tuple[str, str]:
    """The verdict and the evidence that decided it."""
    description, claim, reality = (normalise_text(t or "") for t in (description, claim, reality))
    claim, reality = _PANEL_CONTEXT.sub("", claim), _PANEL_CONTEXT.sub("", reality)
    names, coord_values, axes = _entities(claim, reality)
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
    keys = frozenset(w for w in anchors & {w for w, _ in _words(reality)}
                     if w not in _GENERIC and not re.fullmatch(r"[\d.]+", w)) | coords

    undisputed = [r for r in claim_nums + real_aff if r not in claim_only and r not in real_only]
    caption, image = _value_votes(description, claim_only, real_only, undisputed, keys, coords, percent)
    kind = "values"
    if len(caption) == len(image):
        entities = {w for w, _ in _words(reality)} & anchors
        claim_facts, real_facts = _facts(claim, entities), _facts(reality, entities)
        # only entities both statements relate to a direction or rank: a panel title beside a
        # comparative in one of them is context, not a compared entity
        shared = {e for _, _, e in claim_facts} & {e for _, _, e in real_facts}
        claim_facts = {f for f in claim_facts if f[2] in shared}
        real_facts = {f for f in real_facts if f[2] in shared}
        said = _facts(_sentences_with(description, coords), entities)
        caption = sorted(" ".join(f) for f in said & (claim_facts - real_facts))
        image = sorted(" ".join(f) for f in said & (real_facts - claim_facts))
        kind = "relations"
    if len(caption) == len(image):
        caption, image = _direction_votes(description, claim, reality, keys, coords)
        kind = "direction words"
    evidence = f"{kind}: caption {caption}, image {image}"
    if len(caption) > len(image):
        return "caption", evidence
    if len(image) > len(caption):
        return "image", evidence
    return "none", evidence


def judge_caption_claim(description: str, claim: str, reality: str, type: str = "") -> str:
    """'image', 'caption' or 'none' for one false caption claim in one description.

    ``type`` (value_anchor, trend, ...) is accepted for the interface; the evidence rules apply to
    every type, since value and trend claims often mix.
    """
    return caption_claim_evidence(description, claim, reality)[0]
