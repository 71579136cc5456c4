"""Questions that point at one label by its role and position, made from the layout alone.

"What is the label of the third category on the x-axis, counting from the left?" names where to
look without quoting the label; the other labels of the same kind (its run, the other legend
entries) are returned as the neighbours an answer might name instead, so a judge can tell a
wrong reading of a visible neighbour from a fabrication.
"""

from __future__ import annotations

import math

from scifigbench.freetext.label_words import bare_mark
from scifigbench.layout.elements import (
    ANNOTATION,
    AXIS_TITLE,
    INSIDE_FRAME,
    LEGEND,
    PANEL_TITLE,
    TICK,
    Label,
    Layout,
    Run,
)
from scifigbench.layout.pixels import colour_name

ROW_OVERLAP = 0.5  # (share of the lower box) boxes overlapping this much of their height stand in one row
MARK_LEVEL = 3  # a panel mark stands level with its title: centres within this many label heights
NEXT_TO = 6  # a number is printed next to the nearest word when within this many of its heights (x plus y)

_ORDINALS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
)


def ordinal(k: int) -> str:
    """0 -> 'first'; past twelfth '13th', '21st', '22nd', '33rd', '111th'."""
    if k < len(_ORDINALS):
        return _ORDINALS[k]
    n = k + 1
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _reading_rows(boxes_of: list, key_box) -> list[list]:
    """Items in rows, top to bottom, each row left to right. An item joins a row when it shares
    at least half of its height (or of the row's first item's, if smaller) with the row's first
    item: entries stacked one line apart are rows of their own (fixed bands of height put four
    stacked legend entries in one 'row', ordered by a pixel of indent), and the tick columns of
    panels side by side share a row however long each is."""
    rows: list[list] = []
    for b in sorted(boxes_of, key=lambda b: key_box(b)[1]):
        y0, y1 = key_box(b)[1], key_box(b)[3]
        if rows:
            f0, f1 = key_box(rows[-1][0])[1], key_box(rows[-1][0])[3]
            if min(y1, f1) - max(y0, f0) >= ROW_OVERLAP * min(y1 - y0, f1 - f0):
                rows[-1].append(b)
                continue
        rows.append([b])
    return [sorted(row, key=lambda b: key_box(b)[0]) for row in rows]


def _reading_order(boxes_of: list, key_box) -> list:
    """Items in reading order: rows top to bottom, each left to right (``_reading_rows``)."""
    return [b for row in _reading_rows(boxes_of, key_box) for b in row]


def _panels_of(layout: Layout, runs: list[Run]) -> tuple[int, dict[int, int]]:
    """How many panels ``runs`` (of one axis and kind) stand in, and each run's panel, counted in
    reading order. Runs that overlap across a row are one panel's (OCR split its tick column)."""
    panels, where = 0, {}
    for row in _reading_rows(runs, lambda r: r.box):
        right = -math.inf
        for r in row:
            if r.box[0] > right:  # clear of the runs before it in its row: the next panel
                panels += 1
            right = max(right, r.box[2])
            where[r.index] = panels - 1
    return panels, where


def panel_count(layout: Layout) -> int:
    """The number of panels the tick runs show: the most any one axis and kind of run stands in."""
    kinds = {(r.axis, r.numeric) for r in layout.runs}
    return max((_panels_of(layout, [r for r in layout.runs if (r.axis, r.numeric) == k])[0] for k in kinds), default=0)


def _panel_phrase(layout: Layout, run: Run) -> str:
    """Which panel a run of ticks belongs to, counted in reading order."""
    panels, where = _panels_of(layout, [r for r in layout.runs if r.axis == run.axis and r.numeric == run.numeric])
    if panels < 2:
        return ""
    return f" of the {ordinal(where[run.index])} panel (reading left to right, top to bottom)"


def _tick_question(layout: Layout, lb: Label) -> tuple[str, list[str]] | None:
    run = next(r for r in layout.runs if r.index == lb.run)
    where = _panel_phrase(layout, run)
    others = [o.text for o in run.labels if o is not lb]
    k = run.labels.index(lb)
    if run.numeric:
        if 0 < k < len(run.labels) - 1:
            lo, hi = run.labels[k - 1].text, run.labels[k + 1].text
            return f"What is the {run.axis}-axis tick{where} between the ticks labelled {lo} and {hi}?", others
        side = "lowest" if k == 0 else "highest"
        return f"What is the {side} labelled tick on the {run.axis}-axis{where}?", others
    if run.axis == "x":
        return f"What is the label of the {ordinal(k)} category on the x-axis{where}, counting from the left?", others
    top = len(run.labels) - 1 - k
    return f"What is the label of the {ordinal(top)} category on the y-axis{where}, counting from the top?", others


def _legend_question(layout: Layout, lb: Label) -> tuple[str, list[str]]:
    entries = [o for o in layout.of_role(LEGEND) if o.swatch is not None]
    others = [o.text for o in entries if o is not lb]
    names = [colour_name(o.swatch) for o in entries if o.swatch is not None]
    if lb.swatch is not None:
        mine = colour_name(lb.swatch)
        if names.count(mine) == 1:
            if lb.coloured_text:  # a series named in its own colour, without a swatch
                return f"Which series does the label printed in {mine} name?", others
            return f"Which series does the {mine} legend entry name?", others
    # counted among its own kind: a name printed in its colour at a line's end is no legend entry
    kind = [o for o in layout.of_role(LEGEND) if _legend_kind(o) == _legend_kind(lb)]
    k = _reading_order(kind, lambda o: o.box).index(lb)
    if _legend_kind(lb) == "coloured":
        return (
            f"What is the name of the {ordinal(k)} series label printed in colour beside the data, "
            "reading left to right and top to bottom?",
            others,
        )
    return f"What is the name of the {ordinal(k)} legend entry, reading left to right and top to bottom?", others


def _legend_kind(lb: Label) -> str:
    """'coloured' for a series named in its own colour (a line-end label), else 'legend': an entry
    beside its key, or a legend line whose swatch was missed, is one of the legend's entries."""
    return "coloured" if lb.swatch is not None and lb.coloured_text else "legend"


def _own_mark(titles: list[Label], marks: list[Label], lb: Label) -> str | None:
    """The bare panel mark ('(b)') printed with ``lb``'s panel: marks stand at a panel's left, so
    it is the nearest mark left of the title and level with it (within a few line heights), and
    the title is the nearest one right of that mark (each the other's nearest), so a panel whose
    title or mark went unread lends no letter to its neighbour."""

    def level(a: Label, b: Label) -> bool:
        return abs(a.cy - b.cy) <= MARK_LEVEL * max(a.height, b.height)

    def nearest(of: Label, among: list[Label], left: bool) -> Label | None:
        side = [o for o in among if level(o, of) and (o.cx < of.cx if left else o.cx > of.cx)]
        return min(side, key=lambda o: abs(o.cx - of.cx) + abs(o.cy - of.cy), default=None)

    mark = nearest(lb, marks, left=True)
    if mark is None or nearest(mark, titles, left=False) is not lb:
        return None
    return f"({(bare_mark(mark.text) or '').lower()})"


def _panel_title_question(layout: Layout, lb: Label) -> tuple[str, list[str]]:
    """A panel's title named by its printed mark ('the title of panel (b)') when a bare mark
    stands with it; else by its place among the panel titles of its kind (bare marks among bare
    marks, titles among titles: six marked panels are six panels, not twelve). A grid whose rows
    hold different numbers of titles may have lost one to OCR: a title is then named by its row
    and its place in that row, not by a count that may skip a panel."""
    heads = layout.of_role(PANEL_TITLE)
    marks = [o for o in heads if bare_mark(o.text)]
    titles = [o for o in heads if not bare_mark(o.text)]
    kind = marks if lb in marks else titles
    others = [o.text for o in kind if o is not lb]
    one_chart = not marks and panel_count(layout) < 2
    if len(kind) == 1 and one_chart:  # a one-panel chart has no 'panel' to name
        return "What does the heading above the drawing say?", others
    if len(kind) == 1 and not marks:
        return "What is the title of the panel?", others
    if one_chart:
        # several headings over what the ticks show is one chart (a title and a subtitle, pies'
        # names): they are no panels, so the question counts headings
        k = _reading_order(kind, lambda o: o.box).index(lb)
        return (
            f"What does the {ordinal(k)} heading above the drawing say, reading left to right and top to bottom?",
            others,
        )
    if lb in titles and (letter := _own_mark(titles, marks, lb)) is not None:
        return f"What is the title of panel {letter}?", others
    noun = "panel mark" if lb in marks else "panel title"
    rows = _reading_rows(kind, lambda o: o.box)
    if len(rows) == 1 or len({len(row) for row in rows}) == 1:
        k = [o for row in rows for o in row].index(lb)
        if lb in titles:  # one title per panel: its place among them is its panel's
            return f"What is the title of the {ordinal(k)} panel, reading left to right and top to bottom?", others
        return f"What does the {ordinal(k)} {noun} say, reading left to right and top to bottom?", others
    i = next(i for i, row in enumerate(rows) if lb in row)
    return (
        f"What does the {ordinal(rows[i].index(lb))} {noun} from the left in the {ordinal(i)} row of panels say?",
        others,
    )


def _right_hand(layout: Layout, lb: Label) -> bool:
    """A y-axis title right of the whole drawing: the second y-axis of a twin-axis chart."""
    return lb.axis == "y" and layout.frame is not None and lb.box[0] >= layout.frame[2] - lb.height


def _axis_title_question(layout: Layout, lb: Label) -> tuple[str, list[str]]:
    side = _right_hand(layout, lb)
    titles = _reading_order(
        [o for o in layout.of_role(AXIS_TITLE) if o.axis == lb.axis and _right_hand(layout, o) == side],
        lambda o: o.box,
    )
    others = [o.text for o in layout.of_role(AXIS_TITLE) if o is not lb]
    axis = f"right-hand {lb.axis}-axis" if side else f"{lb.axis}-axis"
    if len(titles) < 2:
        return f"What is the title of the {axis}?", others
    k = titles.index(lb)
    return (
        f"What is the title of the {axis} of the {ordinal(k)} panel (reading left to right, top to bottom)?",
        others,
    )


def _in_plot_question(layout: Layout, lb: Label) -> tuple[str, list[str]]:
    """Text inside the plot area: located by region; every other word label there is a look-alike."""
    others = [o.text for o in layout.labels if o is not lb and o.role in (ANNOTATION, LEGEND) and o.value is None]
    where = region(lb.box, layout.width, layout.height)
    return f"What does the text label inside the plot area, in the {where} of the figure, say?", others


def value_question(layout: Layout, lb: Label) -> tuple[str, list[str]] | None:
    """A value label located by the category it stands at: the category run across from it whose
    nearest label is closer than half the run's spacing ('Radio' beside a horizontal bar's value,
    'Newspapers' under a column's). Several values at one category are counted from the left when
    they stand side by side (segments of a bar, grouped columns), else from the top."""
    numbers = [o for o in layout.labels if o.value is not None and o.run is None]
    best = None
    for run in layout.runs:
        if run.numeric or len(run.labels) < 2:
            continue
        across = (lambda o: o.cx) if run.axis == "x" else (lambda o: o.cy)
        spots = sorted(across(c) for c in run.labels)
        spacing = min(b - a for a, b in zip(spots, spots[1:], strict=False))
        cat = min(run.labels, key=lambda c: abs(across(c) - across(lb)))
        gap = abs(across(cat) - across(lb))
        if gap < spacing / 2 and (best is None or gap < best[0]):
            best = (gap, run, cat, across)
    if best is None:
        return None
    _, run, cat, across = best
    group = [o for o in numbers if min(run.labels, key=lambda c: abs(across(c) - across(o))) is cat]
    others = [o.text for o in numbers if o is not lb]
    if len(group) <= 1:
        return f"What value is printed for '{cat.text}'?", others
    # side by side (a row of segments, grouped columns) or stacked one over another
    level = max(o.cx for o in group) - min(o.cx for o in group) >= max(o.cy for o in group) - min(o.cy for o in group)
    group.sort(key=(lambda o: o.cx) if level else (lambda o: o.cy))
    way = "from the left" if level else "from the top"
    return f"What is the {ordinal(group.index(lb))} value printed for '{cat.text}', counting {way}?", others


def region(box, width: int, height: int) -> str:
    """'upper left', 'centre', 'right side'... for a box in a width x height image."""
    cx = (box[0] + box[2]) / 2 / max(width, 1)
    cy = (box[1] + box[3]) / 2 / max(height, 1)
    v = "upper" if cy < 1 / 3 else "lower" if cy > 2 / 3 else "middle"
    h = "left" if cx < 1 / 3 else "right" if cx > 2 / 3 else "centre"
    return "centre" if (v, h) == ("middle", "centre") else f"{v} {h}" if v != "middle" else f"{h} side"


def unsure_place(layout: Layout, lb: Label) -> str | None:
    """Why a question counting ``lb`` among the panels may name the wrong one, else None.

    A panel title or axis title asked as 'the k-th panel' is counted among the titles OCR read;
    when that count differs from the number of panels the tick runs show, a title was missed or a
    line split in two, and the k-th title read is not the k-th panel's ('SE Cooking' of the
    fourth panel asked as the third). A title named by its own printed mark, or the one title of
    a one-panel chart, is placed by what is printed and stays sure."""
    panels = panel_count(layout)
    if panels < 2:
        return None
    if lb.role == PANEL_TITLE:
        heads = layout.of_role(PANEL_TITLE)
        marks = [o for o in heads if bare_mark(o.text)]
        titles = [o for o in heads if not bare_mark(o.text)]
        if lb in marks or (lb in titles and _own_mark(titles, marks, lb) is not None):
            return None
        rows = _reading_rows(titles, lambda o: o.box)
        if len(rows) > 1 and len({len(row) for row in rows}) > 1:
            return None  # named by its row and its place in that row, not by a figure-wide count
        counted = len(titles)
    elif lb.role == AXIS_TITLE and lb.axis is not None:
        side = _right_hand(layout, lb)
        counted = sum(o.axis == lb.axis and _right_hand(layout, o) == side for o in layout.of_role(AXIS_TITLE))
        if counted < 2:
            return None  # 'the title of the x-axis': one shared title counts nothing
    else:
        return None
    if counted != panels:
        return f"counted among {counted} {lb.role.replace('_', ' ')}s on a figure whose ticks show {panels} panels"
    return None


def question_for(layout: Layout, lb: Label) -> tuple[str, list[str]]:
    """A question locating ``lb`` by role and position, and the texts of its visible look-alikes."""
    if lb.role == TICK and lb.run is not None:
        q = _tick_question(layout, lb)
        if q is not None:
            return q
    if lb.role == LEGEND:
        return _legend_question(layout, lb)
    if lb.role == PANEL_TITLE:
        return _panel_title_question(layout, lb)
    if lb.role == AXIS_TITLE and lb.axis is not None:
        return _axis_title_question(layout, lb)
    if lb.role == ANNOTATION and lb.value is None and lb.why == INSIDE_FRAME:
        return _in_plot_question(layout, lb)
    if lb.value is not None and lb.run is None and (q := value_question(layout, lb)) is not None:
        return q
    nearest = sorted(
        (o for o in layout.labels if o is not lb and o.value is None and o.role != "page_furniture"),
        key=lambda o: abs(o.cx - lb.cx) + abs(o.cy - lb.cy),
    )
    if (
        lb.value is not None
        and nearest
        and abs(nearest[0].cy - lb.cy) + abs(nearest[0].cx - lb.cx) < NEXT_TO * lb.height
    ):
        return f"What number is printed next to '{nearest[0].text}'?", [
            o.text for o in layout.labels if o.value is not None and o is not lb
        ]
    where = region(lb.box, layout.width, layout.height)
    return f"What does the {lb.role.replace('_', ' ')} in the {where} of the figure say?", []
