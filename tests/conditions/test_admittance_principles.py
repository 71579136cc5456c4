"""Admittance rules added for real figures: task measures, drawn things, OCR copies, per-panel
legends, panel titles side by side and panel marks. Charts are drawn or laid out by hand."""

from __future__ import annotations

import cv2
import numpy as np

from helpers.layout_charts import draw_text, draw_upward_text, web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.blurtargets.from_layout import admittance_candidates, ranked_candidates, why_not_admittance
from scifigbench.layout import Label, Layout, read_layout
from scifigbench.layout.elements import LEGEND, PANEL_TITLE, TITLE

CATS = ("Sweden", "Norway", "Chile")


def _why(layout, text, caption=None):
    return why_not_admittance(next(lb for lb in layout.labels if lb.text == text), layout, caption)


def test_an_axis_titled_with_the_named_task_s_measure_is_refused_and_kept_otherwise():
    img, lines = web_chart(categories=CATS, legend=("Exporters", "Households"))
    lines.append(draw_upward_text(img, "BLEU", 8, 270))
    layout = read_layout(img, lines)
    assert _why(layout, "BLEU", "Scores on the IWSLT'14 De-En test set.") == (
        "the standard measure of a task the figure names (machine translation)"
    )
    assert _why(layout, "BLEU", "Scores of three sentiment classifiers.") is None


def test_labels_naming_what_is_drawn_are_refused():
    img, lines = web_chart(categories=CATS, legend=("Upper bound", "Households"), extra=(("slope", 200, 150),))
    layout = read_layout(img, lines)
    assert _why(layout, "Upper bound").startswith("names what is drawn")
    assert _why(layout, "slope").startswith("names what is drawn")
    assert _why(layout, "Households") is None


def test_a_copy_misread_by_ocr_is_the_same_label_but_a_different_word_makes_a_different_one():
    img, lines = web_chart(categories=CATS, legend=("Gmatching (Max)", "Gmatchng (Max)", "K&C lexicon", "A&H lexicon"))
    layout = read_layout(img, lines)
    assert _why(layout, "Gmatching (Max)") == "printed again (as OCR reads it, with small differences)"
    assert _why(layout, "A&H lexicon") is None and _why(layout, "K&C lexicon") is None


def test_a_label_lettered_like_another_is_refused():
    img, lines = web_chart(categories=CATS, legend=("Model A accuracy", "Model B accuracy", "Households"))
    layout = read_layout(img, lines)
    assert _why(layout, "Model A accuracy").startswith("lettered like another label")
    assert _why(layout, "Households") is None


def _legend(*entries: tuple[str, float, float]) -> Layout:
    """Legend entries at (x, top), 10 px tall, 6 px per letter."""
    labels = [
        Label(i, t, (x, y, x + 6 * len(t), y + 10), 0.99, ((x, y, x + 6 * len(t), y + 10),), role=LEGEND)
        for i, (t, x, y) in enumerate(entries)
    ]
    return Layout(600, 700, labels)


def test_an_entry_read_once_in_a_legend_printed_per_panel_is_skipped_only_when_its_copy_slot_holds_text():
    # panel legends 300 px apart; OCR merged the second panel's 'Beta' and 'Gamma' lines
    per_panel = _legend(
        ("Alpha", 100, 10), ("Beta", 100, 30), ("Gamma", 100, 50),
        ("Alpha", 100, 310), ("Beta .Gamma", 100, 330),
    )  # fmt: skip
    per_panel.labels[-1].box = (100, 330, 166, 360)
    texts = {c.text for c in admittance_candidates(per_panel, None)}
    assert "Gamma" not in texts and "Alpha" in texts
    # a two-column legend with one entry more in its first column: that entry is printed once
    two_columns = _legend(
        ("uniform prior", 100, 10), ("uniform prior", 300, 10),
        ("typed prior", 100, 30), ("typed prior", 300, 30), ("CCG", 100, 50),
    )  # fmt: skip
    assert "CCG" in {c.text for c in admittance_candidates(two_columns, None)}


def test_titles_standing_apart_in_one_row_are_panel_titles():
    img, lines = web_chart(categories=CATS, legend=("Exporters", "Households"), extra=(("Imports", 470, 30),))
    layout = read_layout(img, lines)
    roles = {lb.text: lb.role for lb in layout.labels}
    assert roles["Views of the economy"] == roles["Imports"] == PANEL_TITLE
    img, lines = web_chart(categories=CATS, legend=("Exporters", "Households"))
    assert {lb.text: lb.role for lb in read_layout(img, lines).labels}["Views of the economy"] == TITLE


def _diverging(headers: tuple[str, ...]) -> Layout:
    """A diverging bar chart under a title and a subtitle, ``headers`` set close in one row over
    the bars, in the same grey as the subtitle (the colour says nothing, as after JPEG)."""
    img = np.full((330, 560, 3), 255, np.uint8)
    lines = [draw_text(img, "Views of the court ruling", 20, 30, 0.7), draw_text(img, "% who say each", 20, 55)]
    lines += [draw_text(img, h, 230 + 90 * k, 100, colour=(90, 90, 90)) for k, h in enumerate(headers)]
    for k, row in enumerate(("Federal deficit", "Health care costs", "Gun violence", "Climate change")):
        y = 135 + 40 * k
        cv2.rectangle(img, (300 - 20 * (k + 1), y - 10), (300, y + 6), (140, 160, 230), -1)
        cv2.rectangle(img, (300, y - 10), (340 + 25 * k, y + 6), (150, 150, 150), -1)
        lines.append(draw_text(img, row, 30, y + 3))
    cv2.rectangle(img, (200, 115), (480, 280), (170, 170, 170), 1)
    return read_layout(img, lines)


def test_short_headers_set_close_in_a_row_under_the_title_name_series_and_make_an_opposite_pair():
    layout = _diverging(("Disagree", "Agree"))
    roles = {lb.text: lb.role for lb in layout.labels}
    assert roles["Disagree"] == roles["Agree"] == LEGEND
    assert [lb.role for lb in layout.labels if lb.text.startswith("Views")] == [TITLE]  # the title stays
    induced = ranked_candidates(layout, None, INDUCTANCE, 42, "fig")
    assert {c.text for c in induced if c.rule == "opposite_pair"} == {"Disagree", "Agree"}
    # one header alone under the title is a subtitle, not a legend
    assert {lb.text: lb.role for lb in _diverging(("Disagree",)).labels}["Disagree"] != LEGEND


def test_a_panel_mark_s_bracket_does_not_make_a_title_a_fragment():
    img, lines = web_chart(categories=CATS, legend=("Exporters", "Households"), extra=(("a) Harbours", 200, 150),))
    layout = read_layout(img, lines)
    assert _why(layout, "a) Harbours") is None
    assert any(c.text == "a) Harbours" for c in ranked_candidates(layout, None, ADMITTANCE, 42, "fig"))


def test_one_line_of_a_title_wrapped_over_two_is_refused_and_a_line_standing_apart_is_not():
    """'Imports' with 'of grain' set under it, a leading too wide for the reader to join them but
    nearer than a line height: blurring 'Imports' alone leaves half the title, and the answer would
    be half of it. With 'of grain' a row away the two are separate labels."""
    img, lines = web_chart(categories=CATS, extra=(("Imports", 470, 30), ("of grain", 470, 62)))
    layout = read_layout(img, lines)
    assert {"Imports", "of grain"} <= {lb.text for lb in layout.labels}  # kept apart by the reader
    assert _why(layout, "Imports") == "one line of a label wrapped over two (with 'of grain')"
    assert "Imports" not in {c.text for c in admittance_candidates(layout, None)}
    img, lines = web_chart(categories=CATS, extra=(("Imports", 470, 30), ("of grain", 470, 100)))
    layout = read_layout(img, lines)
    assert _why(layout, "Imports") is None
    assert "Imports" in {c.text for c in admittance_candidates(layout, None)}
