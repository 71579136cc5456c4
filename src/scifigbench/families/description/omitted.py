"""What a description left out, said from the figure's spec: the text of a completeness finding.

A completeness finding used to read "not covered [item value_range]", which tells a reader the
checklist key but not what the description should have said. The spec knows: the value axis runs
from 0 to 100, the series are LoRA and Dense, the highest bar is Dense on CoLA at 4.5. This module
words one checklist item's content for one figure, so the finding can say "omits the value axis
range (0 to 100)". Items whose content is a list (categories, series, colours) name only what the
description did not mention when it covered part of them.

An item the spec cannot word more precisely than the checklist does falls back on the checklist's
own wording of the item (``ChecklistItem.what``), so every finding says something a reader can
check against the figure.
"""

from __future__ import annotations

from collections.abc import Callable

from scifigbench.concepts.kinds import ChecklistItem, chart_kind
from scifigbench.rubric.checklists import panel_span, series_trend
from scifigbench.spec import FigureSpec, Panel, value_axis

_SHOWN = 6  # names listed before "and N more"


def _names(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    if len(quoted) > _SHOWN:
        return ", ".join(quoted[:_SHOWN]) + f" and {len(quoted) - _SHOWN} more"
    return ", ".join(quoted[:-1]) + " and " + quoted[-1] if len(quoted) > 1 else "".join(quoted)


def _g(v: float) -> str:
    return f"{v:.4g}"


def _labels(spec: FigureSpec, axis: str) -> list[str]:
    return list(dict.fromkeys(lab for p in spec.panels if (lab := getattr(p, f"{axis}_label"))))


def _value_range(spec: FigureSpec) -> str | None:
    spans = []
    for p in spec.panels:
        ax = value_axis(p)
        lo_hi = ax.range or ((min(ax.ticks), max(ax.ticks)) if ax.ticks else None)
        if lo_hi:
            spans.append(f"{_g(lo_hi[0])} to {_g(lo_hi[1])}")
    spans = list(dict.fromkeys(spans))
    return f"the value axis range ({'; '.join(spans)})" if spans else None


def _x_range(spec: FigureSpec) -> str | None:
    spans = list(
        dict.fromkeys(f"{p.categories[0]} to {p.categories[-1]}" for p in spec.panels if p.x_values and p.categories)
    )
    return f"the span of the x axis ({'; '.join(spans)})" if spans else None


def _at(p: Panel, category: str) -> str:
    """Where a value sits: its category, or its x position named by the x axis ("epoch = 10")."""
    return f"{p.x_label or 'x'} = {category}" if p.x_values else category


def _points(spec: FigureSpec) -> list[tuple[float, str, str]]:
    """Every drawn value with its series and where it sits, over all panels."""
    return [
        (v, s.name, _at(p, c))
        for p in spec.panels
        for s in p.series
        for v, c in zip(s.values, p.categories, strict=False)
    ]


def _where(spec: FigureSpec, series: str, category: str) -> str:
    return category if chart_kind(spec.chart_type).parts_of_whole else f"{series} at {category}"


def _extremes(spec: FigureSpec, which: str) -> str | None:
    pts = _points(spec)
    if not pts:
        return None
    hi, lo = max(pts), min(pts)
    high = f"the highest value ({_g(hi[0])}, {_where(spec, hi[1], hi[2])})"
    low = f"the lowest value ({_g(lo[0])}, {_where(spec, lo[1], lo[2])})"
    return {"both": f"{high} and {low}", "max": high, "min": low}[which]


def _trends(spec: FigureSpec) -> str | None:
    said = [
        f"{s.name} {({'up': 'rises', 'down': 'falls', 'flat': 'stays flat'})[series_trend(s.values, panel_span(p))]}"
        for p in spec.panels
        if chart_kind(p.kind).ordered_x
        for s in p.series
        if len(s.values) > 1
    ]
    return f"the direction of each series ({'; '.join(dict.fromkeys(said))})" if said else None


def _colours(spec: FigureSpec) -> str:
    pairs: list[str] = []
    for p in spec.panels:
        if chart_kind(p.kind).parts_of_whole:
            pairs += [f"{c} {f}" for c, f in zip(p.categories, p.series[0].color_families or [], strict=False)]
        else:
            pairs += [f"{s.name} {s.color_family}" for s in p.series]
    pairs = list(dict.fromkeys(pairs))
    shown = ", ".join(pairs[:_SHOWN]) + (f" and {len(pairs) - _SHOWN} more" if len(pairs) > _SHOWN else "")
    return f"which colour shows what ({shown})"


def _layout(spec: FigureSpec) -> str:
    parts = []
    if len(spec.panels) > 1:
        titles = [p.title for p in spec.panels if p.title]
        parts.append(f"the {len(spec.panels)} panels" + (f" ({_names(titles)})" if titles else ""))
    notes = [a.text for p in spec.panels for a in p.annotations]
    if notes:
        parts.append(f"the annotation{'s' if len(notes) > 1 else ''} {_names(notes)}")
    return " and ".join(parts) or "the panels and annotations"


def _first(spec: FigureSpec) -> Panel:
    return spec.panels[0]


# item key -> what the figure has for it, in words (None: the spec has nothing more precise to say)
_CONTENT: dict[str, Callable[[FigureSpec], str | None]] = {
    "chart_type": lambda s: f"what kind of chart it is (a {chart_kind(s.chart_type).label.lower()} chart)",
    "purpose": lambda s: f"what it is about (its title {_names(s.titles()[:1])})" if s.titles() else None,
    "orientation": lambda s: f"that the bars are {_first(s).orientation}",
    "x_axis": lambda s: f"the x-axis label ({_names(_labels(s, 'x'))})" if _labels(s, "x") else None,
    "y_axis": lambda s: f"the y-axis label ({_names(_labels(s, 'y'))})" if _labels(s, "y") else None,
    "value_range": _value_range,
    "x_range": _x_range,
    "categories": lambda s: f"the categories ({_names(s.category_names())})",
    "legend": lambda s: f"the series ({_names(s.series_names())})" if s.series_names() else "the legend",
    "rows": lambda s: f"the rows ({_names(s.series_names())})",
    "colours": _colours,
    "arrangement": lambda s: (
        "that the series are " + ("stacked" if any(p.stacked for p in s.panels) else "side by side")
    ),
    "values": lambda s: f"the values of individual {chart_kind(s.chart_type).item_word}s ({len(_points(s))} drawn)",
    "extremes": lambda s: _extremes(s, "max" if chart_kind(s.chart_type).parts_of_whole else "both"),
    "smallest": lambda s: _extremes(s, "min"),
    "trend": _trends,
    "value_labels": lambda s: "the numbers printed on the marks",
    "layout": _layout,
    "markers": lambda s: "the point markers",
    "grid": lambda s: "the grid lines",
    "intersections": lambda s: "where the series cross",
    "segment_count": lambda s: f"how many parts there are ({len(_first(s).categories)})",
    "label_placement": lambda s: f"that the percentages sit {_first(s).pct_position} the wedges",
    "ordering": lambda s: f"that the parts are sorted ({_first(s).sort})",
    "colour_scale": lambda s: f"the colour scale ({_first(s).scale_label})" if _first(s).scale_label else None,
}


def omitted(item: ChecklistItem, spec: FigureSpec, partial: bool = False, unmentioned: list[str] | None = None) -> str:
    """The note of a completeness finding: what the description should have said and did not.

    ``partial``: the description covered the item in part; ``unmentioned`` then names what of it
    (categories, series) the description did not mention, when the item is such a list.
    """
    if partial and unmentioned:
        return f"partly covered: does not mention {_names(unmentioned)}"
    if partial and item.key == "values":
        return f"partly covered: states fewer than three of the {len(_points(spec))} drawn values"
    content = _CONTENT[item.key](spec) if item.key in _CONTENT else None
    content = content or f"what the checklist asks: {item.what.rstrip('.').lower()}"
    return f"partly covered: says only part of {content}" if partial else f"omits {content}"
