"""Capability questions: counting, computation, comparison and pattern analysis, from the spec.

Each category has several templates of rising difficulty (multi-step ones modelled on the level of
the paper's examples: near-ties within a group, percentage gaps between extremes, the closest pair,
whether an ordering holds across a whole axis). For each figure a few candidates are drawn per
category and the hardest one that passes every check is kept. The checks implement the criteria a
human reviewer applies:

- answerable: every name the question or answer uses is drawn in the figure, and a numeric answer
  carries a tolerance that reflects reading unlabelled values off the axis (propagated through the
  arithmetic); answers whose tolerance swamps the value are rejected;
- unambiguous: every comparison the answer depends on is decided by a margin larger than the
  reading tolerance (no near-ties, no threshold a reader could put on either side);
- correct category: the answer type fits the category (counting gives an exact integer, ...);
- no leak: the question does not contain its own answer.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from scifigbench.concepts.kinds import chart_kind
from scifigbench.concepts.names import CAPABILITY_CATEGORIES
from scifigbench.probes.figure_view import FigureView, fmt_number, fmt_sig, plural
from scifigbench.probes.groups import TOTAL, Group, SeriesPair, category_noun, groups, series_pairs
from scifigbench.probes.probe import Probe

ANSWER_TYPES = {
    "counting": {"number"},
    "computation": {"number"},
    "comparison": {"label", "list", "yes_no"},
    "pattern": {"label", "list", "yes_no"},
}
MAX_RELATIVE_TOLERANCE = 0.25  # a numeric answer whose tolerance exceeds this share of it is a guess
MARGIN_EPS = 1e-6  # a margin of exactly zero (e.g. 9.8 vs a threshold of 9.5 read to +-0.3) is a tie


@dataclass
class Candidate:
    category: str
    template: str
    difficulty: int
    text: str
    answer: Any
    answer_type: str
    tolerance: float | None
    reasoning: str
    elements: list[str]
    margin: float                      # how far the deciding quantity is from flipping the answer
    names: list[str] = field(default_factory=list)  # labels the question or answer relies on
    scope: dict[str, Any] = field(default_factory=dict)  # which data the answer is computed from


Template = Callable[[FigureView, Group | SeriesPair | None, np.random.Generator], Candidate | None]


# ------------------------------------------------------------------------------------ helpers
def _nice_threshold(lo: float, hi: float, decimals: int) -> float:
    """A round number strictly between lo and hi, as round as the interval allows."""
    mid = (lo + hi) / 2
    for step in (100, 50, 20, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.01):
        if step < 10 ** -decimals:
            break
        t = round(mid / step) * step
        if lo < t < hi:
            return t
    return round(mid, decimals)


def _quant(view: FigureView, g: Group | SeriesPair) -> str:
    """What the group's values measure, on the value axis its series are read on."""
    return view.quantity(g.panel, g.on if isinstance(g, Group) else g.a)


def _labels(items) -> list[str]:
    return [i.label for i in items]


def _gscope(g: Group, **extra: Any) -> dict[str, Any]:
    """The data a group question is about: a panel and one series (over categories) or one category."""
    return {"panel": g.panel, "over": "categories" if g.kind == "category" else "series", "series": g.series,
            "category": g.category, **extra}


def _pscope(sp: SeriesPair, **extra: Any) -> dict[str, Any]:
    return {"panel": sp.panel, "a": sp.a, "b": sp.b, **extra}


# ------------------------------------------------------------------------------------ counting
def count_members(view: FigureView, g: Group, rng) -> Candidate | None:
    """How many wedges, series, or (single-series bars) categories a panel shows."""
    p = view.panel(g.panel)
    kind = view.kind(g.panel)
    where = view.where(g.panel)
    if kind.parts_of_whole:
        n, text, elements = len(p.categories), f"How many wedges make up the pie chart{where}?", ["wedges", "wedge labels"]
    elif len(p.series) > 1:
        n = len(p.series)
        text = f"How many distinct {plural(view.series_word(g.panel))} are plotted{where}?"
        elements = ["legend entries", "series colours"]
    else:
        noun = category_noun(view, g.panel) if kind.category_axis else "plotted point"
        n, text, elements = len(p.categories), f"How many {plural(noun)} are shown{where}?", ["category ticks"]
    return Candidate("counting", "count_members", 1, text, n, "number", 0.0,
                     f"Counting them gives {n}.", elements, np.inf, scope={"panel": g.panel, "over": "members"})


def count_bars_total(view: FigureView, g: Group | None, rng) -> Candidate | None:
    """Every bar of every panel: needs panels, groups and series multiplied out."""
    bars = [p for p in view.spec.panels if chart_kind(p.kind).category_axis]
    if not bars or (len(bars) == 1 and len(bars[0].series) == 1):
        return None
    n = sum(len(p.categories) * len(p.series) for p in bars)
    words = {view.item_word(p.index) for p in bars}  # bars, points at means drawn without bars, or a heatmap's cells
    word = plural(words.pop()) if len(words) == 1 else "marks"
    text = f"How many {word} are drawn in the whole figure" + (", across all panels?" if len(bars) > 1 else "?")
    if any(p.stacked for p in bars):
        text = "How many coloured bar segments are drawn in the whole figure, counting every segment of every stack?"
    return Candidate("counting", "count_bars_total", 2, text, n, "number", 0.0,
                     " + ".join(f"{len(p.categories)} x {len(p.series)}" for p in bars) + f" = {n}.",
                     [word, "legend entries", "category ticks"], np.inf, scope={"over": "bars"})


def count_above(view: FigureView, g: Group, rng) -> Candidate | None:
    vals = sorted(i.value for i in g.items)
    if len(vals) < 3:
        return None
    gaps = [(vals[k + 1] - vals[k], k) for k in range(len(vals) - 1)]
    rng.shuffle(gaps)
    dec = view.decimals(g.panel, g.on)
    for width, k in gaps:
        t = _nice_threshold(vals[k], vals[k + 1], dec)
        margin = min(abs(i.value - t) - i.tol for i in g.items)
        if margin <= MARGIN_EPS:
            continue
        above = [i for i in g.items if i.value > t]
        thr = view.with_unit(g.panel, t, dec, g.on)
        q = _quant(view, g)
        text = (f"How many {plural(g.noun)}{g.context} have {q} above {thr}?"
                if g.kind == "category" else
                f"How many {plural(g.noun)} have {q} above {thr}{g.context}?")
        return Candidate("counting", "count_above", 2, text, len(above), "number", 0.0,
                         f"Reading each {g.noun}{g.context}: {', '.join(_labels(above)) or 'none'} exceed {thr}, "
                         f"so the count is {len(above)}.",
                         ["value axis", "tick marks"] + _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g, threshold=t))
    return None


def count_near_ties(view: FigureView, g: Group, rng) -> Candidate | None:
    """Table 8 style: how many members lie within a band of another member."""
    if len(g.items) < 4:
        return None
    vals = np.array([i.value for i in g.items])
    tols = np.array([i.tol for i in g.items])
    nearest = np.array([np.min(np.abs(np.delete(vals, k) - vals[k])) for k in range(len(vals))])
    span = vals.max() - vals.min()
    dec = view.decimals(g.panel, g.on)
    for frac in rng.permutation([0.03, 0.05, 0.08, 0.1]):
        band = float(np.round(frac * span, dec)) if dec else float(round(frac * span))
        if band <= 0:
            continue
        margin = float(np.min(np.abs(nearest - band) - 2 * tols.max()))
        if margin <= MARGIN_EPS:
            continue
        count = int(np.sum(nearest <= band))
        if count == 0:
            continue
        close = [g.items[k].label for k in range(len(vals)) if nearest[k] <= band]
        text = (f"How many {plural(g.noun)}{g.context} are within {view.gap_with_unit(g.panel, band, dec, g.on)} of at least one other "
                f"{g.noun} in {_quant(view, g)}?")
        return Candidate("counting", "count_near_ties", 3, text, count, "number", 0.0,
                         f"Comparing each {g.noun} with its closest neighbour in value, {', '.join(close)} are within "
                         f"{view.with_unit(g.panel, band, dec, g.on)} of another one: {count}.",
                         ["value axis"] + _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g, band=band))
    return None


def count_crossings(view: FigureView, sp: SeriesPair, rng) -> Candidate | None:
    if not sp.ordered or not view.kind(sp.panel).connects_points or len(sp.categories) < 4:
        return None  # a scatter's groups are not traces: nothing "swaps" between unjoined points
    diff = np.array(sp.a_values) - np.array(sp.b_values)
    need = np.array(sp.a_ctols) + np.array(sp.b_ctols)
    margin = float(np.min(np.abs(diff) - need))
    if margin <= MARGIN_EPS:
        return None
    crossings = int(np.sum(np.sign(diff[1:]) != np.sign(diff[:-1])))
    where = view.where(sp.panel)
    text = f"How many times do the {sp.a} and {sp.b} lines swap which one is higher{where}?"
    return Candidate("counting", "count_crossings", 3, text, crossings, "number", 0.0,
                     f"Compare {sp.a} and {sp.b} at every x position; the higher line changes {crossings} time(s).",
                     [sp.a, sp.b, "line markers"], margin, names=[sp.a, sp.b, *sp.categories], scope=_pscope(sp))


# ------------------------------------------------------------------------------------ computation
def diff_extremes(view: FigureView, g: Group, rng) -> Candidate | None:
    if len(g.items) < 2:
        return None
    hi = max(g.items, key=lambda i: i.value)
    lo = min(g.items, key=lambda i: i.value)
    ans = hi.value - lo.value
    tol = hi.tol + lo.tol
    text = f"What is the difference in {_quant(view, g)} between the highest and the lowest {g.noun}{g.context}?"
    return Candidate("computation", "diff_extremes", 1, text, ans, "number", tol,
                     f"Highest is {hi.label} ({fmt_number(hi.value, 3)}), lowest is {lo.label} "
                     f"({fmt_number(lo.value, 3)}); difference {fmt_number(ans, 3)}.",
                     [hi.label, lo.label, "value axis"], np.inf, names=[], scope=_gscope(g))


def pct_extremes(view: FigureView, g: Group, rng) -> Candidate | None:
    """Table 8 style: percentage by which the best exceeds the worst."""
    if len(g.items) < 3:
        return None
    hi = max(g.items, key=lambda i: i.value)
    lo = min(g.items, key=lambda i: i.value)
    if lo.value - lo.tol <= 0:
        return None
    ans = (hi.value - lo.value) / lo.value * 100
    # worst case of the ratio over the reading box (the ratio is not linear, so no first-order bound)
    tol = 100 * ((hi.value + hi.tol) / (lo.value - lo.tol) - hi.value / lo.value)
    text = (f"By what percentage does the highest {g.noun}{g.context} exceed the lowest one in "
            f"{_quant(view, g)} (relative to the lowest)?")
    return Candidate("computation", "pct_extremes", 2, text, ans, "number", tol,
                     f"Highest {hi.label} = {fmt_number(hi.value, 3)}, lowest {lo.label} = {fmt_number(lo.value, 3)}; "
                     f"(high - low) / low x 100 = {fmt_number(ans, 2)}%.",
                     [hi.label, lo.label, "value axis"], np.inf, scope=_gscope(g))


def group_mean(view: FigureView, g: Group, rng) -> Candidate | None:
    if len(g.items) < 3 or view.kind(g.panel).parts_of_whole:  # wedges always average 100/n
        return None
    v = [i.value for i in g.items]
    ans = float(np.mean(v))
    tol = float(np.mean([i.tol for i in g.items]))
    text = f"What is the average {_quant(view, g)} over all {len(v)} {plural(g.noun)}{g.context}?"
    return Candidate("computation", "group_mean", 2, text, ans, "number", tol,
                     f"({' + '.join(fmt_number(x, 3) for x in v)}) / {len(v)} = {fmt_number(ans, 3)}.",
                     _labels(g.items), np.inf, scope=_gscope(g))


def mean_gap(view: FigureView, sp: SeriesPair, rng) -> Candidate | None:
    a, b = np.array(sp.a_values), np.array(sp.b_values)
    ans = float(np.mean(a - b))
    if ans < 0:
        return _mean_gap(view, sp, b, a, sp.b, sp.a, np.array(sp.b_tols), np.array(sp.a_tols))
    return _mean_gap(view, sp, a, b, sp.a, sp.b, np.array(sp.a_tols), np.array(sp.b_tols))


def _mean_gap(view, sp, a, b, an, bn, at, bt) -> Candidate | None:
    if len(a) < 3:
        return None
    ans = float(np.mean(a - b))
    tol = float(np.mean(at + bt))
    x_name = view.x_name(sp.panel)
    over = (f"{len(a)} plotted {x_name} values" if x_name else f"{len(a)} plotted x positions") if sp.ordered else (
        f"{len(a)} {plural(x_name)}" if x_name and len(x_name) < 30 else f"{len(a)} categories")
    text = (f"Averaged over all {over}{view.where(sp.panel)}, by how much does {an} exceed {bn} in "
            f"{_quant(view, sp)}?")
    return Candidate("computation", "mean_gap", 3, text, ans, "number", tol,
                     f"Per-category gaps {an} - {bn}: {', '.join(fmt_number(x, 2) for x in a - b)}; "
                     f"their mean is {fmt_number(ans, 3)}.",
                     [an, bn, *sp.categories], np.inf, names=[an, bn, *sp.categories], scope=_pscope(sp, minuend=an))


def avg_rate(view: FigureView, g: Group, rng) -> Candidate | None:
    """Line: average change per unit of x between the first and the last point."""
    if not g.ordered or len(g.items) < 3:
        return None
    p = view.panel(g.panel)
    xs = p.x_values
    first, last = g.items[0], g.items[-1]
    dx = xs[-1] - xs[0]
    if dx == 0:
        return None
    unit, per = view.rate_unit(g.panel)
    ans = (last.value - first.value) / dx * unit
    tol = (first.tol + last.tol) / abs(dx) * unit
    text = (f"What is the average change in {_quant(view, g)}{g.context} {per}, between the first and the "
            f"last plotted point?")
    return Candidate("computation", "avg_rate", 3, text, ans, "number", tol,
                     f"From {fmt_number(first.value, 3)} at {first.label} to {fmt_number(last.value, 3)} at "
                     f"{last.label}: ({fmt_number(last.value, 3)} - {fmt_number(first.value, 3)}) / "
                     f"{fmt_number(dx, 3)} x {fmt_number(unit, 1)} = {fmt_sig(ans)}.",
                     [first.label, last.label, "x-axis", "value axis"], np.inf, names=[first.label, last.label],
                     scope=_gscope(g, per=unit))


def pie_small_vs_large(view: FigureView, g: Group, rng) -> Candidate | None:
    if not view.kind(g.panel).parts_of_whole or len(g.items) < 4:
        return None
    srt = sorted(g.items, key=lambda i: i.value)
    small = srt[:2]
    big = srt[-1]
    ans = big.value - (small[0].value + small[1].value)
    tol = big.tol + small[0].tol + small[1].tol
    text = (f"By how many percentage points does the largest wedge{view.where(g.panel)} exceed the two smallest "
            f"wedges combined?")
    return Candidate("computation", "pie_small_vs_large", 3, text, ans, "number", tol,
                     f"Largest {big.label} = {fmt_number(big.value, 2)}; smallest two {small[0].label} + "
                     f"{small[1].label} = {fmt_number(small[0].value + small[1].value, 2)}; "
                     f"difference {fmt_number(ans, 2)}.",
                     [big.label, small[0].label, small[1].label], np.inf, scope=_gscope(g))


# ------------------------------------------------------------------------------------ comparison
def _rank_margin(items) -> float:
    srt = sorted(items, key=lambda i: -i.value)
    return min((a.value - b.value) - (a.ctol + b.ctol) for a, b in zip(srt, srt[1:]))


def nth_highest(view: FigureView, g: Group, rng) -> Candidate | None:
    """Which member holds a rank: the highest, second-highest or lowest, whichever reads clearly."""
    if len(g.items) < 3:
        return None
    srt = sorted(g.items, key=lambda i: -i.value)
    names = {0: "highest", 1: "second-highest", len(srt) - 1: "lowest"}
    best = None
    for k in (int(x) for x in rng.permutation(list(names))):
        pick = srt[k]
        nb = [srt[j] for j in (k - 1, k + 1) if 0 <= j < len(srt)]
        margin = min(abs(pick.value - n.value) - (pick.ctol + n.ctol) for n in nb)
        if best is None or margin > MARGIN_EPS:
            best = (k, pick, margin)
        if margin > MARGIN_EPS:
            break
    k, pick, margin = best
    rank = names[k]
    text = f"Which {g.noun}{g.context} has the {rank} {_quant(view, g)}?"
    return Candidate("comparison", "nth_highest", 2 if k == 1 else 1, text, pick.label, "label", None,
                     f"Ordering the {plural(g.noun)} by value gives {', '.join(_labels(srt))}; the {rank} is {pick.label}.",
                     _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g, rank=k + 1))


def closest_pair(view: FigureView, g: Group, rng) -> Candidate | None:
    """Table 8 style: which two members are closest."""
    if len(g.items) < 3:
        return None
    pairs = sorted(itertools.combinations(g.items, 2), key=lambda ab: abs(ab[0].value - ab[1].value))
    best, second = pairs[0], pairs[1]
    gap1 = abs(best[0].value - best[1].value)
    gap2 = abs(second[0].value - second[1].value)
    tol = sum(i.tol for i in best) + sum(i.tol for i in second)
    margin = (gap2 - gap1) - tol
    ans = sorted((best[0].label, best[1].label))
    text = f"Which two {plural(g.noun)}{g.context} are closest to each other in {_quant(view, g)}?"
    return Candidate("comparison", "closest_pair", 3, text, ans, "list", None,
                     f"The smallest gap is between {ans[0]} and {ans[1]} ({fmt_number(gap1, 3)}); the next smallest "
                     f"is {fmt_number(gap2, 3)}.",
                     _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g))


def full_ranking(view: FigureView, g: Group, rng) -> Candidate | None:
    if not 3 <= len(g.items) <= 6:
        return None
    srt = sorted(g.items, key=lambda i: -i.value)
    text = f"Rank all {plural(g.noun)}{g.context} from highest to lowest {_quant(view, g)}."
    return Candidate("comparison", "full_ranking", 2, text, _labels(srt), "list", None,
                     f"Reading the values: {', '.join(f'{i.label} ({fmt_number(i.value, 2)})' for i in srt)}.",
                     _labels(g.items), _rank_margin(g.items), names=_labels(g.items), scope=_gscope(g))


def largest_gap_category(view: FigureView, sp: SeriesPair, rng) -> Candidate | None:
    if len(sp.categories) < 3:
        return None
    gaps = np.abs(np.array(sp.a_values) - np.array(sp.b_values))
    tols = np.array(sp.a_tols) + np.array(sp.b_tols)
    order = np.argsort(-gaps)
    k1, k2 = int(order[0]), int(order[1])
    margin = float(gaps[k1] - gaps[k2] - tols[k1] - tols[k2])
    p = view.panel(sp.panel)
    noun = f"{p.x_label.strip()} value" if sp.ordered and p.x_label else "category"
    text = f"At which {noun}{view.where(sp.panel)} is the gap between {sp.a} and {sp.b} largest?"
    return Candidate("comparison", "largest_gap_category", 3, text, sp.categories[k1], "label", None,
                     f"Gaps |{sp.a} - {sp.b}| per position: "
                     f"{', '.join(f'{c}: {fmt_number(x, 2)}' for c, x in zip(sp.categories, gaps))}; "
                     f"largest at {sp.categories[k1]}.",
                     [sp.a, sp.b, *sp.categories], margin, names=[sp.a, sp.b, *sp.categories], scope=_pscope(sp))


# ------------------------------------------------------------------------------------ pattern
def dominates(view: FigureView, sp: SeriesPair, rng) -> Candidate | None:
    diff = np.array(sp.a_values) - np.array(sp.b_values)
    hi, lo = (sp.a, sp.b) if np.sum(diff) >= 0 else (sp.b, sp.a)
    d = diff if hi == sp.a else -diff
    need = np.array(sp.a_ctols) + np.array(sp.b_ctols)
    ans = bool(np.all(d > 0))
    # "yes" needs every gap readable; "no" needs one clear reversal.
    margin = float(np.min(d - need)) if ans else float(np.max(-d - need))
    span = "position along the x-axis" if sp.ordered else "category"
    text = f"Does {hi} stay above {lo} at every {span}{view.where(sp.panel)}?"
    return Candidate("pattern", "dominates", 2, text, "yes" if ans else "no", "yes_no", None,
                     f"Differences {hi} - {lo} per {span}: {', '.join(fmt_number(x, 2) for x in d)}.",
                     [sp.a, sp.b, *sp.categories], margin, names=[sp.a, sp.b, *sp.categories], scope=_pscope(sp, upper=hi))


def monotone(view: FigureView, g: Group, rng) -> Candidate | None:
    if not g.ordered or len(g.items) < 4:
        return None
    v = np.array([i.value for i in g.items])
    t = np.array([i.ctol for i in g.items])
    steps = np.diff(v)
    need = t[1:] + t[:-1]
    direction = "rise" if v[-1] >= v[0] else "fall"
    sgn = 1 if direction == "rise" else -1
    if np.all(sgn * steps > 0):
        ans, margin = True, float(np.min(sgn * steps - need))
    else:
        ans, margin = False, float(np.max(-sgn * steps - need))
    text = f"Does the {_quant(view, g)}{g.context} {direction} at every step from one plotted point to the next?"
    return Candidate("pattern", "monotone", 2, text, "yes" if ans else "no", "yes_no", None,
                     f"Successive changes: {', '.join(fmt_number(s, 2) for s in steps)}.",
                     _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g, direction=direction))


def steepest_step(view: FigureView, g: Group, rng) -> Candidate | None:
    """Where the largest change between neighbours is (along a line, or between adjacent bars)."""
    if g.kind != "category" or view.kind(g.panel).parts_of_whole or len(g.items) < 4:
        return None
    v = np.array([i.value for i in g.items])
    t = np.array([i.ctol for i in g.items])  # steps between neighbours are judged side by side
    steps = np.abs(np.diff(v))
    need = t[1:] + t[:-1]
    order = np.argsort(-steps)
    k1, k2 = int(order[0]), int(order[1])
    margin = float(steps[k1] - steps[k2] - need[k1] - need[k2])
    ans = [g.items[k1].label, g.items[k1 + 1].label]
    text = (f"Between which two consecutive plotted points does the {_quant(view, g)}{g.context} change "
            f"the most? Give the two x-axis labels.") if g.ordered else (
            f"Between which two neighbouring {plural(g.noun)}{g.context} is the difference in "
            f"{_quant(view, g)} largest? Name both.")
    return Candidate("pattern", "steepest_step", 3, text, ans, "list", None,
                     f"Absolute changes between neighbours: {', '.join(fmt_number(s, 2) for s in steps)}; the largest "
                     f"is from {ans[0]} to {ans[1]}.",
                     _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g))


def peak_position(view: FigureView, g: Group, rng) -> Candidate | None:
    if not g.ordered or len(g.items) < 4:
        return None
    srt = sorted(g.items, key=lambda i: -i.value)
    if srt[0] in (g.items[0], g.items[-1]):
        return None  # an end-point maximum is not a peak but the end of a trend
    margin = (srt[0].value - srt[1].value) - (srt[0].ctol + srt[1].ctol)
    text = f"At which x-axis label does the {_quant(view, g)}{g.context} peak before turning around?"
    return Candidate("pattern", "peak_position", 2, text, srt[0].label, "label", None,
                     f"The maximum {fmt_number(srt[0].value, 2)} is at {srt[0].label}; values fall on both sides.",
                     _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g))


def same_order_everywhere(view: FigureView, g_list: list[Group], rng) -> Candidate | None:
    """Whether the series keep one ordering across categories (Table 8's consistency question)."""
    if len(g_list) < 2 or len(g_list[0].items) < 3:
        return None
    margins = [_rank_margin(g.items) for g in g_list]
    orders = [tuple(_labels(sorted(g.items, key=lambda i: -i.value))) for g in g_list]
    ans = len(set(orders)) == 1
    if ans:
        margin = min(margins)
    else:  # two groups with robust, different orders decide "no"
        robust = [o for o, m in zip(orders, margins) if m > 0]
        margin = 1.0 if len(set(robust)) > 1 else -1.0
    panels = {g.panel for g in g_list}
    where = " in every panel" if len(panels) > 1 else view.where(g_list[0].panel)
    noun = g_list[0].noun
    panel = g_list[0].panel
    x_name = view.x_name(panel)
    across = (f"at every {x_name} value" if x_name else "at every x position") if view.kind(panel).ordered_x else (
        f"in every {x_name}" if x_name else "in every category")
    text = f"Do the {plural(noun)} keep the same ordering from highest to lowest {across}{where}?"
    return Candidate("pattern", "same_order_everywhere", 3, text, "yes" if ans else "no", "yes_no", None,
                     "Orderings per category: " + "; ".join(" > ".join(o) for o in orders) + ".",
                     sorted({lab for g in g_list for lab in _labels(g.items)}), margin,
                     names=sorted({lab for g in g_list for lab in _labels(g.items)}), scope={"groups": [_gscope(g) for g in g_list]})


def common_weakest(view: FigureView, g_list: list[Group], rng) -> Candidate | None:
    """Whether one category is the low point of every series (a pattern across the whole panel)."""
    if len(g_list) < 2 or len(g_list[0].items) < 3:
        return None
    lows, margins = [], []
    for g in g_list:
        srt = sorted(g.items, key=lambda i: i.value)
        lows.append(srt[0].label)
        margins.append((srt[1].value - srt[0].value) - (srt[1].ctol + srt[0].ctol))
    if len(set(lows)) != 1:
        return None
    noun = g_list[0].noun
    where = view.where(g_list[0].panel)
    text = (f"Is there a single {noun}{where} at which every {view.series_word(g_list[0].panel)} reaches its own "
            f"lowest {_quant(view, g_list[0])}? If so, which one?")
    return Candidate("pattern", "common_weakest", 3, text, lows[0], "label", None,
                     "Lowest point of each series: " + ", ".join(f"{g.series}: {low}" for g, low in zip(g_list, lows))
                     + ".", [g.series for g in g_list] + list(_labels(g_list[0].items)), min(margins),
                     names=[g.series for g in g_list] + list(_labels(g_list[0].items)), scope={"panel": g_list[0].panel, "series": [g.series for g in g_list]})


def cross_panel_shift(view: FigureView, pair: tuple[Group, Group], rng) -> Candidate | None:
    """Whether one series moves the same way at every category between two panels."""
    g0, g1 = pair
    if [i.label for i in g0.items] != [i.label for i in g1.items] or len(g0.items) < 3:
        return None
    d = np.array([b.value - a.value for a, b in zip(g0.items, g1.items)])
    need = np.array([a.tol + b.tol for a, b in zip(g0.items, g1.items)])
    up = np.sum(d) >= 0
    d_dir = d if up else -d
    ans = bool(np.all(d_dir > 0))
    margin = float(np.min(d_dir - need)) if ans else float(np.max(-d_dir - need))
    p0, p1 = view.panel(g0.panel), view.panel(g1.panel)
    name0 = f"'{p0.title}'" if p0.title else view.where(g0.panel).replace(" in the ", "the ")
    name1 = f"'{p1.title}'" if p1.title else view.where(g1.panel).replace(" in the ", "the ")
    verb = "higher" if up else "lower"
    whose = f"{g0.series}'s " if len(p0.series) > 1 else "the "
    text = (f"Going from the {name0} panel to the {name1} panel, is {whose}{_quant(view, g0)} "
            f"{verb} for every {g0.noun}?")
    return Candidate("pattern", "cross_panel_shift", 3, text, "yes" if ans else "no", "yes_no", None,
                     f"Change of {g0.series} per {g0.noun}: "
                     + ", ".join(f"{i.label}: {fmt_number(x, 2)}" for i, x in zip(g0.items, d)) + ".",
                     [g0.series, *_labels(g0.items)], margin, names=[g0.series, *_labels(g0.items)], scope={"panels": [g0.panel, g1.panel], "series": g0.series, "direction": "up" if up else "down"})


def pie_top_two_share(view: FigureView, g: Group, rng) -> Candidate | None:
    if not view.kind(g.panel).parts_of_whole or len(g.items) < 4:
        return None
    srt = sorted(g.items, key=lambda i: -i.value)
    s = srt[0].value + srt[1].value
    tol = srt[0].tol + srt[1].tol
    for frac, word in ((50.0, "half"), (200 / 3, "two thirds"), (75.0, "three quarters")):
        if abs(s - frac) > tol:
            # the sum of the two largest moves by at most the two reading errors, whichever two they are
            margin = abs(s - frac) - tol
            text = f"Do the two largest wedges{view.where(g.panel)} together cover more than {word} of the pie?"
            return Candidate("pattern", "pie_top_two_share", 3, text, "yes" if s > frac else "no", "yes_no", None,
                             f"{srt[0].label} ({fmt_number(srt[0].value, 2)}%) + {srt[1].label} "
                             f"({fmt_number(srt[1].value, 2)}%) = {fmt_number(s, 2)}%.",
                             _labels(srt[:3]), margin, scope=_gscope(g, share=frac))
    return None


def drawn_in_order(view: FigureView, g: Group, rng) -> Candidate | None:
    """Whether the members are drawn sorted by value (bars or wedges, where order is a design choice)."""
    if g.ordered or len(g.items) < 3:
        return None
    it = g.items
    steps = [(b.value - a.value, a.ctol + b.ctol) for a, b in zip(it, it[1:])]
    ups = [s - t for s, t in steps]
    downs = [-s - t for s, t in steps]
    ans = all(s > 0 for s, _ in steps) or all(s < 0 for s, _ in steps)
    # sorted: every step readable; unsorted: one clear rise and one clear fall.
    margin = min(max(ups), max(downs)) if not ans else min(abs(s) - t for s, t in steps)
    if view.kind(g.panel).parts_of_whole:
        text = f"Going around the pie{view.where(g.panel)}, are the wedges arranged in order of size?"
    else:
        text = (f"Are the {plural(g.noun)}{g.context} drawn in order of their {_quant(view, g)}, from one end "
                f"of the axis to the other?")
    return Candidate("pattern", "drawn_in_order", 2, text, "yes" if ans else "no", "yes_no", None,
                     f"Values in drawing order: {', '.join(fmt_number(i.value, 2) for i in it)}.",
                     _labels(it), margin, names=_labels(it), scope=_gscope(g))


def farthest_from_rest(view: FigureView, g: Group, rng) -> Candidate | None:
    """The outlier: the member farthest from the average of the others."""
    if len(g.items) < 4:
        return None
    v = np.array([i.value for i in g.items])
    dist = np.array([abs(v[k] - np.delete(v, k).mean()) for k in range(len(v))])
    order = np.argsort(-dist)
    tol = max(i.tol for i in g.items)
    margin = float(dist[order[0]] - dist[order[1]] - 4 * tol)
    ans = g.items[int(order[0])].label
    text = (f"Which {g.noun}{g.context} lies farthest from the average {_quant(view, g)} of all the other "
            f"{plural(g.noun)}?")
    return Candidate("pattern", "farthest_from_rest", 3, text, ans, "label", None,
                     "Distance of each member from the mean of the rest: "
                     + ", ".join(f"{i.label}: {fmt_number(d, 2)}" for i, d in zip(g.items, dist)) + ".",
                     _labels(g.items), margin, names=_labels(g.items), scope=_gscope(g))


# ------------------------------------------------------------------------------------ spread (whiskers)
def _half_widths(view: FigureView, g: Group) -> list[float]:
    """Each member's whisker half-width: a member is a category of one series, or a series at one category."""
    if g.kind == "category":
        return [view.half_width(g.panel, g.series or "", i.label) for i in g.items]
    return [view.half_width(g.panel, i.label, g.category or "") for i in g.items]


def widest_whisker(view: FigureView, g: Group, rng) -> Candidate | None:
    """Which member's interval is widest; each half-width is read from two whisker ends."""
    if len(g.items) < 2:
        return None
    ranked = sorted(zip(_half_widths(view, g), g.items, strict=True), key=lambda wi: -wi[0])
    (w1, first), (w2, second) = ranked[0], ranked[1]
    margin = (w1 - w2) - (first.ctol + second.ctol)
    text = (f"Which {g.noun}{g.context} has the widest error bar, that is the largest spread around its "
            f"{_quant(view, g)}?")
    return Candidate("comparison", "widest_whisker", 2, text, first.label, "label", None,
                     "Whisker half-widths: " + ", ".join(f"{i.label}: {fmt_number(w, 3)}" for w, i in ranked)
                     + f"; the widest is {first.label}.",
                     ["error bars", *_labels(g.items)], margin, names=_labels(g.items), scope=_gscope(g))


def intervals_overlap(view: FigureView, sp: SeriesPair, rng) -> Candidate | None:
    """Whether two series' intervals overlap at one category, picked where a reader can decide it.

    The gap between the facing whisker ends decides; each end is read to its compare tolerance.
    """
    ea = [view.half_width(sp.panel, sp.a, c) for c in sp.categories]
    eb = [view.half_width(sp.panel, sp.b, c) for c in sp.categories]
    gaps = [abs(a - b) - (x + y) for a, b, x, y in zip(sp.a_values, sp.b_values, ea, eb, strict=True)]
    margins = [abs(g) - (ta + tb) for g, ta, tb in zip(gaps, sp.a_ctols, sp.b_ctols, strict=True)]
    clear = [k for k, m in enumerate(margins) if m > MARGIN_EPS]
    k = clear[int(rng.integers(len(clear)))] if clear else int(np.argmax(margins))
    cat = sp.categories[k]
    ans = gaps[k] <= 0
    text = f"Do the error bars of {sp.a} and {sp.b} overlap at '{cat}'{view.where(sp.panel)}?"
    return Candidate("pattern", "intervals_overlap", 3, text, "yes" if ans else "no", "yes_no", None,
                     f"{sp.a}: {fmt_number(sp.a_values[k], 3)} ± {fmt_number(ea[k], 3)}; {sp.b}: "
                     f"{fmt_number(sp.b_values[k], 3)} ± {fmt_number(eb[k], 3)}; gap between the facing ends "
                     f"{fmt_number(gaps[k], 3)}.",
                     ["error bars", sp.a, sp.b, cat], margins[k], names=[sp.a, sp.b, cat],
                     scope=_pscope(sp, category=cat))


# ------------------------------------------------------------------------------------ candidates
def _applications(view: FigureView) -> dict[str, list[tuple[int, Callable[[np.random.Generator], Candidate | None]]]]:
    """Every (template difficulty, thunk) per category that can apply to this figure."""
    gs = groups(view)
    sps = series_pairs(view)
    cat_groups = [g for g in gs if g.kind == "category"]
    ser_groups = [g for g in gs if g.kind == "series"]
    out: dict[str, list] = {c: [] for c in CAPABILITY_CATEGORIES}

    def add(cat: str, diff: int, fn, targets):
        for t in targets:
            out[cat].append((diff, lambda rng, fn=fn, t=t: fn(view, t, rng)))

    add("counting", 1, count_members, gs[:1])
    add("counting", 2, count_bars_total, [None])
    add("counting", 2, count_above, gs)
    add("counting", 3, count_near_ties, gs)
    add("counting", 3, count_crossings, sps)
    add("computation", 1, diff_extremes, gs)
    add("computation", 2, pct_extremes, gs)
    add("computation", 2, group_mean, gs)
    add("computation", 3, mean_gap, sps)
    add("computation", 3, avg_rate, cat_groups)
    add("computation", 3, pie_small_vs_large, cat_groups)
    add("comparison", 2, nth_highest, gs)
    add("comparison", 2, full_ranking, gs)
    add("comparison", 3, closest_pair, gs)
    add("comparison", 3, largest_gap_category, sps)
    add("pattern", 2, dominates, sps)
    add("pattern", 2, monotone, cat_groups)
    add("pattern", 2, peak_position, cat_groups)
    add("pattern", 3, steepest_step, cat_groups)
    add("pattern", 2, drawn_in_order, cat_groups)
    add("pattern", 3, farthest_from_rest, cat_groups)
    add("pattern", 3, pie_top_two_share, cat_groups)
    by_series_set: dict[tuple, list[Group]] = {}
    for g in ser_groups:
        by_series_set.setdefault(tuple(sorted(_labels(g.items))), []).append(g)
    for glist in by_series_set.values():
        if len(glist) >= 2:
            out["pattern"].append((3, lambda rng, gl=glist: same_order_everywhere(view, gl, rng)))
    by_panel: dict[int, list[Group]] = {}
    for g in cat_groups:
        if g.series not in (None, TOTAL) and len(view.panel(g.panel).series) > 1:
            by_panel.setdefault(g.panel, []).append(g)
    for glist in by_panel.values():
        out["pattern"].append((3, lambda rng, gl=glist: common_weakest(view, gl, rng)))
    for g0, g1 in itertools.combinations(cat_groups, 2):
        if g0.panel != g1.panel and g0.series == g1.series and g0.series not in (None, TOTAL):
            out["pattern"].append((3, lambda rng, pr=(g0, g1): cross_panel_shift(view, pr, rng)))
    add("comparison", 2, widest_whisker, [g for g in gs if view.kind(g.panel).shows_spread and g.series != TOTAL])
    add("pattern", 3, intervals_overlap, [sp for sp in sps if view.kind(sp.panel).shows_spread])
    return out


def check(view: FigureView, c: Candidate) -> list[str]:
    """Reasons a candidate fails review; empty when it passes."""
    problems = []
    if c.answer_type not in ANSWER_TYPES[c.category]:
        problems.append(f"answer type {c.answer_type} does not fit category {c.category}")
    if c.category == "counting" and (c.tolerance != 0 or int(c.answer) != c.answer or c.answer < 0):
        problems.append("counting needs an exact non-negative integer")
    missing = [n for n in c.names if not (view.series_named(n) or view.category_named(n))]
    if missing:
        problems.append(f"not answerable: {missing} not drawn in the figure")
    if c.answer_type == "number":
        if c.tolerance is None:
            problems.append("numeric answer without tolerance")
        elif c.category != "counting" and (
            abs(c.answer) < 1e-9 or c.tolerance > MAX_RELATIVE_TOLERANCE * abs(c.answer)
        ):
            problems.append(f"not answerable: tolerance {c.tolerance:.3g} too large for answer {c.answer:.3g}")
    if not c.margin > MARGIN_EPS:
        problems.append(f"ambiguous: deciding margin {c.margin:.3g} within reading tolerance")
    if leaks(c.text, c.answer, c.answer_type):
        problems.append("question contains its answer")
    return problems


def leaks(text: str, answer: Any, answer_type: str) -> bool:
    """Whether the question text gives its own answer away."""
    low = text.lower()
    if answer_type == "number":
        forms = {fmt_number(float(answer), d) for d in (0, 1, 2)} if float(answer) != int(answer) else {str(int(answer))}
        return any(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", low) for f in forms if f not in ("0",))
    if answer_type == "label":
        return re.search(rf"(?<!\w){re.escape(str(answer).lower())}(?!\w)", low) is not None
    if answer_type == "list":
        return all(re.search(rf"(?<!\w){re.escape(str(a).lower())}(?!\w)", low) for a in answer)
    return False


def to_probe(view: FigureView, c: Candidate) -> Probe:
    answer, tolerance = c.answer, c.tolerance
    if c.answer_type == "number":
        answer = int(answer) if c.category == "counting" else float(f"{float(answer):.6g}")
        if tolerance:
            # widened by the rounding of the answer and rounded up (6 significant digits), so the
            # stored interval always contains every reading the bound allows
            t = float(tolerance) + abs(answer - float(c.answer))
            tolerance = float(f"{t * (1 + 1e-5):.6g}")
    expected = {
        "answer": answer,
        "answer_type": c.answer_type,
        "tolerance": tolerance,
        "reasoning": c.reasoning,
        "elements": c.elements,
        "template": c.template,
        "difficulty": c.difficulty,
        "scope": c.scope,
    }
    return Probe(view.spec.figure_id, "capability", c.category, c.text, expected)


def capability_probes(view: FigureView, rng: np.random.Generator, n_candidates: int) -> tuple[list[Probe], dict]:
    """One question per category: draw candidates, keep the hardest that passes ``check``.

    Candidates are drawn hardest template first (ties broken by the seeded generator); if none of the
    first ``n_candidates`` passes, the remaining applicable templates are tried as a fallback so a
    figure still gets its question when its data rule out the hard templates.
    Returns the probes and a log of rejected candidates with their reasons (the review queue).
    """
    probes, rejected = [], {}
    apps = _applications(view)
    for cat in CAPABILITY_CATEGORIES:
        options = apps[cat]
        order = rng.permutation(len(options))
        ranked = sorted(order, key=lambda k: -options[k][0])
        tried, best = 0, None
        for k in ranked:
            cand = options[k][1](rng)
            if cand is None:
                continue
            tried += 1
            problems = check(view, cand)
            if problems:
                rejected.setdefault(cat, []).append((cand.template, problems))
            elif best is None or cand.difficulty > best.difficulty:
                best = cand
            if tried >= n_candidates and best is not None:
                break
        if best is not None:
            probes.append(to_probe(view, best))
    return probes, rejected
