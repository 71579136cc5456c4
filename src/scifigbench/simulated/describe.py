"""Simulated descriptions: a paragraph written from the spec with drawn, recorded errors.

The writer walks the chart type's checklist, leaves items out at the profile's omission rate,
and states the rest in varied English. Along the way it draws the profile's errors (a misread
value, a value given to the wrong entity, a colour given to the wrong series, swapped axis
labels, a wrong trend or extreme, an invented element) and records each one. It also records what
the paragraph ends up covering (which names and how many values it states), because names turn
up in several sentences and an item's coverage is a property of the whole text, not of one
decision. Captions with false claims and blurred elements add their own sentences.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from scifigbench.concepts.kinds import chart_kind
from scifigbench.rubric.checklists import (
    applicable,
    checklist,
    coverage_from_fraction,
    is_monotonic,
    panel_span,
    series_trend,
    values_coverage,
)
from scifigbench.simulated import phrases
from scifigbench.simulated.profiles import Profile
from scifigbench.simulated.wording import fmt_value, join_names, number_word, pick
from scifigbench.spec import FigureSpec, Panel, TextElement, value_axis

COLOUR_SYNONYMS: dict[str, tuple[str, ...]] = {
    "red": ("red", "crimson", "dark red"), "orange": ("orange",), "yellow": ("yellow", "gold"),
    "green": ("green", "dark green"), "blue": ("blue", "navy", "light blue", "steel blue"),
    "purple": ("purple", "violet"), "pink": ("pink", "magenta"), "brown": ("brown",),
    "gray": ("gray", "grey"), "black": ("black",), "white": ("white",),
}
INVENTED = {
    "error_bars": ("Error bars mark the spread of each value.", "Each data point carries small error bars.",
                   "Thin error bars indicate the variability."),
    "trend_line": ("A fitted trend line is overlaid on the data.", "A dashed regression line summarises the overall trend."),
    "reference_line": ("A dashed reference line marks a threshold level.", "A horizontal threshold line is drawn across the plot."),
    "inset": ("A small inset enlarges part of the plot.",),
    "secondary_axis": ("A secondary y-axis on the right gives a second scale.",),
    "grid": ("Light grid lines run across the background.",),
}


@dataclass
class Blurred:
    """What a passive description knows about a blurred element: its text and role, and the draw."""

    element: TextElement
    mode: str
    mentioned: bool
    admits: bool
    fabricates: bool
    correct: bool
    guess: str | None


@dataclass
class _Book:
    """What the paragraph has said so far: the basis of the recorded item coverage."""

    series: set[str] = field(default_factory=set)
    categories: set[str] = field(default_factory=set)
    coloured: set[str] = field(default_factory=set)
    trends: set[str] = field(default_factory=set)
    values: set[tuple[int, int, int]] = field(default_factory=set)
    covered: set[str] = field(default_factory=set)    # boolean items stated
    saw_max: bool = False
    saw_min: bool = False
    errors: list[dict] = field(default_factory=list)
    omitted: list[str] = field(default_factory=list)


def _is_number(text: str) -> bool:
    try:
        float(text.replace(",", "").replace("%", ""))
        return True
    except ValueError:
        return False


def _names(text: str, name: str) -> bool:
    """Whether ``text`` (written by the corpus from the spec) contains ``name`` as spelled there."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None


def _pct_panel(p: Panel, series: str | None = None) -> bool:
    """Values (of ``series``) are percentages: shares of a whole, or read on an axis in "%"."""
    return chart_kind(p.kind).parts_of_whole or (value_axis(p, series).unit or "").strip() == "%"


def _far(v: float, others: list[float], pct: bool) -> bool:
    """Whether ``v`` is clearly away from every value (far beyond the rubric tolerance)."""
    for o in others:
        if pct and abs(v - o) < 8.0:
            return False
        if not pct and abs(v - o) < 0.25 * max(abs(o), 1e-9):
            return False
    return True


class _Writer:
    def __init__(self, spec: FigureSpec, profile: Profile, rng: random.Random, forbidden: set[str]):
        self.spec, self.pr, self.rng = spec, profile, rng
        self.kind = chart_kind(spec.chart_type)
        self.book = _Book()
        self.forbidden = forbidden  # names the respondent cannot read (a blurred element)
        self.blurred_values: list[tuple[str, str | None]] = []  # (category, series) of a blurred value label
        # entities a caption claim is about: their values and ranks are left to the claim sentences,
        # so that a claim drawn as "not addressed" is not addressed elsewhere either
        self.quiet: set[str] = set()
        self.no_ranges = False
        self.all_values = [v for p in spec.panels for s in p.series for v in s.values]

    def ok(self, name: str) -> bool:
        return name not in self.forbidden

    def readable(self, p: Panel, si: int, ci: int) -> bool:
        """A data point whose value (or name) the respondent can read and may state."""
        if not (self.ok(p.categories[ci]) and self.ok(p.series[si].name)):
            return False
        if p.categories[ci] in self.quiet or p.series[si].name in self.quiet:
            return False
        return not any(c == p.categories[ci] and (s is None or s == p.series[si].name) for c, s in self.blurred_values)

    def colour_word(self, family: str) -> str:
        return self.rng.choice(COLOUR_SYNONYMS.get(family, (family,)))

    # --- items -------------------------------------------------------------------------------
    def chart_type(self) -> str:
        nouns = ("donut chart",) if self.spec.panels[0].donut else self.kind.nouns
        self.book.covered.add("chart_type")
        noun = self.rng.choice(nouns)
        title = next((t for t in self.spec.titles() if self.ok(t)), None)
        if title and "purpose" in self.items and not self.omit("purpose"):
            self.book.covered.add("purpose")
            return pick(self.rng, ("The figure is a {n} titled '{t}'.", "This {n}, titled \"{t}\", is shown.",
                                   "Shown is a {n} with the title '{t}'."), n=noun, t=title)
        return pick(self.rng, ("The figure is a {n}.", "This is a {n}.", "The image shows a {n}."), n=noun)

    def orientation(self) -> str:
        o = self.spec.panels[0].orientation
        self.book.covered.add("orientation")
        return pick(self.rng, ("The bars run {o}ly.", "It uses {o} bars.", "The bars are oriented {o}ly."), o=o)

    def axes(self) -> list[str]:
        p = next((p for p in self.spec.panels if p.x_label or p.y_label), self.spec.panels[0])
        xl = p.x_label if p.x_label and self.ok(p.x_label) and "x_axis" in self.items and not self.omit("x_axis") else None
        yl = p.y_label if p.y_label and self.ok(p.y_label) and "y_axis" in self.items and not self.omit("y_axis") else None
        if xl and yl and xl != yl and self.rng.random() < self.pr.axis_swap_rate:
            xl, yl = yl, xl
            self.book.errors += [{"item": "x_axis", "type": "axis_legend", "entity": "x_axis"},
                                 {"item": "y_axis", "type": "axis_legend", "entity": "y_axis"}]
            self.book.covered |= {"x_axis", "y_axis"}
        else:
            self.book.covered |= {k for k, v in (("x_axis", xl), ("y_axis", yl)) if v}
        if xl and yl:
            return [pick(self.rng, ("The x-axis shows {x}, and the y-axis shows {y}.",
                                    "The horizontal axis is labelled '{x}'; the vertical axis is labelled '{y}'.",
                                    "On the x-axis is {x}, while the y-axis gives {y}."), x=xl, y=yl)]
        out = []
        if xl:
            out.append(pick(self.rng, ("The x-axis is labelled '{x}'.", "The horizontal axis shows {x}."), x=xl))
        if yl:
            out.append(pick(self.rng, ("The y-axis is labelled '{y}'.", "The vertical axis shows {y}."), y=yl))
        return out

    def value_range(self) -> str | None:
        bounds = [b for p in self.spec.panels for b in ((list(p.y_range) if p.y_range else []) + list(p.y_ticks))]
        if not bounds:
            return None
        lo, hi = min(bounds), max(bounds)
        self.book.covered.add("value_range")
        fmt = lambda v: f"{v:g}"  # noqa: E731 - tick values are printed as plain numbers
        if self.kind.value_by_colour_scale:
            bar = ("The colour bar ranges from {lo} to {hi}.", "Ticks on the colour bar span {lo} to {hi}.")
            return pick(self.rng, bar, lo=fmt(lo), hi=fmt(hi))
        axis = "value axis" if self.spec.panels[0].orientation == "horizontal" else self.rng.choice(("y-axis", "vertical axis"))
        return pick(self.rng, ("The {a} ranges from {lo} to {hi}.", "Ticks on the {a} span {lo} to {hi}."),
                    a=axis, lo=fmt(lo), hi=fmt(hi))

    def x_range(self) -> str | None:
        xs = [x for p in self.spec.panels for x in (p.x_values or [])]
        if not xs:
            return None
        self.book.covered.add("x_range")
        return pick(self.rng, ("The x-axis spans {lo} to {hi}.", "Along the x-axis the range runs from {lo} to {hi}."),
                    lo=f"{min(xs):g}", hi=f"{max(xs):g}")

    def names(self, names: list[str], what: str) -> str | None:
        """A sentence naming the readable ``names``, which are ``what``: "category" or "series"."""
        shown = [n for n in names if self.ok(n)]
        if not shown:
            return None
        (self.book.categories if what == "category" else self.book.series).update(shown)
        if what == "series" and self.kind.value_by_colour_scale:
            return pick(self.rng, ("The rows are {n}.", "Its rows are labelled {n}."), n=join_names(shown))
        if what == "series":
            return pick(self.rng, ("The legend lists {n}.", "The series shown are {n}.", "It compares {n}."), n=join_names(shown))
        if self.kind.parts_of_whole:
            return pick(self.rng, ("The segments are {n}.", "Its slices are labelled {n}."), n=join_names(shown))
        if self.kind.value_by_colour_scale:
            return pick(self.rng, ("The columns are {n}.", "Its columns are labelled {n}."), n=join_names(shown))
        return pick(self.rng, ("The categories are {n}.", "Bars are shown for {n}.", "The categories along the axis are {n}."),
                    n=join_names(shown))

    def _coloured_names(self) -> dict[str, str]:
        """Name -> colour family of what colours tell apart: the series, or the parts of a whole."""
        seen: dict[str, str] = {}
        for p in self.spec.panels:
            if self.kind.legend_names_series:
                for s in p.series:
                    seen.setdefault(s.name, s.color_family)
            else:
                fams = p.series[0].color_families or [p.series[0].color_family] * len(p.categories)
                for c, f in zip(p.categories, fams):
                    seen.setdefault(c, f)
        return seen

    def colours(self) -> list[str]:
        ent = [(n, f) for n, f in self._coloured_names().items() if self.ok(n)]
        if not ent:
            return []
        out = []
        all_fams = {f for _, f in ent}
        for name, fam in ent[:4]:
            said = fam
            if self.rng.random() < self.pr.colour_error_rate:
                others = sorted(all_fams - {fam})
                if others:
                    said = self.rng.choice(others)
                    self.book.errors.append({"item": "colours", "type": "label_map", "entity": name})
                else:
                    said = self.rng.choice(sorted(set(COLOUR_SYNONYMS) - {fam, "white", "black"}))
                    self.book.errors.append({"item": "colours", "type": "axis_legend", "entity": name})
            self.book.coloured.add(name)
            (self.book.series if self.kind.legend_names_series else self.book.categories).add(name)
            out.append(pick(self.rng, ("{n} is drawn in {c}.", "{n} appears in {c}.", "The {c} color marks {n}."),
                            n=name, c=self.colour_word(said)))
        return out

    def colour_scale(self) -> str:
        """Which colours the scale runs between, low to high (a colour error swaps or replaces one)."""
        low, high = next(p.scale_colours for p in self.spec.panels if p.scale_colours)
        if self.rng.random() < self.pr.colour_error_rate:
            high = self.rng.choice(sorted(set(COLOUR_SYNONYMS) - {low, high, "white", "black"}))
            self.book.errors.append({"item": "colour_scale", "type": "axis_legend", "entity": high})
        self.book.covered.add("colour_scale")
        return pick(self.rng, ("The colour bar runs from {l} for low values to {h} for high ones.",
                               "On the colour scale, {l} marks low values and {h} high ones."),
                    l=self.colour_word(low), h=self.colour_word(high))

    def pattern(self) -> str | None:
        """The row whose cells are highest on average, said to stand out (without an extreme's words)."""
        p = self.spec.panels[0]
        means = [(sum(s.values) / len(s.values), s.name) for s in p.series
                 if self.ok(s.name) and s.name not in self.quiet]
        if not means:
            return None
        name = max(means)[1]
        self.book.covered.add("pattern")
        self.book.series.add(name)
        return pick(self.rng, ("The {s} row stands out from the other rows.", "Across the columns, {s} stands out."),
                    s=name)

    def arrangement(self) -> str:
        """Stacked or not, in the kind's own words: a stacked bar is built from the series' contributions, while
        filled series (areas) sit on one another when stacked and overlap when not, never side by side."""
        self.book.covered.add("arrangement")
        item, series = self.kind.item_word, self.kind.series_word
        if any(p.stacked for p in self.spec.panels):
            each = (f"Each {series} is stacked on the one below it." if self.kind.filled
                    else f"Each {item} is stacked from the series' contributions.")
            return pick(self.rng, ("The series are stacked on top of each other.", each))
        if self.kind.filled:
            return pick(self.rng, (f"Each {series} is filled down to the axis, overlapping the others.",
                                   f"Each {series} is drawn translucent where it overlaps the others."))
        if self.kind.binned:
            return pick(self.rng, ("The two distributions overlap over the same bins.",
                                   "The bars are translucent where the distributions overlap."))
        return pick(self.rng, (f"{item.capitalize()}s of the series are grouped side by side for each category.",
                               f"The {item}s are clustered by category."))

    def _point_sentence(self, p: Panel, si: int, ci: int, text_value: str) -> str:
        cat, ser = p.categories[ci], p.series[si].name
        multi = len(p.series) > 1
        kind = chart_kind(p.kind)
        if kind.parts_of_whole:
            return pick(self.rng, ("{c} accounts for {v}.", "The {c} segment is {v}.", "{c} takes up {v} of the pie."), c=cat, v=text_value)
        if kind.ordered_x:
            who = ser if multi else "the curve"
            return pick(self.rng, ("At x = {x}, {s} reaches {v}.", "{S} records {v} at {x}."),
                        x=cat, s=who, S=who[0].upper() + who[1:], v=text_value)
        if multi:
            return pick(self.rng, ("On {c}, {s} reaches {v}.", "{s} scores {v} on {c}.", "For {c}, {s} has a value of {v}."),
                        c=cat, s=ser, v=text_value)
        return pick(self.rng, ("{c} has a value of {v}.", "The bar for {c} reaches {v}."), c=cat, v=text_value)

    def _misread(self, truth: float, pct: bool) -> float:
        """A wrong reading clearly away from every value of the figure (so it is not another bar's)."""
        if pct:
            cands = [x / 2 for x in range(4, 201) if abs(x / 2 - truth) >= 10]  # not <= 1: could read as a fraction
        else:
            base = abs(truth) if truth else max(abs(v) for v in self.all_values) or 1.0
            cands = [truth + sign * base * f / 100 for f in range(35, 101, 5) for sign in (-1, 1)]
        far = [c for c in cands if _far(c, self.all_values, pct)]
        if far:
            return self.rng.choice(far)
        top = max(abs(v) for v in self.all_values)
        return (top + 30.0 if top + 30.0 <= 100 else -1.0) if pct else top * 1.6 + 1.0

    def values(self) -> list[str]:
        pts = [(p, si, ci) for p in self.spec.panels for si, s in enumerate(p.series) for ci in range(len(p.categories))
               if self.readable(p, si, ci)]
        if not pts:
            return []
        k = min(len(pts), self.rng.randint(3, 5))
        out = []
        for p, si, ci in self.rng.sample(pts, k):
            truth = p.series[si].values[ci]
            pct = _pct_panel(p, p.series[si].name)
            ent = f"{p.series[si].name}|{p.categories[ci]}"
            said, text_value = truth, None
            if self.rng.random() < self.pr.misread_rate:
                said = self._misread(truth, pct)
                self.book.errors.append({"item": "values", "type": "numeric", "entity": ent})
            elif self.rng.random() < self.pr.label_swap_rate:
                partners = [s.values[ci] for j, s in enumerate(p.series) if j != si]
                partners += [v for j, v in enumerate(p.series[si].values) if j != ci]
                same_pt = [q.series[a].values[b] for q in self.spec.panels for a, s2 in enumerate(q.series)
                           for b, c2 in enumerate(q.categories) if s2.name == p.series[si].name and c2 == p.categories[ci]]
                partners = [v for v in partners if _far(v, same_pt, pct)]
                if partners:
                    said = self.rng.choice(partners)
                    self.book.errors.append({"item": "values", "type": "label_map", "entity": ent})
            axis = value_axis(p, p.series[si].name)
            frac = max(abs(v) for s in p.series if value_axis(p, s.name) == axis for v in s.values) <= 1.0
            if said == truth:
                text_value = fmt_value(self.rng, truth, pct, self.pr.approx_rate, frac)
            else:
                text_value = fmt_value(self.rng, said, pct, 0.0, frac)
            self.book.values.add((p.index, si, ci))
            kind = chart_kind(p.kind)
            if not kind.ordered_x:
                self.book.categories.add(p.categories[ci])
            if kind.ordered_x or (kind.category_axis and len(p.series) > 1):
                self.book.series.add(p.series[si].name)
            out.append(self._point_sentence(p, si, ci, text_value))
        return out

    def extremes(self, want_max: bool) -> str | None:
        p = self.spec.panels[0]
        pts = [(si, ci) for si, s in enumerate(p.series) for ci in range(len(p.categories)) if self.readable(p, si, ci)]
        if not pts:
            return None
        pick_fn = max if want_max else min
        flat = [x for s in p.series for x in s.values]
        best = pick_fn(pts, key=lambda t: p.series[t[0]].values[t[1]])
        if abs(p.series[best[0]].values[best[1]] - pick_fn(flat)) > 1e-12:
            return None  # the true extreme is blurred: nothing honest to say
        if self.rng.random() < self.pr.trend_error_rate:
            def extreme_anywhere(si: int, ci: int) -> bool:
                """Extreme in some scope of some panel that has a point with the same names."""
                name, cat = p.series[si].name, p.categories[ci]
                for q in self.spec.panels:
                    for sj, s in enumerate(q.series):
                        for cj, c in enumerate(q.categories):
                            if c != cat or (len(q.series) > 1 and s.name != name):
                                continue
                            v = s.values[cj]
                            scopes = [[x for t in q.series for x in t.values], [t.values[cj] for t in q.series], list(s.values)]
                            if any(abs(pick_fn(sc) - v) <= 1e-12 for sc in scopes):
                                return True
                return False
            wrong = [t for t in pts if not extreme_anywhere(*t)]
            if wrong:
                best = self.rng.choice(wrong)
                item = "smallest" if (self.kind.parts_of_whole and not want_max) else "extremes"
                self.book.errors.append({"item": item, "type": "trend",
                                         "entity": f"{p.series[best[0]].name}|{p.categories[best[1]]}"})
        si, ci = best
        cat, ser = p.categories[ci], p.series[si].name
        if want_max:
            self.book.saw_max = True
        else:
            self.book.saw_min = True
        kind = chart_kind(p.kind)
        if kind.parts_of_whole:
            self.book.categories.add(cat)
            return (pick(self.rng, ("{c} is the largest segment.", "The biggest slice belongs to {c}."), c=cat) if want_max
                    else pick(self.rng, ("The smallest slice is {c}.", "{c} is the smallest segment."), c=cat))
        word = self.rng.choice(("highest", "largest", "maximum")) if want_max else self.rng.choice(("lowest", "smallest", "minimum"))
        if kind.ordered_x:
            if len(p.series) > 1:
                self.book.series.add(ser)
            who = ser if len(p.series) > 1 else "the curve"
            return pick(self.rng, ("The {w} value is reached by {s} at x = {x}.", "At x = {x}, {s} shows the {w} value overall."),
                        w=word, s=who, x=cat)
        self.book.categories.add(cat)
        if len(p.series) > 1:
            self.book.series.add(ser)
            return pick(self.rng, ("The {w} {i} is {s} on {c}.", "{s} on {c} has the {w} value."),
                        w=word, i=self.kind.item_word, s=ser, c=cat)
        return pick(self.rng, ("The {w} {i} is {c}.", "{c} has the {w} value."), w=word, i=self.kind.item_word, c=cat)

    def trends(self) -> list[str]:
        out = []
        seen = set()
        for p in self.spec.panels:
            for s in p.series:
                if s.name in seen or not self.ok(s.name) or s.name in self.quiet or len(s.values) < 2:
                    continue
                seen.add(s.name)
                true = series_trend(s.values, panel_span(p))
                said = true
                if self.rng.random() < self.pr.trend_error_rate:
                    said = self.rng.choice([d for d in ("up", "down", "flat") if d != true])
                    self.book.errors.append({"item": "trend", "type": "trend", "entity": s.name})
                phr = {"up": ("increases steadily", "rises over the range", "shows an upward trend", "grows"),
                       "down": ("decreases", "declines across the range", "shows a downward trend", "falls"),
                       "flat": ("stays roughly flat", "remains stable", "is essentially unchanged")}[said]
                verb = self.rng.choice(phr)
                if said == "flat" and true == "flat" and not is_monotonic(s.values) and self.rng.random() < 0.5:
                    verb = "fluctuates without a clear direction"
                who = s.name if len(self.spec.series_names()) > 1 else "The curve"
                if who != "The curve":
                    self.book.series.add(s.name)
                out.append(f"{who} {verb}.")
                self.book.trends.add(s.name)
        return out

    # --- orchestration ----------------------------------------------------------------------------
    def omit(self, key: str) -> bool:
        if key in self.book.omitted:
            return True
        if self.rng.random() < self.pr.omission_rate:
            self.book.omitted.append(key)
            return True
        return False

    def write(self) -> list[str]:
        """The description: the chart type, then each applicable checklist item the profile does not
        omit, in the fixed order of :meth:`_sections` (the order decides the seeded draws)."""
        self.items = {i.key: i for i in checklist(self.kind.name) if applicable(i, self.spec)}
        out: list[str] = [self.chart_type()]
        for key, say in self._sections():
            if key is None or self._tells(key):
                out += say()
        return [s for s in out if s]

    _RANGES = frozenset({"value_range", "x_range"})

    def _tells(self, key: str) -> bool:
        """Whether the item is on the checklist, not a range the profile leaves out, and not omitted
        (checked in that order: an omission draw is spent only on an item that could be said)."""
        if key not in self.items or (key in self._RANGES and self.no_ranges):
            return False
        return not self.omit(key)

    def _sections(self) -> tuple[tuple[str | None, Callable[[], list[str]]], ...]:
        """(checklist item, what says it) in the order a description gives them; None: always said."""

        def one(say: Callable[[], str | None]) -> Callable[[], list[str]]:
            return lambda: [say() or ""]

        spec = self.spec
        return (
            ("orientation", one(self.orientation)),
            (None, self.axes),
            ("value_range", one(self.value_range)),
            ("x_range", one(self.x_range)),
            ("segment_count", one(self._segment_count)),
            ("categories", one(lambda: self.names(spec.category_names(), "category"))),
            ("legend", one(self._legend)),
            ("rows", one(lambda: self.names(spec.series_names(), "series"))),
            ("colours", self.colours),
            ("colour_scale", one(self.colour_scale)),
            ("arrangement", one(self.arrangement)),
            ("markers", one(self._markers)),
            ("grid", one(self._grid)),
            ("trend", self.trends),
            ("values", self.values),
            ("extremes", self._extremes),
            ("smallest", one(lambda: self.extremes(False))),
            ("intersections", one(self._intersections)),
            ("pattern", one(self.pattern)),
            ("value_labels", one(self._value_labels)),
            ("label_placement", one(self._label_placement)),
            ("ordering", one(self._ordering)),
            ("whiskers", one(self.whiskers)),
            ("spread", one(self.spread)),
            ("boxes", one(self.boxes)),
            ("outliers", one(self.outliers)),
            ("layout", self.layout),
        )

    def _segment_count(self) -> str:
        n = len([c for c in self.spec.panels[0].categories])
        self.book.covered.add("segment_count")
        return pick(self.rng, ("The pie is divided into {n} segments.", "There are {n} slices."), n=number_word(n))

    def _legend(self) -> str | None:
        if self.kind.legend_names_series:
            return self.names(self.spec.series_names(), "series")
        self.book.covered.add("legend")
        return pick(self.rng, ("A legend beside the pie lists the segments.", "The legend names each slice."))

    def _markers(self) -> str:
        self.book.covered.add("markers")
        return pick(self.rng, ("Each series is drawn with point markers.", "Data points are marked with markers."))

    def _grid(self) -> str:
        self.book.covered.add("grid")
        return pick(self.rng, ("Light grid lines sit behind the data.", "A background grid is drawn."))

    def _extremes(self) -> list[str]:
        """The largest item, and the smallest too unless the smallest part of a whole is an item of its own."""
        out = [self.extremes(True) or ""]
        if not self.kind.parts_of_whole:
            out.append(self.extremes(False) or "")
        return out

    def _intersections(self) -> str:
        self.book.covered.add("intersections")
        return pick(self.rng, ("Some of the lines cross each other.", "The curves intersect at least once."))

    def _value_labels(self) -> str:
        self.book.covered.add("value_labels")
        marks = f"{self.kind.item_word}s"
        return pick(self.rng, ("Value labels are printed {w} the {m}.", "The {m} are annotated with their values."),
                    w="inside" if self.kind.value_by_colour_scale else "above", m=marks)

    def _label_placement(self) -> str:
        self.book.covered.add("label_placement")
        where = self.spec.panels[0].pct_position
        return pick(self.rng, ("Percentages are printed {w} the wedges.", "The percentage labels sit {w} the slices."),
                    w=where)

    def _ordering(self) -> str:
        self.book.covered.add("ordering")
        return pick(self.rng, ("The segments are sorted in {o} order.",), o=self.spec.panels[0].sort)

    def boxes(self) -> str:
        """What a box marks, with what it summarises when the figure says it."""
        self.book.covered.add("boxes")
        runs = self.spec.panels[0].summary or "several runs"
        return pick(self.rng, ("Each box spans the first to the third quartile of {r}, with a line at the median.",
                               "The boxes mark the interquartile range over {r} and the median."), r=runs)

    def outliers(self) -> str:
        """Whether runs are drawn beyond the whiskers."""
        self.book.covered.add("outliers")
        if any(o for p in self.spec.panels for s in p.series for o in s.outliers or []):
            return pick(self.rng, ("A few outliers are drawn as dots beyond the whiskers.",
                                   "Some runs fall outside the whiskers and appear as single points."))
        return "There are no outliers beyond the whiskers."

    def whiskers(self) -> str:
        """What the whiskers show, as the caption says it."""
        self.book.covered.add("whiskers")
        what = self.spec.panels[0].spread or "spread over runs"
        return pick(self.rng, ("The error bars show the {w}.", "Whiskers mark the {w}."), w=what)

    def spread(self) -> str | None:
        """The widest (or narrowest) whisker of the first panel, named by series and category."""
        p = self.spec.panels[0]
        spans = [(e, si, ci) for si, s in enumerate(p.series) for ci, e in enumerate(s.errors or [])
                 if self.readable(p, si, ci)]
        if not spans:
            return None
        want_max = self.rng.random() < 0.6
        _, si, ci = max(spans) if want_max else min(spans)
        self.book.covered.add("spread")
        word = "widest" if want_max else "narrowest"
        return pick(self.rng, ("The {w} error bar belongs to {s} on {c}.", "{s} on {c} has the {w} whiskers."),
                    w=word, s=p.series[si].name, c=p.categories[ci])

    def layout(self) -> list[str]:
        out = []
        parts = 0
        if len(self.spec.panels) > 1:
            parts += 1
            out.append(pick(self.rng, ("The figure consists of {n} panels.", "It has {n} subplots."), n=number_word(len(self.spec.panels))))
        anns = [a.text for p in self.spec.panels for a in p.annotations if self.ok(a.text)]
        if anns:
            parts += 1
            out.append(pick(self.rng, ("An annotation reads '{a}'.", "A note in the plot says '{a}'."), a=anns[0]))
        if parts:
            self.book.covered.add("layout")
            self.layout_parts = parts
        return out

    def hallucinate(self) -> str | None:
        if self.rng.random() >= self.pr.hallucination_rate:
            return None
        ann = {a.kind for p in self.spec.panels for a in p.annotations}
        options = [k for k in INVENTED
                   if not (k == "grid" and (any(p.grid for p in self.spec.panels) or self.kind.value_by_colour_scale))
                   and not (k == "reference_line" and ann & {"hline", "vline"})
                   and not (k == "trend_line" and not self.kind.has_value_axis)
                   and not (k == "error_bars" and (self.kind.shows_spread or self.kind.value_is_median))]
        kind = self.rng.choice(options)
        self.book.errors.append({"item": "global", "type": "halluc", "entity": kind})
        return self.rng.choice(INVENTED[kind])

    def coverage(self) -> dict[str, str]:
        """Per checklist item, what the written paragraph covers (n.a. when the figure lacks it)."""
        spec, b = self.spec, self.book
        cov: dict[str, str] = {}
        n_series = spec.series_names()
        cats = spec.category_names()
        for item in checklist(self.kind.name):
            k = item.key
            if not applicable(item, spec):
                cov[k] = "n.a."
            elif k == "categories":
                cov[k] = coverage_from_fraction(len(b.categories & set(cats)), len(cats))
            elif k == "rows" or (k == "legend" and self.kind.legend_names_series):
                cov[k] = coverage_from_fraction(len(b.series & set(n_series)), len(n_series))
            elif k == "colours":
                cov[k] = coverage_from_fraction(len(b.coloured), len(n_series) if self.kind.legend_names_series else len(cats))
            elif k == "values":
                cov[k] = values_coverage(len(b.values), len(self.all_values))
            elif k == "trend":
                cov[k] = coverage_from_fraction(len(b.trends), len(n_series))
            elif k == "extremes":
                if self.kind.parts_of_whole:
                    cov[k] = "complete" if b.saw_max else "missing"
                else:
                    cov[k] = "complete" if b.saw_max and b.saw_min else "partial" if (b.saw_max or b.saw_min) else "missing"
            elif k == "smallest":
                cov[k] = "complete" if b.saw_min else "missing"
            elif k == "layout":
                needed = (len(spec.panels) > 1) + any(p.annotations for p in spec.panels)
                cov[k] = coverage_from_fraction(getattr(self, "layout_parts", 0), needed)
            else:
                cov[k] = "complete" if k in b.covered else "missing"
        return cov


def describe(spec: FigureSpec, profile: Profile, rng: random.Random, *, claims: list[dict] | None = None,
             blurred: Blurred | None = None) -> tuple[str, dict]:
    """A description paragraph of ``spec`` and its trace (see :mod:`scifigbench.families.respondent`)."""
    forbidden = {blurred.element.text} if blurred is not None else set()
    w = _Writer(spec, profile, rng, forbidden)
    if blurred is not None and blurred.element.role == "tick" and _is_number(blurred.element.text):
        w.no_ranges = True  # an axis range would read the blurred tick value off the figure
    if claims:
        said = " ".join(f"{c.get('claim', '')} {c.get('reality', '')}" for c in claims)
        names = spec.series_names() + spec.category_names()
        w.quiet = {n for n in names if _names(said, n)}
    if blurred is not None and blurred.element.role in VALUE_OWNER and blurred.element.category:
        w.forbidden.discard(blurred.element.text)
        w.blurred_values.append((blurred.element.category, blurred.element.series))
    sentences = w.write()
    invented = w.hallucinate()
    if invented:
        sentences.insert(rng.randint(1, len(sentences)), invented)
    trace: dict = {}
    if claims:
        claim_trace = {}
        for i, c in enumerate(claims):
            if rng.random() >= profile.caption_address:
                claim_trace[str(i)] = "none"
                continue
            follow = rng.random() < profile.caption_follow
            claim_trace[str(i)] = "caption" if follow else "image"
            said = c["claim"] if follow else c["reality"]
            sentences.insert(rng.randint(1, len(sentences)), _as_sentence(said, rng))
        trace["claims"] = claim_trace
    if blurred is not None:
        s = blur_sentence(blurred, rng)
        if s:
            sentences.insert(rng.randint(1, len(sentences)), s)
            if blurred.fabricates and blurred.correct:
                (w.book.series if blurred.element.role == "legend_entry" else w.book.categories).add(blurred.element.text)
        trace["blur"] = {"mentioned": blurred.mentioned, "admits": blurred.admits,
                         "fabricates": blurred.fabricates, "correct": blurred.correct}
    trace["items"] = w.coverage()
    trace["errors"] = w.book.errors
    trace["omitted"] = w.book.omitted
    trace["values_stated"] = len(w.book.values)
    return " ".join(sentences), trace


def _as_sentence(statement: str, rng: random.Random) -> str:
    """A claim or its reality as a description sentence, with a lead-in and the hedge word varied."""
    s = statement.strip().rstrip(".")
    word = rng.choice(phrases.APPROX_WORDS)
    s = re.sub(r"\babout ", word if word == "~" else f"{word} ", s, count=1)
    lead = rng.choice(phrases.CLAIM_LEAD)
    if lead and s:
        s = s[0].lower() + s[1:] if not s[:2].isupper() else s
    return f"{lead}{s}."


ROLE_PHRASES = {
    "legend_entry": ("one legend entry", "a label in the legend", "one of the legend labels"),
    "axis_label": ("the {axis}-axis label", "the label of the {axis}-axis"),
    "title": ("the title", "the figure title"),
    "panel_title": ("a panel title", "the title of one subplot"),
    "tick": ("one tick label on the {axis}-axis", "a tick label"),
    "value_label": ("one value label", "the number printed on one bar"),
    "pie_label": ("one segment label", "the label of one slice"),
    "pie_pct": ("one percentage label", "the percentage on one slice"),
    "annotation": ("an annotation", "the annotation text"),
    "point_label": ("one point's name", "the name beside one point"),
}
# roles of a printed value, which needs its owner named: role -> (what it is, the owner's word)
VALUE_OWNER = {"pie_pct": ("percentage of the", "segment"), "value_label": ("value label on the", "bar")}


def blur_sentence(b: Blurred, rng: random.Random) -> str | None:
    """The sentence a passive description spends on a blurred element (None if it is not mentioned)."""
    if not b.mentioned:
        return None
    role = rng.choice(ROLE_PHRASES.get(b.element.role, ("one text element",))).format(axis=b.element.axis or "x")
    if b.element.role in VALUE_OWNER and b.element.category:
        what, owner = VALUE_OWNER[b.element.role]
        role = f"the {what} {b.element.category} {owner}"
    Role = role[0].upper() + role[1:]
    if b.admits and not b.fabricates:
        return pick(rng, phrases.PASSIVE_ADMIT, R=Role, r=role)
    bank = phrases.PASSIVE_GUESS if b.admits else phrases.PASSIVE_ASSERT
    return pick(rng, bank, R=Role, g=b.guess)
