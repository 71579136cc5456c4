"""Bar charts in the corpus: grouped, simple, stacked or horizontal bars over named categories."""

from __future__ import annotations

import math

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing, font_size, page
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.legend_fit import fit_legend
from scifigbench.corpus.plausible import OrderedCells, reference_line
from scifigbench.corpus.randomness import pick, sample, weighted
from scifigbench.corpus.scaffold import (
    axis_label,
    axis_top,
    capped,
    figure_size,
    grid_layout,
    new_spec,
    no_clash,
    palette_colors,
    place_legend,
    random_style,
    widened_for_categories,
)
from scifigbench.corpus.vocab import DOMAINS, Domain, Metric
from scifigbench.spec import Annotation, FigureSpec, Panel, Series

VARIANTS = {
    "grouped": "grouped vertical bar chart",
    "simple": "vertical bar chart",
    "stacked": "stacked vertical bar chart",
    "horizontal": "horizontal bar chart",
}
LEGEND_LOCS = ("upper left", "upper right", "upper center")
# Papers printed for greyscale tell series apart by a hatch over each colour as well: a share of the
# figures with several series does, one pattern per series (the colours stay what they were).
HATCHED_SHARE = 0.25
HATCHES = ("//", "\\\\", "xx", "..", "++", "--", "oo")


def _series_values(
    rng: np.random.Generator, metric: Metric, n_series: int, n_cats: int, boost_last: bool
) -> np.ndarray:
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


def _bar_panel(
    rng: np.random.Generator,
    variant: str,
    index: int,
    colors: list[tuple[str, str]],
    categories: list[str],
    series_names: list[str],
    metric: Metric,
    title: str | None,
    value_labels: bool,
    legend_loc: str | None,
    x_label: str | None,
    y_floor: bool,
    sort: str,
    grid: bool,
    ordered: OrderedCells,
) -> Panel:
    """One panel's bars; ``ordered`` holds the figure's panels drawn so far, so a panel per metric
    keeps metrics ordered by definition in order for every bar (before any sorting)."""
    n_series = len(series_names)
    if variant == "stacked":
        shares = rng.dirichlet(np.full(n_series, 2.0), size=len(categories)).T
        totals = rng.uniform(metric.low + 0.3 * (metric.high - metric.low), metric.high, size=len(categories))
        vals = np.round(shares * totals[None, :], metric.decimals)
        vals = np.maximum(vals, 10.0**-metric.decimals)
    else:
        drawn = _series_values(rng, metric, n_series, len(categories), boost_last=series_names[-1] == "Ours")
        vals = ordered.keep(rng, metric, drawn)
    if sort != "none" and n_series == 1:
        order = np.argsort(vals[0], kind="stable")
        if sort == "descending":
            order = order[::-1]
        categories = [categories[int(i)] for i in order]
        vals = vals[:, order]
    series = [
        Series(name=name, values=[float(v) for v in vals[s]], color=colors[s][0], color_family=colors[s][1])
        for s, name in enumerate(series_names)
    ]
    top_data = float(vals.sum(axis=0).max() if variant == "stacked" else vals.max())
    headroom = 1.12 + (0.12 if value_labels else 0) + (0.25 if legend_loc and legend_loc.startswith("upper") else 0)
    low = 0.0
    if y_floor and variant in ("grouped", "simple") and metric.higher_better:
        low = float(math.floor(vals.min() * 0.85 / 10) * 10)
    if variant == "horizontal":  # legends sit in the lower right, beside the shortest bars' ends
        headroom = 1.15 + (0.1 if value_labels else 0) + (0.35 if legend_loc else 0)
    # the room above the bars is a share of the drawn span (from a raised floor, not from zero)
    high = capped(metric, top_data, low + axis_top((top_data - low) * headroom))
    annotations = []
    if variant == "simple" and rng.random() < 0.3:
        name, ref = reference_line(rng, ("Baseline", "Random", "Human", "Previous SOTA"), metric, vals, low, 0.3)
        annotations.append(Annotation(text=f"{name} ({ref:g})", kind="hline", value=ref))
    # x_label / y_label name the axes as drawn: horizontal bars carry the values on x
    value_axis_label = axis_label(metric)
    if variant == "horizontal":
        x_label, y_label = value_axis_label, x_label
    else:
        y_label = value_axis_label
    return Panel(
        index=index,
        kind="bar",
        categories=list(categories),
        series=series,
        title=title,
        x_label=x_label,
        y_label=y_label,
        unit=metric.unit,
        orientation="horizontal" if variant == "horizontal" else "vertical",
        stacked=variant == "stacked",
        value_labels=value_labels,
        value_format=f"{{:.{metric.decimals}f}}",
        legend_loc=legend_loc,
        y_range=(low, high),
        annotations=annotations,
        grid=grid,
        sort=sort,
    )


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain = pick(rng, DOMAINS)
    style = random_style(rng)
    n_panels = weighted(rng, (1, 2, 3, 4), (0.6, 0.22, 0.12, 0.06))
    metric = pick(rng, domain.metrics)
    sort = "none"
    if variant == "grouped":
        series_names = sample(rng, domain.methods, int(rng.integers(2, 5)))
        if n_panels > 1:
            panel_titles: list[str | None] = list(sample(rng, domain.datasets, n_panels))
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
    legend_loc, legend_outside = place_legend(rng, n_panels, n_series, LEGEND_LOCS)
    if variant == "horizontal" and legend_loc:
        legend_loc = "lower right"
    colors = palette_colors(rng, style["palette"], n_series)
    x_label = cat_axis if rng.random() < 0.4 else None
    y_floor = rng.random() < 0.25
    grid = bool(rng.random() < 0.4)
    panels = []
    ordered = OrderedCells()
    for p, ptitle in enumerate(panel_titles):
        pm = metric
        if variant == "horizontal" and n_panels > 1:
            pm = domain.metrics[p]
        panels.append(
            _bar_panel(
                rng,
                variant,
                p,
                colors,
                list(categories),
                list(series_names),
                pm,
                ptitle,
                bool(value_labels),
                legend_loc if p == 0 else None,
                x_label,
                y_floor,
                sort,
                grid,
                ordered,
            )
        )
    layout = grid_layout(len(panels))
    title = _bar_title(rng, variant, metric, panels, domain)
    legend_outside = no_clash(title, legend_outside)
    figsize = figure_size(layout, rng, legend_outside)
    if variant != "horizontal":  # room for horizontal category labels under each bar group
        figsize = widened_for_categories(figsize, layout, categories, style["font_size"])
    spec = new_spec(
        chart_type="bar",
        variant=variant,
        panels=panels,
        title=title,
        domain=domain.name,
        layout=layout,
        figsize=figsize,
        legend_outside=legend_outside,
        style=style,
    )
    fit_legend(spec, rng, LEGEND_LOCS + ("lower right",) if variant == "horizontal" else LEGEND_LOCS)
    if 1 < n_series <= len(HATCHES) and rng.random() < HATCHED_SHARE:
        hatches = sample(rng, HATCHES, n_series)
        for panel in spec.panels:
            for series, hatch in zip(panel.series, hatches, strict=True):
                series.hatch = hatch
    return spec


def _bar_title(
    rng: np.random.Generator, variant: str, metric: Metric, panels: list[Panel], domain: Domain
) -> str | None:
    if rng.random() < 0.35:
        return None
    if variant == "stacked":
        return f"{metric.name} breakdown by component"
    if len(panels) == 1:
        return pick(rng, (f"{metric.name} comparison", f"{metric.name} across benchmarks", f"Results on {domain.name}"))
    return pick(rng, (f"{metric.name} per dataset", "Main results", f"{metric.name} by model"))


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    n_cats, n_series = len(panel.categories), len(panel.series)
    pos = np.arange(n_cats, dtype=float)
    horizontal = panel.orientation == "horizontal"
    width = 0.8 / n_series if (n_series > 1 and not panel.stacked) else 0.6
    bottom = np.zeros(n_cats)
    containers = []
    for s, series in enumerate(panel.series):
        vals = np.asarray(series.values, dtype=float)
        offs = pos if (panel.stacked or n_series == 1) else pos - 0.4 + width * (s + 0.5)
        kw = dict(
            color=series.color,
            label=series.name,
            edgecolor="white" if panel.stacked else None,
            linewidth=0.6 if panel.stacked else 0,
        )
        if series.hatch:  # hatch lines take the edge colour: the page's, so they read on any style
            kw.update(hatch=series.hatch, edgecolor=page(), linewidth=0.6)
        if horizontal:
            c = ax.barh(offs, vals, width, left=bottom if panel.stacked else None, **kw)
        else:
            c = ax.bar(offs, vals, width, bottom=bottom if panel.stacked else None, **kw)
        containers.append(c)
        if panel.value_labels:
            for i, (o, v) in enumerate(zip(offs, vals, strict=True)):
                end = v + (bottom[i] if panel.stacked else 0)
                if horizontal:
                    t = ax.annotate(
                        panel.value_format.format(v),
                        (end, o),
                        xytext=(3, 0),
                        textcoords="offset points",
                        ha="left",
                        va="center",
                        fontsize=font_size() - 1.5,
                    )
                else:
                    t = ax.annotate(
                        panel.value_format.format(v),
                        (o, end),
                        xytext=(0, 2),
                        textcoords="offset points",
                        ha="center",
                        va="bottom",
                        fontsize=font_size() - 1.5,
                    )
                d.add(
                    t,
                    role="value_label",
                    panel=panel.index,
                    series=series.name,
                    category=panel.categories[i],
                    value=float(v),
                )
        if panel.stacked:
            bottom = bottom + vals
    d.bars[panel.index] = containers
    lo, hi = panel.y_range if panel.y_range else (None, None)
    if horizontal:
        ax.set_yticks(pos, labels=panel.categories)
        ax.set_ylim(n_cats - 0.5, -0.5)  # first category on top
        ax.set_xlim(lo, hi)
        ax.ticklabel_format(axis="x", useOffset=False, style="plain")
    else:
        ax.set_xticks(pos, labels=panel.categories)
        ax.set_xlim(-0.6, n_cats - 0.4)
        ax.set_ylim(lo, hi)
        ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    if panel.grid:
        ax.grid(axis="x" if horizontal else "y", linestyle="--", linewidth=0.5, alpha=0.6)
        ax.set_axisbelow(True)


CORPUS = KindCorpus(name="bar", variants=VARIANTS, generate=generate, draw=draw)
