"""What every kind's drawer shares: the record of a drawn figure and the figure's base font size.

A kind's ``draw`` adds its marks to a :class:`Drawing` (and the texts it prints, with their
meaning), so the renderer can measure text boxes and tests can read the drawn data back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import matplotlib
from matplotlib.axes import Axes
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

    def add(self, text: Text | None, **meta: Any) -> None:
        if text is not None and text.get_text().strip():
            self.texts.append((text, meta))


def font_size() -> float:
    """The figure's base font size (set through rc_context while drawing)."""
    return float(matplotlib.rcParams["font.size"])
