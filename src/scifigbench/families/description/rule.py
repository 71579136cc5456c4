"""Rule reading of a figure description against the figure's spec: checklist items and errors.

The reader works on any free-form paragraph, not on a template. It finds the names the figure
contains (series, categories, axis labels, titles, x positions of line plots), reads every number
with its spelling (percent, approximate, scientific), and binds each number to the entity the
sentence attributes it to: the nearest series and category mention, preferring the same clause
and the words before the number (``"On GSM8K, Llama scores 42.1, while Mistral reaches 38"``).
A bound value is *correct* within the rubric tolerance (±3 points for percentages, ±10 % for
other values, half again for values hedged as approximate), a *binding error* (label mapping)
when it is another entity's value of the same panel, and a *numeric error* otherwise. Colours are
mapped to the 11 basic families and bound the same way. Trends, extremes, axis labels, counts and
style features are read from cue lexicons with negation handled. Elements the figure does not
have (error bars, trend lines, reference lines, insets, a second axis, a grid) described without
negation are hallucinations.

Sentences that talk about axes or ranges are not read as data values; numbers inside names
("GPT-4", "Top-5") are masked before numbers are read.

Where the reader's own cues cannot settle an error, the finding is *undecided* (costs no penalty,
listed apart; see :mod:`scifigbench.families.description.mqm`) instead of a guess:
- a value that belongs to another entity its clause names too: the description may have
  swapped the two, or the reader bound the value to the wrong one of the names around it;
- a clause with two different direction words ("rises, then falls") whose first does not match
  the series but a later one does: which of them is the description's statement of direction is
  not settled by word order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from scifigbench.concepts.kinds import KINDS, chart_kind
from scifigbench.families.description.mqm import Finding, ItemVerdict, MQMResult, score
from scifigbench.families.rule_version import RULE_VERSION
from scifigbench.freetext import lexicons
from scifigbench.freetext.colours import colours
from scifigbench.freetext.cues import negated
from scifigbench.freetext.labels import label_key, name_pattern
from scifigbench.freetext.numbers import Reading, extract_numbers
from scifigbench.freetext.text import clause_around, fold, mask, sentences
from scifigbench.rubric.checklists import (
    applicable,
    checklist,
    coverage_from_fraction,
    is_monotonic,
    panel_span,
    series_trend,
    values_coverage,
)
from scifigbench.spec import FigureSpec, Panel, Series, value_axis

_CLAUSE_SPLIT = re.compile(r",|;|:|\(|\)|\band\b|\bwhile\b|\bwhereas\b|\bbut\b|\bwith\b")
AXIS_CUE = re.compile(
    r"\baxis\b|\baxes\b|\bticks?\b|\bscale\b|\branges?\b|\branging\b|\bspans?\b|\bspanning\b|\bgridlines?\b"
)
X_CUE = re.compile(r"\bx[- ]?axis\b|\bhorizontal axis\b|\bx axis\b|\babscissa\b")
Y_CUE = re.compile(r"\by[- ]?axis\b|\bvertical axis\b|\by axis\b|\bordinate\b|\bvalue axis\b")
X_POSITION_LEFT = re.compile(r"(?:\bat|\bwhen|\bx\s*=|\bby|\bafter|\buntil|\bbefore)\b[^0-9]{0,40}$")
COUNT_NOUN = re.compile(
    r"^\s*(?:distinct\s+|different\s+|colou?red\s+|main\s+)?(?:series|categories|category|bars|groups|segments|slices|wedges|sectors|portions|parts|panels|subplots|lines|curves|models|methods|entries|points|markers)\b"
)
MAX_CUE = re.compile(lexicons.whole_words(lexicons.MAXIMUM_WORDS))
MIN_CUE = re.compile(lexicons.whole_words(lexicons.MINIMUM_WORDS))
UP = re.compile(lexicons.whole_words(lexicons.TREND_UP))
DOWN = re.compile(lexicons.whole_words(lexicons.TREND_DOWN))
FLAT = re.compile(lexicons.whole_words(lexicons.TREND_FLAT))
FLUCT = re.compile(lexicons.whole_words(lexicons.TREND_FLUCTUATING))
CROSS = re.compile(lexicons.whole_words(lexicons.CROSSING_WORDS))
CHART_PHRASES = {name: re.compile(kind.prose_pattern) for name, kind in KINDS.items()}
# a word naming a kind right before chart/graph/plot ("donut chart") -> the kind it names
KIND_OF_WORD = {word: name for name, kind in KINDS.items() for word in kind.words}
STRONG_CHART = re.compile(rf"\b({'|'.join(KIND_OF_WORD)}) (?:chart|graph|plot)s?\b")
ORIENT = re.compile(
    r"\b(vertical|horizontal)(?:ly)?(?: oriented| arranged)?\s+(?:bars?|columns?|bar chart)|\bbars? (?:are |run |extend )?(?:drawn |oriented |arranged )?(vertical|horizontal)"
)
GROUPED = re.compile(r"\b(?:grouped|side[- ]by[- ]side|clustered|adjacent bars)\b")
STACKED = re.compile(r"\bstack(?:ed|ing|s)?\b")
OVERLAPPING = re.compile(r"\b(?:overlap(?:s|ping)?|translucent|(?:semi-?)?transparent)\b")
VALUE_LABELS = re.compile(
    r"\b(?:value labels?|data labels?|numeric labels?|labell?ed with (?:their |the )?(?:exact )?values|annotated with (?:their |the )?(?:exact )?values|(?:numbers?|values?) (?:are )?(?:printed|shown|displayed|written) (?:above|on|inside|at|atop))"
)
PANELS = re.compile(r"\b(?:panels?|subplots?|sub-?figures?|facets?)\b")
MARKERS = re.compile(r"\b(?:markers?|circles|squares|triangles|diamonds|dots)\b")
GRID = re.compile(r"\bgrid(?:lines?| lines?)?\b")
LEGEND = re.compile(r"\blegend\b")
COLOUR_SCALE = re.compile(r"\bcolou?r ?(?:bar|scale|map)s?\b|\bcolormaps?\b")
PATTERN = re.compile(r"\bdiagonal\b|\bstands? out\b|\bdominat(?:es|ing)\b")
PLACEMENT = re.compile(r"\b(inside|outside|within|beside|next to|on the rim)\b")
ORDERING = re.compile(
    r"\b(?:clockwise|counter-?clockwise|anticlockwise|descending|ascending|sorted|ordered|in order)\b"
)
SEGMENT_COUNT = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:segments|slices|wedges|sectors|portions|parts|categories)\b"
)
NUMBER_WORDS = {
    w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())
}

# Whiskers of a kind that shows spread: what they are, what they mean, how wide they are.
SPREAD_CUE = re.compile(r"\berror[- ]?bars?\b|\bwhiskers?\b|\bintervals?\b|\bstandard deviations?\b|\bspread\b")
STD_CUE = re.compile(r"\bstandard deviations?\b|\bstd\b|\bs\.d\.")
CI_CUE = re.compile(r"\bconfidence intervals?\b|\bci\b")
WIDE_CUE = re.compile(r"\b(?:widest|longest|wider|longer)\b")
NARROW_CUE = re.compile(r"\b(?:narrowest|tightest|narrower|tighter)\b")
OVERLAP_CUE = re.compile(r"\boverlap\w*\b")
BOX_CUE = re.compile(r"\bquartiles?\b|\binter-?quartile\b|\biqr\b|\bmedian lines?\b")
OUTLIER_CUE = re.compile(r"\boutliers?\b|\b(?:beyond|outside) the whiskers\b")
HALLUCINATION_CUES: dict[str, re.Pattern[str]] = {
    "error_bars": re.compile(r"\berror bars?\b|\bwhiskers\b|\bconfidence intervals?\b|\bstandard deviations?\b"),
    "shaded_band": re.compile(r"\bshaded (?:region|area|band)s?\b|\bconfidence bands?\b"),
    "trend_line": re.compile(r"\btrend ?lines?\b|\bregression lines?\b|\bline of best fit\b|\bfitted lines?\b"),
    "reference_line": re.compile(r"\b(?:reference|threshold|baseline|target) lines?\b"),
    "inset": re.compile(r"\binset\b"),
    "secondary_axis": re.compile(r"\bsecondary (?:y[- ])?axis\b|\bsecond y[- ]axis\b|\bright(?:-hand)? y[- ]axis\b"),
    "grid": GRID,
    "arrow": re.compile(r"\barrows?\b"),
}


@dataclass
class Mention:
    start: int
    end: int
    kind: str  # series | category | xpos
    name: str


@dataclass
class DescriptionReading:
    """What a description says, item by item: the verdicts, findings and errors the MQM score is built from."""

    items: list[ItemVerdict]
    findings: list[Finding]
    errors: list[dict] = field(default_factory=list)  # accuracy errors, for known-answer tests
    coverage: dict[str, str] = field(default_factory=dict)


def _find_names(text: str, names: list[tuple[str, str]]) -> list[Mention]:
    """Mentions of (name, kind) pairs; where names overlap the longest wins ("GPT-4o" over "GPT-4")."""
    out = []
    for name, kind in sorted(set(names), key=lambda nk: len(nk[0]), reverse=True):
        if not label_key(name):
            continue
        for m in name_pattern(name).finditer(text):
            out.append(Mention(m.start(), m.end(), kind, name))
    out.sort(key=lambda m: (m.start, -(m.end - m.start)))
    kept: list[Mention] = []
    for m in out:  # the same span may name two things (a series called like the y label)
        if kept and m.start < kept[-1].end and (m.start, m.end) != (kept[-1].start, kept[-1].end):
            continue
        kept.append(m)
    return kept


def _is_number(text: str) -> bool:
    try:
        float(text.replace(",", ""))
        return True
    except ValueError:
        return False


def _without_asides(text: str) -> str:
    """Parenthetical asides blanked (same length): "Adam (blue, circles) rises" is one clause."""
    return re.sub(r"\([^()]*\)", lambda m: " " * len(m.group()), text)


def _sub_clause(sentence: str, pos: int) -> tuple[int, int]:
    """Bounds (relative to the sentence) of the clause around ``pos``."""
    return clause_around(sentence, pos, _CLAUSE_SPLIT)


AFTER_VALUE = re.compile(r"^\s*(?:%|percent\b)?\s*(?:at|by|in|on|for|when|after)\b")


def _nearest(
    mentions: list[Mention], kind: str, pos: int, clause: tuple[int, int], following_first: bool = False
) -> Mention | None:
    """The mention of ``kind`` the words around ``pos`` attribute it to (same clause first, left first).

    ``following_first``: the value is followed by "at / on / for ..." ("0.76 at x = 50",
    "38 on MATH"), so the mention after it is the one it belongs to.
    """
    cands = [m for m in mentions if m.kind == kind]
    if not cands:
        return None
    cs, ce = clause
    before = [m for m in cands if cs <= m.start and m.end <= pos]
    after = [m for m in cands if pos <= m.start and m.end <= ce]
    for group in (
        *((after, before) if following_first else (before, after)),
        [m for m in cands if m.end <= pos],
        [m for m in cands if m.start >= pos],
    ):
        if group:
            return min(group, key=lambda m: min(abs(pos - m.end), abs(m.start - pos)))
    return None


def _is_pct_panel(p: Panel, series: str | None = None) -> bool:
    return chart_kind(p.kind).parts_of_whole or (value_axis(p, series).unit or "").strip() == "%"


def _fraction_scale(panel: Panel, series: str | None = None) -> bool:
    """Whether the values on ``series``' value axis all lie on a 0-1 scale."""
    axis = value_axis(panel, series)
    same = [s for s in panel.series if value_axis(panel, s.name) == axis]
    return max((abs(v) for s in same for v in s.values), default=0.0) <= 1.5


def _value_bounds(p: Panel) -> list[list[float]]:
    """The drawn limits and ticks of each value axis of the panel (both y axes of a dual-axis chart)."""
    axes = []
    for axis in [value_axis(p, s.name) for s in p.series] or [value_axis(p)]:
        if axis not in axes:
            axes.append(axis)
    return [(list(a.range) if a.range else []) + list(a.ticks) for a in axes]


def _gap(low: float, high: float, truth: float) -> float:
    """Distance from ``truth`` to the stated interval (0 inside it): "60-61%" matches 60.4."""
    return max(low - truth, truth - high, 0.0)


def value_close(
    stated: Reading, truth: float, panel: Panel, scale01: bool | None = None, series: str | None = None
) -> bool:
    """Whether a stated value (a point or a range) matches a true value within the rubric tolerance.

    Percent panels (pies, unit "%"): ±3 points, also for shares written as fractions. Values on a
    0-1 scale written as a percentage
    ("42 %" for 0.42): ±0.03. Other values: ±10 %. Numbers hedged as approximate get half again.
    """
    factor = 1.5 if stated.approx else 1.0
    lo, hi = stated.low, stated.high
    if scale01 is None:
        scale01 = _fraction_scale(panel, series)
    if _is_pct_panel(panel, series) and not scale01:
        scales = [1.0] + ([100.0] if not stated.percent and 0 < hi <= 1 else [])
        return any(_gap(lo * k, hi * k, truth) <= 3.0 * factor for k in scales)  # "0.15 of the pie" is 15 %
    if stated.percent and scale01:
        return _gap(lo / 100.0, hi / 100.0, truth) <= 0.03 * factor or _gap(lo, hi, truth) <= 0.1 * abs(truth) * factor
    return _gap(lo, hi, truth) <= 0.1 * abs(truth) * factor + 1e-9


def _points(spec: FigureSpec, series: str | None, category: str | None) -> list[tuple[Panel, int, int]]:
    """(panel, series index, category index) of the data points a (series, category) mention names."""
    out = []
    for p in spec.panels:
        for si, s in enumerate(p.series):
            if series is not None and not chart_kind(p.kind).parts_of_whole and s.name != series:
                continue
            if series is None and not chart_kind(p.kind).parts_of_whole and len(p.series) > 1:
                continue
            for ci, c in enumerate(p.categories):
                if category is not None and c != category:
                    continue
                if category is None and len(p.categories) > 1:
                    continue
                out.append((p, si, ci))
    return out


def _is_extreme(points: list[tuple[Panel, int, int]], want_max: bool, whiskers: bool = False) -> bool:
    """Whether one of the points is the max (min) of its panel, its category or its series; of the
    whisker half-widths instead of the values when ``whiskers``."""
    pick = max if want_max else min

    def of(s: Series) -> list[float]:
        return list((s.errors or []) if whiskers else s.values)

    for p, si, ci in points:
        v = of(p.series[si])[ci]
        scopes = [
            [x for s in p.series for x in of(s)],
            [of(s)[ci] for s in p.series],
            of(p.series[si]),
        ]
        if any(abs(pick(sc) - v) <= 1e-12 for sc in scopes):
            return True
    return False


class _Reader:
    def __init__(self, text: str, spec: FigureSpec, chart_type: str):
        self.raw = text
        self.t = fold(text)
        self.spec = spec
        self.ctype = chart_type
        self.kind = chart_kind(chart_type)
        self.series = spec.series_names() if not self.kind.parts_of_whole else []
        self.categories = spec.category_names()  # bar categories or pie segment labels, each once
        # x tick labels of line plots that are not plain numbers ("10k", "Jan") are names too;
        # plain numbers ("10") are recognised as x positions by the words before them
        ticks = [c for p in spec.panels if chart_kind(p.kind).ordered_x for c in p.categories if not _is_number(c)]
        others = spec.titles() + [x for p in spec.panels for x in (p.x_label, p.y_label) if x]
        others += [a.text for p in spec.panels for a in p.annotations]
        found = _find_names(
            self.t,
            [(n, "series") for n in self.series]
            + [(n, "category") for n in self.categories]
            + [(n, "xpos") for n in ticks]
            + [(n, "other") for n in others],
        )
        self.mentions = [m for m in found if m.kind != "other"]
        self.other_names = [m for m in found if m.kind == "other"]
        spans = [(m.start, m.end) for m in found]
        self.masked = mask(self.t, spans)
        self.sents = sentences(self.t)
        self.findings: list[Finding] = []
        self.errors: list[dict] = []
        self.correct: dict[str, int] = {}
        self.items = {i.key: i for i in checklist(chart_type)}
        self.scale01 = {(p.index, s.name): _fraction_scale(p, s.name) for p in spec.panels for s in p.series}

    # -- helpers ---------------------------------------------------------------------------
    def sent_mentions(self, s: int, e: int) -> list[Mention]:
        return [Mention(m.start - s, m.end - s, m.kind, m.name) for m in self.mentions if s <= m.start and m.end <= e]

    def error(self, item: str, subtype: str, span: tuple[int, int] | None, entity: str = "", note: str = "") -> None:
        """Record an accuracy error; ``span`` is the sentence, or None for a statement about the whole figure."""
        sev = self.items[item].severity if item in self.items else "major"
        key = f"sent:{span[0]}-{span[1]}" if span else f"acc:{item}"
        self.findings.append(Finding("accuracy", sev, subtype, key, item, note))  # type: ignore[arg-type]
        self.errors.append({"item": item, "type": subtype, "entity": entity})

    def unsettled(self, item: str, subtype: str, span: tuple[int, int], note: str, reason: str) -> None:
        """Record a finding the reader's cues cannot settle: listed, not penalised, not an error."""
        sev = self.items[item].severity if item in self.items else "major"
        self.findings.append(Finding("accuracy", sev, subtype, f"sent:{span[0]}-{span[1]}", item, note, reason))  # type: ignore[arg-type]

    def ok(self, item: str) -> None:
        self.correct[item] = self.correct.get(item, 0) + 1

    def about_spread(self, masked: str) -> bool:
        """A sentence about the whiskers of a kind that draws them (read by ``read_whiskers``, not as values)."""
        return self.kind.shows_spread and SPREAD_CUE.search(masked) is not None

    def mentioned(self, names: list[str], kind: str) -> set[str]:
        return {m.name for m in self.mentions if m.kind == kind and m.name in names}

    # -- numbers bound to data points ----------------------------------------------------------
    def read_values(self) -> int:
        stated: set[tuple[str, str, float]] = set()
        for s, e, sent in self.sents:
            masked = self.masked[s:e]
            if AXIS_CUE.search(masked) or X_CUE.search(sent) or Y_CUE.search(sent) or self.about_spread(masked):
                continue
            ms = self.sent_mentions(s, e)
            nums = extract_numbers(masked)
            xpos: list[Mention] = []
            data_nums = []
            for n in nums:
                left = masked[: n.start]
                if COUNT_NOUN.match(masked[n.end :]):
                    continue
                if self.kind.ordered_x and X_POSITION_LEFT.search(left):
                    tick = self._xtick(n.value)
                    if tick is not None:
                        xpos.append(Mention(n.start, n.end, "xpos", tick))
                        continue
                data_nums.append(n)
            ms = ms + xpos
            plain = _without_asides(masked)
            for n in data_nums:
                clause = _sub_clause(plain, n.start) if plain[n.start] != " " else _sub_clause(masked, n.start)
                sm = _nearest(ms, "series", n.start, clause)
                cm = _nearest(
                    ms,
                    "category" if not self.kind.ordered_x else "xpos",
                    n.start,
                    clause,
                    following_first=bool(AFTER_VALUE.match(masked[n.end :])),
                )
                pts = _points(self.spec, sm.name if sm else None, cm.name if cm else None)
                if not pts:
                    continue
                stated.add((sm.name if sm else "", cm.name if cm else "", round(n.value, 6)))
                entity = "|".join(x for x in ((sm.name if sm else ""), (cm.name if cm else "")) if x)
                if any(self._close(n, p, si, p.series[si].values[ci]) for p, si, ci in pts):
                    self.ok("values")
                    continue
                owners = set().union(*(self._other_owners(n, p, si, ci) for p, si, ci in pts))
                named = sorted(owners & {m.name for m in ms if clause[0] <= m.start and m.end <= clause[1]})
                note = f"value {n.value:g} belongs to another entity"
                if named:
                    why = (
                        f"the value belongs to {named[0]!r}, which its clause names too: a swap or the reader's binding"
                    )
                    self.unsettled("values", "label_map", (s, e), note, why)
                elif owners:
                    self.error("values", "label_map", (s, e), entity, note)
                else:
                    self.error("values", "numeric", (s, e), entity, f"value {n.value:g} misread")
        return len(stated)

    def _xtick(self, value: float) -> str | None:
        for p in self.spec.panels:
            for xv, label in zip(p.x_values or [], p.categories):
                if abs(xv - value) <= 1e-9 * max(1.0, abs(xv)):
                    return label
        return None

    def _other_owners(self, n: Reading, p: Panel, si: int, ci: int) -> set[str]:
        """What tells apart the other points of the panel whose value ``n`` is: their series name when
        it differs from the bound point's, their category when that differs."""
        if self._close(n, p, si, p.series[si].values[ci]):
            return set()
        return {
            name
            for j, s in enumerate(p.series)
            for k, v in enumerate(s.values)
            if (j, k) != (si, ci) and self._close(n, p, j, v)
            for name, differs in ((s.name, j != si), (p.categories[k], k != ci))
            if differs
        }

    def _close(self, n: Reading, p: Panel, si: int, truth: float) -> bool:
        """``value_close`` on the value axis series ``si`` of ``p`` is read on."""
        name = p.series[si].name
        return value_close(n, truth, p, self.scale01[(p.index, name)], name)

    # -- colours ----------------------------------------------------------------------------
    def read_colours(self) -> int:
        if self.kind.value_by_colour_scale:
            return 0  # rows and columns have no colours of their own; see read_colour_scale
        if self.kind.parts_of_whole:
            fam = {}
            for p in self.spec.panels:
                if chart_kind(p.kind).parts_of_whole:
                    fams = p.series[0].color_families or [p.series[0].color_family] * len(p.categories)
                    for c, f in zip(p.categories, fams):
                        fam.setdefault(c, f)
            kind = "category"
        else:
            fam = {}
            for p in self.spec.panels:
                for s in p.series:
                    fam.setdefault(s.name, s.color_family)
            kind = "series"
        covered: set[str] = set()
        for s, e, _sent in self.sents:
            masked = self.masked[s:e]
            ms = self.sent_mentions(s, e)
            for cs, ce, family in colours(masked):
                if negated(masked, cs):
                    continue
                m = _nearest(ms, kind, cs, _sub_clause(masked, cs))
                if m is None or m.name not in fam:
                    continue
                covered.add(m.name)
                if family == fam[m.name]:
                    self.ok("colours")
                elif family in {f for n, f in fam.items() if n != m.name}:
                    self.error("colours", "label_map", (s, e), m.name, f"colour {family} belongs to another entity")
                else:
                    self.error("colours", "axis_legend", (s, e), m.name, f"colour {family} not in figure")
        return len(covered)

    def read_colour_scale(self) -> str:
        """A sentence on the colour bar that names colours covers the scale; a colour the scale's
        ends are not is an error (a middle colour of the map may be named: only ends are known)."""
        ends = {f for p in self.spec.panels for f in (p.scale_colours or [])}
        covered = False
        for s, e, _sent in self.sents:
            masked = self.masked[s:e]
            if not COLOUR_SCALE.search(masked):
                continue
            said = [family for cs, _ce, family in colours(masked) if not negated(masked, cs)]
            covered = covered or bool(said)
            for family in said:
                if family in ends:
                    self.ok("colour_scale")
                else:
                    self.error(
                        "colour_scale", "axis_legend", (s, e), family, f"colour {family} not at an end of the scale"
                    )
        return "complete" if covered else "missing"

    # -- axes ---------------------------------------------------------------------------------
    def read_axes(self) -> dict[str, str]:
        cov = {}
        xl = [p.x_label for p in self.spec.panels if p.x_label]
        per_series = (dict.fromkeys(value_axis(p, s.name).label for s in p.series) for p in self.spec.panels)
        yl = [lab for labels in per_series for lab in labels if lab]
        yl = yl or [p.y_label for p in self.spec.panels if p.y_label]
        for key, labels in (("x_axis", xl), ("y_axis", yl)):
            if not labels:
                continue
            found = any(m.name in labels for m in self.other_names)  # not inside a longer name (a title)
            cov[key] = "complete" if found else "missing"
        for s, e, sent in self.sents:
            masked = self.masked[s:e]  # clause bounds from masked text: "Energy (J)" is one name
            for key, cue, own, other in (("x_axis", X_CUE, xl, yl), ("y_axis", Y_CUE, yl, xl)):
                for m in cue.finditer(sent):
                    cs, ce = _sub_clause(masked, m.start())
                    clause = sent[cs:ce]
                    has_own = any(name_pattern(lab).search(clause) for lab in own)
                    has_other = any(name_pattern(lab).search(clause) for lab in other)
                    if has_other and not has_own and set(map(label_key, own)) != set(map(label_key, other)):
                        self.error(key, "axis_legend", (s, e), key, "axis label given to the other axis")
                    elif has_own:
                        self.ok(key)
        return cov

    def read_ranges(self) -> dict[str, str]:
        cov: dict[str, str] = {}
        for s, e, sent in self.sents:
            masked = self.masked[s:e]
            if not AXIS_CUE.search(masked):
                continue
            ends = [
                x for n in extract_numbers(masked) if not COUNT_NOUN.match(masked[n.end :]) for x in {n.low, n.high}
            ]
            if len(ends) < 2:
                continue
            is_x = bool(X_CUE.search(sent)) and not Y_CUE.search(sent)
            key = "x_range" if (is_x and self.kind.ordered_x) else "value_range"
            if is_x and not self.kind.ordered_x:
                continue
            lo, hi = min(ends), max(ends)
            if key == "x_range":
                xs = [x for p in self.spec.panels for x in (p.x_values or [])]
                if not xs:
                    continue
                tlo, thi = min(xs), max(xs)
            else:
                union = [b for p in self.spec.panels for bounds in _value_bounds(p) for b in bounds]
                if not union:
                    continue
                # the range of all value axes together, or of one axis of a panel with two
                twins = [
                    b for p in self.spec.panels if chart_kind(p.kind).two_value_axes for b in _value_bounds(p) if b
                ]
                spans = [(min(union), max(union))] + [(min(b), max(b)) for b in twins]
                tlo, thi = min(spans, key=lambda t: abs(lo - t[0]) + abs(hi - t[1]))
            cov[key] = "complete"
            tol = 0.1 * max(abs(thi - tlo), abs(thi), abs(tlo))
            if abs(lo - tlo) <= tol and abs(hi - thi) <= tol:
                self.ok(key)
            else:
                self.error(key, "axis_legend", (s, e), key, f"range {lo:g}-{hi:g} vs {tlo:g}-{thi:g}")
        return cov

    # -- trends, extremes, crossings --------------------------------------------------------------
    def read_trends(self) -> int:
        covered: set[str] = set()
        truth: dict[str, tuple[str, bool]] = {}
        for p in self.spec.panels:
            for ser in p.series:
                truth.setdefault(ser.name, (series_trend(ser.values, panel_span(p)), is_monotonic(ser.values)))
        for s, e, sent in self.sents:
            masked = _without_asides(self.masked[s:e])
            ms = [m for m in self.sent_mentions(s, e) if m.kind == "series"]
            if not ms and len(truth) == 1:  # one series: "the curve rises" can only mean it
                ms = [Mention(0, 0, "series", next(iter(truth)))]
            for m in ms:
                cs, ce = _sub_clause(masked, m.end)
                clause = masked[m.end : ce]
                if MAX_CUE.search(masked[cs:ce]) or MIN_CUE.search(masked[cs:ce]) or CROSS.search(masked[cs:ce]):
                    continue  # "SGD ends highest", "A overtakes B": not a statement of direction
                found = []
                for label, rx in (("up", UP), ("down", DOWN), ("flat", FLAT), ("fluct", FLUCT)):
                    hit = rx.search(clause)
                    if hit and not negated(clause, hit.start()):
                        found.append((hit.start(), label))
                if not found:
                    continue
                said = min(found)[1]
                covered.add(m.name)
                true, mono = truth[m.name]
                fits = [label for _, label in sorted(found) if label == true or (label == "fluct" and not mono)]
                if fits and fits[0] == said:
                    self.ok("trend")
                elif fits:
                    why = f"two direction words in one clause ({said} first, {fits[0]} later): unsettled"
                    self.unsettled("trend", "trend", (s, e), f"said {said}, figure {true}", why)
                else:
                    self.error("trend", "trend", (s, e), m.name, f"said {said}, figure {true}")
        return len(covered)

    def read_extremes(self) -> tuple[bool, bool]:
        saw_max = saw_min = False
        for s, e, sent in self.sents:
            masked = self.masked[s:e]
            if self.about_spread(masked):  # "the largest error bar" is no statement about a value
                continue
            ms = self.sent_mentions(s, e)
            if self.kind.ordered_x:
                for n in extract_numbers(masked):
                    if X_POSITION_LEFT.search(masked[: n.start]):
                        tick = self._xtick(n.value)
                        if tick is not None:
                            ms.append(Mention(n.start, n.end, "xpos", tick))
            for cue, want_max in ((MAX_CUE, True), (MIN_CUE, False)):
                hit = cue.search(masked)
                if not hit or negated(masked, hit.start()):
                    continue
                clause = _sub_clause(masked, hit.start())
                sm = _nearest(ms, "series", hit.start(), clause)
                cm = _nearest(ms, "category" if not self.kind.ordered_x else "xpos", hit.start(), clause)
                if self.kind.ordered_x and cm is None:
                    if sm is not None:  # "A peaks ..." without a position says nothing checkable
                        saw_max, saw_min = (saw_max or want_max), (saw_min or not want_max)
                    continue
                pts = _points(self.spec, sm.name if sm else None, cm.name if cm else None)
                if not pts and sm is None and cm is not None:  # category named in a multi-series chart
                    pts = [
                        (p, si, ci)
                        for p in self.spec.panels
                        for si in range(len(p.series))
                        for ci, c in enumerate(p.categories)
                        if c == cm.name
                    ]
                if not pts:
                    continue
                item = "extremes" if (want_max or not self.kind.parts_of_whole) else "smallest"
                if want_max:
                    saw_max = True
                else:
                    saw_min = True
                entity = "|".join(x for x in ((sm.name if sm else ""), (cm.name if cm else "")) if x)
                if _is_extreme(pts, want_max):
                    self.ok(item)
                else:
                    self.error(item, "trend", (s, e), entity, f"not the {'highest' if want_max else 'lowest'}")
        return saw_max, saw_min

    # -- whiskers ---------------------------------------------------------------------------------
    def read_boxes(self) -> dict[str, str]:
        """Coverage of what a box marks (quartiles, an IQR) and of its outliers.

        Saying there are no outliers is checked against the spec; naming outliers covers the item
        without a check of which runs they are.
        """
        boxes = "complete" if BOX_CUE.search(self.masked) else "missing"
        outliers = "missing"
        any_far = any(o for p in self.spec.panels for s in p.series for o in s.outliers or [])
        for s, e, _sent in self.sents:
            hit = OUTLIER_CUE.search(self.masked[s:e])
            if hit is None:
                continue
            outliers = "complete"
            if negated(self.masked[s:e], hit.start()) and any_far:
                self.error("outliers", "axis_legend", (s, e), "no outliers", "outliers drawn")
            else:
                self.ok("outliers")
        return {"boxes": boxes, "outliers": outliers}

    def read_whiskers(self) -> dict[str, str]:
        """Coverage of what the whiskers mean and of how wide they are.

        The meaning (a standard deviation or a confidence interval) is checked against the panel's
        ``spread``; "widest"/"narrowest" bound to a series and category is checked against the
        half-widths. An overlap statement counts as covering the sizes, but its truth is not
        checked (no error and no confirmation is recorded for it).
        """
        meaning = spread = "missing"
        truth = self.spec.panels[0].spread or ""
        for s, e, _sent in self.sents:
            masked = self.masked[s:e]
            about = SPREAD_CUE.search(masked) if self.kind.shows_spread else None
            if about is None or negated(masked, about.start()):
                continue
            said = "standard deviation" if STD_CUE.search(masked) else None
            said = said or ("confidence interval" if CI_CUE.search(masked) else None)
            if said:
                meaning = "complete"
                if truth and said in truth:
                    self.ok("whiskers")
                elif truth:
                    self.error("whiskers", "axis_legend", (s, e), said, "whiskers show something else")
            if OVERLAP_CUE.search(masked):
                spread = "complete"
            for cue, want_max in ((WIDE_CUE, True), (NARROW_CUE, False)):
                hit = cue.search(masked)
                if hit:
                    spread = "complete"
                    self._check_width(s, e, hit.start(), want_max)
        return {"whiskers": meaning, "spread": spread}

    def _check_width(self, s: int, e: int, at: int, want_max: bool) -> None:
        masked = self.masked[s:e]
        ms = self.sent_mentions(s, e)
        clause = _sub_clause(masked, at)
        sm, cm = _nearest(ms, "series", at, clause), _nearest(ms, "category", at, clause)
        pts = _points(self.spec, sm.name if sm else None, cm.name if cm else None) if (sm or cm) else []
        if not pts:
            return
        if _is_extreme(pts, want_max, whiskers=True):
            self.ok("spread")
        else:
            entity = "|".join(x.name for x in (sm, cm) if x)
            self.error("spread", "trend", (s, e), entity, f"not the {'widest' if want_max else 'narrowest'} whisker")

    # -- hallucinated elements ----------------------------------------------------------------------
    def read_hallucinations(self) -> None:
        ann_kinds = {a.kind for p in self.spec.panels for a in p.annotations}
        present = {
            "reference_line": bool(ann_kinds & {"hline", "vline"}),
            # a heatmap is a grid of cells: the word names the chart, not invented grid lines
            "grid": any(p.grid for p in self.spec.panels) or self.kind.value_by_colour_scale,
            "arrow": "arrow" in ann_kinds,
            "error_bars": any(s.errors for p in self.spec.panels for s in p.series),
        }
        seen: set[str] = set()
        for s, e, _sent in self.sents:
            masked = self.masked[s:e]
            for kind, rx in HALLUCINATION_CUES.items():
                if kind in seen or present.get(kind, False):
                    continue
                if any(not negated(masked, hit.start()) for hit in rx.finditer(masked)):
                    seen.add(kind)
                    self.findings.append(
                        Finding("accuracy", "major", "halluc", f"sent:{s}-{e}", None, f"{kind} not in figure")
                    )
                    self.errors.append({"item": "global", "type": "halluc", "entity": kind})
                    break  # one invented element per sentence: "a shaded band shows the confidence interval"

    # -- clarity ------------------------------------------------------------------------------------
    def read_clarity(self) -> None:
        listed = re.findall(r"(?m)^\s*(?:[-*•]|\d+[.)])\s+", self.raw)
        if len(listed) >= 3:
            self.findings.append(
                Finding("clarity", "minor", "clarity", "global:format", None, "a list, not a paragraph")
            )

    # -- everything --------------------------------------------------------------------------------
    def flag(self, rx: re.Pattern[str]) -> bool:
        return any(not negated(self.masked, m.start()) for m in rx.finditer(self.masked))

    def run(self) -> DescriptionReading:
        spec = self.spec
        cov: dict[str, str] = {}
        n_values = self.read_values()
        cov["values"] = values_coverage(n_values, sum(len(s.values) for p in spec.panels for s in p.series))
        cov["colours"] = coverage_from_fraction(
            self.read_colours(), len(self.categories) if self.kind.parts_of_whole else len(self.series)
        )
        cov.update(self.read_axes())
        cov.update(self.read_ranges())
        if self.kind.ordered_x:
            cov["trend"] = coverage_from_fraction(self.read_trends(), len(self.series))
        saw_max, saw_min = self.read_extremes()
        if self.kind.parts_of_whole:
            cov["extremes"] = "complete" if saw_max else "missing"
            cov["smallest"] = "complete" if saw_min else "missing"
        else:
            cov["extremes"] = "complete" if saw_max and saw_min else ("partial" if saw_max or saw_min else "missing")
        self.read_hallucinations()
        self.read_clarity()
        cov["categories"] = coverage_from_fraction(
            len(self.mentioned(self.categories, "category")), len(self.categories)
        )
        cov["legend"] = (
            coverage_from_fraction(len(self.mentioned(self.series, "series")), len(self.series))
            if self.kind.legend_names_series
            else ("complete" if self.flag(LEGEND) else "missing")
        )
        cov["rows"] = coverage_from_fraction(len(self.mentioned(self.series, "series")), len(self.series))
        cov["colour_scale"] = self.read_colour_scale() if self.kind.value_by_colour_scale else "n.a."
        cov["pattern"] = "complete" if self.flag(PATTERN) else "missing"
        cov["chart_type"] = self._chart_type()
        cov["purpose"] = "complete" if any(m.name in spec.titles() for m in self.other_names) else "missing"
        cov["orientation"] = self._orientation()
        cov["arrangement"] = self._arrangement()
        cov["value_labels"] = "complete" if self.flag(VALUE_LABELS) else "missing"
        cov["layout"] = self._layout()
        cov["markers"] = "complete" if self.flag(MARKERS) else "missing"
        cov["grid"] = "complete" if self.flag(GRID) else "missing"
        cov["intersections"] = "complete" if self.flag(CROSS) else "missing"
        cov["segment_count"] = self._segment_count()
        cov["label_placement"] = self._placement()
        cov["ordering"] = "complete" if self.flag(ORDERING) else "missing"
        if self.kind.shows_spread:
            cov.update(self.read_whiskers())
        if self.kind.value_is_median:
            cov.update(self.read_boxes())
        cov.setdefault("x_range", "missing")
        cov.setdefault("value_range", "missing")
        return self._verdicts(cov)

    def _chart_type(self) -> str:
        strong = [m.group(1) for m in STRONG_CHART.finditer(self.masked)]
        strong = [KIND_OF_WORD[k] for k in strong]
        if strong:
            # "a bar chart with error bars" names a kind that shows spread by its marks and whiskers
            with_whiskers = (
                self.kind.shows_spread
                and CHART_PHRASES[self.ctype].search(self.masked) is not None
                and all(chart_kind(k).category_axis for k in strong)
            )
            if self.ctype not in strong and not with_whiskers:
                self.error("chart_type", "axis_legend", None, strong[0], "wrong chart type")
            else:
                self.ok("chart_type")
            return "complete"
        return "complete" if CHART_PHRASES[self.kind.name].search(self.masked) else "missing"

    def _orientation(self) -> str:
        said = [m.group(1) or m.group(2) for m in ORIENT.finditer(self.masked)]
        if not said:
            return "missing"
        true = self.spec.panels[0].orientation
        if said[0] == true:
            self.ok("orientation")
        else:
            self.error("orientation", "axis_legend", None, said[0], "wrong orientation")
        return "complete"

    def _arrangement(self) -> str:
        # areas that are not stacked, and a histogram's distributions, overlap rather than stand side
        # by side: either word says so
        g = self.flag(GROUPED) or ((self.kind.filled or self.kind.binned) and self.flag(OVERLAPPING))
        st = self.flag(STACKED)
        if not (g or st):
            return "missing"
        stacked = any(p.stacked for p in self.spec.panels)
        if (st and stacked) or (g and not stacked):
            self.ok("arrangement")
        else:
            self.error("arrangement", "axis_legend", None, "stacked" if st else "grouped", "wrong arrangement")
        return "complete"

    def _layout(self) -> str:
        parts = []
        if len(self.spec.panels) > 1:
            parts.append(self.flag(PANELS))
        anns = [a.text for p in self.spec.panels for a in p.annotations]
        if anns:
            parts.append(any(name_pattern(a).search(self.t) for a in anns))
        if not parts:
            return "n.a."
        return coverage_from_fraction(sum(parts), len(parts))

    def _segment_count(self) -> str:
        if not self.kind.parts_of_whole:
            return "n.a."
        m = SEGMENT_COUNT.search(self.masked)
        if not m:
            return "missing"
        word = m.group(1)
        n = int(word) if word.isdigit() else NUMBER_WORDS[word]
        counts = {len(p.categories) for p in self.spec.panels if chart_kind(p.kind).parts_of_whole}
        true = min(counts, key=lambda c: abs(c - n))
        if n in counts:
            self.ok("segment_count")
        else:
            self.error("segment_count", "numeric", (m.start(), m.end()), str(n), f"{n} segments, figure has {true}")
        return "complete"

    def _placement(self) -> str:
        pos = self.spec.panels[0].pct_position
        for s, e, sent in self.sents:
            masked = self.masked[s:e]
            if not re.search(r"%|percent|percentages?|labels?", masked):
                continue
            hit = PLACEMENT.search(masked)
            if hit:
                said = "outside" if hit.group(1) in ("outside", "beside", "next to", "on the rim") else "inside"
                if pos is None or said == pos:
                    self.ok("label_placement")
                else:
                    self.error("label_placement", "axis_legend", (s, e), said, "labels placed elsewhere")
                return "complete"
        return "missing"

    def _verdicts(self, cov: dict[str, str]) -> DescriptionReading:
        items = []
        final_cov: dict[str, str] = {}
        err_items = {}
        for f in self.findings:
            if f.item and f.undecided is None:
                err_items[f.item] = err_items.get(f.item, 0) + 1
        for item in checklist(self.ctype):
            if not applicable(item, self.spec):
                c = "n.a."
            else:
                c = cov.get(item.key, "missing")
                if c == "n.a.":
                    c = "missing"
            final_cov[item.key] = c
            n_err, n_ok = err_items.get(item.key, 0), self.correct.get(item.key, 0)
            if c in ("n.a.", "missing") and not n_err:
                corr = "n.a."
            elif n_err and not n_ok:
                corr = "wrong"
            elif n_err:
                corr = "partial"
            else:
                corr = "correct"
            items.append(ItemVerdict(item.key, item.severity, c, corr))
            if c == "missing":
                self.findings.append(
                    Finding("completeness", item.severity, "missing", f"item:{item.key}", item.key, "not covered")
                )
            elif c == "partial":
                self.findings.append(
                    Finding("completeness", "minor", "missing", f"item:{item.key}", item.key, "partly covered")
                )
        return DescriptionReading(items, self.findings, self.errors, final_cov)


def read_description(text: str, spec: FigureSpec, chart_type: str | None = None) -> DescriptionReading:
    """Checklist verdicts and findings for one description of ``spec``."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"figure {spec.figure_id}: empty description cannot be judged")
    return _Reader(text, spec, chart_type or spec.chart_type).run()


class NoGroundTruth(ValueError):
    """The rule judge needs a ground-truth spec the figure does not have (an imported real figure)."""


def judge_description(text: str, spec: FigureSpec, chart_type: str | None = None) -> MQMResult:
    """Rule-judge a free-form description of the figure ``spec`` and score it with MQM."""
    ctype = chart_type or spec.chart_type
    reading = read_description(text, spec, ctype)
    result = score(reading.findings, len(checklist(ctype)), reading.items)
    result.rules = RULE_VERSION
    return result
