"""The registry of corpus styles (see :mod:`.record`): ``corpus.styles`` in params names them.

The looks follow the web-chart style sets the real-figure path was tested on
(``benchmarks/webcharts/``): statistics portals, data-explainer sites, web chart libraries and
research figures on a dark page. Add a style by adding one record here; a figure's style is
recorded in its spec, and the extended preset draws every kind in every style.
"""

from __future__ import annotations

from scifigbench.corpus.styles.record import Style

_STYLES = (
    Style(name="paper", doc="the paper's figures: white page, no gridlines, no furniture"),
    Style(
        name="portal",
        doc="a statistics portal: gridlines behind the marks, a source link and a copyright line",
        grid="y",
        hidden_spines=("top", "right", "left"),
        furniture=("Additional information  ·  Show source", "© ResearchStats 2025"),
    ),
    Style(
        name="explainer",
        doc="a data-explainer site: title on the left, light gridlines, a credit line under the chart",
        grid="y",
        grid_colour="#d9d9d9",
        hidden_spines=("top", "right", "left"),
        title_loc="left",
        furniture=("Source: results reported by the authors (Table {n})  ·  Chart: ML Review",),
        extra_rc={"axes.titleweight": "bold"},
    ),
    Style(
        name="library",
        doc="a web chart library: no frame, dotted gridlines on both axes, a data credit",
        grid="both",
        grid_colour="#cccccc",
        hidden_spines=("top", "right", "left", "bottom"),
        furniture=("Data: public leaderboards, accessed March 2025",),
        extra_rc={"grid.linestyle": ":"},
    ),
    Style(
        name="dark",
        doc="a research figure on a dark slide: light text on a near-black page",
        background="#1e1e24",
        ink="#e8e8e8",
        grid="y",
        grid_colour="#44444c",
    ),
)

STYLES: dict[str, Style] = {s.name: s for s in _STYLES}
DEFAULT_STYLE = "paper"


def corpus_style(name: str) -> Style:
    """The style record named ``name``; an unknown name fails with the known ones listed."""
    try:
        return STYLES[name]
    except KeyError:
        raise KeyError(f"unknown corpus style {name!r} (known: {', '.join(STYLES)})") from None


__all__ = ["DEFAULT_STYLE", "STYLES", "Style", "corpus_style"]
