"""Rule reading of a description against the figure's expert reference description (no spec).

A real figure has no ground-truth spec, but it may have a reference description written by an
expert (the release's annotations, manifest field ``reference_description``). The reference is
prose, so it settles only what it states: this reader takes from it

- the *names* it uses (quoted labels, identifier-like tokens such as ``IE-Indic``, ``Layer13-20``,
  ``gpt-4o-2024-11-20``, capitalised words inside a sentence),
- the *values* it binds to a name (the nearest name of the number's clause),
- the *colours* it binds to a name (the same way, or in order after "respectively"),
- the *axis ranges and tick steps* its axis sentences state,
- the *extremes* it names (the highest or lowest, in the context of a panel or group its sentence names),

reads the description the same way, and compares what both texts bind to the same name. A value
outside the reference's values for that name (rubric tolerance: 10 % of the value or 4 % of the
axis span, half again when hedged) is a numeric error, or a label-mapping error when it is the
value the reference gives another name of the same clause; a colour of another family is a
label-mapping error; an axis range or tick step the reference contradicts is an axis error; a name
called the highest (lowest) where the reference calls another one so in the same context is an
extremes error; a
quoted label that neither the reference nor the caption knows is a hallucinated label.

What the reference cannot settle is not guessed: a value or colour bound to a name the reference
gives none for, a colour of a neighbouring family ("salmon" for "light orange"). Each such claim
becomes an *undecided* finding (no penalty, listed apart and counted; see
:mod:`scifigbench.families.description.mqm`). Findings are scored by the one MQM engine with the chart kind's
checklist size as ``N``, as the spec-based reader's are.

Offsets of findings (``sent:<start>-<end>``) refer to the description as given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scifigbench.concepts.kinds import CHART_KINDS, kind_from_spelling
from scifigbench.families.description.mqm import Finding, MQMResult, score
from scifigbench.families.description.rule import AXIS_CUE, COUNT_NOUN, MAX_CUE, MIN_CUE, X_POSITION_LEFT
from scifigbench.families.rule_version import RULE_VERSION
from scifigbench.freetext.colours import colours
from scifigbench.freetext.cues import negated
from scifigbench.freetext.numbers import Reading, extract_numbers
from scifigbench.freetext.text import clause_around, mask, quoted_pattern, sentences
from scifigbench.rubric.checklists import checklist

# the highest of something, as descriptions of bars say it too ("the longest bar", "the top score")
_TOP = re.compile(rf"{MAX_CUE.pattern}|\blongest\b|\btop\b(?=[- ](?:score|value|bar|model|performer))")
# one character in, one character out: offsets found in the search form are offsets of the text
_ONE_TO_ONE = str.maketrans(
    "\u2018\u2019\u201c\u201d\u2013\u2014\u2212\u2010\u2011₀₁₂₃₄₅₆₇₈₉",
    "''\"\"----" + "-" + "0123456789",
)
_QUOTED = re.compile(quoted_pattern(60, 2))
_TOKEN = re.compile(r"[^\s,;:()\[\]\"'`]+")
_CLAUSE = re.compile(r";|,(?![^()]*\))|\bwhile\b|\bwhereas\b|\bbut\b")
_RESPECTIVELY = re.compile(r"\brespectively\b")
_STEP = re.compile(
    r"(?:intervals?|increments?|spacing)\s+(?:of\s+)?(?:every\s+)?(?:approximately\s+|about\s+)?"
    r"([-+]?\d*\.?\d+)|(?:every|each)\s+([-+]?\d*\.?\d+)|([-+]?\d*\.?\d+)\s*%?[- ](?:unit|point)?\s*intervals?"
)
_MIN_KEY = 2
# a number that is not a plotted value: a position on the x axis by its unit ("around 200 steps"), or a
# size of the setup ("a 20 million data size", "8B parameters")
NOT_A_VALUE = re.compile(
    r"^\s*(?:k\b)?\s*(?:training\s+)?(?:steps?|iterations?|iters?|epochs?|layers?|data\b|samples?|parameters|params|tokens)\b"
)
# words after a value or colour that hand it to the name that follows ("about 2 for mBERT", "70 (FastNet)",
# "light blue for the baseline", "a red line represents LUFFY")
_NAME_FOLLOWS = re.compile(
    r"^(?:[/-][a-z]+)*\s*(?:%|percent\b)?\s*(?:\(|for\b|of\b|represent|labell?ed|denot|indicat|correspond|mark"
    r"|(?:[\w-]+\s+){0,2}(?:lines?|bars?|curves?|segments?|slices?|markers?|dots?|areas?)\b)"
)
#: colour families close enough that people name one for the other ("salmon" / "light orange"):
#: a mismatch between them is left undecided rather than called an error
_NEAR_COLOURS = {
    frozenset(p)
    for p in (
        ("pink", "red"),
        ("pink", "orange"),
        ("red", "orange"),
        ("blue", "purple"),
        ("green", "blue"),
        ("yellow", "orange"),
        ("brown", "orange"),
        ("brown", "red"),
        ("grey", "black"),
        ("pink", "purple"),
    )
}


def search_form(text: str) -> str:
    """Lower case with one kind of quote and dash and plain-digit subscripts, offsets unchanged."""
    return text.translate(_ONE_TO_ONE).lower()


def name_key(name: str) -> str:
    """A name reduced to its letters and digits: "Avg$_{obj}$", "AvgObj" and "avg obj" are one name."""
    return re.sub(r"[^0-9a-z]+", "", search_form(name))


#: words that open clauses in prose and are never an element's name, capitalised or not
_FUNCTION_WORDS = frozenset(
    "the a an and or but of in on at to for with by from as is are this that these those each every all "
    "both its their it while whereas notably additionally finally lastly overall".split()
)


def _name_like(token: str, sentence_start: bool) -> bool:
    """An identifier ("IE-Indic", "TagNum", "Layer13-20", "DEITA") or a capitalised word inside a sentence."""
    word = token.strip(".!?")
    if (
        word.lower() in _FUNCTION_WORDS
        or len(name_key(word)) < _MIN_KEY
        or re.fullmatch(r"[-+]?[\d.,]+[%kKmMbB]?", word)
    ):
        return False
    if any(c.isupper() for c in word[1:]) or (re.search(r"\d", word) and re.search(r"[A-Za-z]", word)):
        return True
    return word[0].isupper() and not sentence_start


def names_of(text: str) -> list[str]:
    """The element names a text uses: its quoted labels and its identifier-like tokens."""
    names = [m.group(1).strip() for m in _QUOTED.finditer(text)]
    for _, _, sent in sentences(text):
        first = True
        for m in _TOKEN.finditer(sent):
            if _name_like(m.group(), first):
                names.append(m.group().strip(".!?"))
            first = False
    return [n for n in dict.fromkeys(names) if len(name_key(n)) >= _MIN_KEY and len(n.split()) <= 6]


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    key: str


def mentions(text: str, keys: list[str]) -> list[Mention]:
    """Where each name (by key) occurs as a whole name, longest first, never two on one span."""
    low = search_form(text)
    index = [i for i, c in enumerate(low) if c.isalnum() and c.isascii()]
    flat = "".join(low[i] for i in index)
    found: list[Mention] = []
    for key in sorted(set(keys), key=len, reverse=True):
        for m in re.finditer(re.escape(key), flat):
            start, end = index[m.start()], index[m.end() - 1] + 1
            if (start and low[start - 1].isalnum()) or (end < len(low) and low[end].isalnum()):
                continue
            if any(start < f.end and f.start < end for f in found):
                continue
            found.append(Mention(start, end, key))
    return sorted(found, key=lambda f: f.start)


def _clauses(sentence: str) -> list[tuple[int, int]]:
    """Every clause of ``sentence`` as (start, end), in order."""
    bounds = [0] + [x for m in _CLAUSE.finditer(sentence) for x in (m.start(), m.end())] + [len(sentence)]
    return [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]


def _colours(sentence: str) -> list[tuple[int, int, str]]:
    """Colour words of a sentence; of a compound ("yellow-green", "salmon/pink") only the last part,
    which names the family the colour belongs to."""
    hues = colours(sentence)
    starts = {h[0] for h in hues}
    return [h for h in hues if not (sentence[h[1] : h[1] + 1] in "-/" and h[1] + 1 in starts)]


def _clause(sentence: str, pos: int) -> tuple[int, int]:
    return clause_around(sentence, pos, _CLAUSE)


@dataclass(frozen=True)
class Bound:
    """One thing a text binds to a name: a value or a colour, in a sentence."""

    key: str  # the name's key
    others: tuple[str, ...]  # the other names of the clause, nearest first
    value: Reading | None
    colour: str | None
    span: tuple[int, int]  # the clause that states it, offsets in the text


@dataclass(frozen=True)
class Extreme:
    """A name a text calls the highest (``top``) or lowest of something, and the other names of its
    sentence: the context (a panel, a group) the claim is made in."""

    key: str
    top: bool
    context: frozenset[str]
    span: tuple[int, int]


@dataclass
class Statements:
    """What one text states: bound values and colours, axis ranges and tick steps."""

    bound: list[Bound]
    ranges: list[tuple[float, float, tuple[int, int]]]
    steps: list[tuple[float, tuple[int, int]]]
    extremes: list[Extreme]


def _by_distance(ms: list[Mention], pos: int, lo: int, hi: int, after_first: bool) -> list[str]:
    """The names of the clause ``lo:hi`` in the order a value or colour at ``pos`` belongs to them:
    the names before it, nearest first, then those after it; after first when ``after_first``."""
    before = sorted((m for m in ms if lo <= m.start and m.end <= pos), key=lambda m: pos - m.end)
    after = sorted((m for m in ms if pos <= m.start and m.end <= hi), key=lambda m: m.start - pos)
    return list(dict.fromkeys(m.key for m in (after + before if after_first else before + after)))


def read_text(text: str, keys: list[str]) -> Statements:
    """Bind the numbers and colours of ``text`` to the names ``keys`` it mentions."""
    low = search_form(text)
    found = mentions(text, keys)
    masked = mask(low, [(m.start, m.end) for m in found])
    out = Statements([], [], [], [])
    for s, e, _ in sentences(low):  # split before masking: a blanked name must not merge into a gap
        sent = masked[s:e]
        ms = [Mention(m.start - s, m.end - s, m.key) for m in found if s <= m.start and m.end <= e]
        plain = low[s:e]
        axis_clauses = [(lo, hi) for lo, hi in _clauses(sent) if AXIS_CUE.search(sent[lo:hi])]
        axis_sentence = AXIS_CUE.search(sent) is not None
        for n in extract_numbers(sent):
            if COUNT_NOUN.match(plain[n.end :]) or NOT_A_VALUE.match(plain[n.end :]):
                continue
            lo, hi = _clause(sent, n.start)
            wide = n.high - n.low >= 0.5 * max(abs(n.low), abs(n.high))
            if (lo, hi) in axis_clauses or (axis_sentence and wide):
                if n.low < n.high:
                    out.ranges.append((n.low, n.high, (s + lo, s + hi)))
                continue
            if X_POSITION_LEFT.search(sent[: n.start]):
                continue
            names = _by_distance(ms, n.start, lo, hi, _NAME_FOLLOWS.match(sent[n.end :]) is not None)
            if names:
                out.bound.append(Bound(names[0], tuple(names[1:]), n, None, (s + lo, s + hi)))
        for cue in [*_TOP.finditer(sent), *MIN_CUE.finditer(sent)]:
            lo, hi = _clause(sent, cue.start())
            if (lo, hi) in axis_clauses or negated(sent, cue.start()):
                continue
            near = sorted(
                (m for m in ms if lo <= m.start and m.end <= hi),
                key=lambda m: min(abs(cue.start() - m.end), abs(m.start - cue.end())),
            )
            if near:
                context = frozenset(m.key for m in ms) - {near[0].key}
                out.extremes.append(
                    Extreme(near[0].key, _TOP.match(sent, cue.start()) is not None, context, (s + lo, s + hi))
                )
        for lo, hi in axis_clauses:
            for m in _STEP.finditer(sent, lo, hi):
                value = next(g for g in m.groups() if g is not None)
                out.steps.append((abs(float(value)), (s + lo, s + hi)))
        hues = _colours(sent)
        if _RESPECTIVELY.search(sent) and ms and len(ms) == len(hues):
            out.bound.extend(Bound(m.key, (), None, h[2], (s + h[0], s + h[1])) for m, h in zip(ms, hues, strict=True))
            continue
        for cs, ce, family in hues:
            lo, hi = _clause(sent, cs)
            names = _by_distance(ms, cs, lo, hi, _NAME_FOLLOWS.match(sent[ce:]) is not None)
            if names:
                out.bound.append(Bound(names[0], tuple(names[1:]), None, family, (s + lo, s + hi)))
    return out


def _tolerance(truth: Reading, scale: float, stated: Reading) -> float:
    return max(0.1 * max(abs(truth.low), abs(truth.high)), 0.04 * scale) * (1.5 if stated.approx else 1.0)


def _gap(a: Reading, b: Reading) -> float:
    """Distance between two stated intervals (0 when they overlap), on the same percent footing."""
    return max(a.low - b.high, b.low - a.high, 0.0)


class _Judge:
    def __init__(self, description: str, reference: str, caption: str, chart_type: str):
        self.text = description
        self.items = {i.key: i.severity for i in checklist(chart_type)}
        ref_names = names_of(reference)
        desc_names = names_of(description)
        keys = [name_key(n) for n in ref_names]
        self.ref = read_text(reference, keys)
        self.desc = read_text(description, keys)
        self.known = name_key(reference + " " + caption)
        self.desc_names = desc_names
        ref_values = [v for b in self.ref.bound if (v := b.value) is not None]
        spans = [hi - lo for lo, hi, _ in self.ref.ranges]
        self.scale = max(spans) if spans else max((abs(v.high) for v in ref_values), default=1.0)
        self.values: dict[str, list[Reading]] = {}
        self.colours: dict[str, set[str]] = {}
        for b in self.ref.bound:
            if b.value is not None:
                self.values.setdefault(b.key, []).append(b.value)
            if b.colour is not None:
                self.colours.setdefault(b.key, set()).add(b.colour)
        self.findings: list[Finding] = []

    def _add(
        self,
        item: str,
        subtype: str,
        sent: tuple[int, int],
        note: str,
        undecided: str | None = None,
        severity: str | None = None,
    ) -> None:
        sev = severity or self.items.get(item, "major")
        span = f"sent:{sent[0]}-{sent[1]}"
        self.findings.append(Finding("accuracy", sev, subtype, span, item, note, undecided))  # type: ignore[arg-type]

    def values_check(self) -> None:
        for b in self.desc.bound:
            if b.value is None:
                continue
            owner = next((k for k in (b.key, *b.others) if k in self.values), None)
            if owner is None:
                self._add(
                    "values",
                    "numeric",
                    b.span,
                    f"value {b.value.text!r} for {b.key}",
                    f"the reference states no value for {b.key!r}",
                )
                continue
            truths = self.values[owner]
            lo, hi = min(t.low for t in truths), max(t.high for t in truths)
            if len(truths) > 1 and lo <= b.value.value <= hi:
                continue  # within the values the reference gives that name (a line between its points)
            if any(_gap(b.value, t) <= _tolerance(t, self.scale, b.value) for t in truths):
                continue
            swapped = [
                k
                for k in b.others
                if k in self.values
                and any(_gap(b.value, t) <= _tolerance(t, self.scale, b.value) for t in self.values[k])
            ]
            far = min(_gap(b.value, t) / _tolerance(t, self.scale, b.value) for t in truths)
            note = f"value {b.value.text!r} for {owner}; the reference gives {', '.join(t.text for t in truths)}"
            if swapped:
                self._add("values", "label_map", b.span, note + f" (that is {swapped[0]}'s)")
            else:
                self._add("values", "numeric", b.span, note, severity="major" if far > 3 else "minor")

    def colours_check(self) -> None:
        for b in self.desc.bound:
            if b.colour is None:
                continue
            truth = self.colours.get(b.key)
            if not truth:
                self._add(
                    "colours",
                    "label_map",
                    b.span,
                    f"colour {b.colour} for {b.key}",
                    f"the reference names no colour for {b.key!r}",
                )
            elif b.colour not in truth:
                note = f"colour {b.colour} for {b.key}; the reference says {', '.join(sorted(truth))}"
                if any(frozenset((b.colour, t)) in _NEAR_COLOURS for t in truth):
                    self._add("colours", "label_map", b.span, note, "neighbouring colour families")
                else:
                    self._add("colours", "label_map", b.span, note, severity="major")

    def axes_check(self) -> None:
        span_tol = 0.05 * self.scale
        whole = (
            (min(a for a, _, _ in self.ref.ranges), max(b for _, b, _ in self.ref.ranges)) if self.ref.ranges else None
        )
        for lo, hi, sent in self.desc.ranges:
            if whole is None:
                break
            # a range the reference states, or the whole span of a broken axis the reference gives in parts
            if not any(
                abs(lo - a) <= span_tol and abs(hi - b) <= span_tol for a, b, _ in [*self.ref.ranges, (*whole, sent)]
            ):
                self._add("value_range", "axis_legend", sent, f"axis range {lo:g}-{hi:g}", severity="major")
        ref_steps = [v for v, _ in self.ref.steps]
        for step, sent in self.desc.steps:
            if ref_steps and not any(abs(step - r) <= 1e-9 + 0.01 * r for r in ref_steps):
                self._add("value_range", "axis_legend", sent, f"tick step {step:g}", severity="major")

    def extremes_check(self) -> None:
        """A name called the highest (lowest) where the reference calls another one so, in the same
        context: a sentence naming a panel or group the reference's claim names too, or, with no
        context on either side, the figure as a whole."""
        named = {r.key for r in self.ref.extremes}
        for x in self.desc.extremes:
            where = x.context - named  # the panel or group the claim is about, not its rivals
            same = [r for r in self.ref.extremes if r.top == x.top and ((r.context - named) & where or not where)]
            if not same:
                self._add(
                    "extremes",
                    "label_map",
                    x.span,
                    f"{x.key} as {'highest' if x.top else 'lowest'}",
                    "the reference names no extreme in that context",
                )
            elif x.key not in {r.key for r in same} and x.key in {
                *self.values,
                *self.colours,
                *(r.key for r in self.ref.extremes),
            }:
                wanted = ", ".join(sorted({r.key for r in same}))
                self._add(
                    "extremes",
                    "label_map",
                    x.span,
                    f"{x.key} as {'highest' if x.top else 'lowest'}; the reference says {wanted}",
                )

    def labels_check(self) -> None:
        """Quoted labels of the description that neither the reference nor the caption contains."""
        low = search_form(self.text)
        for m in _QUOTED.finditer(low):
            label = m.group(1)
            key = name_key(label)
            if len(key) < _MIN_KEY or len(label.split()) > 4 or key in self.known:
                continue
            s, e = next(((s, e) for s, e, _ in sentences(self.text) if s <= m.start() < e), (m.start(), m.end()))
            self._add("legend", "halluc", (s, e), f"label {label!r} is not in the reference", severity="minor")

    def run(self) -> MQMResult:
        self.values_check()
        self.colours_check()
        self.axes_check()
        self.extremes_check()
        self.labels_check()
        result = score(self.findings, len(self.items))
        result.rules = RULE_VERSION
        return result


def record_chart_type(f: dict) -> str | None:
    """The chart kind of a unit or ``judge-file`` record: its ``chart_type``, else its ``figure_type``
    as the release spells it ("Bar Chart"); None when neither names a kind."""
    if f.get("chart_type"):
        return f["chart_type"] if f["chart_type"] in CHART_KINDS else kind_from_spelling(f["chart_type"])
    return kind_from_spelling(f.get("figure_type"))


def judge_against_reference(description: str, reference: str, chart_type: str, caption: str = "") -> MQMResult:
    """MQM findings and score of ``description`` read against the expert ``reference`` description."""
    if not reference.strip():
        raise ValueError("empty reference description: nothing to judge against")
    return _Judge(description, reference, caption, chart_type).run()
