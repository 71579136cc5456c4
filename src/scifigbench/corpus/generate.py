"""Procedural specs of ML/NLP-paper-style figures (no drawing here: see render.py).

Every figure gets its own numpy Generator seeded from (seed, chart type, index), so a figure does
not change when the corpus size changes and the corpus is reproducible bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np

from scifigbench.concepts.kinds import CHART_KINDS, ChartKind, chart_kind
from scifigbench.corpus.palettes import PALETTES
from scifigbench.spec import Annotation, FigureSpec, Panel, Series
from scifigbench.corpus.vocab import DOMAINS, LINE_SERIES_EXTRA, X_AXES, Domain, Metric, XAxis

T = TypeVar("T")

BAR_VARIANTS = ("grouped", "simple", "stacked", "horizontal")
LINE_VARIANTS = ("multi_series", "log", "shared_x")
PIE_VARIANTS = ("pie", "donut")
AREA_VARIANTS = ("stacked_area", "overlap_area")
LEGEND_LOCS = ("upper left", "upper right", "lower right", "lower left", "upper center", "center right")
BAR_LEGEND_LOCS = ("upper left", "upper right", "upper center")
MARKERS = ("o", "s", "^", "D", "v", "*", "P", "X")
FONTS = ("DejaVu Sans", "DejaVu Sans", "Liberation Sans", "DejaVu Serif", "Liberation Serif")


def figure_id(chart_type: str, index: int) -> str:
    return f"syn_{chart_type}_{index + 1:03d}"


def pick(rng: np.random.Generator, seq: Sequence[T]) -> T:
    return seq[int(rng.integers(len(seq)))]


def sample(rng: np.random.Generator, seq: Sequence[T], k: int) -> list[T]:
    return [seq[int(i)] for i in rng.permutation(len(seq))[:k]]


def weighted(rng: np.random.Generator, options: Sequence[T], weights: Sequence[float]) -> T:
    p = np.asarray(weights, dtype=float)
    return options[int(rng.choice(len(options), p=p / p.sum()))]


def _axis_label(metric: Metric) -> str:
    return f"{metric.name} ({metric.unit})" if metric.unit else metric.name


def _round(v: float, decimals: int) -> float:
    return float(round(float(v), decimals))


def _nice_ceiling(v: float) -> float:
    """A round upper axis limit above ``v`` (1, 2, 2.5, 5 times a power of ten)."""
    if v <= 0:
        return 1.0
    exp = 10 ** math.floor(math.log10(v))
    for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * exp >= v:
            return float(m * exp)
    return float(10 * exp)


def _nice_range(lo: float, hi: float, extra_top: float) -> tuple[float, float]:
    """Axis limits on round numbers around [lo, hi], with room above for an inside legend."""
    span = max(hi - lo, 1e-6)
    step = _nice_ceiling(span / 5)
    low = max(0.0, math.floor((lo - 0.05 * span) / step) * step)
    high = math.ceil((hi + extra_top * span) / step) * step
    return float(round(low, 6)), float(round(high, 6))


def _colors(rng: np.random.Generator, palette: str, n: int) -> list[tuple[str, str]]:
    pal = PALETTES[palette]
    start = int(rng.integers(2)) if n <= len(pal) - 2 else 0
    return [pal[(start + i) % len(pal)] for i in range(n)]


def _style(rng: np.random.Generator) -> dict:
    return {
        "palette": pick(rng, tuple(PALETTES)),
        "font_family": pick(rng, FONTS),
        "font_size": float(pick(rng, (9.0, 10.0, 10.0, 11.0))),
    }


def _grid_layout(n_panels: int, column: bool = False) -> list[int]:
    if column:
        return [n_panels, 1]
    return [2, 2] if n_panels == 4 else [1, n_panels]


def _figsize(layout: list[int], rng: np.random.Generator, legend_outside: str | None) -> list[float]:
    rows, cols = layout
    w = {1: 5.6, 2: 8.4, 3: 11.2}.get(cols, 11.2) + float(rng.integers(0, 3)) * 0.4
    h = 3.6 * rows if rows > 1 else 3.8 + float(rng.integers(0, 3)) * 0.3
    if rows > 1 and cols == 1:
        h = 2.6 * rows + 0.6
    if legend_outside == "right":
        w += 1.6
    if legend_outside in ("top", "bottom"):
        h += 0.4
    return [round(w, 1), round(h, 1)]


def _legend(rng: np.random.Generator, n_panels: int, n_series: int,
            locs: Sequence[str] = LEGEND_LOCS) -> tuple[str | None, str | None]:
    """(legend_loc inside panel 0, figure-level legend position); at most one is set."""
    if n_series < 2:
        return None, None
    if n_panels > 1:
        return (None, pick(rng, ("top", "top", "right", "bottom"))) if rng.random() < 0.75 else (pick(rng, locs), None)
    if rng.random() < 0.25:
        return None, pick(rng, ("top", "right", "bottom"))
    return pick(rng, locs), None


def _no_clash(title: str | None, legend_outside: str | None) -> str | None:
    """A figure legend above the panels would collide with the figure title: move it below."""
    return "bottom" if (title and legend_outside == "top") else legend_outside


def _series_values(rng: np.random.Generator, metric: Metric, n_series: int, n_cats: int,
                   boost_last: bool) -> np.ndarray:
    """Plausible scores: a per-category difficulty plus a per-series strength plus noise."""
    span = metric.high - metric.low
    difficulty = rng.uniform(0.15, 0.85, size=n_cats)
    strength = np.sort(rng.uniform(-0.15, 0.12, size=n_series))
    if boost_last:
        strength[-1] += 0.06
    vals = difficulty[None, :] + strength[:, None] + rng.normal(0, 0.03, size=(n_series, n_cats))
    vals = metric.low + span * np.clip(vals, 0.02, 1.0)
    if not metric.higher_better:
        vals = metric.low + metric.high - vals
    return np.round(vals, metric.decimals)


# -------------------------------------------------------------------------------------- legends

_LOC_REGIONS = {  # (x anchor, y anchor) of an inside legend in axes fractions
    "upper left": (0.0, 1.0), "upper right": (1.0, 1.0), "lower left": (0.0, 0.0), "lower right": (1.0, 0.0),
    "upper center": (0.5, 1.0), "center right": (1.0, 0.5),
}


def _legend_box(loc: str, w: float, h: float) -> tuple[float, float, float, float]:
    ax, ay = _LOC_REGIONS[loc]
    x0 = {0.0: 0.02, 1.0: 0.98 - w, 0.5: 0.5 - w / 2}[ax]
    y0 = {0.0: 0.02, 1.0: 0.98 - h, 0.5: 0.5 - h / 2}[ay]
    return x0, y0, x0 + w, y0 + h


def _frac(v: float, lo: float, hi: float, log: bool) -> float:
    if log:
        return (math.log10(max(v, 1e-12)) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    return (v - lo) / (hi - lo)


def _occupied(panel: Panel) -> list[tuple[float, float, float, float]]:
    """Boxes (axes fractions) covered by the panel's data: bars and line segments."""
    lo, hi = panel.y_range or (0.0, 1.0)
    log = panel.y_scale == "log"
    out = []
    for a in panel.annotations:  # reference line and its label
        if a.value is not None:
            f = _frac(a.value, lo, hi, log)
            if panel.orientation == "horizontal":
                out += [(f - 0.02, 0.0, f + 0.02, 1.0), (f, 0.88, f + 0.45, 1.0)]
            else:
                out.append((0.0, f - 0.03, 1.0, f + 0.1))
    if chart_kind(panel.kind).category_axis:
        n = len(panel.categories)
        bottoms = [0.0] * n
        for s in panel.series:
            for i, v in enumerate(s.values):
                top = v + (bottoms[i] if panel.stacked else 0.0)
                c0, c1 = (i + 0.1) / n, (i + 0.9) / n  # category slot, first at the left / top
                v1 = min(1.0, _frac(top, lo, hi, log))
                if panel.orientation == "horizontal":
                    out.append((0.0, 1 - c1, v1, 1 - c0))
                else:
                    out.append((c0, 0.0, c1, v1))
            if panel.stacked:
                bottoms = [b + v for b, v in zip(bottoms, s.values)]
        return out
    xs = panel.x_values or []
    x_lo, x_hi = min(xs) - 0.04 * (max(xs) - min(xs)), max(xs) + 0.04 * (max(xs) - min(xs))
    filled = chart_kind(panel.kind).filled
    for edge in _traces(panel):
        pts = [(_frac(x, x_lo, x_hi, False), _frac(y, lo, hi, log)) for x, y in zip(xs, edge)]
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            for t in np.linspace(0, 1, 8):
                x, y = xa + t * (xb - xa), ya + t * (yb - ya)
                out.append((x - 0.015, (0.0 if filled else y) - 0.03, x + 0.015, y + 0.03))
    return out


def _traces(panel: Panel) -> list[list[float]]:
    """The drawn top edge of each series: its values, or the running total when stacked."""
    if not panel.stacked:
        return [s.values for s in panel.series]
    totals = np.cumsum([s.values for s in panel.series], axis=0)
    return [[float(v) for v in row] for row in totals]


def _fit_legend(spec: FigureSpec, rng: np.random.Generator, allowed: Sequence[str]) -> None:
    """Put an inside legend in a corner free of data, or move it outside the panels.

    Real papers place legends where they hide nothing; a legend over bars or curves would also
    hide ground truth that the benchmark asks about.
    """
    p0 = spec.panels[0]
    if not p0.legend_loc:
        return
    rows, cols = spec.layout
    fs = spec.font_size - 1
    names = [s.name for s in p0.series]
    ax_w = spec.figsize[0] / cols * 0.78
    ax_h = spec.figsize[1] / rows * 0.7
    w = (max(len(n) for n in names) * 0.58 * fs / 72 + 0.55) / ax_w
    h = (len(names) * fs * 1.45 / 72 + 0.12) / ax_h
    occupied = _occupied(p0)
    for loc in [allowed[int(i)] for i in rng.permutation(len(allowed))]:
        x0, y0, x1, y1 = _legend_box(loc, w, h)
        if w < 0.7 and not any(a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1 for a0, b0, a1, b1 in occupied):
            p0.legend_loc = loc
            return
    p0.legend_loc = None
    spec.legend_outside = "bottom" if spec.title else "top"
    spec.figsize[1] = round(spec.figsize[1] + 0.4, 1)


# ----------------------------------------------------------------------------------------- bars

def _bar_panel(rng: np.random.Generator, variant: str, index: int,
               colors: list[tuple[str, str]],
               categories: list[str], series_names: list[str], metric: Metric, title: str | None,
               value_labels: bool, legend_loc: str | None, x_label: str | None, y_floor: bool,
               sort: str, grid: bool) -> Panel:
    n_series = len(series_names)
    if variant == "stacked":
        shares = rng.dirichlet(np.full(n_series, 2.0), size=len(categories)).T
        totals = rng.uniform(metric.low + 0.3 * (metric.high - metric.low), metric.high, size=len(categories))
        vals = np.round(shares * totals[None, :], metric.decimals)
        vals = np.maximum(vals, 10.0 ** -metric.decimals)
    else:
        vals = _series_values(rng, metric, n_series, len(categories), boost_last=series_names[-1] == "Ours")
    if sort != "none" and n_series == 1:
        order = np.argsort(vals[0], kind="stable")
        if sort == "descending":
            order = order[::-1]
        categories = [categories[int(i)] for i in order]
        vals = vals[:, order]
    series = [Series(name=name, values=[float(v) for v in vals[s]], color=colors[s][0], color_family=colors[s][1])
              for s, name in enumerate(series_names)]
    top_data = float(vals.sum(axis=0).max() if variant == "stacked" else vals.max())
    headroom = 1.12 + (0.12 if value_labels else 0) + (0.25 if legend_loc and legend_loc.startswith("upper") else 0)
    low = 0.0
    if y_floor and variant in ("grouped", "simple") and metric.higher_better:
        low = float(math.floor(vals.min() * 0.85 / 10) * 10)
    if variant == "horizontal":  # legends sit in the lower right, beside the shortest bars' ends
        headroom = 1.15 + (0.1 if value_labels else 0) + (0.45 if legend_loc else 0)
    high = _nice_ceiling(top_data * headroom)
    if metric.unit == "%" and top_data <= 100 < high:
        high = 100.0  # a percentage axis never runs past 100; _fit_legend moves a crowded legend out
    annotations = []
    if variant == "simple" and rng.random() < 0.3:
        ref = _round(float(np.quantile(vals, 0.3)), metric.decimals)
        annotations.append(Annotation(text=pick(rng, ("Baseline", "Random", "Human", "Previous SOTA")) + f" ({ref:g})",
                                      kind="hline", value=ref))
    # x_label / y_label name the axes as drawn: horizontal bars carry the values on x
    value_axis_label = _axis_label(metric)
    if variant == "horizontal":
        x_label, y_label = value_axis_label, x_label
    else:
        y_label = value_axis_label
    return Panel(
        index=index, kind="bar", categories=list(categories), series=series, title=title,
        x_label=x_label, y_label=y_label, unit=metric.unit,
        orientation="horizontal" if variant == "horizontal" else "vertical",
        stacked=variant == "stacked", value_labels=value_labels,
        value_format="{:.%df}" % metric.decimals, legend_loc=legend_loc, y_range=(low, high),
        annotations=annotations, grid=grid, sort=sort,
    )


def generate_bar(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = BAR_VARIANTS[index % len(BAR_VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = _style(rng)
    n_panels = weighted(rng, (1, 2, 3, 4), (0.6, 0.22, 0.12, 0.06))
    metric = pick(rng, domain.metrics)
    sort = "none"
    if variant == "grouped":
        series_names = sample(rng, domain.methods, int(rng.integers(2, 5)))
        if n_panels > 1:
            panel_titles = sample(rng, domain.datasets, n_panels)
            categories = sample(rng, domain.models, int(rng.integers(3, 5)))
            cat_axis = "Model"
        else:
            panel_titles = [None]
            categories = sample(rng, domain.datasets, int(rng.integers(3, 7)))
            cat_axis = "Dataset"
    elif variant == "simple":
        series_names = [metric.name]
        categories = sample(rng, domain.models, int(rng.integers(4, 8 if n_panels == 1 else 6)))
        panel_titles = sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None]
        cat_axis = "Model"
        sort = weighted(rng, ("none", "ascending", "descending"), (0.5, 0.25, 0.25))
    elif variant == "stacked":
        metric = domain.cost_metric
        series_names = list(domain.cost_parts[: int(rng.integers(2, len(domain.cost_parts) + 1))])
        categories = sample(rng, domain.models, int(rng.integers(3, 7 if n_panels == 1 else 5)))
        panel_titles = sample(rng, domain.datasets, n_panels) if n_panels > 1 else [None]
        cat_axis = "Model"
    else:  # horizontal
        two = rng.random() < 0.35
        series_names = sample(rng, domain.methods, 2) if two else [metric.name]
        categories = sample(rng, domain.models, int(rng.integers(4, 9 if n_panels == 1 else 6)))
        if n_panels > 1:
            metrics = list(domain.metrics)
            n_panels = min(n_panels, len(metrics))
            panel_titles = [m.name for m in metrics[:n_panels]]
        else:
            panel_titles = [None]
        cat_axis = "Model"
        sort = "descending" if (not two and rng.random() < 0.6) else "none"
    n_series = len(series_names)
    value_labels = {
        "simple": rng.random() < 0.5,
        "horizontal": rng.random() < 0.5,
        "grouped": n_series * len(categories) <= 12 and n_panels == 1 and rng.random() < 0.4,
        "stacked": False,
    }[variant]
    legend_loc, legend_outside = _legend(rng, n_panels, n_series, BAR_LEGEND_LOCS)
    if variant == "horizontal" and legend_loc:
        legend_loc = "lower right"
    colors = _colors(rng, style["palette"], n_series)
    x_label = cat_axis if rng.random() < 0.4 else None
    y_floor = rng.random() < 0.25
    grid = bool(rng.random() < 0.4)
    panels = []
    for p, ptitle in enumerate(panel_titles):
        pm = metric
        if variant == "horizontal" and n_panels > 1:
            pm = domain.metrics[p]
        panels.append(_bar_panel(
            rng, variant, p, colors, list(categories), list(series_names), pm, ptitle,
            bool(value_labels), legend_loc if p == 0 else None, x_label, y_floor, sort, grid))
    layout = _grid_layout(len(panels))
    title = _bar_title(rng, variant, metric, panels, domain)
    legend_outside = _no_clash(title, legend_outside)
    figsize = _figsize(layout, rng, legend_outside)
    if variant != "horizontal":  # room for horizontal category labels under each bar group
        per_cat = max(len(c) for c in categories) * 0.56 * (style["font_size"] - 1) / 72 + 0.25
        figsize[0] = round(max(figsize[0], layout[1] * (per_cat * len(categories) + 0.9)), 1)
    spec = FigureSpec(
        figure_id="", chart_type="bar", variant=variant, panels=panels, title=title, caption="",
        reference_description="", domain=domain.name, layout=layout,
        figsize=figsize, legend_outside=legend_outside, **style,
    )
    _fit_legend(spec, rng, BAR_LEGEND_LOCS + ("lower right",) if variant == "horizontal" else BAR_LEGEND_LOCS)
    return spec


def _bar_title(rng: np.random.Generator, variant: str, metric: Metric, panels: list[Panel],
               domain: Domain) -> str | None:
    if rng.random() < 0.35:
        return None
    if variant == "stacked":
        return f"{metric.name} breakdown by component"
    if len(panels) == 1:
        return pick(rng, (f"{metric.name} comparison", f"{metric.name} across benchmarks", f"Results on {domain.name}"))
    return pick(rng, (f"{metric.name} per dataset", "Main results", f"{metric.name} by model"))


# ---------------------------------------------------------------------------------------- lines

_SHAPES = {"Training steps": "saturate", "Epoch": "saturate", "Layer": "peak", "Layer index": "peak",
           "Year": "increase", "Number of retrieved passages": "saturate", "Sparsity (%)": "decay",
           "Sampling temperature": "peak", "Number of in-context examples": "saturate",
           "Noise ratio (%)": "decay", "Beam size": "saturate"}


def _curve(rng: np.random.Generator, shape: str, n: int, strength: float) -> np.ndarray:
    t = np.linspace(0, 1, n)
    if shape == "saturate":
        base = 1 - np.exp(-t * rng.uniform(2.5, 5.0))
    elif shape == "peak":
        c = rng.uniform(0.35, 0.7)
        base = np.exp(-((t - c) ** 2) / rng.uniform(0.05, 0.15))
    elif shape == "increase":
        base = t ** rng.uniform(0.7, 1.5)
    else:  # decay
        base = 1 - t ** rng.uniform(1.2, 2.5)
    return 0.1 + 0.1 * strength + 0.65 * base * (0.75 + 0.25 * strength) + rng.normal(0, 0.012, n)


def _line_series(rng: np.random.Generator, names: list[str], palette: str, values: list[np.ndarray],
                 dashed_baselines: bool) -> list[Series]:
    colors = _colors(rng, palette, len(names))
    markers = sample(rng, MARKERS, len(names))
    out = []
    for s, name in enumerate(names):
        dashed = dashed_baselines and name in ("Baseline", "Zero-shot", "Dense", "BM25")
        out.append(Series(name=name, values=[float(v) for v in values[s]], color=colors[s][0],
                          color_family=colors[s][1], marker=markers[s], linestyle="--" if dashed else "-"))
    return out


def _metric_curves(rng: np.random.Generator, metric: Metric, shape: str, n_series: int, n: int,
                   log: bool) -> list[np.ndarray]:
    strengths = np.sort(rng.uniform(0, 1, n_series))
    out = []
    for s in range(n_series):
        c = np.clip(_curve(rng, shape, n, float(strengths[s])), 0.01, 0.99)
        if log:  # decreasing over orders of magnitude, e.g. loss or perplexity
            lo, hi = math.log10(metric.low), math.log10(metric.high)
            shift = (1 - strengths[s]) * 0.15
            v = 10 ** (hi - (hi - lo) * np.clip(c + shift, 0.0, 1.0))
        else:
            if not metric.higher_better:
                c = 1 - c
            v = metric.low + (metric.high - metric.low) * c
        dec = metric.decimals if not log else (2 if v.min() < 10 else 1)
        out.append(np.round(v, dec))
    return out


def generate_line(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = LINE_VARIANTS[index % len(LINE_VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = _style(rng)
    training_axes = [x for x in X_AXES if x.label in ("Training steps", "Epoch")]
    xaxis: XAxis = pick(rng, training_axes if variant in ("log", "shared_x") else X_AXES)
    n_series = int(rng.integers(2, 6))
    pool = list(dict.fromkeys(list(domain.models[:6]) + list(LINE_SERIES_EXTRA)))
    names = sample(rng, domain.methods if rng.random() < 0.4 else pool, n_series)
    shape = _SHAPES[xaxis.label]
    n = len(xaxis.values)
    if variant == "shared_x":
        n_panels = int(rng.integers(2, 4))
        metrics = [pick(rng, domain.log_metrics)] + sample(rng, domain.metrics, n_panels - 1)
        layout = _grid_layout(n_panels, column=True)
    elif variant == "log":
        n_panels = weighted(rng, (1, 2), (0.75, 0.25))
        metrics = [pick(rng, domain.log_metrics)] * n_panels
        layout = _grid_layout(n_panels)
    else:
        n_panels = weighted(rng, (1, 2, 3, 4), (0.55, 0.25, 0.12, 0.08))
        metrics = [pick(rng, domain.metrics)] * n_panels
        layout = _grid_layout(n_panels)
    legend_loc, legend_outside = _legend(rng, n_panels, n_series)
    datasets = sample(rng, domain.datasets, n_panels)
    grid = bool(rng.random() < 0.5)
    panels = []
    for p in range(n_panels):
        metric = metrics[p]
        is_log = variant == "log" or (variant == "shared_x" and p == 0)
        use_log_scale = variant == "log" or (is_log and rng.random() < 0.5)
        curves = _metric_curves(rng, metric, "saturate" if is_log else shape, n_series, n, is_log)
        series = _line_series(rng, names, style["palette"], curves, dashed_baselines=rng.random() < 0.5)
        # colours and markers must agree across panels: reuse panel 0's
        if panels:
            for s, ref in zip(series, panels[0].series):
                s.color, s.color_family, s.marker, s.linestyle = ref.color, ref.color_family, ref.marker, ref.linestyle
        if variant == "shared_x":
            ptitle = f"({chr(97 + p)}) {metric.name}"
        else:
            ptitle = datasets[p] if n_panels > 1 else None
        annotations = []
        if variant == "multi_series" and n_panels == 1 and rng.random() < 0.3:
            ref = _round(float(np.quantile(np.concatenate(curves), 0.15)), metric.decimals)
            annotations.append(Annotation(text=pick(rng, ("Random baseline", "Human performance", "Zero-shot"))
                                          + f" ({ref:g})", kind="hline", value=ref))
        vals = np.concatenate(curves)
        if use_log_scale:
            y_range = (float(10 ** math.floor(math.log10(vals.min()))), float(10 ** math.ceil(math.log10(vals.max()))))
        else:
            y_range = _nice_range(float(vals.min()), float(vals.max()), extra_top=0.25 if legend_loc else 0.05)
        panels.append(Panel(
            index=p, kind="line", categories=list(xaxis.labels), series=series, title=ptitle,
            x_label=xaxis.label if (variant != "shared_x" or p == n_panels - 1) else None,
            y_label=_axis_label(metric), unit=metric.unit, x_values=[float(v) for v in xaxis.values],
            y_scale="log" if use_log_scale else "linear", value_format="{:.%df}" % metric.decimals,
            legend_loc=legend_loc if p == 0 else None, y_range=y_range, annotations=annotations, grid=grid,
            shares_x_with_above=variant == "shared_x" and p > 0,
        ))
    title = None
    if rng.random() < 0.55:
        title = pick(rng, (f"{metrics[-1].name} vs. {xaxis.label.lower()}", "Training dynamics",
                           f"Scaling behaviour on {datasets[0]}", f"Effect of {xaxis.label.lower()}"))
    legend_outside = _no_clash(title, legend_outside)
    spec = FigureSpec(
        figure_id="", chart_type="line", variant=variant, panels=panels, title=title, caption="",
        reference_description="", domain=domain.name, layout=layout, shared_x=variant == "shared_x",
        figsize=_figsize(layout, rng, legend_outside), legend_outside=legend_outside, **style,
    )
    _fit_legend(spec, rng, LEGEND_LOCS)
    return spec


# ---------------------------------------------------------------------------------------- areas

def _stacked_parts(rng: np.random.Generator, metric: Metric, shape: str, n_parts: int, n: int) -> list[np.ndarray]:
    """Parts whose stacked total follows ``shape`` inside the metric's range, each part positive.

    Shares drift a little along x so that parts have trends of their own, as a cost breakdown
    over training does.
    """
    total = metric.low + (metric.high - metric.low) * np.clip(_curve(rng, shape, n, 0.5), 0.1, 0.95)
    start, end = rng.dirichlet(np.full(n_parts, 3.0)), rng.dirichlet(np.full(n_parts, 3.0))
    shares = start[:, None] + (end - start)[:, None] * np.linspace(0, 1, n)[None, :]
    floor = 10.0**-metric.decimals
    return [np.maximum(np.round(shares[k] * total, metric.decimals), floor) for k in range(n_parts)]


def _area_range(top: float, metric: Metric, legend_inside: bool) -> tuple[float, float]:
    """From zero (areas are filled down to it) to a round number above the top, room for a legend;
    a percentage axis never runs past 100 (_fit_legend moves a crowded legend out)."""
    low, high = _nice_range(0.0, top, extra_top=0.3 if legend_inside else 0.05)
    return low, (100.0 if metric.unit == "%" and top <= 100 < high else high)


def generate_area(rng: np.random.Generator, index: int) -> FigureSpec:
    """One panel of filled areas over an ordered x axis: a stacked breakdown or overlapping methods."""
    variant = AREA_VARIANTS[index % len(AREA_VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = _style(rng)
    xaxis: XAxis = pick(rng, X_AXES)
    n, shape = len(xaxis.values), _SHAPES[xaxis.label]
    stacked = variant == "stacked_area"
    if stacked:
        metric = domain.cost_metric
        names = list(domain.cost_parts[: int(rng.integers(2, len(domain.cost_parts) + 1))])
        curves = _stacked_parts(rng, metric, shape, len(names), n)
        top = float(np.sum(curves, axis=0).max())
    else:
        metric = pick(rng, domain.metrics)
        names = sample(rng, domain.methods, int(rng.integers(2, 4)))
        curves = _metric_curves(rng, metric, shape, len(names), n, log=False)
        top = float(np.max(curves))
    colors = _colors(rng, style["palette"], len(names))
    series = [Series(name=name, values=[float(v) for v in curves[k]], color=colors[k][0], color_family=colors[k][1])
              for k, name in enumerate(names)]
    legend_loc, legend_outside = _legend(rng, 1, len(names))
    panel = Panel(
        index=0, kind="area", categories=list(xaxis.labels), series=series, x_label=xaxis.label,
        y_label=_axis_label(metric), unit=metric.unit, x_values=[float(v) for v in xaxis.values],
        value_format=f"{{:.{metric.decimals}f}}", legend_loc=legend_loc, stacked=stacked,
        y_range=_area_range(top, metric, legend_loc is not None), grid=bool(rng.random() < 0.5),
    )
    title = None
    if rng.random() < 0.5:
        title = f"{metric.name} by component" if stacked else f"{metric.name} vs. {xaxis.label.lower()}"
    legend_outside = _no_clash(title, legend_outside)
    spec = FigureSpec(
        figure_id="", chart_type="area", variant=variant, panels=[panel], title=title, caption="",
        reference_description="", domain=domain.name, layout=[1, 1],
        figsize=_figsize([1, 1], rng, legend_outside), legend_outside=legend_outside, **style,
    )
    _fit_legend(spec, rng, LEGEND_LOCS)
    return spec


# ----------------------------------------------------------------------------------------- pies

def _percentages(rng: np.random.Generator, k: int) -> list[float]:
    """k shares >= 4 % with one decimal that sum to exactly 100.0."""
    raw = rng.dirichlet(np.full(k, 1.6)) * (100 - 4 * k) + 4
    vals = np.round(raw, 1)
    vals[int(np.argmax(vals))] += round(100.0 - float(vals.sum()), 1)
    return [float(round(v, 1)) for v in vals]


def generate_pie(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = PIE_VARIANTS[index % len(PIE_VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = _style(rng)
    breakdown = pick(rng, domain.breakdowns)
    k = int(rng.integers(3, min(6, len(breakdown.parts)) + 1))
    parts = sample(rng, breakdown.parts, k)
    n_panels = weighted(rng, (1, 2, 3), (0.65, 0.25, 0.1))
    mode = pick(rng, ("labels", "legend_in", "legend_out"))
    sort = "descending" if rng.random() < 0.5 else "none"
    colors = _colors(rng, style["palette"], k)
    owners = sample(rng, domain.models, n_panels)
    # pie legends sit beside the pies: inside the axes they would cover wedges
    legend_outside = pick(rng, ("right", "right", "top", "bottom")) if mode != "labels" else None
    panels = []
    for p in range(n_panels):
        vals = _percentages(rng, k)
        cats = list(parts)
        if sort == "descending" and p == 0:
            order = np.argsort(vals, kind="stable")[::-1]
            vals = [vals[int(i)] for i in order]
            cats = [cats[int(i)] for i in order]
            colors = [colors[int(i)] for i in order]
            parts = cats
        series = Series(name=breakdown.title, values=vals, color=colors[0][0], color_family=colors[0][1],
                        colors=[c for c, _ in colors], color_families=[f for _, f in colors])
        panels.append(Panel(
            index=p, kind="pie", categories=cats, series=[series], title=owners[p] if n_panels > 1 else None,
            unit="%", value_format="{:.1f}%", legend_loc=None,
            donut=variant == "donut", pct_position="outside" if mode == "legend_out" else "inside",
            wedge_labels=mode == "labels", sort=sort if p == 0 else "none",
        ))
    title = None
    if rng.random() < 0.6:
        title = f"{breakdown.title} ({owners[0]})" if n_panels == 1 else breakdown.title
    legend_outside = _no_clash(title, legend_outside)
    layout = _grid_layout(n_panels)
    figsize = [round(4.2 * n_panels + (1.8 if mode == "labels" else 0.6), 1), 4.2]
    if legend_outside == "right":
        figsize[0] += 2.2
    if legend_outside in ("top", "bottom"):
        figsize[1] += 0.6
    return FigureSpec(
        figure_id="", chart_type="pie", variant=variant, panels=panels, title=title, caption="",
        reference_description="", domain=domain.name, layout=layout, figsize=figsize,
        legend_outside=legend_outside, **style,
    )


def _generator(kind: ChartKind) -> Callable[[np.random.Generator, int], FigureSpec]:
    """How figures of ``kind`` are made up: its layout trait picks shares, traces or bars;
    traces that are filled are areas."""
    if kind.parts_of_whole:
        return generate_pie
    if kind.ordered_x:
        return generate_area if kind.filled else generate_line
    return generate_bar


def seed_code(chart_type: str) -> int:
    """The number that seeds a kind's figures: its place in the registry, counted from 1.

    New kinds are appended to the registry, so the figures of the kinds before them never change.
    """
    return CHART_KINDS.index(chart_type) + 1


def generate(seed: int, chart_type: str, index: int, dpi: int) -> FigureSpec:
    """The spec of figure ``index`` of ``chart_type``: deterministic in (seed, chart_type, index)."""
    rng = np.random.default_rng([seed, seed_code(chart_type), index])
    spec = _generator(chart_kind(chart_type))(rng, index)
    spec.figure_id = figure_id(chart_type, index)
    spec.dpi = dpi
    return spec
