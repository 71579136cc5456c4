"""What a corpus style declares: the look a figure is drawn in, on top of its kind's marks.

A style never changes what a figure shows (its data, categories, series, titles and the truth in
its spec); it changes how the page around the data looks: fonts' colour, background, gridlines,
spines, where the title sits, and the page furniture printed around the chart (credits, source
notes, links). Real charts come in such dresses (statistics portals, data-explainer sites, chart
libraries, dark slides); a benchmark drawn in one look only measures that look. Every text a style
prints is recorded in the spec with the role ``furniture``, so the truth stays exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

GridAxis = Literal["y", "both"]


@dataclass(frozen=True)
class Style:
    """One look of the corpus; ``paper`` (the default) is the look the paper's figures have."""

    name: str
    doc: str
    background: str = "white"  # figure and axes face colour
    ink: str | None = None  # colour of every text, tick and spine; None keeps matplotlib's
    grid: GridAxis | None = None  # gridlines behind the marks on these axes
    grid_colour: str = "#e3e3e3"
    hidden_spines: tuple[str, ...] = ("top", "right")
    title_loc: Literal["center", "left"] = "center"
    # printed under the chart, left-aligned (credits, source note, links), worded as real pages
    # word them (never naming this project or calling the chart generated); "{n}" is replaced by
    # a small per-figure number (1-8) so the line differs between figures as on real pages
    furniture: tuple[str, ...] = ()
    extra_rc: dict[str, Any] = field(default_factory=dict)

    def rc(self) -> dict[str, Any]:
        """Matplotlib settings of the look, laid over the figure's own (fonts, sizes)."""
        rc: dict[str, Any] = {
            "figure.facecolor": self.background,
            "axes.facecolor": self.background,
            "savefig.facecolor": self.background,
            "axes.spines.top": "top" not in self.hidden_spines,
            "axes.spines.right": "right" not in self.hidden_spines,
            "axes.spines.left": "left" not in self.hidden_spines,
            "axes.spines.bottom": "bottom" not in self.hidden_spines,
            "axes.titlelocation": self.title_loc,
            **self.extra_rc,
        }
        if self.ink is not None:
            for key in (
                "text.color",
                "axes.labelcolor",
                "axes.edgecolor",
                "xtick.color",
                "ytick.color",
                "axes.titlecolor",
                "legend.labelcolor",
            ):
                rc[key] = self.ink
            rc["legend.facecolor"] = self.background
            rc["legend.edgecolor"] = self.ink
        return rc
