"""Comparable sets of data points of a figure, the raw material of questions and claims.

A :class:`Group` is a set of values a reader compares with each other: the series at one category
of a bar panel, one series across the x axis of a line panel, the wedges of a pie. Questions are
phrased over a group (its ``noun`` names the members, its ``context`` says where to look), so one
template works for every chart type.
"""

from __future__ import annotations

from dataclasses import dataclass

from scifigbench.probes.figure_view import FigureView, plural
from scifigbench.spec import Panel, value_axis

TOTAL = "__total__"  # the series name of a stacked panel's whole-stack group


@dataclass(frozen=True)
class Item:
    label: str
    value: float
    tol: float    # reading the value off the axis
    ctol: float   # telling it apart from another value of the panel (finer)


@dataclass(frozen=True)
class Group:
    panel: int
    noun: str            # what a member is called: "series", "category", "wedge", "epoch value"
    context: str         # where the group lives, e.g. " at 'GSM8K' in the left panel"
    items: tuple[Item, ...]
    ordered: bool        # members follow a numeric axis (line x values), so trends make sense
    kind: str            # "series" (members are series) or "category" (members are categories)
    series: str | None = None     # the series a category-group belongs to (TOTAL for stack totals)
    category: str | None = None   # the category a series-group sits at

    def by_label(self, label: str) -> Item:
        return next(i for i in self.items if i.label == label)

    @property
    def on(self) -> str | None:
        """A series of the group: all its members are read on this series' value axis."""
        return self.series if self.kind == "category" else self.items[0].label


@dataclass(frozen=True)
class SeriesPair:
    """Two series of one panel over the same categories (for dominance, crossings, gaps)."""

    panel: int
    a: str
    b: str
    categories: tuple[str, ...]
    a_values: tuple[float, ...]
    b_values: tuple[float, ...]
    a_tols: tuple[float, ...]
    b_tols: tuple[float, ...]
    ordered: bool
    a_ctols: tuple[float, ...] = ()
    b_ctols: tuple[float, ...] = ()


def category_noun(view: FigureView, panel: int) -> str:
    """What one category of the panel is called in a question: a part is its mark, an x position is a value."""
    kind = view.kind(panel)
    if kind.parts_of_whole:
        return kind.item_word
    if kind.binned:  # "which bin", whatever quantity is binned
        return kind.part_word
    name = view.x_name(panel)
    if kind.ordered_x:
        return f"{name} value" if name else "x value"
    return name if name and len(name) < 30 else "category"


def x_position(view: FigureView, panel: int, category: str) -> str:
    """An x position as a sentence names it, "epoch = 12": the tick alone ("12") reads as a value."""
    return f"{view.x_name(panel) or 'x'} = {category}"


def stack_total(view: FigureView, panel: int) -> str | None:
    """What the series stacked at one x position are called together, or None where each stack is one mark.

    A stacked bar is a mark of its own, named by its category ("the whole 'GSM8K' stack"); stacked areas
    over an ordered x axis have no mark per position, so a reader reads the total off their top edge and
    names it by the position ("the total of the areas at epoch = 12").
    """
    kind = view.kind(panel)
    return f"the total of the {plural(kind.series_word)}" if kind.ordered_x else None


def groups(view: FigureView) -> list[Group]:
    """Every readable group of the figure, in a fixed order."""
    out: list[Group] = []
    for p in view.spec.panels:
        kind = view.kind(p.index)
        where = view.where(p.index)
        named_series = [s.name for s in p.series if view.series_named(s.name)]
        cats_named = all(view.category_named(c) for c in p.categories)
        if cats_named:
            for s in p.series:
                if len(p.series) > 1 and s.name not in named_series:
                    continue
                items = tuple(Item(c, float(v), view.tol(p.index, v, s.name), view.ctol(p.index, v, s.name))
                              for c, v in zip(p.categories, s.values))
                ctx = (f" for {s.name}" if len(p.series) > 1 else "") + where
                out.append(Group(p.index, category_noun(view, p.index), ctx, items, kind.ordered_x, "category",
                                 series=s.name))
        if cats_named and p.stacked and len(p.series) > 1:
            # whole stacks are read straight off the axis, unlike the segments inside them
            tol = view.read_fraction * (view.axis_span(p)[1] - view.axis_span(p)[0])
            items = tuple(Item(c, float(sum(col)), tol, tol)
                          for c, col in zip(p.categories, zip(*(s.values for s in p.series))))
            total = stack_total(view, p.index)
            out.append(Group(p.index, category_noun(view, p.index), f" for {total or 'whole stacks'}{where}", items,
                             False, "category", series=TOTAL))
        for same_axis in _by_axis(p, named_series):
            if len(same_axis) < 2 or kind.parts_of_whole:
                continue
            for k, c in enumerate(p.categories):
                if not view.category_named(c):
                    continue
                items = tuple(Item(s.name, float(s.values[k]), view.tol(p.index, s.values[k], s.name),
                                   view.ctol(p.index, s.values[k], s.name)) for s in p.series if s.name in same_axis)
                at = f" at {x_position(view, p.index, c)}" if kind.ordered_x else f" for '{c}'"
                out.append(Group(p.index, view.series_word(p.index), at + where, items, False, "series", category=c))
    return out


def _by_axis(p: Panel, names: list[str]) -> list[list[str]]:
    """The named series split by the value axis they are read on: values on different axes are on
    different scales (and in different units), so no question compares them."""
    axes: dict[tuple[str | None, str | None], list[str]] = {}
    for name in names:
        axis = value_axis(p, name)
        axes.setdefault((axis.label, axis.unit), []).append(name)
    return list(axes.values())


def series_pairs(view: FigureView) -> list[SeriesPair]:
    out = []
    for p in view.spec.panels:
        kind = view.kind(p.index)
        if kind.parts_of_whole or not all(view.category_named(c) for c in p.categories):
            continue
        named = [s for s in p.series if view.series_named(s.name)]
        for i, a in enumerate(named):
            for b in named[i + 1:]:
                if kind.two_value_axes and a.axis != b.axis:
                    continue  # on different scales: no dominance, crossing or gap between them
                out.append(
                    SeriesPair(
                        p.index, a.name, b.name, tuple(p.categories), tuple(a.values), tuple(b.values),
                        tuple(view.tol(p.index, v, a.name) for v in a.values),
                        tuple(view.tol(p.index, v, b.name) for v in b.values),
                        kind.ordered_x,
                        tuple(view.ctol(p.index, v, a.name) for v in a.values),
                        tuple(view.ctol(p.index, v, b.name) for v in b.values),
                    )
                )
    return out
