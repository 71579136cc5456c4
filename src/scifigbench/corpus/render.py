"""Draw a FigureSpec with matplotlib (Agg) and record every text element's pixel box.

The PNG is encoded from the very canvas the boxes were measured on (one draw, no
``bbox_inches='tight'`` re-layout), so boxes and pixels cannot drift apart. Matplotlib measures
window extents from the bottom-left corner; boxes are flipped to the PNG's top-left origin.
A panel's marks are drawn by its kind's module (:mod:`scifigbench.corpus.kinds`); titles, axis
labels, reference lines, the legend, ticks and boxes are drawn here, the same for every kind.
"""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
from matplotlib import rc_context  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.layout_engine import ConstrainedLayoutEngine  # noqa: E402
from matplotlib.transforms import blended_transform_factory  # noqa: E402
from PIL import Image  # noqa: E402

from scifigbench import fonts  # noqa: E402
from scifigbench.concepts.kinds import chart_kind  # noqa: E402
from scifigbench.corpus.drawing import Drawing, font_size, ink, page  # noqa: E402
from scifigbench.corpus.kinds import CORPUS_KINDS  # noqa: E402
from scifigbench.corpus.styles import Style, corpus_style  # noqa: E402
from scifigbench.spec import FigureSpec, Panel, TextElement  # noqa: E402

BOX_TOLERANCE_PX = 1.0
FURNITURE_EM = 0.6  # a furniture glyph's width in ems, a generous guess (no measuring before layout)
TITLE_LINES = 1.6  # a figure title's line height, in font sizes (its glyphs and the gap under it)
FURNITURE_STRIP_LINES = 2.2  # height of the furniture strip in furniture lines: the line and a margin


class RenderError(RuntimeError):
    """A figure could not be drawn faithfully (e.g. a text element fell outside the canvas)."""


def _rc(spec: FigureSpec) -> dict[str, Any]:
    """The figure's own settings (font, sizes), then its style's look laid over them."""
    return {
        "font.family": spec.font_family,
        "font.size": spec.font_size,
        "axes.titlesize": spec.font_size + 1,
        "axes.labelsize": spec.font_size,
        "legend.fontsize": spec.font_size - 1,
        "xtick.labelsize": spec.font_size - 1,
        "ytick.labelsize": spec.font_size - 1,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "svg.hashsalt": "scifigbench",
        "path.simplify": True,
        **corpus_style(spec.style).rc(),
    }


def _dress(d: Drawing, spec: FigureSpec, style: Style) -> None:
    """The style's gridlines behind every panel with a value axis (along the values only, where
    the other axis names categories), and its furniture under the chart.

    The furniture line sits in a strip the constrained layout leaves free (its ``rect``) at the
    bottom of the figure, or at the top when a legend is placed under the axes (matplotlib anchors
    such a legend to the figure's lower edge), so it never overlaps the axes or a legend; it is
    recorded as ``furniture`` so it is never a blur target.
    """
    if style.grid is not None:
        for panel, ax in zip(spec.panels, d.axes, strict=True):
            kind = chart_kind(panel.kind)
            if kind.has_value_axis and not kind.value_by_colour_scale:
                # a category axis gets no gridlines: they would run through the middle of its bars
                across = kind.category_axis and panel.orientation == "horizontal"  # values run along x
                axis = ("x" if across else "y") if kind.category_axis else style.grid
                ax.set_axisbelow(True)
                ax.grid(True, axis=axis, color=style.grid_colour, linewidth=1.0)
    if style.furniture:
        line, size, strip = _furniture(spec, style)
        at_top = spec.legend_outside == "bottom"
        engine = d.figure.get_layout_engine()
        assert isinstance(engine, ConstrainedLayoutEngine)  # draw() builds every figure with it
        height = 1.0 - strip
        if at_top and spec.title and len(spec.panels) > 1:
            # the figure title hangs under the strip at a fixed place (see draw), where the constrained
            # layout reserves it no room: the axes start under both
            height -= TITLE_LINES * (spec.font_size + 2) / 72 / spec.figsize[1]
        engine.set(rect=(0.0, 0.0 if at_top else strip, 1.0, height))
        y = 1.0 - strip / 2 if at_top else strip / 2
        text = d.figure.text(0.01, y, line, ha="left", va="center", fontsize=size, color="#8a8a8a")
        d.add(text, role="furniture")


def _furniture(spec: FigureSpec, style: Style) -> tuple[str, float, float]:
    """The style's furniture line, its font size and the strip it needs (a share of the figure's height)."""
    number = int(spec.figure_id.rsplit("_", 1)[-1]) if spec.figure_id[-1:].isdigit() else 0
    line = "  ·  ".join(part.format(n=number % 8 + 1) for part in style.furniture)
    # as small as a table number, and smaller still where a narrow figure could not hold the line
    fits = (spec.figsize[0] - 0.2) * 72 / (FURNITURE_EM * len(line))
    size = min(spec.font_size - 2.5, fits)
    return line, size, FURNITURE_STRIP_LINES * size / 72 / spec.figsize[1]


def _label_left(panel: Panel, value: float) -> bool:
    """Whether a reference line's name goes at the line's left end: when the last category's
    marks rise past the line (the name, printed just above it at the right, would cover their
    tops) and the first category's do not."""
    if not chart_kind(panel.kind).category_axis or not panel.series:
        return False
    first, last = (max(s.values[i] for s in panel.series) for i in (0, -1))
    return last > value >= first


def _annotate(d: Drawing, ax: Axes, panel: Panel) -> None:
    """Reference lines in the style's ink, each named on a patch of the page's own colour (a white
    patch would hide light text on a dark page)."""
    backing = {"facecolor": page(), "edgecolor": "none", "alpha": 0.85, "pad": 1.0}
    for a in panel.annotations:
        if a.kind == "hline" and a.value is not None:
            horizontal = chart_kind(panel.kind).category_axis and panel.orientation == "horizontal"
            if horizontal:
                ax.axvline(a.value, color=ink(), alpha=0.7, linestyle=":", linewidth=1.2)
                tr = blended_transform_factory(ax.transData, ax.transAxes)
                t = ax.text(
                    a.value,
                    0.99,
                    " " + a.text,
                    transform=tr,
                    ha="left",
                    va="top",
                    fontsize=font_size() - 1.5,
                    bbox=backing,
                )
            else:
                ax.axhline(a.value, color=ink(), alpha=0.7, linestyle=":", linewidth=1.2)
                tr = blended_transform_factory(ax.transAxes, ax.transData)
                left = _label_left(panel, a.value)
                t = ax.text(
                    0.01 if left else 0.99,
                    a.value,
                    a.text,
                    transform=tr,
                    ha="left" if left else "right",
                    va="bottom",
                    fontsize=font_size() - 1.5,
                    bbox=backing,
                )
            d.add(t, role="annotation", panel=panel.index, value=a.value)


def _legend_columns(names: list[str], spec: FigureSpec) -> int:
    """How many entries fit side by side in a figure-wide legend (rough glyph-width estimate)."""
    avail = spec.figsize[0] * 72 * 0.9 / (0.62 * (spec.font_size - 1))
    widest = max(len(n) for n in names) + 5
    return max(1, min(len(names), int(avail // widest)))


def _legend(d: Drawing, spec: FigureSpec, fig: Figure, axes: list[Axes]) -> None:
    """The figure's legend: one across the figure (``legend_outside``), or one inside each panel
    that asks for it (``legend_loc``: the first panel, or every panel of a grid that repeats it)."""
    p0 = spec.panels[0]
    if not (spec.legend_outside or p0.legend_loc):
        return  # no legend asked for (a heatmap names its rows on an axis and has no handles)
    names_series = chart_kind(p0.kind).legend_names_series
    if names_series:
        handles, names = axes[0].get_legend_handles_labels()
    else:
        handles, names = d.wedges[0], list(p0.categories)
    placed: list[tuple[Any, int | None]] = []
    ncol_top = _legend_columns(names, spec)
    if spec.legend_outside == "top":
        placed.append((fig.legend(handles, names, loc="outside upper center", ncol=ncol_top, frameon=False), None))
    elif spec.legend_outside == "bottom":
        placed.append((fig.legend(handles, names, loc="outside lower center", ncol=ncol_top, frameon=False), None))
    elif spec.legend_outside == "right":
        placed.append((fig.legend(handles, names, loc="outside right center", frameon=False), None))
    else:
        for panel, ax in zip(spec.panels, axes, strict=True):
            if panel.legend_loc:
                placed.append((ax.legend(handles, names, loc=panel.legend_loc, framealpha=0.9), panel.index))
    for leg, panel_index in placed:
        for t, name in zip(leg.get_texts(), names, strict=True):
            meta = {"series": name} if names_series else {"category": name}
            d.add(t, role="legend_entry", panel=panel_index, **meta)


def draw(spec: FigureSpec) -> Drawing:
    """Build the matplotlib figure for ``spec`` (call inside ``rc_context(_rc(spec))``)."""
    rows, cols = spec.layout
    fig = Figure(figsize=tuple(spec.figsize), dpi=spec.dpi, layout="constrained")
    fig.get_layout_engine().set(w_pad=0.07, h_pad=0.07)  # inches; default margins clip some titles
    FigureCanvasAgg(fig)
    grid = fig.subplots(rows, cols, squeeze=False, sharex=spec.shared_x)
    axes = [grid[i // cols][i % cols] for i in range(rows * cols)]
    for extra in axes[len(spec.panels) :]:
        extra.set_visible(False)
    d = Drawing(figure=fig, axes=axes[: len(spec.panels)])
    for panel, ax in zip(spec.panels, d.axes):
        kind = chart_kind(panel.kind)
        CORPUS_KINDS[panel.kind].draw(d, ax, panel)
        _annotate(d, ax, panel)
        if kind.has_value_axis:
            if panel.x_label:
                d.add(ax.set_xlabel(panel.x_label), role="axis_label", panel=panel.index, axis="x")
            if panel.y_label:
                d.add(ax.set_ylabel(panel.y_label), role="axis_label", panel=panel.index, axis="y")
        if panel.title:
            d.add(ax.set_title(panel.title), role="panel_title", panel=panel.index)
    if spec.title:
        if len(spec.panels) == 1:
            d.add(d.axes[0].set_title(spec.title, fontweight="bold"), role="title")
        else:
            style = corpus_style(spec.style)
            place: dict[str, Any] = {"x": 0.01, "ha": "left"} if style.title_loc == "left" else {}
            if style.furniture and spec.legend_outside == "bottom":
                # the furniture then takes the top strip (see _dress): the title goes under it, not over it
                place |= {"y": 1.0 - _furniture(spec, style)[2], "va": "top"}
            d.add(fig.suptitle(spec.title, fontweight="bold", fontsize=spec.font_size + 2, **place), role="title")
    _legend(d, spec, fig, d.axes)
    _dress(d, spec, corpus_style(spec.style))
    return d


def _category_ticks_overlap(ax: Axes, renderer: Any) -> bool:
    boxes = sorted((t.get_window_extent(renderer) for t in ax.get_xticklabels() if t.get_text()), key=lambda b: b.x0)
    return any(a.x1 + 2 > b.x0 for a, b in zip(boxes, boxes[1:]))


def _collect_ticks(d: Drawing, spec: FigureSpec) -> None:
    """Register the tick labels actually drawn (inside the view, visible, non-empty)."""
    for panel, ax in zip(spec.panels, d.axes):
        kind = chart_kind(panel.kind)
        if not kind.has_value_axis:
            continue
        # a colour bar carries the panel's value ticks; the panel's own y axis then names its rows
        scale = d.scales.get(panel.index)
        value_axes = (("y", scale.yaxis),) if scale is not None else ()
        for axis_name, axis in (("x", ax.xaxis), ("y", ax.yaxis), *value_axes):
            lo, hi = sorted(axis.get_view_interval())
            eps = (hi - lo) * 1e-9
            numeric = []
            for tick in axis.get_major_ticks() + (axis.get_minor_ticks() if axis.get_scale() == "log" else []):
                loc = float(tick.get_loc())
                label = tick.label1 if tick.label1.get_visible() else tick.label2  # a colour bar labels its right side
                if not (lo - eps <= loc <= hi + eps) or not label.get_visible() or not tick.get_visible():
                    continue
                text = label.get_text()
                if not text.strip():
                    continue
                meta: dict[str, Any] = {"role": "tick", "panel": panel.index, "axis": axis_name}
                cat_axis = (axis_name == "y") if panel.orientation == "horizontal" else (axis_name == "x")
                if kind.binned and cat_axis:
                    meta["value"] = loc  # a bin edge on a continuous axis, not a category's name
                elif kind.category_axis and cat_axis:
                    meta["category"] = panel.categories[int(round(loc))]
                elif kind.value_by_colour_scale and axis is ax.yaxis:
                    meta["series"] = panel.series[int(round(loc))].name
                elif kind.ordered_x and axis_name == "x":
                    meta["category"] = text
                    meta["value"] = loc
                else:
                    meta["value"] = loc
                    numeric.append(loc)
                d.add(label, **meta)
            if numeric:
                panel.y_ticks = numeric


def _boxes(d: Drawing, spec: FigureSpec, renderer: Any, width: int, height: int) -> list[TextElement]:
    out = []
    for k, (text, meta) in enumerate(d.texts):
        bb = text.get_window_extent(renderer)
        x0, x1 = float(bb.x0), float(bb.x1)
        y0, y1 = height - float(bb.y1), height - float(bb.y0)
        if (
            x0 < -BOX_TOLERANCE_PX
            or y0 < -BOX_TOLERANCE_PX
            or x1 > width + BOX_TOLERANCE_PX
            or y1 > height + BOX_TOLERANCE_PX
        ):
            raise RenderError(
                f"{spec.figure_id}: text {text.get_text()!r} ({meta['role']}) is outside the "
                f"{width}x{height} canvas: box ({x0:.1f}, {y0:.1f}, {x1:.1f}, {y1:.1f})"
            )
        out.append(
            TextElement(
                element_id=f"{spec.figure_id}_t{k:03d}",
                text=text.get_text(),
                x0=round(max(0.0, x0), 2),
                y0=round(max(0.0, y0), 2),
                x1=round(min(float(width), x1), 2),
                y1=round(min(float(height), y1), 2),
                **meta,
            )
        )
    return out


def laid_out(spec: FigureSpec) -> Drawing:
    """``spec`` drawn and laid out as the PNG shows it (call inside the font and rc contexts):
    category ticks that would collide turned, then the kinds' steps that need pixel geometry
    (:attr:`Drawing.settle`), drawn again whenever either changed something."""
    d = draw(spec)
    canvas = d.figure.canvas
    canvas.draw()
    renderer = canvas.get_renderer()
    again = bool(d.settle)
    for panel, ax in zip(spec.panels, d.axes):
        kind = chart_kind(panel.kind)
        # binned kinds print edges on a continuous axis, which they thin rather than turn
        upright_categories = kind.category_axis and not kind.binned and panel.orientation == "vertical"
        if upright_categories and _category_ticks_overlap(ax, renderer):
            ax.tick_params(axis="x", labelrotation=30)
            for t in ax.get_xticklabels():
                t.set_horizontalalignment("right")
                t.set_rotation_mode("anchor")
            again = True
    for step in d.settle:
        step(renderer)
    if again:
        canvas.draw()
    return d


def render(spec: FigureSpec) -> bytes:
    """Draw ``spec``, fill in its size, text elements and value-axis ticks; return the PNG bytes.

    Only the project's own font files are used (:mod:`scifigbench.fonts`); a family matplotlib
    would substitute raises, and the spec records the file it was drawn with.
    """
    spec.font_file = fonts.fingerprint(fonts.font_file(spec.font_family))
    with fonts.strict(spec.figure_id), rc_context(_rc(spec)):
        d = laid_out(spec)
        canvas = d.figure.canvas
        _collect_ticks(d, spec)
        width, height = canvas.get_width_height()
        spec.width, spec.height = int(width), int(height)
        spec.text_elements = _boxes(d, spec, canvas.get_renderer(), width, height)
        rgba = np.asarray(canvas.buffer_rgba())
        buf = io.BytesIO()
        Image.fromarray(np.ascontiguousarray(rgba[..., :3])).save(buf, format="PNG", compress_level=6)
    d.figure.clear()
    return buf.getvalue()
