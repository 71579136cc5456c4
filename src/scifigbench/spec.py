"""The ground-truth spec of a figure: every value, label, colour and text box that was drawn.

Synthetic figures are generated as a :class:`FigureSpec`, rendered from it, and the renderer fills
in the pixel boxes of the text elements. Later stages (blur targets, probes, simulated
respondents, rule judge) read only this structure, never the generator's internals.

Conventions:
- ``Panel.categories`` are the category names (bar x/y categories, pie wedge labels) or, for line
  panels, the x tick labels as strings with ``x_values`` holding the numeric x positions.
- ``Series.values`` has one value per category (bar, pie) or per x value (line). Pie panels have
  a single series whose values are percentages summing to 100 and whose ``colors`` has one
  colour per wedge.
- Boxes are pixel coordinates in the PNG: (x0, y0) top-left, (x1, y1) bottom-right.
- Pie wedges start at 12 o'clock and run clockwise in category order.
- Horizontal bar panels list the first category at the top.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Literal

from scifigbench.concepts.kinds import chart_kind


@dataclass
class Series:
    name: str
    values: list[float]
    color: str  # hex colour of the series (first wedge's for pies)
    color_family: str  # one of the 11 basic colour families
    colors: list[str] | None = None  # per-point colours (pie wedges)
    color_families: list[str] | None = None
    marker: str | None = None  # matplotlib marker for line series
    linestyle: str | None = None
    errors: list[float] | None = None  # half-width of each value's symmetric error whisker
    # scatter: the least-squares line of this group's points, {"slope", "intercept", "r"}, when drawn
    fit: dict[str, float] | None = None
    # box: per category, the quartiles, the whisker ends (the last points within 1.5 IQR of the box)
    # and the points beyond them, all of the sample whose medians are ``values``
    q1: list[float] | None = None
    q3: list[float] | None = None
    whisker_low: list[float] | None = None
    whisker_high: list[float] | None = None
    outliers: list[list[float]] | None = None
    axis: str | None = None  # dualaxis: "right" when the series is read on the right y axis (None: the left)
    hatch: str | None = None  # bar: the matplotlib hatch pattern over the series' fill ("//"), when hatched
    dense: list[float] | None = (
        None  # curve: the drawn line's values along Panel.x_dense (through ``values`` at the ticks)
    )


@dataclass
class Annotation:
    text: str
    category: str | None = None  # what it points at
    series: str | None = None
    kind: str = "text"  # text | arrow | hline | vline
    value: float | None = None  # data coordinate of the marked line / point on the value axis


@dataclass
class Panel:
    index: int
    kind: str  # a chart kind of the registry (concepts.kinds)
    categories: list[str]
    series: list[Series]
    title: str | None = None
    x_label: str | None = None
    y_label: str | None = None
    unit: str | None = None  # e.g. "%" when values are percentages
    x_values: list[float] | None = None
    orientation: Literal["vertical", "horizontal"] = "vertical"
    stacked: bool = False
    y_scale: Literal["linear", "log"] = "linear"
    value_labels: bool = False  # numbers printed on the bars
    value_format: str = "{:.1f}"  # how value labels / pie percentages are printed
    legend_loc: str | None = None  # None = no legend drawn
    donut: bool = False
    pct_position: Literal["inside", "outside"] | None = None
    y_ticks: list[float] = field(default_factory=list)  # numeric ticks drawn on the value axis
    y_range: tuple[float, float] | None = None
    annotations: list[Annotation] = field(default_factory=list)
    grid: bool = False
    sort: Literal["none", "ascending", "descending"] = "none"
    wedge_labels: bool = False  # pie: category names printed beside the wedges
    shares_x_with_above: bool = False  # line: x axis shared with the panel above (tick labels hidden)
    spread: str | None = None  # what the error whiskers show, e.g. "±1 standard deviation over 5 seeds"
    scale_label: str | None = None  # heatmap: what the colour scale measures (the colour bar's label)
    colormap: str | None = None  # heatmap: the matplotlib colour map of the cells
    scale_colours: list[str] | None = None  # heatmap: colour families of the scale's low and high ends
    # scatter: the least-squares line of all the panel's points, {"slope", "intercept", "r"}, when drawn
    fit: dict[str, float] | None = None
    point_labels: list[str] | None = None  # scatter: the name printed beside the point(s) at each x value
    summary: str | None = None  # box: what one box summarises, e.g. "20 seeds"
    y2_label: str | None = None  # dualaxis: the right y axis' label
    y2_unit: str | None = None  # dualaxis: the right y axis' unit
    y2_ticks: list[float] | None = None  # dualaxis: numeric ticks drawn on the right y axis
    y2_range: tuple[float, float] | None = None  # dualaxis: the right y axis' limits
    x_dense: list[float] | None = None  # curve: the x of every drawn point (``x_values`` among them)
    x_scale: Literal["linear", "log"] = "linear"  # curve: a logarithmic x axis (scaling laws, spectra)

    def __post_init__(self) -> None:
        chart_kind(self.kind)  # an unknown kind fails where the panel is made or loaded


@dataclass(frozen=True)
class ValueAxis:
    """The value axis one series is read on: its label, unit, drawn ticks and limits."""

    label: str | None
    unit: str | None
    ticks: list[float]
    range: tuple[float, float] | None


def value_axis(panel: Panel, series: str | None = None) -> ValueAxis:
    """The axis ``series`` of ``panel`` is read on: the right one of a two-axis panel when the series
    says so, else the panel's (left) value axis. Every stage that reads, words or judges a value
    asks here, so a value on the right axis is never read against the left one's scale."""
    s = next((s for s in panel.series if s.name == series), None)
    if s is not None and s.axis == "right":
        return ValueAxis(panel.y2_label, panel.y2_unit, list(panel.y2_ticks or []), panel.y2_range)
    return ValueAxis(panel.y_label, panel.unit, list(panel.y_ticks), panel.y_range)


def mark_word(panel: Panel) -> str:
    """What one drawn mark of the panel is called: "point" when its series are drawn as markers
    (means with whiskers and no bars), else its kind's item word ("bar", "wedge")."""
    return "point" if any(s.marker for s in panel.series) else chart_kind(panel.kind).item_word


@dataclass
class TextElement:
    element_id: str
    role: str  # see contracts.text_elements.ROLES
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    panel: int | None = None
    axis: Literal["x", "y"] | None = None
    series: str | None = None
    category: str | None = None
    value: float | None = None


# Fields added after the first corpus was published (for chart kinds beyond bar, line and pie), by
# class: each must have a default, and is left out of the JSON while it holds it (see ``to_json``).
LATE_FIELDS: dict[str, dict[str, object]] = {
    "Panel": {
        "spread": None,
        "scale_label": None,
        "colormap": None,
        "scale_colours": None,
        "fit": None,
        "point_labels": None,
        "summary": None,
        "y2_label": None,
        "y2_unit": None,
        "y2_ticks": None,
        "y2_range": None,
        "x_dense": None,
        "x_scale": "linear",
    },
    "Series": {
        "errors": None,
        "fit": None,
        "q1": None,
        "q3": None,
        "whisker_low": None,
        "whisker_high": None,
        "outliers": None,
        "axis": None,
        "hatch": None,
        "dense": None,
    },
    "FigureSpec": {
        "style": "paper",
    },
}


def _drop_defaults(record: dict, cls: str) -> None:
    for name, default in LATE_FIELDS[cls].items():
        if record.get(name) == default:
            del record[name]


@dataclass
class FigureSpec:
    figure_id: str
    chart_type: str  # a chart kind of the registry (concepts.kinds)
    variant: str
    panels: list[Panel]
    title: str | None
    caption: str
    reference_description: str
    domain: str  # vocabulary theme, e.g. "llm-reasoning"
    width: int = 0
    height: int = 0
    dpi: int = 150
    text_elements: list[TextElement] = field(default_factory=list)
    shared_x: bool = False
    layout: list[int] = field(default_factory=lambda: [1, 1])  # subplot grid [rows, cols]
    figsize: list[float] = field(default_factory=lambda: [6.4, 4.0])  # inches
    font_family: str = "DejaVu Sans"
    font_file: str = ""  # the file actually drawn with, "<name>@<sha256 prefix>" (set by the renderer)
    font_size: float = 10.0
    palette: str = "tab10"
    legend_outside: str | None = None  # figure-level legend position ("top", "right") or None
    style: str = "paper"  # the corpus style it is drawn in (corpus.styles); the paper's look by default

    def __post_init__(self) -> None:
        chart_kind(self.chart_type)  # an unknown kind fails where the spec is made or loaded

    def series_names(self) -> list[str]:
        """Every series name, once each, in drawing order (the one series of a whole cut into parts is unnamed)."""
        seen: list[str] = []
        for p in self.panels:
            if not chart_kind(p.kind).parts_of_whole:
                seen += [s.name for s in p.series if s.name not in seen]
        return seen

    def category_names(self) -> list[str]:
        """Every named category (a bar's, a pie segment's; not an x tick), once each, in drawing order."""
        seen: list[str] = []
        for p in self.panels:
            if not chart_kind(p.kind).ordered_x:
                seen += [c for c in p.categories if c not in seen]
        return seen

    def titles(self) -> list[str]:
        """The figure title and the panel titles that are set."""
        return [t for t in [self.title, *(p.title for p in self.panels)] if t]

    def to_json(self) -> str:
        """The spec as JSON; a field of ``LATE_FIELDS`` is written only when it differs from its default,
        so adding one for a new chart kind leaves the specs of every other figure byte-identical."""
        data = asdict(self)
        _drop_defaults(data, "FigureSpec")
        for panel in data["panels"]:
            _drop_defaults(panel, "Panel")
            for series in panel["series"]:
                _drop_defaults(series, "Series")
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: dict) -> FigureSpec:
        panels = []
        for p in d["panels"]:
            p = dict(p)
            p["series"] = [Series(**s) for s in p["series"]]
            p["annotations"] = [Annotation(**a) for a in p.get("annotations", [])]
            for rng_key in ("y_range", "y2_range"):
                if p.get(rng_key) is not None:
                    p[rng_key] = tuple(p[rng_key])
            panels.append(Panel(**p))
        d = dict(d)
        d["panels"] = panels
        d["text_elements"] = [TextElement(**t) for t in d.get("text_elements", [])]
        return cls(**d)

    @classmethod
    def load(cls, path: Path | str) -> FigureSpec:
        return cls.from_dict(json.loads(Path(path).read_text()))

    def elements(self, role: str | None = None) -> list[TextElement]:
        return [t for t in self.text_elements if role is None or t.role == role]
