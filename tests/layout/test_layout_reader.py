"""The layout reader: roles from geometry, pixels and text, checked against figures whose roles are known.

Two sources of truth: the corpus generator's own figures (their spec records every text's role
and the renderer's exact boxes stand in for OCR), and small charts drawn here with OpenCV where
the text boxes, swatch colours and furniture are placed by hand.
"""

from __future__ import annotations

import json
from collections import Counter

import cv2
import numpy as np
import pytest

from helpers.layout_charts import Line, draw_text, draw_upward_text, web_chart
from scifigbench.layout import read_layout
from scifigbench.layout.overlay import overlay
from scifigbench.layout.pixels import colour_name
from scifigbench.layout.questions import ordinal
from scifigbench.ocr.engine import RendererOcr
from scifigbench.spec import FigureSpec

SPEC_TO_LAYOUT = {
    "tick": "axis_tick",
    "legend_entry": "legend_entry",
    "title": "title",
    "axis_label": "axis_title",
    "value_label": "value_label",
    "panel_title": "panel_title",
}


@pytest.fixture(scope="module")
def generated(figure_store) -> list[tuple[FigureSpec, np.ndarray]]:
    out = []
    for chart, n in (("bar", 6), ("line", 6), ("pie", 3)):
        for i in range(n):
            spec_json, png = figure_store.drawn((42, chart, i, 100))
            out.append((FigureSpec.from_dict(json.loads(spec_json)), cv2.imdecode(np.frombuffer(png, np.uint8), 1)))
    return out


def test_roles_agree_with_the_generators_spec(generated):
    agree, total, furniture = Counter(), Counter(), []
    for spec, img in generated:
        layout = read_layout(img, RendererOcr().read(img, spec.text_elements))
        for e in spec.text_elements:
            label = next(lb for lb in layout.labels if (e.x0, e.y0, e.x1, e.y1) in lb.lines)
            if label.role == "page_furniture":
                furniture.append((spec.figure_id, e.text))
            if e.role in SPEC_TO_LAYOUT:
                total[e.role] += 1
                agree[e.role] += label.role == SPEC_TO_LAYOUT[e.role]
    assert not furniture  # a generated figure has nothing but chart content
    assert agree["tick"] / total["tick"] >= 0.95
    assert agree["legend_entry"] / total["legend_entry"] >= 0.8
    assert agree["axis_label"] / total["axis_label"] >= 0.75
    assert agree["value_label"] == total["value_label"]


@pytest.fixture
def web() -> tuple[np.ndarray, list[Line]]:
    return web_chart()


def test_web_chart_roles(web):
    img, lines = web
    layout = read_layout(img, lines)
    role = {lb.text: lb.role for lb in layout.labels}
    assert role["Views of the economy"] == "title"
    assert all(role[t] == "axis_tick" for t in ("0", "25", "50", "75", "100"))
    assert role["Republicans"] == role["Democrats"] == "legend_entry"
    assert role["Don't know"] in ("axis_tick", "annotation")  # one label, both lines
    assert "Don't" not in role and "know" not in role
    assert role["48"] == "value_label"
    credits = [lb for lb in layout.labels if "Source" in lb.text or "PEW" in lb.text]
    assert credits and all(lb.role == "page_furniture" for lb in credits)
    y_run = next(r for r in layout.runs if r.axis == "y")
    assert [lb.text for lb in y_run.labels] == ["0", "25", "50", "75", "100"]  # bottom to top


def test_swatch_colours_are_read_from_pixels(web):
    img, lines = web
    legend = {lb.text: lb for lb in read_layout(img, lines).of_role("legend_entry")}
    assert colour_name(legend["Republicans"].swatch) == "red"
    assert colour_name(legend["Democrats"].swatch) == "blue"


def test_a_lone_block_left_of_a_note_is_no_legend():
    img = np.full((200, 300, 3), 255, np.uint8)
    cv2.rectangle(img, (20, 40), (34, 52), (40, 40, 220), -1)
    lines = [draw_text(img, "Peak demand", 42, 52)]
    assert read_layout(img, lines).labels[0].role != "legend_entry"


def test_overlay_draws_every_label_and_a_key(web):
    img, lines = web
    layout = read_layout(img, lines)
    out = overlay(img, layout, [(layout.labels[0].box, "adm")])
    assert out.shape[1] >= img.shape[1] and out.shape[0] > img.shape[0]
    assert (out != 255).any(axis=2).sum() > (img != 255).any(axis=2).sum()


def test_two_unevenly_spaced_categories_under_the_axis_are_a_category_row_not_furniture():
    # two bars and a wrapped 'Don't know' far to the right: no even pitch, still the x categories
    img, lines = web_chart(categories=("Sweden", "Chile"), legend=("Exporters", "Households"))
    layout = read_layout(img, lines)
    roles = {lb.text: (lb.role, lb.axis) for lb in layout.labels}
    assert roles["Sweden"] == roles["Chile"] == roles["Don't know"] == ("axis_tick", "x")
    run = next(r for r in layout.runs if r.axis == "x" and not r.numeric)
    assert [lb.text for lb in run.labels] == ["Sweden", "Chile", "Don't know"]
    credits = next(lb for lb in layout.labels if lb.text.startswith("Source:"))
    assert credits.role == "page_furniture"  # text further below the chart stays furniture


def test_unevenly_grouped_rows_left_of_horizontal_bars_are_y_categories():
    # 'Total', a gap, then the subgroups: the pitch changes, the rows are still the y categories
    img = np.full((360, 620, 3), 255, np.uint8)
    lines = []
    rows = (("Total", 110, 52), ("Managers", 165, 61), ("Clerical staff", 205, 44), ("Contractors", 260, 57))
    for text, y, v in rows:
        (w, _), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
        lines.append(draw_text(img, text, 170 - w, y + 5))
        cv2.rectangle(img, (180, y - 10), (180 + 4 * v, y + 10), (60, 140, 200), -1)
        lines.append(draw_text(img, str(v), 185 + 4 * v, y + 5))
    layout = read_layout(img, lines)
    run = next(r for r in layout.runs if r.axis == "y" and not r.numeric)
    assert [lb.text for lb in run.labels] == ["Contractors", "Clerical staff", "Managers", "Total"]  # bottom to top


@pytest.mark.parametrize(
    ("k", "word"),
    [
        (0, "first"),
        (11, "twelfth"),
        (12, "13th"),
        (20, "21st"),
        (21, "22nd"),
        (32, "33rd"),
        (110, "111th"),
        (112, "113th"),
    ],
)
def test_positions_in_questions_are_spelled_as_ordinals(k: int, word: str) -> None:
    assert ordinal(k) == word


def _three_panels(
    titles: tuple[str, str, str], x_titles: tuple[str, str, str], suptitle: str | None = None
) -> tuple[np.ndarray, list[Line]]:
    """A 1x3 grid of bar panels, each with its y ticks, two categories, a title above and an
    x-axis title below: the titles and the x-axis titles each stand in one evenly spaced row.
    ``suptitle`` is centred over the middle panel, above the row of titles."""
    top = 40 if suptitle else 0
    img = np.full((300 + top, 900, 3), 255, np.uint8)
    lines: list[Line] = [draw_text(img, suptitle, 400, 30, 0.7)] if suptitle else []
    for k in range(3):
        x0 = 60 + 290 * k
        cv2.line(img, (x0, 50 + top), (x0, 220 + top), (0, 0, 0), 1)
        cv2.line(img, (x0, 220 + top), (x0 + 220, 220 + top), (0, 0, 0), 1)
        for j, v in enumerate(("0", "10", "20", "30")):
            lines.append(draw_text(img, v, x0 - 10 - 9 * len(v), 224 + top - 55 * j))
        for j, cat in enumerate(("Base", "Large")):
            x = x0 + 30 + 100 * j
            cv2.rectangle(img, (x, 120 + top - 20 * j), (x + 60, 220 + top), (180, 120, 60), -1)
            lines.append(draw_text(img, cat, x0 + 38 + 100 * j, 242 + top))
        lines.append(draw_text(img, titles[k], x0 + 70, 35 + top))
        lines.append(draw_text(img, x_titles[k], x0 + 60, 272 + top))
    return img, lines


def test_one_title_per_panel_in_a_row_is_no_category_axis() -> None:
    """Titles over a 1x3 grid, and the x-axis titles under it, are evenly spaced rows of words;
    a y tick column between two of them says they belong to different panels."""
    titles, x_titles = ("CommonVoice", "TED-LIUM", "Switchboard"), ("Model size", "Batch size", "Beam width")
    layout = read_layout(*_three_panels(titles, x_titles))
    roles = {lb.text: lb.role for lb in layout.labels}
    assert {roles[t] for t in titles} == {"panel_title"}, roles
    assert all(roles[t] != "axis_tick" for t in x_titles), roles
    assert sum(1 for lb in layout.labels if lb.text in ("Base", "Large") and lb.role == "axis_tick") == 6


def test_a_line_over_a_row_of_panel_titles_is_the_figure_title() -> None:
    titles = ("CommonVoice", "TED-LIUM", "Switchboard")
    layout = read_layout(*_three_panels(titles, ("Model size", "Batch size", "Beam width"), "Word error rate"))
    roles = {lb.text: lb.role for lb in layout.labels}
    assert roles["Word error rate"] == "title", roles
    assert {roles[t] for t in titles} == {"panel_title"}, roles


def test_row_names_repeated_by_a_second_panel_of_horizontal_bars_are_its_categories() -> None:
    """Two panels of horizontal bars side by side share their row names; the second panel's
    column stands inside the drawing, like a legend whose swatches were missed, but it prints
    the first panel's names in the same order."""
    img = np.full((260, 900, 3), 255, np.uint8)
    lines: list[Line] = []
    rows = ("BGE-base", "E5-large", "GTR-XL", "Contriever")
    for k in range(2):
        x0 = 150 + 420 * k
        cv2.line(img, (x0, 30), (x0, 220), (0, 0, 0), 1)
        for j, name in enumerate(rows):
            y = 60 + 45 * j
            cv2.rectangle(img, (x0, y - 12), (x0 + 80 + 40 * j, y + 8), (180, 120, 60), -1)
            (w, _), _ = cv2.getTextSize(name, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)
            lines.append(draw_text(img, name, x0 - 8 - w, y + 4))
    layout = read_layout(img, lines)
    assert [lb.role for lb in layout.labels if lb.text in rows] == ["axis_tick"] * 8, [
        (lb.text, lb.role, lb.why) for lb in layout.labels
    ]


def test_a_generic_x_axis_title_under_a_centred_category_is_not_its_second_line() -> None:
    """'Model' centred under the middle of three categories sits as close as a wrapped line would,
    but it is a generic heading under one of a row of categories: it is the axis title."""
    img = np.full((340, 520, 3), 255, np.uint8)
    cv2.line(img, (80, 40), (80, 280), (0, 0, 0), 1)
    cv2.line(img, (80, 280), (500, 280), (0, 0, 0), 1)
    lines = [draw_text(img, v, 50, 284 - 60 * k) for k, v in enumerate(("0", "20", "40", "60", "80"))]
    for k, cat in enumerate(("GPT-2", "DistilBERT", "T5-small")):
        x = 110 + 130 * k
        cv2.rectangle(img, (x, 280 - 60 * (k + 1)), (x + 60, 280), (200, 120, 40), -1)
        lines.append(draw_text(img, cat, x, 300))
    lines.append(draw_text(img, "Model", 250, 318))  # under 'DistilBERT', as close as its next line
    layout = read_layout(img, lines)
    roles = {lb.text: lb.role for lb in layout.labels}
    assert roles.get("DistilBERT") == "axis_tick" and roles.get("Model") == "axis_title", roles


def test_panel_titles_inside_a_border_round_the_whole_grid_head_their_panels() -> None:
    """A border drawn round the whole figure makes every title 'inside the frame'; each still
    stands just above one panel's top y tick, alone over that panel."""
    titles = ("CommonVoice", "TED-LIUM", "Switchboard")
    img, lines = _three_panels(titles, ("Model size", "Batch size", "Beam width"))
    cv2.rectangle(img, (4, 4), (img.shape[1] - 5, img.shape[0] - 5), (120, 120, 120), 1)
    roles = {lb.text: lb.role for lb in read_layout(img, lines).labels}
    assert {roles[t] for t in titles} == {"panel_title"}, roles


def test_a_rotated_title_set_tight_against_the_last_panel_s_ticks_is_its_y_axis_title() -> None:
    """The last panel's y-axis title overlaps its tick column by a few pixels: its centre is
    still left of the column, so it titles that axis (it is not beside the figure's frame)."""
    img, lines = _three_panels(("CommonVoice", "TED-LIUM", "Switchboard"), ("Model size", "Batch size", "Beam width"))
    ticks = [ln.box for ln in lines if ln.text == "30"]
    x = int(sorted(ticks)[2][0]) - 14  # overlaps the last panel's '30' by a few pixels
    lines.append(draw_upward_text(img, "Recall", x, 190))
    label = next(lb for lb in read_layout(img, lines).labels if lb.text == "Recall")
    assert (label.role, label.axis) == ("axis_title", "y"), (label.role, label.why)


def test_a_title_nearer_the_grid_row_below_than_the_ticks_above_heads_that_row_s_panel() -> None:
    """In a 2-row grid, the lower panel's title stands centred under the upper panel's x ticks,
    but nearer the lower panel's top tick than those ticks: it is the lower panel's title."""
    img = np.full((560, 420, 3), 255, np.uint8)
    lines: list[Line] = []
    for row, title in enumerate(("Upper net", "Lower net")):
        top = 40 + 270 * row
        cv2.line(img, (80, top), (80, top + 180), (0, 0, 0), 1)
        cv2.line(img, (80, top + 180), (380, top + 180), (0, 0, 0), 1)
        lines += [draw_text(img, v, 50, top + 184 - 60 * k) for k, v in enumerate(("0", "1", "2", "3"))]
        lines += [draw_text(img, v, 90 + 90 * k, top + 200) for k, v in enumerate(("0.2", "0.4", "0.6", "0.8"))]
        lines.append(draw_text(img, title, 190, top - 20))
    roles = {lb.text: lb.role for lb in read_layout(img, lines).labels}
    assert roles["Lower net"] == "panel_title", roles
