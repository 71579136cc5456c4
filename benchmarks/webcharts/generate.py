"""Survey-style web statistics charts (Pew-like) with the true role of every printed text.

A held-apart genre test for the real-figure path: the project's own figures are arXiv plots, while
the charts it must handle also come from web statistics pages, which print page furniture (credits,
source notes, buttons) around the chart and label their bars with demographic groups and answer
scales that a reader can infer from their neighbours. This generator draws such charts with
matplotlib and the fonts the package ships, and writes next to each PNG a JSON file saying, for
each text it drew, what it is (furniture, title, category, legend entry, tick...), whether it is a
valid admittance target and, if not, why (an ordered series, a complementary pair, an option set,
furniture...), and whether a reader could infer it (an inductance target). That truth comes from
how the chart was built, never from the code under test.

Seeds split into dev (even) and held-out (odd: ``held`` below 42, ``held2`` from 42 on,
``held3`` from 84 on, see :func:`split_of`); charts from seed 84 on are saved through JPEG as web
pages serve them; two consecutive seeds share a chart kind so that every split holds every kind.
Seeds from 126 on draw a second style set never seen while the first rules were written (dot
plots, values inside the bars' ends, a percent sign on the first value only, renders up to twice
as large), split into ``dev4`` (even) and ``held4`` (odd). Seeds from 168 on draw a third set,
the charts of statistics portals (``portal.py``: gridlines, formatted ticks, rotated axis titles,
donuts, forecast years, a copyright line), split into ``dev5`` and ``held5``; seeds from 210 on
the charts of data-explainer sites (``explainer.py``: titles, logos and credits in the image, line
ends named in colour, labelled scatters, units on ticks, the continents; saved as PNG), split into
``dev6`` and ``held6``; seeds from 252 on research-paper figures in other dresses
(``academic.py``: facet strips, confusion matrices, dark pages, powers of ten), split into
``dev7`` and ``held7``; seeds from 294 on the look of web charting libraries (``libraries.py``:
centred titles, legend rows of dots, lines or boxes, library credits, pies with a dot legend),
split into ``dev8`` and ``held8``; seeds from 336 on charts with callouts, named periods and
reference lines, and charts with their data table under them (``annotated.py``), split into
``dev9`` and ``held9``. Seeds from 378 on (``HELD17``, 42 of them) draw every style set in turn and
are all held out: frozen in session 18 before the admittance rules of issue 41 were written.

    PYTHONPATH=src python benchmarks/webcharts/generate.py --out /tmp/webcharts [--n 378]
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from scifigbench import fonts  # noqa: E402

VALID, INFERABLE, NOT_TARGET = "valid", "inferable", "not_a_target"


@dataclass(frozen=True)
class Group:
    """Labels that appear together, and whether each can be told from the others."""

    labels: tuple[str, ...]
    why: str | None  # None: each label is unique content; else why any one is inferable


# Demographic breakdowns and answer scales: any member is inferable from the others.
HEADERS = ("Gender", "Age", "Age", "Race/ethnicity", "Education", "Party", "Party", "Income", "Community")
HEADERS += ("Generation", "Region")
DEMOGRAPHICS = (
    Group(("Men", "Women"), "complementary pair (gender)"),
    Group(("Ages 18-29", "30-49", "50-64", "65+"), "ordered age bands"),
    Group(("0-17 years", "18-34 years", "35-54 years", "55+ years"), "ordered age bands"),
    Group(("White", "Black", "Hispanic", "Asian"), "the standard race/ethnicity set"),
    Group(("Postgrad", "College grad", "Some college", "HS or less"), "ordered education levels"),
    Group(("Rep/Lean Rep", "Dem/Lean Dem"), "complementary pair (party)"),
    Group(("Republican", "Democrat", "Independent"), "the standard party set"),
    Group(("Upper income", "Middle income", "Lower income"), "ordered income tiers"),
    Group(("Urban", "Suburban", "Rural"), "the standard community-type set"),
    Group(("Gen Z", "Millennial", "Gen X", "Boomer"), "ordered generations"),
    Group(("Northeast", "Midwest", "South", "West"), "the four US census regions"),
)
SCALES = (
    Group(("Disapprove", "Approve"), "complementary pair (approve/disapprove)"),
    Group(("Unfavorable", "Favorable"), "complementary pair (favorable/unfavorable)"),
    Group(("Illegal in all/most cases", "Legal in all/most cases"), "complementary pair (legal/illegal)"),
    Group(("Disagree", "Agree"), "complementary pair (agree/disagree)"),
    Group(("Oppose", "Favor"), "complementary pair (favor/oppose)"),
    Group(("Worse", "About the same", "Better"), "closed answer set (better/same/worse)"),
    Group(("Not at all", "Not too", "Somewhat", "Very"), "ordered intensity scale"),
    Group(("Strongly disagree", "Somewhat disagree", "Somewhat agree", "Strongly agree"), "ordered agreement scale"),
    Group(("Very unfavorable", "Mostly unfavorable", "Mostly favorable", "Very favorable"), "ordered opinion scale"),
)
DONT_KNOW = "Don't\nknow"
# Topics: each label names something specific that its neighbours do not give away.
TOPICS = (
    Group(("Facebook", "YouTube", "Instagram", "Pinterest", "LinkedIn", "Snapchat", "TikTok", "Reddit"), None),
    Group(("Health care costs", "Gun violence", "Climate change", "Drug addiction", "Federal deficit", "Crime"), None),
    Group(("Germany", "Canada", "Japan", "Brazil", "India", "Nigeria", "Poland", "Sweden", "Indonesia"), None),
    Group(("Local TV news", "Newspapers", "Podcasts", "Cable news", "News websites", "Radio"), None),
    Group(("Scientists", "Military", "Police officers", "Public schools", "Journalists", "Clergy"), None),
    Group(("Smartphone", "Desktop computer", "Tablet", "Smart speaker", "E-reader", "Game console"), None),
)
THEMES = {  # title wording per topic group (never naming a member)
    0: "Use of online platforms",
    1: "What Americans see as a very big problem",
    2: "Views of the U.S. abroad",
    3: "Where people get their news",
    4: "Confidence in groups to act in the public interest",
    5: "Device ownership among U.S. adults",
}
SUBTITLES = (
    "% of U.S. adults who say ...",
    "% who say they ever use each",
    "Among U.S. adults, % who say they have a\ngreat deal or fair amount of confidence",
    "% who say each is ...",
)
ORGS = ("PEW RESEARCH CENTER", "GALLUP", "KNIGHT FOUNDATION", "YouGov", "Ipsos Public Affairs", "AP-NORC")
SOURCES = (
    "Source: Survey of U.S. adults conducted March 13-17, 2013.",
    "Source: Survey conducted Jan. 8-13, 2021.",
    "Data: national survey of 10,221 adults, fielded in Feb. 2024",
    "Source: Bureau of Labor Statistics",
)
NOTES = (
    "Note: Respondents who did not give an answer are not shown.",
    "Note: Whites and Blacks include only non-Hispanics. Hispanics are of any race.",
    "Note: Figures may not add to 100% because of rounding.",
)
UI = ("Show source", "Additional Information", "Embed", "Download", "Share", "Details")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
KINDS = ("hbar_topics", "hbar_demographic", "diverging", "vbar_time", "line_series", "grouped", "stacked")
COLOURS = ("#d1a730", "#7a9c3f", "#2f6f8f", "#a65628", "#8c6bb1", "#5e5e5e", "#cf6d4f")


@dataclass
class Truth:
    """Every text drawn, with its role and target status; boxes are filled in after drawing."""

    items: list[dict] = field(default_factory=list)
    artists: list = field(default_factory=list)
    styles2: bool = (
        False  # seeds of the later style sets: dot plots, values inside bar ends, '%' on the first value only
    )

    def add(
        self, artist, role: str, admittance: str, why: str, inductance: bool = False, estimate: bool = False
    ) -> None:
        """``inductance``: a reader names it exactly from the rest; ``estimate``: a value whose bar
        (or segment) is drawn to scale, so a reader estimates it against the other labelled bars."""
        self.artists.append(artist)
        self.items.append(
            {
                "text": artist.get_text().replace("\n", " "),
                "role": role,
                "admittance": admittance,
                "why": why,
                "inductance": inductance,
                "estimate": estimate,
            }
        )


def _labels(rng: random.Random, pool: tuple[Group, ...], k: int | None = None) -> tuple[tuple[str, ...], str | None]:
    g = rng.choice(pool)
    labels = g.labels if k is None or g.why else tuple(rng.sample(g.labels, min(k, len(g.labels))))
    return labels, g.why


# Sets whose missing member a reader names exactly once the others are visible: two opposite
# sides, a closed set of three answers, a symmetric scale (each answer's mirror is printed).
_CLOSED = ("the standard party set", "closed answer set (better/same/worse)", "ordered agreement scale")
_CLOSED += ("ordered opinion scale", "the four US census regions")


def _exactly_inferable(why: str | None, k: int, n: int) -> bool:
    """Can a reader name label ``k`` of ``n`` exactly from the others (an inductance target)?

    Either side of a two-label complementary pair, a member of a closed set or a symmetric scale,
    any month or year of a regular run of three or more, and a middle member of a run of numeric
    bands or tiers; not a member of a set whose membership is only customary (race, education) or
    an end of a run of bands ('65+')."""
    if why is None:
        return False
    if why.startswith("complementary pair"):
        return n == 2
    if why in _CLOSED:
        return True
    if why in ("ordered months", "ordered years"):
        return n >= 3  # a regular run; two years in a legend ('2019', '2023') give no step
    middles = ("ordered age bands", "ordered income tiers", "the standard community-type set", "ordered generations")
    return why in middles and 0 < k < n - 1


def _status(why: str | None) -> tuple[str, str]:
    return (INFERABLE, why) if why else (VALID, "unique chart content")


def _furniture(fig, rng: random.Random, truth: Truth, bottom: float) -> None:
    y = bottom
    for text in [rng.choice(NOTES)] * (rng.random() < 0.6) + [rng.choice(SOURCES)]:
        truth.add(fig.text(0.03, y, text, fontsize=7.5, color="#555555"), "furniture", NOT_TARGET, "source/note")
        y -= 0.035
    org = fig.text(0.03, y, rng.choice(ORGS), fontsize=8, weight="bold", color="#333333")
    truth.add(org, "furniture", NOT_TARGET, "organisation credit")
    if rng.random() < 0.6:
        x = 0.62
        for ui in rng.sample(UI, rng.choice((1, 2, 3))):
            t = fig.text(x, y, ui, fontsize=8, color="#1a5e9a")
            truth.add(t, "furniture", NOT_TARGET, "web page UI text")
            x += 0.12 + 0.011 * len(ui)
            if x > 0.9:
                break


def _title(fig, rng: random.Random, truth: Truth, title: str) -> None:
    truth.add(fig.text(0.03, 0.95, title, fontsize=12.5, weight="bold"), "title", NOT_TARGET, "title")
    sub = fig.text(0.03, 0.90, rng.choice(SUBTITLES), fontsize=9, color="#555555", va="top", style="italic")
    truth.add(sub, "subtitle", NOT_TARGET, "subtitle")


def _plain(ax, keep_x: bool = False) -> None:
    """No frame but (optionally) the baseline; ticks are drawn as our own texts, with known boxes."""
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(side == "bottom" and keep_x)
    ax.set_xticks([])
    ax.set_yticks([])


def _ticks(ax, truth: Truth, axis: str, values: list[float], fmt: str = "{:g}") -> None:
    """Numeric ticks drawn as our own texts so that each has a known box (a regular sequence)."""
    for v in values:
        if axis == "x":
            t = ax.text(
                v, -0.02, fmt.format(v), transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8.5
            )
        else:
            t = ax.text(
                -0.015, v, fmt.format(v), transform=ax.get_yaxis_transform(), ha="right", va="center", fontsize=8.5
            )
        truth.add(t, "tick", NOT_TARGET, "number on an axis", inductance=True)


def _category_texts(ax, truth: Truth, labels, why: str | None, axis: str, at=None, flush_left: bool = False) -> None:
    """Category names along an axis, at data positions ``at`` (default 0, 1, ...); y names are
    right-aligned against the bars or (``flush_left``) aligned on the page's left margin."""
    status, reason = _status(why)
    x, ha = (-0.4, "left") if flush_left else (-0.02, "right")
    for i, (k, lab) in enumerate(zip(range(len(labels)) if at is None else at, labels, strict=True)):
        if axis == "y":
            t = ax.text(x, k, lab, transform=ax.get_yaxis_transform(), ha=ha, va="center", fontsize=9)
        else:
            t = ax.text(k, -0.03, lab, transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=9)
        truth.add(t, "category", status, reason, inductance=_exactly_inferable(why, i, len(labels)))


def _value_labels(ax, truth: Truth, xs, ys, horizontal: bool, fmt: str, inside: bool = False) -> None:
    """Values at the bars' ends (``inside``: white, just inside the end); ``fmt`` 'first%' puts
    the percent sign on the first value only, as web charts often do."""
    for k, (x, y) in enumerate(zip(xs, ys, strict=True)):
        text = (("{}%" if k == 0 else "{}") if fmt == "first%" else fmt).format(y)
        if horizontal and inside:
            t = ax.text(y - 1, x, text, va="center", ha="right", fontsize=8.5, color="white")
        elif horizontal:
            t = ax.text(y + 1, x, text, va="center", ha="left", fontsize=8.5)
        else:
            t = ax.text(x, y + 1, text, va="bottom", ha="center", fontsize=8.5)
        truth.add(t, "value", NOT_TARGET, "a data value", estimate=True)


def _hbar(fig, ax, rng, truth, labels, why) -> None:
    n = len(labels)
    values = [rng.randint(5, 90) for _ in labels]
    inside = truth.styles2 and rng.random() < 0.5  # values printed in white just inside the bars' ends
    if inside:
        values = [max(v, 12) for v in values]  # room for the number
    ys = list(range(n))[::-1]
    ax.barh(ys, values, color=rng.choice(COLOURS), height=0.6)
    _category_texts(ax, truth, labels, why, "y", at=ys, flush_left=rng.random() < 0.4)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xlim(0, 100)
    if rng.random() < 0.4:
        _plain(ax, keep_x=True)
        _ticks(ax, truth, "x", [0, 25, 50, 75, 100] if rng.random() < 0.5 else [0, 20, 40, 60, 80, 100])
    else:
        _plain(ax)
        formats = ("{}", "{}%", "first%") if truth.styles2 else ("{}", "{}%")
        _value_labels(ax, truth, ys, values, True, rng.choice(formats), inside=inside)


def hbar_topics(fig, ax, rng, truth) -> str:
    gi = rng.randrange(len(TOPICS))
    labels = tuple(rng.sample(TOPICS[gi].labels, rng.randint(4, 6)))
    if rng.random() < 0.5:  # web pages wrap long row names over two lines
        labels = tuple(lab.replace(" ", "\n", 1) if len(lab) > 10 else lab for lab in labels)
    _hbar(fig, ax, rng, truth, labels, None)
    return THEMES[gi]


def hbar_demographic(fig, ax, rng, truth) -> str:
    """'Total' then one or two demographic blocks, each under a bold header when ``headed``."""
    blocks = rng.sample(range(len(DEMOGRAPHICS)), rng.choice((1, 2)))
    headed = rng.random() < 0.5
    rows: list[tuple[str, str, str | None, int, int]] = [("Total", "total", None, 0, 1)]
    for bi in blocks:
        g = DEMOGRAPHICS[bi]
        if headed:
            rows.append((HEADERS[bi], "header", None, 0, 1))
        rows += [(lab, "member", g.why, k, len(g.labels)) for k, lab in enumerate(g.labels)]
    ys = list(range(len(rows)))[::-1]
    colour = rng.choice(COLOURS)
    for (lab, kind, why, k, n), y in zip(rows, ys, strict=True):
        weight = "bold" if kind == "header" else "normal"
        t = ax.text(
            -0.02, y, lab, transform=ax.get_yaxis_transform(), ha="right", va="center", fontsize=9, weight=weight
        )
        if kind == "total":
            truth.add(t, "category", INFERABLE, "aggregate row everyone guesses ('Total')")
        elif kind == "header":
            truth.add(t, "category", INFERABLE, "section header named by the rows under it")
        else:
            truth.add(t, "category", INFERABLE, why or "", inductance=_exactly_inferable(why, k, n))
        if kind != "header":
            v = rng.randint(10, 90)
            ax.barh([y], [v], color=colour, height=0.6)
            truth.add(
                ax.text(v + 1, y, str(v), va="center", ha="left", fontsize=8.5),
                "value",
                NOT_TARGET,
                "a data value",
                estimate=True,
            )
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_xlim(0, 100)
    _plain(ax)
    return rng.choice(
        ("Views differ by group", "Who says the economy is in good shape", "Who follows the news closely")
    )


def stacked(fig, ax, rng, truth) -> str:
    """100 % stacked bars with the answer scale as a swatch legend on top, often with a wrapped
    'Don't know' as its last entry."""
    rows, rows_why = _labels(rng, TOPICS + DEMOGRAPHICS, k=rng.randint(3, 5))
    scale, scale_why = _labels(rng, SCALES)
    answers = list(scale) + ([DONT_KNOW] if rng.random() < 0.6 else [])
    n = len(rows)
    ys = list(range(n))[::-1]
    colours = rng.sample(COLOURS, len(answers))
    left = [0.0] * n
    for c in colours:
        shares = [rng.randint(5, 35) for _ in rows]
        ax.barh(ys, shares, left=left, color=c, height=0.6)
        for y, l0, v in zip(ys, left, shares, strict=True):
            if v >= 9:
                t = ax.text(l0 + v / 2, y, str(v), ha="center", va="center", fontsize=8, color="white")
                truth.add(t, "value", NOT_TARGET, "a data value", estimate=True)
        left = [l0 + v for l0, v in zip(left, shares, strict=True)]
    _category_texts(ax, truth, rows, rows_why, "y", at=ys)
    ax.set_xlim(0, max(left) + 2)
    ax.set_ylim(-0.6, n - 0.2)
    x, y = 0.0, 1.07
    for k, (a, c) in enumerate(zip(answers, colours, strict=True)):
        step = 0.06 + 0.016 * max(len(p) for p in a.split("\n"))
        if x + step > 1.05:  # the legend wraps onto a second row rather than leave the page
            x, y = 0.0, y + 0.1
        ax.add_patch(plt.Rectangle((x, y - 0.02), 0.022, 0.04, transform=ax.transAxes, color=c, clip_on=False))
        t = ax.text(x + 0.03, y, a, transform=ax.transAxes, va="center", fontsize=8.5)
        if a == DONT_KNOW:
            truth.add(t, "legend", INFERABLE, "the standard residual answer of a survey scale")
        else:
            truth.add(t, "legend", INFERABLE, scale_why or "", inductance=_exactly_inferable(scale_why, k, len(scale)))
        x += step
    _plain(ax)
    return rng.choice(("How the public rates each", "Mixed views across groups", "Assessments vary widely"))


def diverging(fig, ax, rng, truth) -> str:
    rows, rows_why = _labels(rng, TOPICS + DEMOGRAPHICS, k=rng.randint(4, 6))
    scale, scale_why = _labels(rng, SCALES[:5])
    with_dk = rng.random() < 0.5
    n = len(rows)
    ys = list(range(n))[::-1]
    left = [rng.randint(10, 60) for _ in rows]
    right = [rng.randint(10, 100 - lv - 5) for lv in left]
    c0, c1 = rng.sample(COLOURS, 2)
    ax.barh(ys, [-v for v in left], color=c0, height=0.6)
    ax.barh(ys, right, color=c1, height=0.6)
    for y, lv, rv in zip(ys, left, right, strict=True):
        truth.add(
            ax.text(-lv / 2, y, str(lv), ha="center", va="center", fontsize=8, color="white"),
            "value",
            NOT_TARGET,
            "a data value",
            estimate=True,
        )
        truth.add(
            ax.text(rv / 2, y, str(rv), ha="center", va="center", fontsize=8, color="white"),
            "value",
            NOT_TARGET,
            "a data value",
            estimate=True,
        )
    _category_texts(ax, truth, rows, rows_why, "y", at=ys)
    ax.set_xlim(-100, 130 if with_dk else 100)
    ax.set_ylim(-0.6, n + 0.6)
    for x, ha, lab, c in ((-3, "right", scale[0], c0), (3, "left", scale[1], c1)):
        t = ax.text(x, n - 0.1, lab, ha=ha, va="bottom", fontsize=9, color=c, weight="bold")
        truth.add(t, "legend", INFERABLE, scale_why or "", inductance=_exactly_inferable(scale_why, 0, 2))
    if with_dk:
        for y in ys:
            truth.add(
                ax.text(115, y, str(rng.randint(1, 9)), ha="center", va="center", fontsize=8),
                "value",
                NOT_TARGET,
                "a data value",
            )
        t = ax.text(115, n - 0.1, DONT_KNOW, ha="center", va="bottom", fontsize=9)
        truth.add(t, "legend", INFERABLE, "the standard residual answer of a survey scale")
    _plain(ax)
    return rng.choice(("Opinions on the proposal", "Public divided on the policy", "Views of the court ruling"))


def vbar_time(fig, ax, rng, truth) -> str:
    if rng.random() < 0.5:
        start = rng.randrange(0, 5)
        labels = MONTHS[start : start + rng.randint(6, 8)]
        why = "ordered months"
    else:
        first = rng.choice((2008, 2010, 2012))
        labels = tuple(str(first + 2 * k) for k in range(rng.randint(5, 7)))
        why = "ordered years"
    values = [rng.randint(20, 80) for _ in labels]
    ax.bar(range(len(labels)), values, color=rng.choice(COLOURS), width=0.6)
    _category_texts(ax, truth, labels, why, "x")
    ax.set_ylim(0, 100)
    ax.set_xlim(-0.6, len(labels) - 0.4)
    _plain(ax, keep_x=True)
    for v in (25, 50, 75, 100):
        ax.axhline(v, color="#dddddd", lw=0.8, zorder=0)
    _ticks(ax, truth, "y", [0, 25, 50, 75, 100])
    if rng.random() < 0.5:
        _value_labels(ax, truth, range(len(labels)), values, False, "{}")
    return rng.choice(("Share saying the country is on the right track", "Consumer confidence over time"))


def line_series(fig, ax, rng, truth) -> str:
    first = rng.choice((2000, 2004, 2010))
    years = [first + 2 * k for k in range(rng.randint(5, 7))]
    if rng.random() < 0.5:
        names, why = _labels(rng, SCALES[:3])
    else:
        gi = rng.randrange(len(TOPICS))
        names, why = tuple(rng.sample(TOPICS[gi].labels, rng.choice((2, 3)))), None
    status, reason = _status(why)
    for k, name in enumerate(names):
        ys = [min(95, max(5, 20 + 25 * k + rng.randint(-10, 10))) for _ in years]
        c = COLOURS[k]
        ax.plot(years, ys, color=c, lw=2)
        t = ax.text(years[-1] + 0.4, ys[-1], name, color=c, va="center", fontsize=9, weight="bold")
        truth.add(t, "series_label", status, reason, inductance=_exactly_inferable(why, k, len(names)))
    ax.set_xlim(years[0] - 0.5, years[-1] + 4.5)
    ax.set_ylim(0, 100)
    _plain(ax, keep_x=True)
    _ticks(ax, truth, "x", years)
    _ticks(ax, truth, "y", [0, 20, 40, 60, 80, 100])
    return rng.choice(("A decade of shifting views", "Trends in public opinion", "How habits changed"))


def grouped(fig, ax, rng, truth) -> str:
    if rng.random() < 0.5:
        gi = rng.randrange(len(TOPICS))
        cats, cats_why = tuple(rng.sample(TOPICS[gi].labels, rng.randint(3, 5))), None
        cats = tuple(c.replace(" ", "\n", 1) for c in cats)  # column names wrap under their bars
    else:
        cats, cats_why = _labels(rng, DEMOGRAPHICS)
    if rng.random() < 0.5:
        series, series_why = ("2019", "2023"), "ordered years"
    else:
        gi = rng.randrange(len(TOPICS))
        series, series_why = tuple(rng.sample(TOPICS[gi].labels, 2)), None
    status, reason = _status(series_why)
    legend_y = 1.06 if rng.random() < 0.6 else -0.16  # above the bars, or below the category names
    w = 0.38
    for k, name in enumerate(series):
        xs = [i + (k - 0.5) * w for i in range(len(cats))]
        vals = [rng.randint(10, 85) for _ in cats]
        ax.bar(xs, vals, width=w, color=COLOURS[k + 1])
        _value_labels(ax, truth, xs, vals, False, "{}")
        sw_x = 0.02 + 0.3 * k
        swatch = plt.Rectangle((sw_x, legend_y - 0.02), 0.025, 0.04, transform=ax.transAxes, color=COLOURS[k + 1])
        ax.add_patch(swatch).set_clip_on(False)
        t = ax.text(sw_x + 0.035, legend_y, name, transform=ax.transAxes, va="center", fontsize=9)
        truth.add(t, "legend", status, reason, inductance=_exactly_inferable(series_why, k, 2))
    _category_texts(ax, truth, cats, cats_why, "x")
    ax.set_ylim(0, 100)
    ax.set_xlim(-0.7, len(cats) - 0.3)
    _plain(ax, keep_x=True)
    return rng.choice(("Changes in how people feel", "Comparing two groups", "Shares across groups"))


JPEG_FROM = 84
# Style sets from the second on, 42 seeds each, split like the first into an even development
# half and an odd held-out half ('dev4'/'held4' for the second, 'dev5'/'held5' for the third...):
# (first seed, chart kinds, module drawing them: None for this module's own kinds)
STYLE_SETS: tuple[tuple[int, tuple[str, ...], str | None], ...] = (
    (126, (*KINDS, "dot_plot"), None),  # dot plots, values inside bar ends, '%' on the first value only
    (168, ("columns_years", "hbar_ranking", "donut", "line_points", "stacked_columns"), "portal"),
    (210, ("line_countries", "bar_countries", "scatter_labelled", "line_continents"), "explainer"),
    (252, ("facet_lines", "confusion", "bars_dark", "loglog"), "academic"),
    (294, ("library_lines", "library_columns", "library_pie"), "libraries"),
    (336, ("annotated_line", "chart_with_table"), "annotated"),
)
PNG_FROM = STYLE_SETS[2][0]  # explainer sites serve PNG: the JPEG round trip stops there
N_SEEDS = STYLE_SETS[-1][0] + 42
# Frozen on 2026-12-05 (session 18) before any admittance rule of issue 41 was written, and run
# once then on the code of that day for a baseline: 42 seeds nobody had drawn, every style set in
# turn (seed by seed), all held out. Read again only when the work is done. Outside ``N_SEEDS``,
# so benchmarks that walk every seed do not draw it unless asked for the split by name.
HELD17 = range(N_SEEDS, N_SEEDS + 42)


def dot_plot(fig, ax, rng, truth) -> str:
    """Two dots per row joined by a grey line, each value printed beside its dot (the lower one
    left of it, the higher one right of it), the two series named in their colours over the first
    row (the dot plots of web survey pages)."""
    rows, rows_why = _labels(rng, TOPICS + DEMOGRAPHICS, k=rng.randint(4, 6))
    if rng.random() < 0.5:
        series, series_why = ("Rep/Lean Rep", "Dem/Lean Dem"), "complementary pair (party)"
    else:
        gi = rng.randrange(len(TOPICS))
        series, series_why = tuple(rng.sample(TOPICS[gi].labels, 2)), None
    n = len(rows)
    ys = list(range(n))[::-1]
    colours = rng.sample(COLOURS, 2)
    firsts = []
    for y in ys:
        a, b = rng.randint(5, 90), rng.randint(5, 90)
        while abs(a - b) < 12:
            b = rng.randint(5, 90)
        ax.plot([a, b], [y, y], color="#cccccc", lw=3, zorder=1)
        for v, c, other in ((a, colours[0], b), (b, colours[1], a)):
            ax.scatter([v], [y], s=70, color=c, zorder=2)
            left_side = v < other
            t = ax.text(
                v - 2.5 if left_side else v + 2.5,
                y,
                str(v),
                ha="right" if left_side else "left",
                va="center",
                fontsize=8.5,
                color=c,
            )
            truth.add(t, "value", NOT_TARGET, "a data value", estimate=True)
        firsts.append((a, b))
    _category_texts(ax, truth, rows, rows_why, "y", at=ys)
    status, reason = _status(series_why)
    a, b = firsts[0]
    for k, (name, v, c) in enumerate(((series[0], a, colours[0]), (series[1], b, colours[1]))):
        t = ax.text(v, n - 0.35, name, ha="center", va="bottom", fontsize=9, color=c, weight="bold")
        truth.add(t, "legend", status, reason, inductance=_exactly_inferable(series_why, k, 2))
    ax.set_xlim(-5, 105)
    ax.set_ylim(-0.6, n + 0.2)
    _plain(ax)
    return rng.choice(("Partisan gaps on key issues", "Two groups compared", "Where the groups differ"))


def _pie_shares(rng: random.Random, n: int, least: int) -> list[int]:
    """``n`` whole percentages summing to 100, cut at random, each at least ``least`` (a wedge wide
    enough for its number)."""
    while True:
        cuts = sorted(rng.sample(range(least, 101 - least), n - 1))
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
        if min(shares) >= least:
            return shares


def _share_labels(ax, truth: Truth, shares: list[int], radius: float, why: str, **style) -> None:
    """Each share printed in the middle of its wedge (the pie starts at the top and runs
    clockwise), ``radius`` from the centre: with the other shares printed, each is their remainder."""
    angle = 90.0
    for share in shares:
        mid = math.radians(angle - share * 1.8)
        angle -= share * 3.6
        t = ax.text(radius * math.cos(mid), radius * math.sin(mid), f"{share}%", ha="center", va="center", **style)
        truth.add(t, "value", NOT_TARGET, why, inductance=True)


def _jpeg_round_trip(png: Path, quality: int) -> None:
    """Rewrite ``png`` as it reads after JPEG compression at ``quality`` (the pipeline imports
    JPEG charts as PNG, so the artefacts stay)."""
    img = cv2.imread(str(png), cv2.IMREAD_COLOR)
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError(f"JPEG encoding failed for {png}")
    cv2.imwrite(str(png), cv2.imdecode(data, cv2.IMREAD_COLOR))


def _style_set(seed: int) -> int | None:
    """The index in ``STYLE_SETS`` of the style set ``seed`` draws, or None for the first set."""
    if seed in HELD17:  # the frozen set draws every style set in turn
        k = (seed - HELD17.start) % (len(STYLE_SETS) + 1)
        return None if k == 0 else k - 1
    return next((k for k in reversed(range(len(STYLE_SETS))) if seed >= STYLE_SETS[k][0]), None)


def split_of(seed: int) -> str:
    """Even seeds are for development; odd ones below 42 were held out while the first rules were
    written and looked at once, odd ones from 42 on ('held2') only when the work was done; odd
    ones from ``JPEG_FROM`` on ('held3', the charts saved as JPEG) only at the end too; the seeds of
    ``HELD17`` are all held out ('held17')."""
    if seed in HELD17:
        return "held17"
    if (k := _style_set(seed)) is not None:  # a later style set: its own development and held-out halves
        return f"{'dev' if seed % 2 == 0 else 'held'}{k + 4}"
    if seed % 2 == 0:
        return "dev"
    return "held" if seed < 42 else "held2" if seed < JPEG_FROM else "held3"


def draw(seed: int, out: Path) -> dict:
    """Draw chart ``seed`` into ``out``/web-<seed>.png with its truth in web-<seed>.json."""
    rng = random.Random(seed)
    style = _style_set(seed)
    styles2 = style is not None
    kinds, module = (KINDS, None) if style is None else STYLE_SETS[style][1:]
    kind = kinds[(seed // 2) % len(kinds)]
    family = rng.choice(("Liberation Sans", "DejaVu Sans"))
    dpi = rng.choice((100, 110, 120, 160, 200)) if styles2 else rng.choice((100, 110, 120))
    fig_id = f"web-{seed:03d}"
    with fonts.strict(fig_id), plt.rc_context({"font.family": family}):
        fig = plt.figure(figsize=(rng.uniform(6.0, 7.2), rng.uniform(5.0, 5.8)), dpi=dpi)
        truth = Truth(styles2=styles2)
        if module is not None:  # its module imports this one's pieces: loaded here, after they exist
            title = importlib.import_module(module).compose(fig, rng, truth, kind)
        else:
            left = 0.3 if kind in ("hbar_topics", "hbar_demographic", "diverging", "stacked", "dot_plot") else 0.1
            ax = fig.add_axes((left, 0.25, 0.9 - left, 0.52))
            title = globals()[kind](fig, ax, rng, truth)
            _title(fig, rng, truth, title)
            _furniture(fig, rng, truth, 0.12)
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        height = fig.bbox.height
        for art, item in zip(truth.artists, truth.items, strict=True):
            bb = art.get_window_extent(renderer)
            item["box"] = [round(bb.x0, 1), round(height - bb.y1, 1), round(bb.x1, 1), round(height - bb.y0, 1)]
        out.mkdir(parents=True, exist_ok=True)
        fig.savefig(out / f"{fig_id}.png", dpi=dpi)
        plt.close(fig)
    if JPEG_FROM <= seed < PNG_FROM:  # pages serve charts as JPEG: blocky edges, tinted backgrounds
        _jpeg_round_trip(out / f"{fig_id}.png", quality=rng.randint(55, 85))
    record = {
        "figure_id": fig_id,
        "seed": seed,
        "split": split_of(seed),
        "kind": kind,
        "caption": title,
        "texts": truth.items,
    }
    (out / f"{fig_id}.json").write_text(json.dumps(record, indent=1, ensure_ascii=False))
    return record


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=Path("/tmp/webcharts"))
    ap.add_argument("--n", type=int, default=N_SEEDS)
    args = ap.parse_args()
    for seed in range(args.n):
        draw(seed, args.out)
    print(f"wrote {args.n} charts to {args.out}")


if __name__ == "__main__":
    main()
