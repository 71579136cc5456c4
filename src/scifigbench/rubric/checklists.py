"""The MQM checklists: what a description of each chart type should cover, with severities.

Paper, Appendix B.1: bar charts have 14 items, line plots 15, pie charts 11, each tagged Major or
Minor; the severity caps the penalty an item can cost. The wording here is ours. ``aspect`` names
the rule that checks the item (see :mod:`scifigbench.judges.rules.description`); the same aspect
can serve several chart types. ``applies`` says when a figure has the thing at all: an item whose
feature the figure lacks (no grid, one series, no markers) is not applicable and costs nothing.

Coverage of list-like items (categories, series, colours, values) is graded by the fraction of
entities the description covers; :func:`coverage_from_fraction` is that rubric rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from scifigbench.spec import FigureSpec

Severity = Literal["major", "minor"]
Coverage = Literal["complete", "partial", "missing", "n.a."]


@dataclass(frozen=True)
class ChecklistItem:
    key: str
    severity: Severity
    what: str  # what the description should say, in our words


BAR: tuple[ChecklistItem, ...] = (
    ChecklistItem("chart_type", "major", "Says it is a bar chart (and which kind: grouped, stacked, horizontal)."),
    ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title or measured quantity."),
    ChecklistItem("orientation", "minor", "Says whether bars are vertical or horizontal."),
    ChecklistItem("x_axis", "major", "Gives the x-axis label."),
    ChecklistItem("y_axis", "major", "Gives the y-axis label."),
    ChecklistItem("value_range", "minor", "Gives the range or ticks of the value axis."),
    ChecklistItem("categories", "major", "Names the categories along the category axis."),
    ChecklistItem("legend", "major", "Names the series shown in the legend."),
    ChecklistItem("colours", "minor", "Says which colour encodes which series."),
    ChecklistItem("arrangement", "minor", "Says how several series are arranged (side by side or stacked)."),
    ChecklistItem("values", "major", "Reports values of individual bars correctly, bound to the right bar."),
    ChecklistItem("extremes", "major", "Points out the highest and lowest bars correctly."),
    ChecklistItem("value_labels", "minor", "Notes the numbers printed on the bars."),
    ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
)

LINE: tuple[ChecklistItem, ...] = (
    ChecklistItem("chart_type", "major", "Says it is a line plot."),
    ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title or measured quantity."),
    ChecklistItem("x_axis", "major", "Gives the x-axis label."),
    ChecklistItem("y_axis", "major", "Gives the y-axis label."),
    ChecklistItem("x_range", "minor", "Gives the span of the x axis."),
    ChecklistItem("value_range", "minor", "Gives the range or ticks of the y axis."),
    ChecklistItem("legend", "major", "Names the plotted series."),
    ChecklistItem("colours", "minor", "Says which colour encodes which series."),
    ChecklistItem("markers", "minor", "Notes the point markers."),
    ChecklistItem("grid", "minor", "Notes the grid lines."),
    ChecklistItem("trend", "major", "Describes the direction of each series correctly."),
    ChecklistItem("values", "major", "Reports values at specific x positions correctly, bound to the right series."),
    ChecklistItem("extremes", "major", "Points out the highest and lowest points correctly."),
    ChecklistItem("intersections", "minor", "Notes where series cross."),
    ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
)

PIE: tuple[ChecklistItem, ...] = (
    ChecklistItem("chart_type", "major", "Says it is a pie (or donut) chart."),
    ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title."),
    ChecklistItem("segment_count", "major", "Gives the number of segments correctly."),
    ChecklistItem("categories", "major", "Names the segments."),
    ChecklistItem("values", "major", "Reports segment percentages correctly, bound to the right segment."),
    ChecklistItem("extremes", "major", "Points out the largest segment correctly."),
    ChecklistItem("smallest", "minor", "Points out the smallest segment correctly."),
    ChecklistItem("colours", "minor", "Says which colour each segment has."),
    ChecklistItem("label_placement", "minor", "Says where labels and percentages are placed."),
    ChecklistItem("ordering", "minor", "Describes the order of the segments."),
    ChecklistItem("legend", "minor", "Notes the legend."),
)

CHECKLISTS: dict[str, tuple[ChecklistItem, ...]] = {"bar": BAR, "line": LINE, "pie": PIE}


def checklist(chart_type: str) -> tuple[ChecklistItem, ...]:
    try:
        return CHECKLISTS[chart_type]
    except KeyError:
        raise ValueError(f"no MQM checklist for chart type '{chart_type}' (known: {sorted(CHECKLISTS)})") from None


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
        if p.kind != "line" or len(p.series) < 2:
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
        return multi_series if spec.chart_type != "pie" else any(p.legend_loc for p in spec.panels)
    if k == "colours":
        return multi_series or spec.chart_type == "pie"
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
