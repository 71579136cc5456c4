"""Drawing defects a reader of the synthetic figures would notice, one test per class of defect.

Each test reads the drawn artists or pixels of real figures (drawn with the corpus's own
renderer) and checks them against what is computed here from the spec and the style, not against
the drawer's own numbers.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib import rc_context
from matplotlib.colors import to_rgb
from PIL import Image

from scifigbench import fonts
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import _rc, laid_out, render
from scifigbench.corpus.styles import STYLES, corpus_style
from scifigbench.spec import FigureSpec


def _drawn(spec: FigureSpec):
    """The figure drawn and laid out as the renderer does it (artists kept, for reading back)."""
    with fonts.strict(spec.figure_id), rc_context(_rc(spec)):
        d = laid_out(spec)
    return d


def _luminance(colour) -> float:
    r, g, b = to_rgb(colour)[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _specs(kind: str, n: int, seed: int = 42) -> list[FigureSpec]:
    return [generate(seed, kind, i, 80) for i in range(n)]


def test_error_bar_markers_are_the_legends_in_every_panel():
    """A method keeps one marker across panels, so the shared legend names every panel's points."""
    two_panel_points = [s for s in _specs("errorbar", 80) if s.variant == "points" and len(s.panels) > 1]
    assert len(two_panel_points) >= 3
    for spec in two_panel_points:
        d = _drawn(spec)
        # the shared legend is drawn from the first panel's handles
        legend_marker = {s.name: c.lines[0].get_marker() for s, c in zip(spec.panels[0].series, d.bars[0], strict=True)}
        assert len(set(legend_marker.values())) == len(legend_marker)
        for panel, containers in d.bars.items():
            for series, container in zip(spec.panels[panel].series, containers, strict=True):
                assert container.lines[0].get_marker() == legend_marker[series.name], (spec.figure_id, panel)


@pytest.mark.parametrize("kind", ["errorbar", "box"])
def test_whiskers_stand_out_from_every_page(kind):
    """Whiskers drawn in one fixed dark grey vanish on the dark page; every style's whiskers differ
    from its page by at least 0.4 in luminance."""
    specs = [s for s in _specs(kind, 8) if s.variant in ("bars", "grouped", "box", "single")] or _specs(kind, 4)
    for style in STYLES:
        spec = specs[0]
        spec.style = style
        d = _drawn(spec)
        page = _luminance(corpus_style(style).background)
        ax = d.axes[0]
        vertical = [
            ln
            for ln in ax.lines
            if ln.get_linestyle() != "None" and len(ln.get_xdata()) == 2 and ln.get_xdata()[0] == ln.get_xdata()[1]
        ]
        whisker_colours = [c for coll in ax.collections for c in coll.get_colors()] + [
            ln.get_color() for ln in vertical
        ]
        assert whisker_colours, (kind, style)
        assert min(abs(_luminance(c) - page) for c in whisker_colours) >= 0.4, (kind, style)


def _top_room(spec: FigureSpec) -> list[tuple[float, bool, bool]]:
    """Per panel: the axis span over the drawn span (from the axis floor to the highest mark),
    whether a legend sits inside the panel and whether the bars run upright."""
    out = []
    for p in spec.panels:
        if p.kind == "errorbar":
            highest = max(v + e for s in p.series for v, e in zip(s.values, s.errors, strict=True))
        elif p.kind == "box":
            highest = max(v for s in p.series for v in [*s.whisker_high, *(x for o in s.outliers for x in o)])
        elif p.stacked:
            highest = float(np.max(np.sum([s.values for s in p.series], axis=0)))
        else:
            highest = max(v for s in p.series for v in s.values)
        low, high = p.y_range
        out.append(((high - low) / (highest - low), bool(p.legend_loc), p.orientation != "horizontal"))
    return out


@pytest.mark.parametrize("kind", ["bar", "errorbar", "lollipop", "histogram", "box"])
def test_value_axes_end_near_the_data(kind):
    """No axis runs far past its data (data to 4.5 on an axis to 8): at most 55 % of the drawn span
    is left empty above it; 70 % where an inside legend needs the room above upright bars, 90 %
    beside the ends of horizontal ones (room kept even where the legend was then fitted outside)."""
    for spec in _specs(kind, 120):
        for room, legend, upright in _top_room(spec):
            limit = 1.9 if not upright else 1.7 if legend else 1.55
            assert room <= limit, (spec.figure_id, room, legend, upright)


def test_histogram_bars_stand_clear_of_the_frame_and_of_gridlines():
    """The outer bins keep a gap to the axis ends, and no gridline runs down a bar's middle
    (the library style grids both axes; a category axis takes none)."""
    for spec in _specs("histogram", 6):
        spec.style = "library"
        d = _drawn(spec)
        ax = d.axes[0]
        left, right = ax.get_xlim()
        bars = [r for c in d.bars[0] for r in c.patches]
        width = bars[0].get_width()  # one bin, in the axis' units
        assert min(r.get_x() for r in bars) - left >= 0.25 * width
        assert right - max(r.get_x() + r.get_width() for r in bars) >= 0.25 * width
        assert not any(line.get_visible() for line in ax.get_xgridlines()), spec.figure_id
        assert any(line.get_visible() for line in ax.get_ygridlines()), spec.figure_id


def test_scatter_ticks_are_evenly_spaced():
    """The x ticks sit under the points; the points are evenly spaced, so the ticks are too."""
    for spec in _specs("scatter", 30):
        steps = np.diff(spec.panels[0].x_values)
        assert np.allclose(steps, steps[0]), (spec.figure_id, spec.panels[0].x_values)


def _segment_hits_box(p: np.ndarray, q: np.ndarray, box) -> bool:
    """Whether the segment p-q passes through the rectangle (sampled finely: exact enough here)."""
    for t in np.linspace(0.0, 1.0, 400):
        x, y = p + t * (q - p)
        if box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1:
            return True
    return False


def test_point_names_stay_off_markers_and_the_fitted_line():
    """A point's name covers no marker and no other name, and the fitted line does not run through it."""
    labelled = [s for s in _specs("scatter", 60) if s.variant == "labelled"][:12]
    assert labelled
    clashes = []
    for spec in labelled:
        d = _drawn(spec)
        ax, panel = d.axes[0], spec.panels[0]
        renderer = d.figure.canvas.get_renderer()
        points = ax.transData.transform(np.column_stack([panel.x_values, panel.series[0].values]))
        radius = 3.0 * spec.dpi / 72  # markersize 6 pt
        ends = np.array([min(panel.x_values), max(panel.x_values)])
        line = ax.transData.transform(np.column_stack([ends, panel.fit["intercept"] + panel.fit["slope"] * ends]))
        boxes = [t.get_window_extent(renderer).padded(-1.0) for t, m in d.texts if m["role"] == "point_label"]
        clashes += [(spec.figure_id, "names") for i, a in enumerate(boxes) for b in boxes[i + 1 :] if a.overlaps(b)]
        for text, meta in d.texts:
            if meta["role"] != "point_label":
                continue
            box = text.get_window_extent(renderer).padded(-1.0)
            for x, y in points:
                if box.x0 - radius < x < box.x1 + radius and box.y0 - radius < y < box.y1 + radius:
                    clashes.append((spec.figure_id, text.get_text(), "marker"))
            if _segment_hits_box(line[0], line[1], box):
                clashes.append((spec.figure_id, text.get_text(), "line"))
    assert len(clashes) <= len(labelled) // 4, clashes


def test_overlapping_areas_tint_with_one_colour_not_a_blend():
    """Below the lowest of overlapping areas the page shows that area's tint alone (its colour laid
    translucently on the page), on a white page and on the dark one."""
    specs = [s for s in _specs("area", 20) if not s.panels[0].stacked][:3]
    assert specs
    for spec in specs:
        for style in ("paper", "dark"):
            spec.style = style
            png = render(spec)
            pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(float)
            d = _drawn(spec)
            ax, panel = d.axes[0], spec.panels[0]
            x = np.asarray(panel.x_values)
            mid = (x[len(x) // 2] + x[len(x) // 2 - 1]) / 2
            tops = [float(np.interp(mid, x, s.values)) for s in panel.series]
            lowest = int(np.argmin(tops))
            px, py = ax.transData.transform((mid, 0.5 * tops[lowest] + 0.5 * max(panel.y_range[0], 0)))
            colour = pixels[int(round(d.figure.bbox.height - py)), int(round(px))] / 255
            page = np.array(to_rgb(corpus_style(style).background))
            own = np.array(to_rgb(panel.series[lowest].color))
            # the pixel lies on the segment page -> own colour (a tint of one colour, alpha unknown)
            direction = own - page
            t = float(np.dot(colour - page, direction) / np.dot(direction, direction))
            off_line = np.linalg.norm(colour - (page + t * direction))
            assert 0.2 < t <= 1.0 and off_line < 0.06, (spec.figure_id, style, colour, own, t, off_line)
