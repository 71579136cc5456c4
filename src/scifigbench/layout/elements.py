"""What the layout reader returns: labels with a role, and the figure's chart frame."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in image pixels

TICK = "axis_tick"
AXIS_TITLE = "axis_title"
LEGEND = "legend_entry"
TITLE = "title"
PANEL_TITLE = "panel_title"
VALUE = "value_label"
ANNOTATION = "annotation"
FURNITURE = "page_furniture"
ROLES = (TICK, AXIS_TITLE, LEGEND, TITLE, PANEL_TITLE, VALUE, ANNOTATION, FURNITURE)
# The reason given to an annotation standing inside the plot area (a direct label of a line, say),
# as opposed to one beside the frame; target rules and questions single these out.
INSIDE_FRAME = "text inside the frame"
SAME_ROW = 0.5  # (label heights) labels whose centres are within half a line of each other stand in one row
LEGEND_COLUMN_REACH = 3.5  # (label heights) entries of one legend column stand at most this far apart (a line
# and its spacing), centre to centre


class TextLine(Protocol):
    """One OCR line (``conditions.ocr.OcrBox`` has this shape)."""

    @property
    def text(self) -> str: ...

    @property
    def box(self) -> Box: ...

    @property
    def score(self) -> float: ...


@dataclass
class Label:
    """One printed label: one or more OCR lines that belong together (a wrapped category name)."""

    index: int
    text: str
    box: Box
    score: float
    lines: tuple[Box, ...]
    value: float | None = None  # the number it shows, if it is one
    rotated: bool = False  # taller than wide: written along a vertical axis
    role: str = ANNOTATION
    axis: str | None = None  # 'x' or 'y' for ticks and axis titles
    run: int | None = None  # which aligned run of ticks it belongs to
    position: int | None = None  # 0-based place in its run (left to right, bottom to top) or legend
    swatch: tuple[int, int, int] | None = None  # BGR colour of the legend swatch or of coloured text
    coloured_text: bool = False  # the colour is the text's own (a direct series label), not a swatch
    block: Box | None = None  # a number printed on a solid block of colour (a bar segment): the block
    filled: bool = False  # words printed on a filled shape (letters on a logo's box, a name inside a bar)
    in_mark: bool = False  # printed on the drawing's own ink (a bar), whose fill runs on well past the words
    band: Box | None = None  # the low band of a colour not the page's under words (a facet strip, a badge)
    why: str = ""  # the rule that gave the role, for overlays and reasons

    @property
    def keyed(self) -> bool:
        """A series' key (swatch) stands on its left: the colour is a legend's, not the text's own."""
        return self.swatch is not None and not self.coloured_text

    @property
    def height(self) -> float:
        return min(self.box[3] - self.box[1], self.box[2] - self.box[0]) if self.rotated else self.box[3] - self.box[1]

    @property
    def cx(self) -> float:
        return (self.box[0] + self.box[2]) / 2

    @property
    def cy(self) -> float:
        return (self.box[1] + self.box[3]) / 2


def in_rows(labels: list[Label]) -> list[list[Label]]:
    """``labels`` in rows, top to bottom, each left to right: a label joins the row above when its
    centre is within ``SAME_ROW`` of that row's first label's (titles over panels side by side,
    names over a grid's lower row)."""
    rows: list[list[Label]] = []
    for lb in sorted(labels, key=lambda b: b.cy):
        if rows and abs(rows[-1][0].cy - lb.cy) <= SAME_ROW * max(rows[-1][0].height, lb.height):
            rows[-1].append(lb)
        else:
            rows.append([lb])
    return [sorted(r, key=lambda b: b.cx) for r in rows]


def in_reading_order(labels: list[Label]) -> list[Label]:
    """``labels`` numbered and sorted in reading order (top to bottom, then left to right): a label
    parted into several, or several merged into one, leaves the old numbers out of order."""
    for i, lb in enumerate(sorted(labels, key=lambda b: (b.box[1], b.box[0]))):
        lb.index = i
    return sorted(labels, key=lambda b: b.index)


@dataclass
class Run:
    """Ticks of one axis in reading order (x: left to right, y: bottom to top)."""

    index: int
    axis: str
    labels: list[Label]
    numeric: bool

    @property
    def box(self) -> Box:
        return (
            min(lb.box[0] for lb in self.labels),
            min(lb.box[1] for lb in self.labels),
            max(lb.box[2] for lb in self.labels),
            max(lb.box[3] for lb in self.labels),
        )


@dataclass
class Layout:
    width: int
    height: int
    labels: list[Label]
    runs: list[Run] = field(default_factory=list)
    frame: Box | None = None  # the plotting area's extent; None when no axis was found

    def of_role(self, role: str) -> list[Label]:
        return [lb for lb in self.labels if lb.role == role]
