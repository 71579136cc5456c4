"""Caption-claim verdicts: does a description follow the image, the false caption claim, or neither?

Each claim comes with its true counterpart (the reality). Two kinds of evidence are weighed:
- values (decisive when present): the disputed values are the numbers only the claim states (only those
  the reality negates, "not 92%", when it negates any) and the numbers only the reality affirms. A
  description reading counts when it lies near a disputed value and its sentence (or the one
  before, which often names the panel) shares an anchor word with the claim (its content words
  other than the disputed values and direction words). Each disputed value votes once.
- direction and rank words, when no value decides: words of direction or regularity mapped to classes
  (UP: increases/higher/tallest..., DOWN: decreases/negative/shortest..., STEADY, UNSTEADY) and
  ranks ("second", "4th"), read with negation ("not consistently" is not STEADY). First as
  relations: a mark paired with an entity word of its clause (words common to claim and
  reality), comparatives with the entity's side ("B higher than A" differs from "A higher than
  B"); without any, as bare marks in the sentences about the claim's subject.
More evidence for one side decides; none, or a tie, means the claim is not addressed ('none').
"""

from __future__ import annotations

import re
from functools import lru_cache

from scifigbench.judges.rules.numbers import Reading, close, extract_numbers, normalise_text

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
_CLAUSE = re.compile(r"[,;:()]|\bbut\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


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


def _near(r: Reading, value: float, percent: bool) -> bool:
    """A point within tolerance, or a stated range containing the value (a range is its own tolerance)."""
    if r.low != r.high:
        return r.low <= value <= r.high
    return close(r, value, abs_tol=_PCT_TOL if percent else 0.0, rel_tol=0.0 if percent else _REL_TOL)


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


def _context_words(description: str, start: int) -> frozenset[str]:
    """Content words of the sentence holding ``start`` and the one before it (which often names the panel)."""
    sentences = _parsed(description)
    i = next((k for k, (end, _, _) in enumerate(sentences) if start < end), len(sentences) - 1)
    return sentences[i][1] | (sentences[i - 1][1] if i > 0 else frozenset())


def _value_votes(description: str, claim_only: list[Reading], real_only: list[Reading], undisputed: list[Reading],
                 anchors: set[str], percent: bool) -> tuple[list[str], list[str]]:
    """Disputed values the description states; a reading votes only for the value nearest to it,
    so a true value the claim merely repeats (91.2 beside a false 92.0) votes for nobody."""
    caption: list[str] = []
    image: list[str] = []
    sides = [(c, caption) for c in claim_only] + [(r, image) for r in real_only] + [(u, None) for u in undisputed]
    for d in _point_readings(description):
        if not anchors & _context_words(description, d.start):
            continue
        matches = [(abs(d.value - v.value), v, side) for v, side in sides if _near(d, v.value, percent)]
        if not matches:
            continue
        _, value, side = min(matches, key=lambda m: m[0])
        if side is not None and value.text not in side:
            side.append(value.text)
    return caption, image


def _direction_votes(description: str, claim: str, reality: str, anchors: set[str]) -> tuple[list[str], list[str]]:
    need = max(1, min(2, len(anchors)))
    claim_marks = {(w, n) for w, n in _words(claim) if _is_mark(w)}
    real_marks = {(w, n) for w, n in _words(reality) if _is_mark(w)}
    said = {(w, n) for _, words, marked in _parsed(description) if len(anchors & words) >= need
            for w, n in marked if _is_mark(w)}
    caption = sorted(f"{'not ' * n}{w}" for w, n in said & (claim_marks - real_marks))
    image = sorted(f"{'not ' * n}{w}" for w, n in said & (real_marks - claim_marks))
    return caption, image


def caption_claim_evidence(description: str, claim: str, reality: str) -> tuple[str, str]:
    """The verdict and the evidence that decided it."""
    description, claim, reality = (normalise_text(t or "") for t in (description, claim, reality))
    real_aff, real_neg = _affirmed_and_negated(reality)
    claim_nums = list(_point_readings(claim)) + real_neg
    percent = any(r.percent for r in claim_nums + real_aff)
    # when the reality names the false values ("not 92%"), only those are disputed on the claim side
    claim_only = [c for c in (real_neg or claim_nums) if not any(_near(r, c.value, percent) for r in real_aff)]
    real_only = [r for r in real_aff if not any(_near(c, r.value, percent) for c in claim_nums)]
    disputed = {_stem(r.text.rstrip("%").strip()) for r in claim_only + real_only}
    anchors = {w for w, _ in _words(claim) if not _is_mark(w)} - disputed

    undisputed = [r for r in claim_nums + real_aff if r not in claim_only and r not in real_only]
    caption, image = _value_votes(description, claim_only, real_only, undisputed, anchors, percent)
    kind = "values"
    if len(caption) == len(image):
        entities = {w for w, _ in _words(reality)} & anchors
        claim_facts, real_facts = _facts(claim, entities), _facts(reality, entities)
        said = _facts(description, entities)
        caption = sorted(" ".join(f) for f in said & (claim_facts - real_facts))
        image = sorted(" ".join(f) for f in said & (real_facts - claim_facts))
        kind = "relations"
    if len(caption) == len(image):
        caption, image = _direction_votes(description, claim, reality, anchors)
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
