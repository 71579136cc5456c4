"""Captions and neutral reference descriptions written from a rendered spec.

The reference description plays the part of the paper's expert annotation: one neutral paragraph
on purpose, axes, key visual elements, legend, grouping, subplots, highlights, sorting and
annotations, with no interpretation of what the results mean. The caption reads like a paper
caption and states only facts that hold in the spec (later stages falsify it on purpose).
"""

from __future__ import annotations

from scifigbench.concepts.kinds import chart_kind
from scifigbench.corpus.kinds import CORPUS_KINDS
from scifigbench.spec import FigureSpec, Panel, mark_word, value_axis

MARKER_NAMES = {"o": "circle", "s": "square", "^": "triangle", "D": "diamond", "v": "downward-triangle",
                "*": "star", "P": "plus", "X": "cross"}
LEGEND_CORNERS = {"upper left": "in the upper-left corner", "upper right": "in the upper-right corner",
                  "lower right": "in the lower-right corner", "lower left": "in the lower-left corner",
                  "upper center": "at the top centre", "center right": "on the right-hand side"}
LEGEND_PLACES = {"top": "above the plotting area", "bottom": "below the plotting area",
                 "right": "to the right of the plotting area"}


def _cap(text: str) -> str:
    """Capitalise a sentence start without breaking names such as nDCG@10."""
    return text if (len(text) > 1 and text[1].isupper()) else text[:1].upper() + text[1:]


def _list(items: list[str]) -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _num(panel: Panel, v: float, series: str | None = None) -> str:
    s = panel.value_format.format(v)
    return s if s.endswith("%") else (s + ("%" if value_axis(panel, series).unit == "%" else ""))


def _sides(panel: Panel) -> list[tuple[str, list[str]]]:
    """The panel's value axes with the series read on each: one unnamed axis, or a left and a right one."""
    if not chart_kind(panel.kind).two_value_axes:
        return [("", [s.name for s in panel.series])]
    left = [s.name for s in panel.series if value_axis(panel, s.name) == value_axis(panel)]
    return [("left ", left), ("right ", [s.name for s in panel.series if s.name not in left])]


def _what(spec: FigureSpec) -> str:
    p = spec.panels[0]
    if chart_kind(spec.chart_type).parts_of_whole:
        return f"{p.series[0].name.lower()} as percentage shares"
    if chart_kind(spec.chart_type).binned:
        return f"the distribution of {p.x_label or 'values'}"
    if chart_kind(spec.chart_type).value_by_colour_scale and len(spec.panels) > 1:
        return _list([q.scale_label or "values" for q in spec.panels])  # one metric per panel
    metric = p.scale_label or (p.y_label if p.orientation == "vertical" else p.x_label) or "values"
    if chart_kind(spec.chart_type).two_value_axes:
        return _list([value_axis(p, names[0]).label or "values" for _, names in _sides(p)])
    if spec.variant == "shared_x":
        return _list([q.y_label or "" for q in spec.panels])
    return metric


def _legend_sentence(spec: FigureSpec) -> str:
    p0 = spec.panels[0]
    names = [s.name for s in p0.series] if chart_kind(spec.chart_type).legend_names_series else p0.categories
    if spec.legend_outside:
        where = LEGEND_PLACES.get(spec.legend_outside, spec.legend_outside)
    elif p0.legend_loc:
        where = f"{LEGEND_CORNERS.get(p0.legend_loc, 'at ' + p0.legend_loc)} of the {'first panel' if len(spec.panels) > 1 else 'plot'}"
    else:
        return ""
    return f"A legend {where} lists {_list(names)}."


def _colour_phrase(panel: Panel) -> str:
    kind = chart_kind(panel.kind)
    if kind.filled:
        return "Area colours: " + _list([f"{s.name} in {s.color_family}" for s in panel.series]) + "."
    if not kind.connects_points:
        markers = [MARKER_NAMES.get(s.marker or "", "round") for s in panel.series]
        parts = [f"{s.name} as {s.color_family} {m} markers" for s, m in zip(panel.series, markers, strict=True)]
        return "The points are drawn unjoined: " + _list(parts) + "."
    if kind.ordered_x:
        parts = []
        for s in panel.series:
            style = "dashed" if s.linestyle == "--" else "solid"
            parts.append(f"{s.name} as a {style} {s.color_family} line with {MARKER_NAMES.get(s.marker or '', 'no')} markers")
        return "The series are drawn as " + _list(parts) + "."
    if kind.category_axis:
        if len(panel.series) == 1:
            return f"All bars are {panel.series[0].color_family}."
        return "Series colours: " + _list([f"{s.name} in {s.color_family}" for s in panel.series]) + "."
    s = panel.series[0]
    return "Wedge colours: " + _list([f"{c} in {f}" for c, f in zip(panel.categories, s.color_families or [])]) + "."


def _axes_sentence(panel: Panel) -> str:
    parts = []
    lo, hi = panel.y_range if panel.y_range else (None, None)
    value_axis = "x" if panel.orientation == "horizontal" else "y"
    cat_axis = "y" if value_axis == "x" else "x"
    cat_label = panel.y_label if cat_axis == "y" else panel.x_label
    val_label = panel.x_label if value_axis == "x" else panel.y_label
    if chart_kind(panel.kind).category_axis:
        lab = f", labelled '{cat_label}'," if cat_label else ""
        named = "bins" if chart_kind(panel.kind).binned else "categories"
        parts.append(f"the {cat_axis}-axis{lab} lists the {named} {_list(panel.categories)}")
    else:
        lab = f" labelled '{panel.x_label}'" if panel.x_label else ""
        parts.append(f"the x-axis{lab} runs from {panel.categories[0]} to {panel.categories[-1]}")
    scale = " on a logarithmic scale" if panel.y_scale == "log" else ""
    if chart_kind(panel.kind).two_value_axes:
        return "; ".join(parts + [_side_clause(panel, side, names) for side, names in _sides(panel)])
    rng = f" from {lo:g} to {hi:g}" if lo is not None else ""
    lab = f", labelled '{val_label}'," if val_label else ""
    parts.append(f"the {value_axis}-axis{lab} spans{rng}{scale}")
    return "; ".join(parts)


def _side_clause(panel: Panel, side: str, names: list[str]) -> str:
    """One of two y axes: its label, its range, the series read on it and the colour it is drawn in."""
    axis = value_axis(panel, names[0])
    lab = f", labelled '{axis.label}'," if axis.label else ""
    rng = f" from {axis.range[0]:g} to {axis.range[1]:g}" if axis.range else ""
    colour = next(s.color_family for s in panel.series if s.name == names[0])
    return f"the {side}y-axis{lab} drawn in {colour}, spans{rng} and carries {_list(names)}"


def _extremes(panel: Panel) -> str:
    """The highest and lowest values, of each value axis apart (values on two axes share no scale)."""
    sides = _sides(panel)
    if len(sides) > 1:
        return "; ".join(f"on the {side}axis {_extremes_of(panel, names)}" for side, names in sides)
    return _extremes_of(panel, sides[0][1])


def _extremes_of(panel: Panel, names: list[str]) -> str:
    best = max(((v, s.name, c) for s in panel.series if s.name in names for c, v in zip(panel.categories, s.values)))
    worst = min(((v, s.name, c) for s in panel.series if s.name in names for c, v in zip(panel.categories, s.values)))

    def who(series: str, category: str) -> str:
        if chart_kind(panel.kind).ordered_x:
            return f"{series} at {category}"
        return category if len(panel.series) == 1 else f"{series}, {category}"

    if panel.stacked:
        totals = [sum(s.values[i] for s in panel.series) for i in range(len(panel.categories))]
        i_max = max(range(len(totals)), key=lambda i: totals[i])
        i_min = min(range(len(totals)), key=lambda i: totals[i])
        return (f"the tallest stack is {panel.categories[i_max]} (total {_num(panel, totals[i_max])}) and the "
                f"shortest is {panel.categories[i_min]} (total {_num(panel, totals[i_min])})")
    return (f"the highest value is {_num(panel, best[0], best[1])} ({who(best[1], best[2])}) and the lowest is "
            f"{_num(panel, worst[0], worst[1])} ({who(worst[1], worst[2])})")


def _trend(panel: Panel) -> str:
    ups = [s.name for s in panel.series if s.values[-1] > s.values[0]]
    downs = [s.name for s in panel.series if s.values[-1] < s.values[0]]
    parts = []
    if ups:
        parts.append(f"{_list(ups)} {'ends' if len(ups) == 1 else 'end'} higher than {'it starts' if len(ups) == 1 else 'they start'}")
    if downs:
        parts.append(f"{_list(downs)} {'ends' if len(downs) == 1 else 'end'} lower than {'it starts' if len(downs) == 1 else 'they start'}")
    return "; ".join(parts)


def _fit_phrase(fit: dict[str, float]) -> str:
    return f"slope {fit['slope']:.3g}, r = {fit['r']:.2f}"


def _relation(panel: Panel) -> str:
    """Unjoined points: how y goes with x in each group, the fitted lines and the printed names."""
    out = []
    for s in panel.series:
        way = "rises" if s.values[-1] > s.values[0] else "falls"
        fit = f" (a dashed least-squares line is fitted to it: {_fit_phrase(s.fit)})" if s.fit else ""
        out.append(f"For {s.name}, {panel.y_label or 'y'} {way} with {panel.x_label or 'x'}{fit}.")
    if panel.fit:
        out.append(f"A dashed grey least-squares line is fitted to all points ({_fit_phrase(panel.fit)}).")
    if panel.point_labels:
        named = zip(panel.point_labels, panel.categories, strict=True)
        out.append("Each point is labelled with its name: " + _list([f"{n} at {x}" for n, x in named]) + ".")
    return " ".join(out)


def _area_arrangement(panel: Panel) -> str:
    names = _list([s.name for s in panel.series])
    if panel.stacked:
        return f"The areas are stacked from the bottom up in the order {names}, so the top edge is their total."
    return f"The areas of {names} are each filled down to zero and overlap, drawn translucent."


def _whisker_sentence(panel: Panel) -> str:
    """What the whiskers show and where they are widest and narrowest (a mean ± its half-width)."""
    spans = [(e, s.name, c) for s in panel.series for c, e in zip(panel.categories, s.errors or [], strict=True)]
    wide, narrow = max(spans), min(spans)
    what = f" showing the {panel.spread}" if panel.spread else ""
    return (f"Each {mark_word(panel)} carries a vertical error bar{what}; the widest whisker is {wide[1]} on "
            f"{wide[2]} (± {_num(panel, wide[0])}) and the narrowest is {narrow[1]} on {narrow[2]} "
            f"(± {_num(panel, narrow[0])}).")


def _box_sentence(panel: Panel) -> str:
    """What a box marks, and its runs beyond the whiskers (named by series and category), or none."""
    runs = f" the {panel.summary} of" if panel.summary else ""
    out = [(f"Each box summarises{runs} one series in one category: a line at the median, the box from the first "
            f"to the third quartile and whiskers to the most extreme runs within 1.5 times the interquartile range.")]
    far = [(s.name, c, o) for s in panel.series
           for c, os in zip(panel.categories, s.outliers or [], strict=True) for o in os]
    if far:
        named = _list([f"{s} on {c} ({_num(panel, o)})" for s, c, o in far[:4]])
        more = f" and {len(far) - 4} more" if len(far) > 4 else ""
        out.append(f"Points beyond the whiskers are drawn as outliers: {named}{more}.")
    else:
        out.append("No run lies beyond the whiskers, so no outliers are drawn.")
    return " ".join(out)


def _pie_sentence(panel: Panel) -> str:
    s = panel.series[0]
    shares = _list([f"{c} {v:.1f}%" for c, v in zip(panel.categories, s.values)])
    where = "inside the wedges" if panel.pct_position == "inside" else "outside the ring" if panel.donut else "outside the pie"
    labels = " Category names are printed beside the wedges." if panel.wedge_labels else ""
    return (f"{len(panel.categories)} wedges run clockwise from the top: {shares}. Percentages are printed "
            f"{where}.{labels}")


def _row_means(panel: Panel) -> str:
    """Which row stands out: the highest and the lowest mean across the columns."""
    means = sorted((sum(s.values) / len(s.values), s.name) for s in panel.series)
    return f"{means[-1][1]} stands out with the highest mean across the columns and {means[0][1]} has the lowest"


def _extreme_cells(panel: Panel) -> list[str]:
    """The highest and the lowest cell, one sentence each (a reader binds each to its own cell)."""
    cells = [(v, s.name, c) for s in panel.series for c, v in zip(panel.categories, s.values, strict=True)]
    (hi, hi_row, hi_col), (lo, lo_row, lo_col) = max(cells), min(cells)
    return [f"The highest cell is {hi_row} on {hi_col} at {_num(panel, hi)}.",
            f"The lowest cell is {lo_row} on {lo_col} at {_num(panel, lo)}."]


def _colour_scale_description(spec: FigureSpec, variant: str, title: str) -> str:
    """A grid of cells coloured on a scale: rows, columns, the colour bar, extremes, the strongest
    row; a column of such grids (one per metric, with the same rows and columns) names its panels
    and then says the colour bar, extremes and strongest row of each."""
    p = spec.panels[0]
    n = len(spec.panels)
    grids = f"{n} panels arranged in {n} rows and 1 column, each a grid" if n > 1 else "a grid"
    out = [
        f"The figure is a {variant}{title} showing {_what(spec)} in {grids} of {len(p.series)} rows by "
        f"{len(p.categories)} columns.",
        f"The rows{f', labelled {p.y_label!r},' if p.y_label else ''} are {_list([s.name for s in p.series])}; "
        f"the columns{f', labelled {p.x_label!r},' if p.x_label else ''} are {_list(p.categories)}.",
    ]
    if n > 1:
        out.append(f"The panels are titled {_list([repr(q.title) for q in spec.panels])}.")
    for q in spec.panels:
        lo, hi = q.y_range or (min(q.series[0].values), max(q.series[0].values))
        low, high = q.scale_colours or ("light", "dark")
        where = f"In panel {q.title!r}, a" if n > 1 else "A"
        out += [
            f"{where} colour bar{f' labelled {q.scale_label!r}' if q.scale_label else ''} stands beside the grid.",
            f"The colour bar spans from {lo:g} in {low} to {hi:g} in {high}.",  # apart from a label such as "Pass@1"
            *_extreme_cells(q),
            f"{_cap(_row_means(q))}.",
        ]
    if p.value_labels:
        out.append("The cells are labelled with their values.")
    return " ".join(out)


def reference_description(spec: FigureSpec) -> str:
    p0 = spec.panels[0]
    kind = chart_kind(spec.chart_type)
    variant = CORPUS_KINDS[spec.chart_type].variants[spec.variant]
    n = len(spec.panels)
    title = f" titled '{spec.title}'" if spec.title else ""
    if kind.value_by_colour_scale:
        return _colour_scale_description(spec, variant, title)
    layout = ""
    if n > 1:
        rows, cols = spec.layout
        layout = f" made of {n} panels arranged in {rows} row{'s' if rows > 1 else ''} and {cols} column{'s' if cols > 1 else ''}"
    out = [f"The figure is a {variant}{title}{layout} showing {_what(spec)}"
           + (f" for {_list([s.name for s in p0.series])}" if kind.legend_names_series and len(p0.series) > 1 else "")
           + "."]
    if n > 1 and any(p.title for p in spec.panels):
        out.append("The panels are titled " + _list([f"'{p.title}'" for p in spec.panels if p.title]) + ".")
    if kind.binned and len(p0.series) > 1:
        out.append(f"The distributions of {_list([s.name for s in p0.series])} overlap over the same bins, "
                   "each drawn translucent from zero.")
    elif kind.category_axis:
        if p0.stacked:
            out.append(f"Each bar is split into stacked segments for {_list([s.name for s in p0.series])}, bottom to top"
                       if p0.orientation == "vertical" else "Segments are stacked left to right")
            out[-1] += "."
        elif len(p0.series) > 1:
            word = mark_word(p0)
            out.append(f"{word.capitalize()}s are grouped by category, with one {word} per series in the order "
                       f"{_list([s.name for s in p0.series])}.")
    if kind.filled:
        out.append(_area_arrangement(p0))
    for p in spec.panels:
        prefix = f"In panel '{p.title}', " if (n > 1 and p.title) else ("In panel " + str(p.index + 1) + ", " if n > 1 else "")
        if chart_kind(p.kind).parts_of_whole:
            out.append(prefix + _pie_sentence(p)[0].lower() + _pie_sentence(p)[1:] if prefix else _pie_sentence(p))
            continue
        sent = _axes_sentence(p)
        out.append((prefix + sent if prefix else _cap(sent)) + ".")
        out.append(f"{'Here' if n > 1 else 'Overall'}, {_extremes(p)}.")
        if not chart_kind(p.kind).connects_points:
            out.append(_relation(p))
        elif chart_kind(p.kind).ordered_x:
            trend = _trend(p)
            if trend:
                out.append(_cap(trend) + ".")
        if chart_kind(p.kind).shows_spread:
            out.append(_whisker_sentence(p))
        if chart_kind(p.kind).value_is_median:
            out.append(_box_sentence(p))
        for a in p.annotations:
            line = "vertical" if p.orientation == "horizontal" else "horizontal"
            out.append(f"A dotted {line} reference line is annotated '{a.text}'.")
        if p.sort != "none":
            out.append(f"The bars are sorted in {p.sort} order of value.")
    out.append(_colour_phrase(p0))
    if chart_kind(p0.kind).parts_of_whole and p0.sort == "descending":
        out.append("Wedges are ordered from largest to smallest in the first chart.")
    if any(p.value_labels for p in spec.panels):
        out.append("Each bar carries a numeric value label at its end.")
    if any(p.grid for p in spec.panels):
        out.append("Light dashed grid lines are drawn behind the data.")
    out.append(_legend_sentence(spec))
    return " ".join(s for s in out if s)


def caption(spec: FigureSpec) -> str:
    p0 = spec.panels[0]
    kind = chart_kind(spec.chart_type)
    names = [s.name for s in p0.series]
    panels = [p.title for p in spec.panels if p.title]
    # a column of heatmaps is titled by its metrics, which the caption names as what is shown
    on = f" on {_list(panels)}" if panels and spec.variant != "shared_x" and not kind.value_by_colour_scale else ""
    if not panels and spec.variant == "grouped":
        on = f" on {_list(p0.categories)}"
    if kind.parts_of_whole:
        top = max(zip(p0.series[0].values, p0.categories))
        owners = f" for {_list(panels)}" if panels else ""
        return (f"{p0.series[0].name} ({len(p0.categories)} categories){owners}. "
                f"{top[1]} accounts for the largest share ({top[0]:.1f}%){' in the first chart' if len(spec.panels) > 1 else ''}.")
    what = _what(spec)
    if kind.binned:
        peak = max(zip(p0.series[0].values, p0.categories, strict=True))
        most = f" The {peak[1]} bin holds the most samples ({_num(p0, peak[0])})." if len(names) == 1 else ""
        over = f" for {_list(names)}" if len(names) > 1 else ""
        return f"{_cap(what)} over {len(p0.categories)} bins{over}.{most}"
    if kind.category_axis:
        if p0.stacked:
            return f"Breakdown of {what} into {_list(names)} for {_list(p0.categories)}{on}."
        lead = f"{what} of {_list(names)}" if len(names) > 1 else f"{what} of {len(p0.categories)} systems"
        best = max((v, c) for v, c in zip(p0.series[-1].values, p0.categories)) if len(names) == 1 else None
        extra = f" {best[1]} obtains the highest value ({_num(p0, best[0])})." if best else ""
        if kind.shows_spread and p0.spread:
            extra += f" Error bars show the {p0.spread}."
        if kind.value_is_median and p0.summary:
            extra += f" Each box summarises {p0.summary}; whiskers reach 1.5 times the interquartile range."
        return f"{_cap(lead)}{on}.{extra}"
    x = (spec.panels[-1].x_label or "x").lower()
    if spec.variant == "shared_x":
        return f"Training curves of {_list(names)}: {what} as a function of {x}."
    log = " (log scale)" if p0.y_scale == "log" else ""
    return f"{_cap(what)}{log} as a function of {x} for {_list(names)}{on}."
