"""The fourth style set of the web-chart generator: charts of data-explainer sites.

Explainer sites draw a chart with its title, subtitle and credits inside the image: a logo box at
the top right, a source line and a licence line at the bottom, dotted gridlines, ticks with their
unit ('10 t', '$5,000'), years at irregular steps ('1990, 2000, 2010, 2022'), a country's name at
the end of its line in the line's colour, names beside chosen points of a scatter, values with units
at the ends of bars, and the six continents named at line ends or in a legend. Its seeds (in
``generate.STYLE_SETS``; ``dev6`` even, ``held6`` odd) draw these; the truth of every text comes
from how it was drawn, as in ``generate.py``.
"""

from __future__ import annotations

import math
import random

from generate import INFERABLE, NOT_TARGET, Truth, _status

COUNTRIES = (
    "United States",
    "China",
    "India",
    "Germany",
    "Brazil",
    "Nigeria",
    "Japan",
    "Mexico",
    "Indonesia",
    "France",
    "Kenya",
    "Vietnam",
)
CONTINENTS = ("Africa", "Asia", "Europe", "North America", "South America", "Oceania")
CONTINENTS_WHY = "the world's continents: any one missing from the rest is named"
PALETTE = ("#3360a9", "#c15065", "#2c8465", "#be5915", "#6d3e91", "#996d39", "#286bbb", "#883039")
LOGOS = ("Data\nAtlas", "World in\nFigures", "Open\nNumbers")
SOURCES = ("Data source: World Bank (2024)", "Data source: UN Population Division (2024)", "Data source: IEA (2023)")
SITES = ("DataAtlas.org/energy | CC BY", "worldinfigures.org/health | CC BY", "opennumbers.net/economy | CC BY")
# (title, subtitle, unit on ticks and values, scale of the values)
MEASURES = (
    ("Per capita CO2 emissions", "Carbon dioxide emissions from fossil fuels, per person", " t", 20.0),
    ("Share of people with internet access", "Share of the population who used the internet", "%", 100.0),
    ("Electricity use per person", "Total electricity consumption divided by population", " kWh", 10000.0),
)


def _unit(v: float, unit: str) -> str:
    """A tick or value with its unit: '10 t', '40%', '2,500 kWh'."""
    number = f"{v:,.0f}" if abs(v) >= 1000 or v == int(v) else f"{v:.1f}"
    return f"{number}{unit}"


def _grid(ax, truth: Truth, values: list[float], unit: str) -> None:
    """Dotted gridlines across the plot with their values at the left, no frame but the baseline."""
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    ax.spines["bottom"].set_color("#999999")
    ax.set_xticks([])
    ax.set_yticks([])
    for v in values:
        if v:
            ax.axhline(v, color="#cccccc", lw=0.8, ls=(0, (2, 2)), zorder=0)
        kw = {"transform": ax.get_yaxis_transform(), "ha": "right", "va": "center", "fontsize": 8.5}
        t = ax.text(-0.015, v, _unit(v, unit), **kw)
        truth.add(t, "tick", NOT_TARGET, "number on an axis", inductance=True)


def _year_ticks(ax, truth: Truth, years: list[int]) -> None:
    """Years under the x-axis. A year is named exactly from its neighbours only where the two steps
    either side of it are equal ('2000' between 1990 and 2010, not '2010' before '2022')."""
    for k, y in enumerate(years):
        t = ax.text(y, -0.03, str(y), transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5)
        even = 0 < k < len(years) - 1 and years[k] - years[k - 1] == years[k + 1] - years[k]
        truth.add(t, "tick", NOT_TARGET, "a year on the axis", inductance=even)


def _spread(ends: list[float], gap: float) -> list[float]:
    """Label heights for line ends ``ends``: each as near its line's end as the gap to its
    neighbours allows, as explainer sites set their end labels."""
    order = sorted(range(len(ends)), key=lambda k: ends[k])
    out = list(ends)
    for a, b in zip(order, order[1:], strict=False):
        out[b] = max(out[b], out[a] + gap)
    return out


def _lines(ax, rng: random.Random, truth: Truth, names, why: str | None, scale: float, unit: str) -> None:
    """One line per name, 1990 to 2022, each named at its end in its own colour."""
    start = rng.choice((1990, 1980))
    years = list(range(start, 2023))
    ticks = [start, start + 10, start + 20, 2022] if start == 1990 else [1980, 1990, 2000, 2010, 2022]
    ends = []
    status, reason = _status(why)
    for k in range(len(names)):
        level = rng.uniform(0.1, 0.85) * scale
        trend = rng.uniform(-0.01, 0.02) * scale
        ys = [max(0.0, level + trend * (y - start) + rng.uniform(-0.02, 0.02) * scale) for y in years]
        ys = [min(v, 0.97 * scale) for v in ys]
        ax.plot(years, ys, color=PALETTE[k], lw=1.6)
        ends.append(ys[-1])
    for k, (name, y) in enumerate(zip(names, _spread(ends, 0.06 * scale), strict=True)):
        t = ax.text(2022.8, y, name, color=PALETTE[k], va="center", fontsize=8.5)
        truth.add(t, "series_label", status, reason, inductance=why is not None)
    ax.set_xlim(start - 0.5, 2022.5)
    ax.set_ylim(0, scale)
    _grid(ax, truth, [scale * f for f in (0, 0.25, 0.5, 0.75, 1.0)], unit)
    _year_ticks(ax, truth, ticks)


def line_countries(fig, ax, rng, truth) -> tuple[str, str]:
    title, subtitle, unit, scale = rng.choice(MEASURES)
    _lines(ax, rng, truth, rng.sample(COUNTRIES, rng.randint(3, 6)), None, scale, unit)
    return title, subtitle


def line_continents(fig, ax, rng, truth) -> tuple[str, str]:
    """All six continents: any one is named by the five others."""
    title, subtitle, unit, scale = rng.choice(MEASURES)
    _lines(ax, rng, truth, CONTINENTS, CONTINENTS_WHY, scale, unit)
    return title + " by continent", subtitle


def bar_countries(fig, ax, rng, truth) -> tuple[str, str]:
    """Countries ranked by a measure, each bar's value with its unit at the bar's end."""
    title, subtitle, unit, scale = rng.choice(MEASURES)
    names = rng.sample(COUNTRIES, rng.randint(5, 9))
    values = sorted((rng.uniform(0.05, 0.9) * scale for _ in names), reverse=True)
    values = [round(v, 1) if scale < 1000 else round(v, -1) for v in values]
    ys = list(range(len(names)))[::-1]
    ax.barh(ys, values, color=rng.choice(PALETTE), height=0.65)
    for y, name, v in zip(ys, names, values, strict=True):
        t = ax.text(-0.01, y, name, transform=ax.get_yaxis_transform(), ha="right", va="center", fontsize=8.5)
        truth.add(t, "category", *_status(None))
        t = ax.text(v + 0.01 * scale, y, _unit(v, unit), va="center", ha="left", fontsize=8)
        truth.add(t, "value", NOT_TARGET, "a data value", estimate=True)
    for side in ("top", "right", "bottom", "left"):
        ax.spines[side].set_visible(False)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_xlim(0, scale * 1.15)
    ax.set_ylim(-0.6, len(names) - 0.4)
    return f"{title}, 2022", subtitle


def scatter_labelled(fig, ax, rng, truth) -> tuple[str, str]:
    """Life expectancy against income on a log axis ('$1,000', '$2,000', '$5,000'...), points
    coloured by continent with a continent legend, a few points named beside them."""
    dollars = [1000, 2000, 5000, 10000, 20000, 50000]
    ax.set_xscale("log")
    ax.set_xlim(700, 80000)
    ax.set_ylim(50, 85)
    named = rng.sample(COUNTRIES, rng.randint(3, 5))
    points = []
    for k in range(18):
        c = k % len(CONTINENTS)
        x = math.exp(rng.uniform(math.log(900), math.log(60000)))
        y = 52 + 28 * (math.log(x) - math.log(900)) / (math.log(60000) - math.log(900)) + rng.uniform(-3, 3)
        ax.scatter([x], [y], s=28, color=PALETTE[c], zorder=3)
        points.append((x, y))
    status, reason = _status(None)
    for name, (x, y) in zip(named, rng.sample(points, len(named)), strict=True):
        t = ax.text(x * 1.08, y, name, fontsize=8, va="center", color="#444444")
        truth.add(t, "point_label", status, reason)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.set_xticks([])
    ax.set_yticks([])
    for v in (50, 60, 70, 80):
        ax.axhline(v, color="#cccccc", lw=0.8, ls=(0, (2, 2)), zorder=0)
        kw = {"transform": ax.get_yaxis_transform(), "ha": "right", "va": "center", "fontsize": 8.5}
        t = ax.text(-0.015, v, f"{v} years", **kw)
        truth.add(t, "tick", NOT_TARGET, "number on an axis", inductance=v in (60, 70))
    for k, d in enumerate(dollars):
        t = ax.text(d, -0.03, f"${d:,}", transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5)
        truth.add(t, "tick", NOT_TARGET, "a 1-2-5 run of a log axis", inductance=0 < k < len(dollars) - 1)
    t = ax.text(0.5, -0.12, "GDP per capita", transform=ax.transAxes, ha="center", va="top", fontsize=9)
    truth.add(t, "axis_title", INFERABLE, "named by the title")
    kw = {"rotation": 90, "transform": ax.transAxes, "ha": "center", "va": "center", "fontsize": 9}
    t = ax.text(-0.19, 0.5, "Life expectancy", **kw)
    truth.add(t, "axis_title", INFERABLE, "named by the title")
    for k, name in enumerate(CONTINENTS):
        x, y = 1.02, 0.95 - 0.07 * k
        ax.scatter([x], [y], s=28, color=PALETTE[k], transform=ax.transAxes, clip_on=False)
        t = ax.text(x + 0.03, y, name, transform=ax.transAxes, va="center", fontsize=8.5)
        truth.add(t, "legend", INFERABLE, CONTINENTS_WHY, inductance=True)
    return "Life expectancy vs. GDP per capita, 2022", "Period life expectancy at birth and GDP per person"


def _frame_texts(fig, rng: random.Random, truth: Truth, title: str, subtitle: str) -> None:
    """Title and subtitle at the top left, the logo box at the top right, credits at the bottom."""
    t = fig.text(0.03, 0.955, title, fontsize=12, weight="bold", color="#444444", va="top")
    truth.add(t, "title", NOT_TARGET, "title")
    t = fig.text(0.03, 0.905, subtitle, fontsize=9, color="#666666", va="top")
    truth.add(t, "subtitle", NOT_TARGET, "subtitle")
    logo = fig.text(0.955, 0.955, rng.choice(LOGOS), fontsize=8, color="white", weight="bold", ha="right", va="top")
    logo.set_bbox({"facecolor": "#1d3d63", "edgecolor": "none", "pad": 4})
    truth.add(logo, "furniture", NOT_TARGET, "site logo")
    t = fig.text(0.03, 0.035, rng.choice(SOURCES), fontsize=7.5, color="#666666")
    truth.add(t, "furniture", NOT_TARGET, "source line")
    t = fig.text(0.97, 0.035, rng.choice(SITES), fontsize=7.5, color="#666666", ha="right")
    truth.add(t, "furniture", NOT_TARGET, "site and licence")


def compose(fig, rng: random.Random, truth: Truth, kind: str) -> str:
    """Draw an explainer chart of ``kind`` on ``fig``; returns its title (the caption)."""
    left = {"bar_countries": 0.2, "scatter_labelled": 0.17}.get(kind, 0.1)
    right = {"scatter_labelled": 0.74, "bar_countries": 0.92}.get(kind, 0.8)
    ax = fig.add_axes((left, 0.16, right - left, 0.64))
    title, subtitle = globals()[kind](fig, ax, rng, truth)
    _frame_texts(fig, rng, truth, title, subtitle)
    return title
