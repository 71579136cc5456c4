"""Single data points a probe can talk about, with the phrase that names them in a sentence.

Contra probes and caption claims both state something about one drawn value ("Qwen2-7B on MATH
in the left panel"); this module picks such points and words them, so both families name points
the same way and only ever name points a reader can locate (named series, named category).
"""

from __future__ import annotations

from dataclasses import dataclass

from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.groups import TOTAL, Group, groups, stack_total, x_position


@dataclass(frozen=True)
class Point:
    panel: int
    series: str
    category: str
    value: float
    tol: float
    phrase: str          # e.g. "Qwen2-7B on 'MATH' in the left panel"
    neighbours: tuple[str, ...]  # other points of the same group (same panel, so not located again)
    neighbour_values: tuple[float, ...]


def point_phrase(view: FigureView, panel: int, series: str, category: str, located: bool = True) -> str:
    """How a sentence names one point; ``located=False`` drops the panel (a follow-up in the same panel)."""
    p = view.panel(panel)
    kind = view.kind(panel)
    where = view.where(panel) if located else ""
    if series == TOTAL:
        total = stack_total(view, panel)
        if total:
            return f"{total} at {x_position(view, panel, category)}{where}"
        return f"the whole '{category}' stack{where}"
    if kind.parts_of_whole:
        return f"the '{category}' {kind.item_word}{where}"
    if kind.ordered_x:
        at = f"at {x_position(view, panel, category)}"
        return f"{series} {at}{where}" if len(p.series) > 1 else f"the curve {at}{where}"
    if kind.binned:
        return f"{series} in the bin {category}{where}" if len(p.series) > 1 else f"the bin {category}{where}"
    if len(p.series) > 1:
        return f"{series} on '{category}'{where}"
    return f"'{category}'{where}"


def points(view: FigureView) -> list[Point]:
    """Every nameable point, each with the other members of its group as possible follow-ups."""
    out = []
    seen = set()
    gs: list[Group] = [g for g in groups(view) if g.series != TOTAL]
    for g in gs:
        for it in g.items:
            series = g.series if g.kind == "category" else it.label
            category = it.label if g.kind == "category" else g.category
            if series is None:
                series = view.panel(g.panel).series[0].name
            key = (g.panel, series, category)
            if key in seen:
                continue
            seen.add(key)
            others = [o for o in g.items if o.label != it.label]
            nb = tuple(
                point_phrase(view, g.panel, series, o.label, located=False) if g.kind == "category"
                else point_phrase(view, g.panel, o.label, category, located=False)
                for o in others
            )
            out.append(Point(g.panel, series, category, it.value, it.tol, point_phrase(view, g.panel, series, category),
                             nb, tuple(o.value for o in others)))
    return out
