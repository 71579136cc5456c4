"""The third style set of the web-chart generator: charts of statistics portals.

Survey pages (the first two sets) draw bare bars with names and values; statistics portals draw a
conventional chart instead: gridlines behind the bars, formatted ticks ('2,000', '40%'), a rotated
axis title naming the quantity and its unit, values with thousands separators or a decimal ('1,234',
'45.2%') over every column, years marked as forecasts ('2025*'), donuts with a swatch legend, and
under the chart two page links and a copyright line. The page title is usually outside the image:
the caption then carries it alone. Its seeds (in ``generate.STYLE_SETS``; ``dev5`` even, ``held5``
odd) draw these; the truth of every text comes from how it was drawn, as in ``generate.py``.
"""

from __future__ import annotations

import random

import matplotlib.pyplot as plt
from generate import (
    COLOURS,
    DEMOGRAPHICS,
    INFERABLE,
    NOT_TARGET,
    TOPICS,
    Truth,
    _exactly_inferable,
    _pie_shares,
    _share_labels,
    _status,
    _ticks,
)

COMPANIES = ("Netflix", "Spotify", "Airbnb", "Zoom", "Peloton", "Etsy", "Shopify", "Duolingo")
# the axis title (quantity and unit), and the page title that names that quantity
QUANTITIES = (
    ("Revenue in billion U.S. dollars", "Annual revenue of {}"),
    ("Number of subscribers in millions", "Paid subscribers of {}"),
    ("Net income in million U.S. dollars", "Net income of {}"),
    ("Number of employees", "Employees of {}"),
)
COPYRIGHTS = ("© Statista 2025", "© StatBase 2024", "© Data portal 2025")
LINKS = ("Additional Information", "Show source", "Details", "Embed")
GRID = "#e3e3e3"


def _quantity(rng: random.Random, y0: int, y1: int) -> tuple[str, str, bool]:
    """An axis title, the page title, and whether that title names the axis's quantity (it usually
    does: 'Annual revenue of Netflix from 2015 to 2024'); otherwise the axis title is unique
    content a reader cannot tell from the rest."""
    axis, phrase = rng.choice(QUANTITIES)
    company = rng.choice(COMPANIES)
    if rng.random() < 0.65:
        return axis, f"{phrase.format(company)} from {y0} to {y1}", True
    return axis, f"{company}: key figures {y0}-{y1}", False


def _axis_title(ax, truth: Truth, text: str, named: bool, axis: str = "y") -> None:
    if axis == "y":
        t = ax.text(-0.11, 0.5, text, rotation=90, transform=ax.transAxes, ha="center", va="center", fontsize=9)
    else:
        t = ax.text(0.5, -0.13, text, transform=ax.transAxes, ha="center", va="top", fontsize=9)
    status, why = (
        (INFERABLE, "named by the page title, or the generic heading of any survey share") if named else _status(None)
    )
    truth.add(t, "axis_title", status, why)


def _frame(ax, axis: str, ticks: list[float]) -> None:
    """Gridlines at the ticks and no frame but the baseline, as portal charts draw them."""
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(side == ("bottom" if axis == "y" else "left"))
    ax.set_xticks([])
    ax.set_yticks([])
    for v in ticks[1:]:
        (ax.axhline if axis == "y" else ax.axvline)(v, color=GRID, lw=0.8, zorder=0)


def _years(rng: random.Random, truth: Truth, ax, n: int) -> list[str]:
    """Year names under columns; the last one or two marked as forecasts ('2025*') half the time.
    A plain year inside a regular run is named exactly from its neighbours; a starred one is not
    (its star is a footnote mark the run does not give)."""
    first = rng.choice((2013, 2015, 2016))
    stars = rng.choice((0, 1, 2)) if rng.random() < 0.5 else 0
    names = [f"{first + k}{'*' if k >= n - stars else ''}" for k in range(n)]
    for k, name in enumerate(names):
        t = ax.text(k, -0.03, name, transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5)
        starred = name.endswith("*")
        why = "a forecast year: its star is not given by the run" if starred else "ordered years"
        truth.add(t, "category", INFERABLE, why, inductance=not starred and _exactly_inferable("ordered years", k, n))
    return names


def _scaled(rng: random.Random, n: int) -> tuple[list[float], str, list[float], str]:
    """Values, their label format, the y ticks and the tick format: thousands with separators
    ('4,512' on ticks '2,000') or tenths ('27.4' on ticks '10')."""
    if rng.random() < 0.5:
        values = [float(rng.randint(800, 9000)) for _ in range(n)]
        return values, "{:,.0f}", [0, 2000, 4000, 6000, 8000, 10000], "{:,.0f}"
    values = [rng.randint(40, 380) / 10 for _ in range(n)]
    return values, "{:.1f}", [0, 10, 20, 30, 40], "{:g}"


def _values(ax, truth: Truth, xs, ys, fmt: str, lift: float, horizontal: bool = False) -> None:
    for x, y in zip(xs, ys, strict=True):
        if horizontal:
            t = ax.text(y + lift, x, fmt.format(y), va="center", ha="left", fontsize=8)
        else:
            t = ax.text(x, y + lift, fmt.format(y), va="bottom", ha="center", fontsize=8)
        truth.add(t, "value", NOT_TARGET, "a data value", estimate=True)


def columns_years(fig, ax, rng, truth) -> str:
    n = rng.randint(6, 10)
    values, fmt, ticks, tick_fmt = _scaled(rng, n)
    ax.bar(range(n), values, color=rng.choice(("#0f6fc6", "#1d4e89", "#3a7fc1")), width=0.62, zorder=2)
    names = _years(rng, truth, ax, n)
    _values(ax, truth, range(n), values, fmt, ticks[-1] * 0.01)
    ax.set_ylim(0, ticks[-1])
    ax.set_xlim(-0.6, n - 0.4)
    _frame(ax, "y", ticks)
    _ticks(ax, truth, "y", ticks, tick_fmt)
    axis, caption, named = _quantity(rng, int(names[0]), int(names[-1].rstrip("*")))
    _axis_title(ax, truth, axis, named)
    return caption


def hbar_ranking(fig, ax, rng, truth) -> str:
    gi = rng.randrange(len(TOPICS))
    labels = rng.sample(TOPICS[gi].labels, rng.randint(5, min(8, len(TOPICS[gi].labels))))
    values = sorted((rng.randint(30, 850) / 10 for _ in labels), reverse=True)
    ys = list(range(len(labels)))[::-1]
    ax.barh(ys, values, color=rng.choice(("#0f6fc6", "#3a7fc1")), height=0.6, zorder=2)
    for y, lab in zip(ys, labels, strict=True):
        t = ax.text(-0.015, y, lab, transform=ax.get_yaxis_transform(), ha="right", va="center", fontsize=8.5)
        truth.add(t, "category", *_status(None))
    _values(ax, truth, ys, values, "{:.1f}%", 1.0, horizontal=True)
    ticks = [0, 20, 40, 60, 80, 100]
    ax.set_xlim(0, 100)
    ax.set_ylim(-0.6, len(labels) - 0.4)
    _frame(ax, "x", ticks)
    _ticks(ax, truth, "x", ticks, "{:g}%")
    _axis_title(ax, truth, "Share of respondents", named=True, axis="x")
    return rng.choice(
        ("Share of adults using selected services in 2024", "Leading choices among U.S. respondents in 2024")
    )


def donut(fig, ax, rng, truth) -> str:
    """Wedges with their percentages (summing to 100, so any one is the rest's remainder) and a
    swatch legend at the right naming topics (unique) or age bands (an ordered run)."""
    if rng.random() < 0.6:
        gi = rng.randrange(len(TOPICS))
        names, why = tuple(rng.sample(TOPICS[gi].labels, rng.randint(3, 5))), None
    else:
        names, why = DEMOGRAPHICS[2].labels, DEMOGRAPHICS[2].why
    shares = _pie_shares(rng, len(names), 6)
    colours = rng.sample(COLOURS, len(names))
    ax.pie(shares, colors=colours, startangle=90, counterclock=False, wedgeprops={"width": rng.choice((0.45, 1.0))})
    ax.set_aspect("equal")
    share_why = "a wedge's share (the rest's remainder)"
    _share_labels(ax, truth, shares, 0.78, share_why, fontsize=8.5, color="white", weight="bold")
    status, reason = _status(why)
    for k, (name, c) in enumerate(zip(names, colours, strict=True)):
        y = 0.75 - 0.13 * k
        ax.add_patch(plt.Rectangle((1.08, y - 0.035), 0.05, 0.07, transform=ax.transAxes, color=c, clip_on=False))
        t = ax.text(1.16, y, name, transform=ax.transAxes, va="center", fontsize=8.5)
        truth.add(t, "legend", status, reason, inductance=_exactly_inferable(why, k, len(names)))
    return rng.choice(("Distribution of respondents in 2024", "Breakdown of the survey sample in 2024"))


def line_points(fig, ax, rng, truth) -> str:
    """One or two lines with a value over every point; two lines are named in a legend on top."""
    n = rng.randint(6, 9)
    two = rng.random() < 0.5
    gi = rng.randrange(len(TOPICS))
    series = rng.sample(TOPICS[gi].labels, 2 if two else 1)
    ticks = [0, 10, 20, 30, 40, 50]
    for k, name in enumerate(series):
        ys = [round(min(47, max(3, 12 + 18 * k + rng.uniform(-6, 6))), 1) for _ in range(n)]
        colour = ("#0f6fc6", "#263238")[k]
        ax.plot(range(n), ys, color=colour, lw=2, marker="o", ms=4, zorder=3)
        if not two or k == 0:  # values over the points of one line (two lines' values would collide)
            _values(ax, truth, range(n), ys, "{:.1f}", 1.0)
        if two:
            x = 0.02 + 0.35 * k
            ax.plot([x, x + 0.05], [1.06, 1.06], color=colour, lw=2, transform=ax.transAxes, clip_on=False)
            t = ax.text(x + 0.065, 1.06, name, transform=ax.transAxes, va="center", fontsize=8.5)
            truth.add(t, "legend", *_status(None))
    names = _years(rng, truth, ax, n)
    ax.set_ylim(0, 50)
    ax.set_xlim(-0.5, n - 0.5)
    _frame(ax, "y", ticks)
    _ticks(ax, truth, "y", ticks, "{:g}%")
    _axis_title(ax, truth, "Share of respondents", named=True)
    return f"Share of adults who use selected services from {names[0]} to {names[-1].rstrip('*')}"


def stacked_columns(fig, ax, rng, truth) -> str:
    """Columns of two or three named segments, each value in white inside its segment, and a
    swatch legend centred under the year names."""
    n = rng.randint(5, 8)
    gi = rng.randrange(len(TOPICS))
    series = rng.sample(TOPICS[gi].labels, rng.choice((2, 3)))
    colours = rng.sample(COLOURS, len(series))
    base = [0.0] * n
    for c in colours:
        part = [float(rng.randint(8, 30)) for _ in range(n)]
        ax.bar(range(n), part, bottom=base, color=c, width=0.62, zorder=2)
        for x, b, v in zip(range(n), base, part, strict=True):
            t = ax.text(x, b + v / 2, f"{v:.0f}", ha="center", va="center", fontsize=8, color="white")
            truth.add(t, "value", NOT_TARGET, "a data value", estimate=True)
        base = [b + v for b, v in zip(base, part, strict=True)]
    names = _years(rng, truth, ax, n)
    ticks = [0, 20, 40, 60, 80, 100]
    ax.set_ylim(0, 100)
    ax.set_xlim(-0.6, n - 0.4)
    _frame(ax, "y", ticks)
    _ticks(ax, truth, "y", ticks, "{:g}")
    width = sum(0.08 + 0.016 * len(s) for s in series)
    x = 0.5 - width / 2
    for name, c in zip(series, colours, strict=True):
        ax.add_patch(plt.Rectangle((x, -0.2), 0.025, 0.04, transform=ax.transAxes, color=c, clip_on=False))
        t = ax.text(x + 0.035, -0.18, name, transform=ax.transAxes, va="center", fontsize=8.5)
        truth.add(t, "legend", *_status(None))
        x += 0.08 + 0.016 * len(name)
    axis, caption, named = _quantity(rng, int(names[0]), int(names[-1].rstrip("*")))
    _axis_title(ax, truth, axis, named)
    return caption


def _furniture(fig, rng: random.Random, truth: Truth) -> None:
    """Two page links under the chart at the left, the copyright at the right."""
    x = 0.03
    for link in rng.sample(LINKS, 2):
        t = fig.text(x, 0.03, link, fontsize=8, color="#1a5e9a")
        truth.add(t, "furniture", NOT_TARGET, "web page UI text")
        x += 0.05 + 0.013 * len(link)
    t = fig.text(0.97, 0.03, rng.choice(COPYRIGHTS), fontsize=8, color="#666666", ha="right")
    truth.add(t, "furniture", NOT_TARGET, "copyright line")


def compose(fig, rng: random.Random, truth: Truth, kind: str) -> str:
    """Draw a portal chart of ``kind`` on ``fig``; returns the page title (the caption). The title
    is printed over the chart only now and then: portals print it on the page around the image."""
    left = 0.3 if kind == "hbar_ranking" else 0.14
    width = 0.5 if kind == "donut" else 0.93 - left
    bottom = 0.24 if kind == "stacked_columns" else 0.2
    ax = fig.add_axes((left, bottom, width, 0.62))
    caption = globals()[kind](fig, ax, rng, truth)
    if rng.random() < 0.3:
        t = fig.text(0.03, 0.95, caption, fontsize=11, weight="bold")
        truth.add(t, "title", NOT_TARGET, "title")
    _furniture(fig, rng, truth)
    return caption
