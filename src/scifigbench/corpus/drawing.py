"""What every kind's drawer shares: the record of a drawn figure and the figure's base font size.

A kind's ``draw`` adds its marks to a :class:`Drawing` (and the texts it prints, with their
meaning), so the renderer can measure text boxes and tests can read the drawn data back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.text import Text


@dataclass
class Drawing:
    """A drawn figure with the artists that carry text and data, for boxes and read-back."""

    figure: Figure
    axes: list[Axes]
    texts: list[tuple[Text, dict[str, Any]]] = field(default_factory=list)
    bars: dict[int, list[Any]] = field(default_factory=dict)  # panel -> BarContainer per series
    lines: dict[int, list[Any]] = field(default_factory=dict)  # panel -> Line2D (top edge) per series
    wedges: dict[int, list[Any]] = field(default_factory=dict)  # panel -> Wedge per category
    scales: dict[int, Axes] = field(default_factory=dict)  # panel -> its colour bar's axes (value ticks)
    # steps that need the laid-out figure (pixel geometry), run with the renderer after the layout
    settle: list[Callable[[Any], None]] = field(default_factory=list)

    def add(self, text: Text | None, **meta: Any) -> None:
        if text is not None and text.get_text().strip():
            self.texts.append((text, meta))


def font_size() -> float:
    """The figure's base font size (set through rc_context while drawing)."""
    return float(matplotlib.rcParams["font.size"])


def ink() -> str:
    """The colour the figure's style draws its frame in (set through rc_context while drawing):
    marks that are neither data nor page, such as whiskers on bars, take it, so they stay
    visible on a dark page as on a white one."""
    return str(matplotlib.rcParams["axes.edgecolor"])


def dark_page() -> bool:
    """Whether the page is dark (luminance under a half): a translucent fill on it needs more
    opacity to keep its colour, since the near-black page shows through."""
    r, g, b = to_rgb(page())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5


def page() -> str:
    """The colour of the page the marks sit on (the style's axes face): what a label's backing
    box takes so the label reads on it."""
    return str(matplotlib.rcParams["axes.facecolor"])
