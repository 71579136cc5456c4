"""The sixth style set of the web-chart generator: the look of common web charting libraries.

Many statistics pages draw their charts with a charting library whose defaults set the look: a title
and subtitle centred over the chart, the legend centred under it (a dot or a short line per series)
or over it (small framed boxes), grid lines both ways, a library credit in small grey type at the
bottom right, month names on the x-axis, and pies with their shares in the slices and a legend of
dots at the right. Its seeds (in ``generate.STYLE_SETS``; ``dev8`` even, ``held8`` odd) draw these;
the truth of every text comes from how it was drawn, as in ``generate.py``.
"""

from __future__ import annotations

import random

import matplotlib.lines as mlines
import matplotlib.pyplot as plt
from generate import (
    DEMOGRAPHICS,
    INFERABLE,
    MONTHS,
    NOT_TARGET,
    TOPICS,
    Truth,
    _exactly_inferable,
    _pie_shares,
    _share_labels,
    _status,
    _ticks,
)

CREDITS = ("Highcharts.com", "Chart by Datawrapper", "Made with Flourish")
PALETTE = ("#7cb5ec", "#434348", "#90ed7d", "#f7a35c", "#8085e9", "#f15c80")
SUBTITLES = ("Source: company filings", "Monthly figures, 2023", "All values in thousands")


def _centred_titles(fig, rng: random.Random, truth: Truth, title: str) -> None:
    t = fig.text(0.5, 0.95, title, ha="center", va="top", fontsize=12, color="#333333")
    truth.add(t, "title", NOT_TARGET, "title")
    if rng.random() < 0.7:
        t = fig.text(0.5, 0.9, rng.choice(SUBTITLES), ha="center", va="top", fontsize=8.5, color="#666666")
        truth.add(t, "subtitle", NOT_TARGET, "subtitle")


def _credit(fig, rng: random.Random, truth: Truth) -> None:
    t = fig.text(0.98, 0.02, rng.choice(CREDITS), ha="right", fontsize=7, color="#999999")
    truth.add(t, "furniture", NOT_TARGET, "library credit")


def _grid(ax, truth: Truth, values: list[float]) -> None:
    """Grid lines across the plot at ``values``, drawn with their own tick texts (known boxes)."""
    ax.set_yticks([])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    for v in values[1:]:
        ax.axhline(v, color="#e6e6e6", lw=0.8, zorder=0)
    _ticks(ax, truth, "y", values)


def _legend_row(fig, truth: Truth, names, colours, y: float, marker: str, status: str, why: str, ind) -> None:
    """Series names in one row centred on the page, each after a dot, a short line or a framed box."""
    widths = [0.05 + 0.013 * len(n) for n in names]
    x = 0.5 - sum(widths) / 2
    for k, (name, colour, w) in enumerate(zip(names, colours[: len(names)], widths, strict=True)):
        if marker == "dot":
            fig.add_artist(mlines.Line2D([x + 0.008], [y], marker="o", ms=6, color=colour, lw=0))
        elif marker == "line":
            fig.add_artist(mlines.Line2D([x, x + 0.025], [y, y], color=colour, lw=2))
        else:
            box = plt.Rectangle((x, y - 0.012), 0.03, 0.024, transform=fig.transFigure, facecolor=colour)
            box.set_edgecolor("#333333")
            fig.add_artist(box)
        t = fig.text(x + 0.035, y, name, va="center", fontsize=8.5, color="#333333")
        truth.add(t, "legend", status, why, inductance=ind(k))
        x += w


def library_lines(fig, rng: random.Random, truth: Truth) -> str:
    """Monthly lines, a centred title, a legend row of lines or dots under the chart, a rotated
    y-axis title and a library credit."""
    ax = fig.add_axes((0.12, 0.24, 0.84, 0.58))
    start = rng.randrange(0, 4)
    months = MONTHS[start : start + rng.randint(6, 9)]
    gi = rng.randrange(len(TOPICS))
    names = rng.sample(TOPICS[gi].labels, rng.randint(2, 4))
    for k in range(len(names)):
        ys = [rng.uniform(10, 90) for _ in months]
        ax.plot(range(len(months)), ys, color=PALETTE[k], lw=2, marker="o", ms=4)
    ax.set_xlim(-0.4, len(months) - 0.6)
    ax.set_ylim(0, 100)
    ax.set_xticks([])
    for k, m in enumerate(months):
        t = ax.text(k, -0.03, m, transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5)
        inferable = _exactly_inferable("ordered months", k, len(months))
        truth.add(t, "category", INFERABLE, "ordered months", inductance=inferable)
    _grid(ax, truth, [0, 25, 50, 75, 100])
    t = ax.text(-0.08, 0.5, "Values", rotation=90, transform=ax.transAxes, va="center", ha="center", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "the default axis title of a charting library")
    _legend_row(fig, truth, names, PALETTE, 0.09, rng.choice(("dot", "line")), *_status(None), lambda k: False)
    title = rng.choice(("Monthly active users by platform", "Visits per month", "Monthly sign-ups"))
    _centred_titles(fig, rng, truth, title)
    _credit(fig, rng, truth)
    return title


def library_columns(fig, rng: random.Random, truth: Truth) -> str:
    """Grouped columns by age band with a legend row of framed boxes over the chart; no title in
    the image."""
    ax = fig.add_axes((0.1, 0.14, 0.86, 0.66))
    bands, why = DEMOGRAPHICS[2].labels, DEMOGRAPHICS[2].why
    gi = rng.randrange(len(TOPICS))
    names = rng.sample(TOPICS[gi].labels, 2)
    w = 0.36
    for k in range(2):
        heights = [rng.uniform(10, 90) for _ in bands]
        ax.bar([i + (k - 0.5) * w for i in range(len(bands))], heights, w, color=PALETTE[k])
    ax.set_xlim(-0.6, len(bands) - 0.4)
    ax.set_ylim(0, 100)
    ax.set_xticks([])
    for k, b in enumerate(bands):
        t = ax.text(k, -0.03, b, transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5)
        truth.add(t, "category", INFERABLE, why, inductance=_exactly_inferable(why, k, len(bands)))
    _grid(ax, truth, [0, 20, 40, 60, 80, 100])
    _legend_row(fig, truth, names, PALETTE, 0.88, "box", *_status(None), lambda k: False)
    _credit(fig, rng, truth)
    return rng.choice(("Use of the two services by age", "Reach by age group"))


def library_pie(fig, rng: random.Random, truth: Truth) -> str:
    """A pie with the shares in its slices (they sum to 100) and a column of dots and names at the
    right; the title at the top left."""
    ax = fig.add_axes((0.06, 0.08, 0.55, 0.78))
    gi = rng.randrange(len(TOPICS))
    names = rng.sample(TOPICS[gi].labels, rng.randint(3, 5))
    shares = _pie_shares(rng, len(names), 8)
    colours = PALETTE[: len(names)]
    ax.pie(shares, colors=colours, startangle=90, counterclock=False)
    ax.set_aspect("equal")
    _share_labels(ax, truth, shares, 0.65, "a slice's share (the rest's remainder)", fontsize=8.5)
    for k, (name, colour) in enumerate(zip(names, colours, strict=True)):
        y = 0.7 - 0.08 * k
        fig.add_artist(mlines.Line2D([0.68], [y], marker="o", ms=7, color=colour, lw=0))
        truth.add(fig.text(0.7, y, name, va="center", fontsize=9), "legend", *_status(None))
    title = rng.choice(("Share of traffic by source", "Where the audience comes from"))
    truth.add(fig.text(0.04, 0.95, title, va="top", fontsize=12, weight="bold"), "title", NOT_TARGET, "title")
    _credit(fig, rng, truth)
    return title


def compose(fig, rng: random.Random, truth: Truth, kind: str) -> str:
    """Draw a library-styled chart of ``kind`` on ``fig``; returns its title (the caption)."""
    return globals()[kind](fig, rng, truth)
