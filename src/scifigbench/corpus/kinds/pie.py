"""Pie and donut charts in the corpus: shares of a breakdown, labelled on the wedges or in a legend.

Which breakdown of what a pie shows (a model's error types, a dataset's make-up) is taken in a
fixed order by the figure's index (:data:`SUBJECTS`), so no two pies of a corpus smaller than
that list share a title; everything else is drawn from the figure's generator.
"""

from __future__ import annotations

import matplotlib
import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing
from scifigbench.corpus.kinds.record import KindCorpus
from scifigbench.corpus.randomness import pick, sample, weighted
from scifigbench.corpus.scaffold import grid_layout, new_spec, no_clash, palette_colors, random_style
from scifigbench.corpus.vocab import DOMAINS
from scifigbench.spec import FigureSpec, Panel, Series

VARIANTS = {"pie": "pie chart", "donut": "donut chart"}

# (domain, breakdown, owner) for every breakdown of every domain and every model or dataset it
# can be a breakdown of, interleaved across domains by a fixed shuffle
_ALL = [
    (domain, breakdown, owner)
    for domain in DOMAINS
    for breakdown in domain.breakdowns
    for owner in (domain.models if breakdown.subject == "model" else domain.datasets)
]
SUBJECTS = [_ALL[int(i)] for i in np.random.default_rng(20240).permutation(len(_ALL))]


def _percentages(rng: np.random.Generator, k: int) -> list[float]:
    """k shares >= 4 % with one decimal that sum to exactly 100.0."""
    raw = rng.dirichlet(np.full(k, 1.6)) * (100 - 4 * k) + 4
    vals = np.round(raw, 1)
    vals[int(np.argmax(vals))] += round(100.0 - float(vals.sum()), 1)
    return [float(round(v, 1)) for v in vals]


def generate(rng: np.random.Generator, index: int) -> FigureSpec:
    variant = tuple(VARIANTS)[index % len(VARIANTS)]
    domain, breakdown, owner = SUBJECTS[index % len(SUBJECTS)]
    style = random_style(rng)
    k = int(rng.integers(3, min(6, len(breakdown.parts)) + 1))
    parts = sample(rng, breakdown.parts, k)
    n_panels = weighted(rng, (1, 2, 3), (0.65, 0.25, 0.1))
    mode = pick(rng, ("labels", "legend_in", "legend_out"))
    sort = "descending" if rng.random() < 0.5 else "none"
    colors = palette_colors(rng, style["palette"], k)
    pool = domain.models if breakdown.subject == "model" else domain.datasets
    owners = [owner, *sample(rng, [o for o in pool if o != owner], n_panels - 1)]
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
        series = Series(
            name=breakdown.title,
            values=vals,
            color=colors[0][0],
            color_family=colors[0][1],
            colors=[c for c, _ in colors],
            color_families=[f for _, f in colors],
        )
        panels.append(
            Panel(
                index=p,
                kind="pie",
                categories=cats,
                series=[series],
                title=owners[p] if n_panels > 1 else None,
                unit="%",
                value_format="{:.1f}%",
                legend_loc=None,
                donut=variant == "donut",
                pct_position="outside" if mode == "legend_out" else "inside",
                wedge_labels=mode == "labels",
                sort=sort if p == 0 else "none",
            )
        )
    title = None
    if rng.random() < 0.6:
        title = f"{breakdown.title} ({', '.join(owners)})"
    legend_outside = no_clash(title, legend_outside)
    layout = grid_layout(n_panels)
    # the room was set for fonts up to 12 points; a larger font widens the figure in proportion
    grow = max(1.0, float(style["font_size"]) / 12)
    figsize = [round((4.2 * n_panels + (1.8 if mode == "labels" else 0.6)) * grow, 1), 4.2]
    if legend_outside == "right":
        figsize[0] += 2.2
    if legend_outside in ("top", "bottom"):
        figsize[1] += 0.6
    return new_spec(
        chart_type="pie",
        variant=variant,
        panels=panels,
        title=title,
        domain=domain.name,
        layout=layout,
        figsize=figsize,
        legend_outside=legend_outside,
        style=style,
    )


def draw(d: Drawing, ax: Axes, panel: Panel) -> None:
    series = panel.series[0]
    pct_distance = 1.2 if panel.pct_position == "outside" else (0.79 if panel.donut else 0.62)
    wedges, labels, pcts = ax.pie(
        series.values,
        labels=panel.categories if panel.wedge_labels else None,
        colors=series.colors,
        autopct=lambda p: f"{p:.1f}%",
        pctdistance=pct_distance,
        labeldistance=1.1,
        startangle=90,
        counterclock=False,
        wedgeprops={"width": 0.42 if panel.donut else 1.0, "edgecolor": "white", "linewidth": 1},
        textprops={"fontsize": matplotlib.rcParams["font.size"] - 1},
    )
    d.wedges[panel.index] = list(wedges)
    for i, t in enumerate(labels):
        d.add(t, role="pie_label", panel=panel.index, category=panel.categories[i], series=series.name)
    for i, t in enumerate(pcts):
        if panel.pct_position == "inside":
            fam = (series.color_families or [""])[i]
            t.set_color("black" if fam in ("yellow", "orange", "green", "grey", "pink") else "white")
        d.add(
            t,
            role="pie_pct",
            panel=panel.index,
            category=panel.categories[i],
            series=series.name,
            value=float(series.values[i]),
        )
    ax.set_aspect("equal")


CORPUS = KindCorpus(name="pie", variants=VARIANTS, generate=generate, draw=draw)
