"""The MQM rubric: which checklist items a figure has, and how coverage of an item is graded.

Paper, Appendix B.1: bar charts have 14 items, line plots 15, pie charts 11, each tagged Major or
Minor; the severity caps the penalty an item can cost. Each kind's record declares its checklist
(:mod:`scifigbench.concepts.kinds`), in our wording. An item's ``key`` names the rule that checks
it (see :mod:`scifigbench.families.description.rule`); the same key can serve several chart types.
:func:`applicable` says when a figure has the thing at all: an item whose
feature the figure lacks (no grid, one series, no markers) is not applicable and costs nothing.

Coverage of list-like items (categories, series, colours, values) is graded by the fraction of
entities the description covers; :func:`coverage_from_fraction` is that rubric rule.
"""

from __future__ import annotations

from typing import Literal

from scifigbench.concepts.kinds import KINDS, ChecklistItem, chart_kind
from scifigbench.spec import FigureSpec

Coverage = Literal["complete", "partial", "missing", "n.a."]

#: Each kind's checklist by kind name, read from the kind records (the tests count its items).
CHECKLISTS: dict[str, tuple[ChecklistItem, ...]] = {name: kind.checklist for name, kind in KINDS.items()}


def checklist(chart_type: str) -> tuple[ChecklistItem, ...]:
    """The MQM checklist of ``chart_type``, as its kind record declares it."""
    return chart_kind(chart_type).checklist


def coverage_from_fraction(covered: int, total: int) -> Coverage:
    """Rubric rule for list-like items: all covered = complete, at least half = partial."""
    if total <= 0:
        return "n.a."
    if covered >= total:
        return "complete"
    if 2 * covered >= total:
        return "partial"
    return "missing"


def values_coverage(stated: int, total: int) -> Coverage:
    """Values are graded by how many data points are reported: three (or all) is enough."""
    if total <= 0:
        return "n.a."
    need = min(3, total)
    if stated >= need:
        return "complete"
    return "partial" if stated >= 1 else "missing"


# --- which items a figure has -------------------------------------------------------------------

def series_trend(values: list[float], panel_span: float) -> str:
    """Rubric rule for a series' direction: net change beyond a tenth of the panel's value spread.

    Measured against the panel, not the series itself, so that a nearly flat line with a little
    noise is "flat" rather than whatever its last wiggle says.
    """
    if panel_span <= 1e-12:
        return "flat"
    change = (values[-1] - values[0]) / panel_span
    return "up" if change > 0.1 else "down" if change < -0.1 else "flat"


def panel_span(panel) -> float:
    vals = [v for s in panel.series for v in s.values]
    return (max(vals) - min(vals)) if vals else 0.0


def is_monotonic(values: list[float]) -> bool:
    d = [b - a for a, b in zip(values, values[1:])]
    return all(x >= 0 for x in d) or all(x <= 0 for x in d)


def _has_crossing(spec: FigureSpec) -> bool:
    for p in spec.panels:
        if not chart_kind(p.kind).ordered_x or len(p.series) < 2:
            continue
        for i, a in enumerate(p.series):
            for b in p.series[i + 1:]:
                diffs = [x - y for x, y in zip(a.values, b.values)]
                if any(d1 * d2 < 0 for d1, d2 in zip(diffs, diffs[1:])):
                    return True
    return False


def applicable(item: ChecklistItem, spec: FigureSpec) -> bool:
    """Whether the figure has what ``item`` asks about (else the item is n.a. and costs nothing)."""
    p0 = spec.panels[0]
    kind = chart_kind(spec.chart_type)
    multi_series = len(spec.series_names()) > 1
    k = item.key
    if k == "purpose":
        return bool(spec.titles())
    if k == "x_axis":
        return any(p.x_label for p in spec.panels)
    if k == "y_axis":
        return any(p.y_label for p in spec.panels)
    if k == "value_range":
        return any(p.y_range or p.y_ticks for p in spec.panels)
    if k == "legend":
        return multi_series if kind.legend_names_series else any(p.legend_loc for p in spec.panels)
    if k == "colours":
        return multi_series or kind.parts_of_whole
    if k in ("rows", "pattern"):
        return multi_series
    if k == "colour_scale":
        return any(p.scale_colours for p in spec.panels)
    if k == "arrangement":
        return multi_series
    if k == "value_labels":
        return any(p.value_labels for p in spec.panels)
    if k == "layout":
        return len(spec.panels) > 1 or any(p.annotations for p in spec.panels)
    if k == "markers":
        return any(s.marker for p in spec.panels for s in p.series)
    if k == "grid":
        return any(p.grid for p in spec.panels)
    if k == "intersections":
        return _has_crossing(spec)
    if k == "x_range":
        return any(p.x_values for p in spec.panels)
    if k == "label_placement":
        return p0.pct_position is not None
    if k == "ordering":
        return any(p.sort != "none" for p in spec.panels)
    return True
