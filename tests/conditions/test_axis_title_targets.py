"""Axis titles, upright or written upwards, as admittance targets (hand-drawn charts, exact lines)."""

from __future__ import annotations

from helpers.layout_charts import draw_text, draw_upward_text, web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE
from scifigbench.blurtargets.from_layout import ranked_candidates, why_not_admittance
from scifigbench.layout import read_layout


def _chart(*titles: tuple[str, str]):
    """The web chart plus axis titles: ('left', text) upwards left of the y ticks, ('right', text)
    upwards right of the drawing, ('x', text) centred under the categories."""
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Households"))
    for where, text in titles:
        if where == "left":
            lines.append(draw_upward_text(img, text, 8, 270))
        elif where == "right":
            lines.append(draw_upward_text(img, text, 532, 270))
        else:
            lines.append(draw_text(img, text, 240, 352))
    return img, lines


def test_an_upward_y_title_is_an_axis_title_target_with_a_question_pointing_at_it() -> None:
    img, lines = _chart(("left", "Household income"))
    layout = read_layout(img, lines)
    title = next(lb for lb in layout.labels if lb.text == "Household income")
    assert (title.role, title.axis, title.rotated) == ("axis_title", "y", True)
    assert why_not_admittance(title, layout, "Survey results.") is None
    cand = next(c for c in ranked_candidates(layout, "Survey results.", ADMITTANCE, 42, "web") if c.text == title.text)
    assert (cand.rule, cand.question, cand.expected_answer) == (
        "axis_title",
        "What is the title of the y-axis?",
        "Household income",
    )
    # tried after every legend entry and category of the figure
    order = [c.rule for c in ranked_candidates(layout, "Survey results.", ADMITTANCE, 42, "web")]
    assert order.index("axis_title") > max(i for i, r in enumerate(order) if r in ("legend_entry", "category"))


def test_generic_titles_and_titles_the_caption_keeps_naming_are_refused() -> None:
    # the base of a survey share is as stock as its unit: portals print 'Share of respondents'
    for generic in ("Percentage (%)", "Value", "Time (s)", "Relative performance", "Share of respondents"):
        img, lines = _chart(("left", generic))
        layout = read_layout(img, lines)
        title = next(lb for lb in layout.labels if lb.text == generic)
        assert why_not_admittance(title, layout, None) == "a generic heading (guessable from the kind of chart)"
    img, lines = _chart(("left", "Household income"))
    layout = read_layout(img, lines)
    title = next(lb for lb in layout.labels if lb.text == "Household income")
    reason = why_not_admittance(title, layout, "Incomes of households rose. Survey results.")
    assert reason == "named by the caption, even with the label removed from it"


def test_twin_axes_are_asked_for_by_side_and_the_x_title_by_axis() -> None:
    img, lines = _chart(("left", "Household income"), ("right", "Exports per head"), ("x", "Trade partner"))
    layout = read_layout(img, lines)
    titles = {lb.text: lb for lb in layout.labels if lb.role == "axis_title"}
    assert set(titles) == {"Household income", "Exports per head", "Trade partner"}
    cands = {
        c.text: c.question for c in ranked_candidates(layout, None, ADMITTANCE, 42, "web") if c.rule == "axis_title"
    }
    assert cands["Household income"] == "What is the title of the y-axis?"
    assert cands["Exports per head"] == "What is the title of the right-hand y-axis?"
    assert cands["Trade partner"] == "What is the title of the x-axis?"


def test_glyphs_ocr_confuses_do_not_hide_a_caption_naming_the_title() -> None:
    img, lines = _chart(("left", "BLl (mrr)"))  # OCR read 'BLI' with a lower-case l
    layout = read_layout(img, lines)
    title = next(lb for lb in layout.labels if lb.text == "BLl (mrr)")
    assert why_not_admittance(title, layout, "BLI performance in the comparable setting.") == (
        "named by the caption, even with the label removed from it"
    )


def test_a_legend_heading_made_of_generic_words_is_refused() -> None:
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Approach", "Exporters", "Households"))
    layout = read_layout(img, lines)
    heading = next(lb for lb in layout.labels if lb.text == "Approach")
    assert heading.role == "legend_entry"
    assert why_not_admittance(heading, layout, None) == "a generic heading (guessable from the kind of chart)"
    exporters = next(lb for lb in layout.labels if lb.text == "Exporters")
    assert why_not_admittance(exporters, layout, None) is None
