"""What a reader can see in a synthetic figure: its data points, names and reading tolerances.

Probe generators never index spec lists themselves; they ask this view. It answers the two
questions every probe needs: what is the exact value (from the spec), and how precisely can a
reader recover it from the drawn image (printed labels are exact to their last digit; unlabelled
bars and lines are read against the axis, so the tolerance is a fraction of the axis span).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property

import pandas as pd

from scifigbench.concepts.kinds import ChartKind, chart_kind
from scifigbench.concepts.roles import CATEGORY_ROLES, KEY_ROLES
from scifigbench.spec import FigureSpec, Panel, mark_word, value_axis

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass(frozen=True)
class Reading:
    """How well values of one panel can be read: exactly printed, or read off an axis."""

    absolute: float  # absolute tolerance on linear axes (0 when log)
    log_factor: float = 0.0  # relative tolerance on log axes


def decimals_of(fmt: str) -> int:
    """Number of decimals a format like ``{:.1f}`` or ``{:.0f}%`` prints."""
    m = re.search(r"\.(\d+)f", fmt)
    return int(m.group(1)) if m else 0


def fmt_number(x: float, decimals: int = 1) -> str:
    """Render a number the way a question would quote it (no trailing ``.0``)."""
    s = f"{x:.{decimals}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def phrase(label: str | None) -> str | None:
    """An axis label as a noun phrase inside a sentence: unit in brackets dropped, lower case
    unless the first word is an acronym or a name with capitals inside (``F1``, ``BLEU``)."""
    if not label:
        return None
    text = re.sub(r"\s*[\(\[][^\)\]]*[\)\]]", "", label).strip()
    if not text:
        return None
    first = text.split()[0]
    if first[1:].lower() == first[1:] and not any(ch.isdigit() for ch in first):
        text = text[0].lower() + text[1:]
    return text


def fmt_sig(x: float, digits: int = 3) -> str:
    """A number to ``digits`` significant digits, as a quoted rate would be (0.00342, 12.5, 1250)."""
    if x == 0:
        return "0"
    s = f"{x:.{digits}g}"
    if "e" in s:
        s = f"{float(s):f}".rstrip("0").rstrip(".")
    return s


def plural(noun: str) -> str:
    if noun.endswith("series"):
        return noun
    if noun.endswith("y") and not noun.endswith(("ay", "ey", "oy")):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh")) else "s")


class FigureView:
    """Read-only helper over a :class:`FigureSpec` for probe generation."""

    def __init__(
        self, spec: FigureSpec, read_fraction: float = 0.025, pie_read_pp: float = 2.0, compare_fraction: float = 0.01
    ):
        self.spec = spec
        self.read_fraction = read_fraction
        self.pie_read_pp = pie_read_pp
        self.compare_fraction = compare_fraction
        self._readings: dict[tuple[int, bool, tuple[float, float] | None], Reading] = {}

    # ---------------------------------------------------------------- data
    @cached_property
    def points(self) -> pd.DataFrame:
        """One row per drawn data point: panel, series, category, x (line only), value."""
        rows = []
        for p in self.spec.panels:
            for s in p.series:
                for i, (cat, v) in enumerate(zip(p.categories, s.values)):
                    x = p.x_values[i] if p.x_values is not None else float(i)
                    rows.append(
                        {"panel": p.index, "series": s.name, "category": cat, "pos": i, "x": x, "value": float(v)}
                    )
        return pd.DataFrame(rows, columns=["panel", "series", "category", "pos", "x", "value"])

    def panel(self, index: int) -> Panel:
        for p in self.spec.panels:
            if p.index == index:
                return p
        raise KeyError(index)

    def kind(self, panel: int) -> ChartKind:
        """The record of the panel's chart kind: its traits decide how the panel is read and worded."""
        return chart_kind(self.panel(panel).kind)

    def value(self, panel: int, series: str, category: str) -> float:
        pts = self.points
        row = pts[(pts.panel == panel) & (pts.series == series) & (pts.category == category)]
        return float(row.value.iloc[0])

    # ---------------------------------------------------------------- visibility
    @cached_property
    def visible_texts(self) -> set[str]:
        """Every string drawn in the figure (titles, ticks, legend entries, labels, annotations)."""
        texts = {t.text for t in self.spec.text_elements}
        if self.spec.title:
            texts.add(self.spec.title)
        for p in self.spec.panels:
            texts.update(a.text for a in p.annotations)
        return texts

    def series_named(self, name: str) -> bool:
        """Whether a reader can identify the series by name (legend entry, label, or sole series)."""
        if any(t.role in KEY_ROLES and t.series == name for t in self.spec.text_elements):
            return True
        if name in self.visible_texts:
            return True
        return False

    @cached_property
    def _named_categories(self) -> set[str]:
        named = {t.category for t in self.spec.text_elements if t.role in CATEGORY_ROLES and t.category}
        for p in self.spec.panels:
            # a binned panel's bars stand on a continuous axis whose ticks print bin edges: with two
            # edges printed, the scale places every bar's two edges, so every bin is named
            edges = [
                t
                for t in self.spec.text_elements
                if t.role == "tick" and t.panel == p.index and t.axis == "x" and t.value is not None
            ]
            if chart_kind(p.kind).binned and len(edges) >= 2:
                named.update(p.categories)
        return named

    def category_named(self, category: str) -> bool:
        return category in self.visible_texts or category in self._named_categories

    # ---------------------------------------------------------------- reading precision
    def axis_span(self, p: Panel, series: str | None = None) -> tuple[float, float]:
        """The limits of the value axis ``series`` is read on (``spec.value_axis``)."""
        axis = value_axis(p, series)
        if axis.range is not None:
            return float(axis.range[0]), float(axis.range[1])
        vals = [v for s in p.series for v in s.values]
        if p.stacked:
            vals = [sum(col) for col in zip(*(s.values for s in p.series))]
        if len(axis.ticks) >= 2:
            return min(min(axis.ticks), min(vals)), max(max(axis.ticks), max(vals))
        return min(0.0, min(vals)), max(vals) * 1.05

    def reading(self, panel: int, compare: bool = False, series: str | None = None) -> Reading:
        """Precision of reading one value (``compare``: of telling which of two values is larger) of
        ``series`` (None: any series on the panel's left value axis)."""
        key = (panel, compare, value_axis(self.panel(panel), series).range)
        if key not in self._readings:
            self._readings[key] = self._reading(panel, compare, series)
        return self._readings[key]

    def _reading(self, panel: int, compare: bool, series: str | None) -> Reading:
        p = self.panel(panel)
        # Judging which of two marks on a common scale is higher is finer than reading a value
        # off the axis (position on a common scale is the most accurate visual judgement), so
        # orderings use compare_fraction; stacked segments share no baseline and get no benefit.
        fraction = self.compare_fraction if compare and not p.stacked else self.read_fraction
        if self.kind(panel).parts_of_whole:
            if p.pct_position is not None:
                return Reading(0.5 * 10 ** -decimals_of(p.value_format))
            return Reading(self.pie_read_pp * (fraction / self.read_fraction))
        if p.value_labels:
            return Reading(0.5 * 10 ** -decimals_of(p.value_format))
        lo, hi = self.axis_span(p, series)
        if p.y_scale == "log":
            if lo <= 0:  # a log axis starts above zero: at the smallest drawn value at the latest
                lo = min(v for s in p.series for v in s.values if v > 0)
            decades = math.log10(hi / lo) if hi > lo > 0 else 1.0
            return Reading(0.0, 10 ** (fraction * decades) - 1)
        tol = fraction * (hi - lo)
        return Reading(tol * (2 if p.stacked else 1))

    def tol(self, panel: int, value: float, series: str | None = None) -> float:
        """Absolute tolerance on reading ``value`` of ``series`` from ``panel``."""
        r = self.reading(panel, series=series)
        return r.absolute + r.log_factor * abs(value)

    def ctol(self, panel: int, value: float, series: str | None = None) -> float:
        """Tolerance of ``value`` when it is only compared with another value of the panel."""
        r = self.reading(panel, compare=True, series=series)
        return r.absolute + r.log_factor * abs(value)

    def decimals(self, panel: int, series: str | None = None) -> int:
        """Decimals worth quoting for values of this panel (of ``series``' value axis)."""
        p = self.panel(panel)
        if self.kind(panel).parts_of_whole or p.value_labels:
            return decimals_of(p.value_format)
        lo, hi = self.axis_span(p, series)
        span = hi - lo
        return 0 if span >= 20 else 1 if span >= 2 else 2

    # ---------------------------------------------------------------- wording
    def where(self, panel: int, by_title: bool = True) -> str:
        """Phrase locating a panel (empty for single-panel figures); by title or by position."""
        if len(self.spec.panels) == 1:
            return ""
        p = self.panel(panel)
        if p.title and by_title:
            return f" in the panel titled '{p.title}'"
        pos = sorted(q.index for q in self.spec.panels).index(panel)
        rows, cols = (list(getattr(self.spec, "layout", None) or [1, len(self.spec.panels)]) + [1, 1])[:2]
        r, c = divmod(pos, max(cols, 1))
        if rows == 1:
            horizontal = {0: "left", cols - 1: "right"}.get(c, "middle" if cols == 3 else None)
            return f" in the {horizontal} panel" if horizontal else f" in the {ORDINALS[c]} panel from the left"
        if cols == 1:
            vertical = {0: "top", rows - 1: "bottom"}.get(r, "middle" if rows == 3 else None)
            return f" in the {vertical} panel" if vertical else f" in the {ORDINALS[r]} panel from the top"
        return f" in the panel in row {r + 1}, column {c + 1}"

    def quantity(self, panel: int, series: str | None = None) -> str:
        """What the value axis (``series``' own) measures, for question wording ("accuracy" from "Accuracy (%)")."""
        if self.kind(panel).parts_of_whole:
            return "share"
        p = self.panel(panel)
        y_label = value_axis(p, series).label
        label = p.scale_label or (p.x_label if p.orientation == "horizontal" else y_label)  # a colour bar's first
        what = phrase(label) or "value"
        return f"median {what}" if self.kind(panel).value_is_median else what

    def x_name(self, panel: int) -> str | None:
        """The category axis name as a phrase, when it is drawn."""
        p = self.panel(panel)
        return phrase(p.y_label if p.orientation == "horizontal" else p.x_label)

    def unit(self, panel: int, series: str | None = None) -> str:
        return value_axis(self.panel(panel), series).unit or ""

    def gap_with_unit(self, panel: int, x: float, decimals: int | None = None, series: str | None = None) -> str:
        """A difference of two values: percentage points rather than percent."""
        d = self.decimals(panel, series) if decimals is None else decimals
        if self.unit(panel, series) == "%":
            return f"{fmt_number(x, d)} percentage points"
        return self.with_unit(panel, x, d, series)

    def with_unit(self, panel: int, x: float, decimals: int | None = None, series: str | None = None) -> str:
        d = self.decimals(panel, series) if decimals is None else decimals
        u = self.unit(panel, series)
        s = fmt_number(x, d)
        return f"{s}%" if u == "%" else (f"{s} {u}" if u else s)

    def rate_unit(self, panel: int) -> tuple[float, str]:
        """The x step a rate is quoted per, and its phrase: per 1,000 training steps, per epoch, per 0.1."""
        p = self.panel(panel)
        xs = sorted(p.x_values or [0.0, 1.0])
        spacing = min((b - a for a, b in zip(xs, xs[1:]) if b > a), default=1.0)
        name = self.x_name(panel) or "unit on the x-axis"
        if spacing >= 1000:
            return 1000.0, f"per 1,000 {name}"
        if spacing < 0.5:
            return 0.1, f"per 0.1 of {name}"
        return 1.0, f"per unit of {name}"

    def item_word(self, panel: int) -> str:
        """What one mark of the panel is called ("bar", "point", "wedge")."""
        return mark_word(self.panel(panel))

    def half_width(self, panel: int, series: str, category: str) -> float:
        """The half-width of the whisker on one value (its kind ``shows_spread``)."""
        p = self.panel(panel)
        s = next(s for s in p.series if s.name == series)
        return float((s.errors or [])[p.categories.index(category)])

    def series_word(self, panel: int) -> str:
        return self.kind(panel).series_word
