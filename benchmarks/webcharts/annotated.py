"""The seventh style set of the web-chart generator: charts that talk, and charts with their table.

Statistics pages annotate their charts (a callout at a peak, the name of a shaded period, a labelled
reference line) and often print the chart's data as a table under it, where the series names and
years of the chart are printed a second time. Its seeds (in ``generate.STYLE_SETS``; ``dev9`` even,
``held9`` odd) draw these; the truth of every text comes from how it was drawn, as in
``generate.py``.
"""

from __future__ import annotations

import random

import matplotlib.lines as mlines
from generate import COLOURS, INFERABLE, NOT_TARGET, TOPICS, Truth, _status, _ticks

CALLOUTS = ("Record high", "Lowest since 2008", "Policy change", "Pandemic dip", "New entrant")
PERIODS = ("Recession", "Lockdown", "Strike", "Election year")
REFERENCES = ("Average", "Target", "Pre-crisis level")


def _frame(ax) -> None:
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.set_xticks([])
    ax.set_yticks([])


def annotated_line(fig, rng: random.Random, truth: Truth) -> str:
    """One series over years with a callout (text and arrow) at its peak or trough, a shaded period
    named at its top, and a dashed reference line named at its right end."""
    ax = fig.add_axes((0.1, 0.16, 0.78, 0.66))
    years = list(range(2010, 2024))
    ys = [rng.uniform(30, 70) for _ in years]
    ax.plot(years, ys, color=rng.choice(COLOURS), lw=2)
    ax.set_xlim(2009.5, 2023.5)
    ax.set_ylim(0, 100)
    _frame(ax)
    for v in (25, 50, 75, 100):
        ax.axhline(v, color="#e8e8e8", lw=0.8, zorder=0)
    _ticks(ax, truth, "y", [0, 25, 50, 75, 100])
    _ticks(ax, truth, "x", [2010, 2012, 2014, 2016, 2018, 2020, 2022])
    k = max(range(len(ys)), key=lambda i: ys[i])
    at = (years[k] + (1.5 if k < len(years) - 4 else -4), ys[k] + 14)
    ax.annotate("", xy=(years[k], ys[k]), xytext=at, arrowprops={"arrowstyle": "->", "color": "#555555"})
    truth.add(ax.text(*at, rng.choice(CALLOUTS), fontsize=8.5), "annotation", *_status(None))
    a = rng.randrange(0, len(years) - 4)
    ax.axvspan(years[a], years[a + 2], color="#eeeeee", zorder=0)
    t = ax.text((years[a] + years[a + 2]) / 2, 95, rng.choice(PERIODS), ha="center", fontsize=8, color="#666666")
    truth.add(t, "annotation", *_status(None))
    level = rng.uniform(20, 35)
    ax.axhline(level, color="#888888", lw=1, ls="--")
    t = ax.text(2023.6, level, rng.choice(REFERENCES), va="center", fontsize=8, color="#666666")
    truth.add(t, "annotation", INFERABLE, "names the reference line it stands at (the kind of line drawn)")
    title = "Index of activity, 2010-2023"
    truth.add(fig.text(0.05, 0.93, title, fontsize=12, weight="bold"), "title", NOT_TARGET, "title")
    return title


def chart_with_table(fig, rng: random.Random, truth: Truth) -> str:
    """Two or three series as lines over four years, named in a legend over the chart, and the same
    data printed as a table under it (series by year): each name and year is printed twice."""
    ax = fig.add_axes((0.1, 0.45, 0.85, 0.4))
    years = [2020, 2021, 2022, 2023]
    gi = rng.randrange(len(TOPICS))
    names = rng.sample(TOPICS[gi].labels, rng.choice((2, 3)))
    data = [[rng.randint(10, 90) for _ in years] for _ in names]
    for k, row in enumerate(data):
        ax.plot(years, row, color=COLOURS[k], lw=2, marker="o", ms=4)
    ax.set_xlim(2019.7, 2023.3)
    ax.set_ylim(0, 100)
    _frame(ax)
    _ticks(ax, truth, "y", [0, 50, 100])
    for y in years:
        t = ax.text(y, -0.04, str(y), transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5)
        truth.add(t, "tick", INFERABLE, "a year printed again in the table", inductance=True)
    twice = "printed again in the table under the chart"
    x = 0.1
    for k, name in enumerate(names):
        fig.add_artist(mlines.Line2D([x, x + 0.03], [0.9, 0.9], color=COLOURS[k], lw=2))
        t = fig.text(x + 0.04, 0.9, name, va="center", fontsize=8.5)
        truth.add(t, "legend", INFERABLE, twice, inductance=True)
        x += 0.08 + 0.013 * len(name)
    # the table: a header row of years, then one row per series
    top = 0.3
    for j, y in enumerate(years):
        t = fig.text(0.42 + 0.14 * j, top, str(y), ha="center", fontsize=8.5, weight="bold")
        truth.add(t, "table", INFERABLE, "a year printed again over the chart", inductance=True)
    for i, (name, row) in enumerate(zip(names, data, strict=True)):
        yy = top - 0.06 * (i + 1)
        t = fig.text(0.1, yy, name, fontsize=8.5)
        truth.add(t, "table", INFERABLE, "printed again in the legend over the chart", inductance=True)
        for j, v in enumerate(row):
            t = fig.text(0.42 + 0.14 * j, yy, str(v), ha="center", fontsize=8.5)
            truth.add(t, "value", NOT_TARGET, "a table cell")
    title = rng.choice(("Use over four years", "Four years of reach"))
    truth.add(fig.text(0.05, 0.95, title, fontsize=12, weight="bold", va="top"), "title", NOT_TARGET, "title")
    return title


def compose(fig, rng: random.Random, truth: Truth, kind: str) -> str:
    """Draw an annotated chart or a chart with its table of ``kind`` on ``fig``; returns its title."""
    return globals()[kind](fig, rng, truth)
