"""What the layout reader settles about a real figure, in the terms a probe is written in.

A probe about a figure without a spec may only rest on what the reading found: the category
labels of one tick run, the legend entries, the panel titles, the numeric tick runs, the axis
titles and the printed value labels that stand at one category each — or, where several series
print one value each at a category (grouped bars), the value labels each given to its series by
the colour of its mark (series_values.py). :class:`Facts` gathers those (plus every printed text
and the caption, against which an absent element is checked) so the probe builders never walk
the layout themselves.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np

from scifigbench.freetext.label_words import furniture_words, panel_mark, residual_answer
from scifigbench.layout.elements import AXIS_TITLE, LEGEND, PANEL_TITLE, TITLE, VALUE, Label, Layout, Run, TextLine
from scifigbench.probes.figure_view import phrase
from scifigbench.probes.real.series_values import series_of


@dataclass(frozen=True)
class Printed:
    """A value label printed at one category: its name, the number and the text as printed, and
    the series it belongs to when several print a value at that category."""

    category: str
    value: float
    text: str
    decimals: int
    series: str | None = None


@dataclass(frozen=True)
class Facts:
    """One real figure as the probe builders see it."""

    figure_id: str
    caption: str | None
    categories: tuple[str, ...] = ()  # the labels of the one word-tick run (reading order)
    category_axis: str | None = None  # 'x' or 'y'
    legend: tuple[str, ...] = ()  # distinct legend entries in reading order
    panels: tuple[str, ...] = ()  # distinct panel titles (two or more, else empty)
    x_ticks: tuple[float, ...] = ()  # the numeric x-axis run of the figure when it has exactly one
    x_title: str | None = None
    value_title: str | None = None  # the title of the axis the values are read on
    twin_value_axes: bool = False  # two value axes titled apart (left and right): two quantities, not one
    printed: tuple[Printed, ...] = ()  # value labels matched one to one to categories
    series_printed: tuple[Printed, ...] = ()  # several per category, each given to a legend entry by colour
    # categories with no value label where most others print one: group headers ("Region" over its
    # rows) or a value OCR missed; either way the categories cannot be counted with certainty
    unvalued: tuple[str, ...] = ()
    # the category ticks stand at an even pitch across the drawing: the names read are all of them
    # (a run OCR read in part, or a legend and its title lined up, is no count of the figure's)
    categories_whole: bool = False
    texts: tuple[str, ...] = field(default_factory=tuple)  # every OCR line, for absence checks

    @property
    def quantity(self) -> str:
        """What the values measure, as a noun phrase ("accuracy" from "Accuracy (%)")."""
        return _noun(self.value_title) or "value"

    @property
    def x_name(self) -> str:
        return _noun(self.x_title) or "x"

    @property
    def unit(self) -> str:
        """'%' when the value axis title or every printed value says so."""
        if self.value_title and "%" in self.value_title:
            return "%"
        if self.printed and all(p.text.rstrip().endswith("%") for p in self.printed):
            return "%"
        return ""

    def searched(self) -> tuple[str, ...]:
        """Everything a sibling must be absent from: the printed text and the caption."""
        return (*self.texts, self.caption or "")


def _noun(title: str | None) -> str | None:
    """An axis title as a phrase in a sentence; a symbol ('M', 'N(M)') stays as printed, since
    lower-casing or dropping its bracket would name another quantity."""
    said = phrase(title)
    if title and (said is None or len(said) <= 2):
        return " ".join(title.split())
    return said


def _decimals(text: str) -> int:
    m = re.search(r"\d\.(\d+)", text)
    return len(m.group(1)) if m else 0


MAX_NAME = 40  # characters: a longer 'name' is a sentence or several labels read as one
MAX_LEGEND = 8  # entries: a longer legend is usually a table or a note read as entries
MAX_CATEGORIES = 12  # a longer run is counted and named with too little certainty to ask about


def _name(lb: Label) -> str | None:
    """A label's text as a name to quote, or None when it names nothing (a panel mark, furniture,
    a formula, a sentence)."""
    text = " ".join(lb.text.split())
    if not re.search(r"[A-Za-z]{2}", text) or panel_mark(text) or furniture_words(text) or len(text) > MAX_NAME:
        return None
    if "=" in text or any(not ch.isascii() for ch in text):
        return None
    return text


def _legend(layout: Layout) -> tuple[str, ...]:
    """The legend's names when every entry is a name with its own swatch (or colour) and there
    are at most ``MAX_LEGEND``; else none (the reading of that legend is not trusted)."""
    entries = layout.of_role(LEGEND)
    names = [_name(lb) for lb in entries]
    if not entries or len(entries) > MAX_LEGEND or any(n is None for n in names):
        return ()
    if len(_distinct(names)) != len(names):
        return ()  # a name printed twice: legends per panel or per group, whose count is ambiguous
    # a scale's catch-all answer ('Don't know') heads its column in black, without a swatch
    shown = [n for n in names if n is not None]
    if any(lb.swatch is None and not residual_answer(lb.text, shown) for lb in entries) or _left_out(layout, entries):
        return ()
    return _distinct(names)


def _left_out(layout: Layout, entries: list[Label]) -> bool:
    """Whether a label the reader gave another role stands in the legend's column or row, within
    about one entry's pitch of it: an entry whose line sample it missed (a dashed or dotted key),
    so the legend it read is incomplete."""
    x0, x1 = min(lb.box[0] for lb in entries), max(lb.box[2] for lb in entries)
    y0, y1 = min(lb.box[1] for lb in entries), max(lb.box[3] for lb in entries)
    h = statistics.median(lb.height for lb in entries)  # an entry set on two lines is no taller pitch
    for lb in layout.labels:
        if lb.role in (LEGEND, AXIS_TITLE, TITLE, PANEL_TITLE) or lb.run is not None:
            continue
        in_column = lb.box[0] < x1 and lb.box[2] > x0 and y0 - 2.5 * h < lb.cy < y1 + 2.5 * h
        in_row = y0 - 0.5 * h < lb.cy < y1 + 0.5 * h and x0 - 12 * h < lb.cx < x1 + 12 * h
        if in_column or in_row:
            return True
    return False


def _distinct(names: Sequence[str | None]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for n in names:
        if n and n.lower() not in {s.lower() for s in seen}:
            seen[n] = None
    return tuple(seen)


def _word_runs(layout: Layout) -> list[Run]:
    return [r for r in layout.runs if not r.numeric and len(r.labels) >= 2]


def _category_run(layout: Layout) -> Run | None:
    """The figure's one run of word ticks; with several (panels), one only when all name the same
    categories, so "the categories" means one set."""
    runs = _word_runs(layout)
    if not runs:
        return None
    names = {tuple(lb.text.lower() for lb in r.labels) for r in runs}
    if len(names) != 1 or any(_name(lb) is None for lb in runs[0].labels):
        return None  # several sets, or a run holding formulas or numbers: not one set of names
    return runs[0]


def _twin(layout: Layout, axis: str) -> bool:
    """``axis`` carries two differently worded titles far apart (a twin-axis chart, or panels side
    by side measuring different things): its series measure different quantities, and no
    difference of theirs is tested."""
    titles = [lb for lb in layout.of_role(AXIS_TITLE) if lb.axis == axis]
    names = {" ".join(lb.text.split()).casefold() for lb in titles}
    if len(names) < 2:
        return False
    if axis == "x":
        return max(lb.cy for lb in titles) - min(lb.cy for lb in titles) > layout.height / 2
    return max(lb.cx for lb in titles) - min(lb.cx for lb in titles) > layout.width / 2


def _title(layout: Layout, axis: str) -> str | None:
    """The title of ``axis`` when every panel prints the same one."""
    titles = {" ".join(lb.text.split()) for lb in layout.of_role(AXIS_TITLE) if lb.axis == axis}
    return titles.pop() if len(titles) == 1 else None


def _at_categories(layout: Layout, run: Run) -> list[tuple[str | None, list[Label]]]:
    """The value labels at each category of ``run`` (nearest along the category axis, within half
    the spacing of the categories) with its name (None when it names nothing), in axis order; each
    category's labels in order along the axis."""
    axis = run.axis
    centre = (lambda b: (b[0] + b[2]) / 2) if axis == "x" else (lambda b: (b[1] + b[3]) / 2)
    ticks = sorted(run.labels, key=lambda lb: centre(lb.box))
    spacing = min(centre(b.box) - centre(a.box) for a, b in pairwise(ticks))
    values = [lb for lb in layout.of_role(VALUE) if lb.value is not None]
    at: dict[int, list[Label]] = {}
    for v in values:
        k = min(range(len(ticks)), key=lambda i: abs(centre(ticks[i].box) - centre(v.box)))
        if abs(centre(ticks[k].box) - centre(v.box)) < 0.5 * spacing:
            at.setdefault(k, []).append(v)
    return [(_name(ticks[k]), sorted(vs, key=lambda lb: centre(lb.box))) for k, vs in sorted(at.items())]


def _as_printed(category: str, v: Label, series: str | None = None) -> Printed:
    assert v.value is not None
    return Printed(category, float(v.value), v.text.strip(), _decimals(v.text), series)


def _printed(at: list[tuple[str | None, list[Label]]]) -> tuple[Printed, ...]:
    """One value label per named category; none when any category has two (several series)."""
    if any(len(vs) > 1 for _, vs in at):
        return ()
    return tuple(_as_printed(name, v) for name, (v,) in at if name is not None)


def _series_printed(
    at: list[tuple[str | None, list[Label]]],
    layout: Layout,
    names: tuple[str, ...],
    axis: str,
    img: np.ndarray | None,
) -> tuple[Printed, ...]:
    """Where a category holds several value labels, every label at a named category with its
    series (by the colour of its mark, read from ``img``); none without the image, a trusted
    legend (``names``: :func:`_legend`, one per entry), or a sure colour for every label."""
    if img is None or not any(len(vs) > 1 for _, vs in at) or not names:
        return ()
    named = [(name, vs) for name, vs in at if name is not None]
    found = series_of(img, [vs for _, vs in named], layout.of_role(LEGEND), axis)
    if found is None:
        return ()
    return tuple(
        _as_printed(cat, v, names[k])
        for (cat, vs), ks in zip(named, found, strict=True)
        for v, k in zip(vs, ks, strict=True)
    )


_MULTIPLIER = re.compile(r"^\s*(?:[x×·]\s*)?(?:1e[+-]?\d+|10\s*\^?\s*[-+]?\d+)\s*$", re.IGNORECASE)
MIN_X_TICKS = 4  # OCR misses ticks; a run of three is too often a part of the axis
END_SLACK = 3.0  # tick spacings the last tick may stand short of the drawing's right edge


def _x_ticks(layout: Layout) -> tuple[float, ...]:
    """The numeric x-axis run (the same in every panel), when it reaches the right end of the
    drawing: a run that stops short of it lost its last ticks to OCR, and a value past the last
    tick read could still be drawn."""
    runs = [r for r in layout.runs if r.numeric and r.axis == "x" and len(r.labels) >= MIN_X_TICKS]
    values = {tuple(lb.value for lb in r.labels) for r in runs}
    if (
        len(values) != 1
        or layout.frame is None
        or any(lb.run is None and _MULTIPLIER.match(lb.text) for lb in layout.labels)
    ):
        return ()  # ticks scaled by a printed power ('x10^4', '1e7') would be quoted without it
    ticks = [v for v in values.pop() if v is not None]
    last = max(runs, key=lambda r: r.box[2]).labels
    spacing = (last[-1].cx - last[0].cx) / (len(last) - 1)
    if len(ticks) != len(last) or layout.frame[2] - last[-1].cx > END_SLACK * spacing:
        return ()
    return tuple(float(v) for v in ticks)


MAX_UNEVEN = 1.6  # the widest gap between neighbouring category ticks over the narrowest
MIN_COVER = 0.6  # the share of the drawing's extent along its axis the category run spans (one pitch added)


def _whole(layout: Layout, run: Run) -> bool:
    """Whether ``run``'s ticks stand at an even pitch across the drawing. A run of which OCR read
    three of thirteen ticks leaves uneven gaps or a short span; labels of another kind lined up
    (panel titles, a legend with its title) rarely span the plotting area."""
    if layout.frame is None:
        return False
    x = run.axis == "x"
    at = sorted(lb.cx if x else lb.cy for lb in run.labels)
    gaps = [b - a for a, b in pairwise(at)]
    if min(gaps) <= 0 or max(gaps) > MAX_UNEVEN * min(gaps):
        return False
    lo, hi = (layout.frame[0], layout.frame[2]) if x else (layout.frame[1], layout.frame[3])
    return at[-1] - at[0] + (at[-1] - at[0]) / len(gaps) >= MIN_COVER * (hi - lo)


def _unvalued(categories: tuple[str, ...], at: list[tuple[str | None, list[Label]]]) -> tuple[str, ...]:
    """The categories without a value label when at least half of them print one."""
    valued = {name for name, vs in at if name is not None and vs}
    if 2 * len(valued) < len(categories):
        return ()
    return tuple(c for c in categories if c not in valued)


def read_facts(
    figure_id: str, layout: Layout, lines: Sequence[TextLine], caption: str | None, img: np.ndarray | None = None
) -> Facts:
    """The facts of one figure from its layout reading and the OCR lines it was read from; the
    image (when given) tells several series' value labels at one category apart."""
    run = _category_run(layout)
    categories = _distinct([_name(lb) for lb in run.labels]) if run else ()
    kept = run if run is not None and 2 <= len(categories) <= MAX_CATEGORIES else None  # the run the facts keep
    at = _at_categories(layout, kept) if kept is not None else []
    value_axis = None if run is None else ("y" if run.axis == "x" else "x")
    legend = _legend(layout)
    titles = [_name(lb) for lb in layout.of_role(PANEL_TITLE)]
    panels = _distinct(titles) if len(_distinct(titles)) == len(titles) else ()  # a repeated title: rows of a grid
    return Facts(
        figure_id=figure_id,
        caption=caption,
        categories=categories if kept is not None else (),
        category_axis=kept.axis if kept is not None else None,
        legend=legend,
        panels=panels if len(panels) >= 2 else (),
        # beside a category run (one the facts keep or not) a numeric axis holds the values
        x_ticks=_x_ticks(layout) if run is None and not any(r.axis == "y" for r in _word_runs(layout)) else (),
        x_title=_title(layout, "x"),
        value_title=_title(layout, value_axis or "y"),
        twin_value_axes=_twin(layout, value_axis or "y"),
        printed=_printed(at),
        series_printed=_series_printed(at, layout, legend, kept.axis, img) if kept is not None else (),
        unvalued=_unvalued(categories, at) if kept is not None else (),
        categories_whole=kept is not None and _whole(layout, kept),
        texts=tuple(ln.text for ln in lines),
    )
