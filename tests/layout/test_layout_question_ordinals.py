"""Ordinals in blur questions count the reader's elements of one kind, as a reader of the figure
would: panels in reading order (a panel mark and its title are one panel, not two), legend entries
in legend order. Figures are drawn with matplotlib and read by rapidocr, as the stage reads real
figures; the expected names come from what was drawn."""

from __future__ import annotations

import re

import cv2
import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen

from scifigbench.layout import Label, Layout, read_layout  # noqa: E402
from scifigbench.layout.elements import LEGEND, PANEL_TITLE  # noqa: E402
from scifigbench.layout.questions import ordinal, question_for  # noqa: E402

ORDINALS = tuple(ordinal(k) for k in range(12))
TITLES = ("Harbour", "Meadow", "Glacier", "Orchard", "Canyon", "Lagoon")
NAMES = ("Walnut", "Cobalt", "Saffron", "Juniper", "Tundra", "Marble")


pytestmark = pytest.mark.long


@pytest.fixture(scope="module")
def reader():
    from scifigbench.ocr.engine import backend
    from scifigbench.ocr.turned import TurnedOcr

    return TurnedOcr(backend("rapidocr"))


def _read(fig, reader) -> Layout:
    fig.canvas.draw()
    img = cv2.cvtColor(np.asarray(fig.canvas.buffer_rgba()), cv2.COLOR_RGBA2BGR)
    plt.close(fig)
    return read_layout(img, reader.read(img))


def _grid(marks: bool, titles=TITLES):
    """A 2x3 grid of line panels titled ``titles`` (None: untitled), marked (a)-(f) at their left."""
    fig, axes = plt.subplots(2, 3, figsize=(9, 5.5), dpi=110)
    for k, ax in enumerate(axes.flat):
        ax.plot([0, 1, 2], [k, k + 1, k * 0.5], color="C0")
        if titles[k]:
            ax.set_title(titles[k], fontsize=11)
        if marks:
            ax.text(-0.18, 1.1, f"({'abcdef'[k]})", transform=ax.transAxes, fontsize=11, fontweight="bold")
    fig.tight_layout()
    return fig


def _panel_named(question: str) -> int | None:
    """The 0-based panel a question names, by its mark ('panel (b)') or by an ordinal ('the
    fourth panel', 'the fourth panel title'); None if it names none."""
    if m := re.search(r"panel \(([a-h])\)", question):
        return "abcdefgh".index(m.group(1))
    if m := re.search(r"the (\w+) panel\b", question):
        return ORDINALS.index(m.group(1)) if m.group(1) in ORDINALS else None
    return None


def _questions(layout: Layout, texts) -> dict[str, str]:
    return {lb.text: question_for(layout, lb)[0] for lb in layout.labels if lb.text in texts}


def test_a_marked_panel_title_is_named_by_its_mark(reader):
    qs = _questions(_read(_grid(marks=True), reader), TITLES)
    assert len(qs) >= 5  # OCR may miss one; every one read is named by its own mark
    for k, name in enumerate(TITLES):
        if name in qs:
            assert _panel_named(qs[name]) == k, qs[name]
            assert qs[name] == f"What is the title of panel ({'abcdef'[k]})?"


def test_panel_titles_are_counted_among_panel_titles_in_reading_order(reader):
    qs = _questions(_read(_grid(marks=False), reader), TITLES)
    assert set(qs) == set(TITLES)
    for k, name in enumerate(TITLES):
        assert _panel_named(qs[name]) == k, qs[name]
        assert qs[name] == f"What is the title of the {ordinal(k)} panel, reading left to right and top to bottom?"


def test_a_grid_missing_a_title_names_titles_by_row_not_by_a_count_that_skips_it(reader):
    """Panel (d) untitled: 'Canyon' is the fifth panel's title, not the fourth title read."""
    titles = (*TITLES[:3], None, *TITLES[4:])
    qs = _questions(_read(_grid(marks=False, titles=titles), reader), TITLES)
    for name in ("Canyon", "Lagoon"):
        m = re.search(r"the (\w+) panel title (?:from the left in the (\w+) row of panels )?say", qs[name])
        assert m and m.group(2) == "second", qs[name]  # its row is certain; no figure-wide count


def test_legend_entries_are_counted_in_legend_order(reader):
    """Six entries of one colour (told apart by marker), so each is asked by its place."""
    fig, ax = plt.subplots(figsize=(6, 4), dpi=110)
    for k, (name, marker) in enumerate(zip(NAMES, "os^vDx", strict=True)):
        ax.plot([0, 1, 2], [k, k + 0.5, k + 1], marker=marker, color="C0", label=name)
    ax.set_title("Stock levels")
    ax.legend(loc="upper left", fontsize=10)
    qs = _questions(_read(fig, reader), NAMES)
    assert len(qs) >= 5
    for k, name in enumerate(NAMES):
        if name in qs and "legend entry" in qs[name] and "blue" not in qs[name]:
            assert (
                qs[name]
                == f"What is the name of the {ordinal(k)} legend entry, reading left to right and top to bottom?"
            )
    assert sum("legend entry, reading" in q for q in qs.values()) >= 5


def test_a_name_printed_in_its_colour_is_not_counted_among_the_swatch_entries():
    """Three swatch entries of one colour and, above them, a line's name in its own colour: the
    swatch legend's first entry is its first, and the coloured name is asked as what it is."""
    grey = (128, 128, 128)

    def label(k: int, text: str, y: float, coloured: bool) -> Label:
        return Label(
            k,
            text,
            (100, y, 160, y + 12),
            0.9,
            ((100, y, 160, y + 12),),
            role=LEGEND,
            swatch=(0, 0, 200) if coloured else grey,
            coloured_text=coloured,
        )

    labels = [
        label(0, "Direct", 20, True),
        label(1, "Aster", 60, False),
        label(2, "Birch", 80, False),
        label(3, "Cedar", 100, False),
        label(4, "Dahlia", 40, True),
    ]
    layout = Layout(400, 300, labels)
    assert question_for(layout, labels[1])[0] == (
        "What is the name of the first legend entry, reading left to right and top to bottom?"
    )
    assert question_for(layout, labels[3])[0].startswith("What is the name of the third legend entry")
    assert "legend entry" not in question_for(layout, labels[0])[0]


def test_headings_over_one_chart_are_not_called_panels():
    """Two titles read over a figure whose ticks stand in one panel (a title and subtitle, or
    pies' names): the question counts headings, never 'panels' of a one-panel chart."""

    def title(k: int, text: str, x: float) -> Label:
        return Label(k, text, (x, 10, x + 80, 22), 0.9, ((x, 10, x + 80, 22),), role=PANEL_TITLE)

    labels = [title(0, "Europe", 40), title(1, "Asia", 240)]
    one = Layout(400, 300, labels)
    asked = question_for(one, labels[1])[0]
    assert asked == "What does the second heading above the drawing say, reading left to right and top to bottom?"
    assert "panel" not in asked


def test_the_one_heading_of_a_one_panel_chart_is_not_called_a_panel_title():
    """One heading read over a figure without panels (a subtitle the reader took for a panel
    title): asked as the heading above the drawing, never as 'the title of the panel'."""
    head = Label(0, "Exports by partner", (40, 10, 200, 22), 0.9, ((40, 10, 200, 22),), role=PANEL_TITLE)
    asked = question_for(Layout(400, 300, [head]), head)[0]
    assert asked == "What does the heading above the drawing say?"
    assert "panel" not in asked


def _row(titles):
    """One row of three line panels titled ``titles`` (None: untitled), no marks."""
    fig, axes = plt.subplots(1, 3, figsize=(9, 3), dpi=110)
    for k, ax in enumerate(axes.flat):
        ax.plot([0, 1, 2], [k, k + 1, k * 0.5], color="C0")
        if titles[k]:
            ax.set_title(titles[k], fontsize=11)
    fig.tight_layout()
    return fig


def test_a_title_counted_past_a_missing_one_is_unsure_and_never_an_admittance_target(reader):
    """The middle panel untitled: 'Canyon' would be asked as the second panel's title but stands
    over the third, so its place is unsure and the admittance rules pass it over; with every
    title printed the same count is sure."""
    from scifigbench.blurtargets.from_layout import admittance_candidates
    from scifigbench.layout.questions import unsure_place

    full = _read(_row(("Harbour", "Meadow", "Canyon")), reader)
    assert {lb.text for lb in full.of_role(PANEL_TITLE)} == {"Harbour", "Meadow", "Canyon"}
    assert all(unsure_place(full, lb) is None for lb in full.labels)
    assert "Canyon" in {c.text for c in admittance_candidates(full, None)}

    gap = _read(_row(("Harbour", None, "Canyon")), reader)
    canyon = next(lb for lb in gap.labels if lb.text == "Canyon")
    assert canyon.role == PANEL_TITLE
    assert _panel_named(question_for(gap, canyon)[0]) == 1  # the count the question would use
    assert "2 panel titles" in (unsure_place(gap, canyon) or "")
    assert "Canyon" not in {c.text for c in admittance_candidates(gap, None)}
