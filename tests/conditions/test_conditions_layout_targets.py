"""Blur targets of figures without a spec, chosen from the layout reading.

Admittance exclusions are checked on hand-drawn charts whose every label is known; the tick
position rule on a chart where the same number is both a tick and a value label; and the whole
path (rapidocr, layout, targets, blur) on one real SciVQA figure, read back with OCR.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from helpers.layout_charts import web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.blurtargets.from_layout import ranked_candidates, why_not_admittance
from scifigbench.blurtargets.selection import select_targets
from scifigbench.blurtargets.text import redact
from scifigbench.blurtargets.validity import check_blur
from scifigbench.conditions.blur import blur_box
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.layout import read_layout
from scifigbench.ocr.engine import OcrBox, backend

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "scivqa" / "1506.00195v1-Figure2-1.png"


def _reasons(layout, caption=None) -> dict[str, str | None]:
    return {lb.text: why_not_admittance(lb, layout, caption) for lb in layout.labels}


def test_inferable_labels_are_no_admittance_targets():
    img, lines = web_chart(categories=("Total", "Chile", "Other"), legend=("Exporters", "Households"))
    why = _reasons(read_layout(img, lines))
    assert why["Total"].startswith("an aggregate") and why["Other"].startswith("an aggregate")
    assert why["Chile"] is None
    img, lines = web_chart(categories=("Good", "Fair", "Poor"), legend=("Men", "Women"))
    why = _reasons(read_layout(img, lines))
    assert "complementary" in why["Women"] and "complementary" in why["Men"]
    assert "option set" in why["Fair"]
    img, lines = web_chart(categories=("Jan", "Feb", "Mar"), legend=("Ages 18-29", "Ages 30-49", "Ages 50+"))
    why = _reasons(read_layout(img, lines))
    assert all("ordered series" in why[t] for t in ("Jan", "Feb", "Mar", "Ages 18-29", "Ages 30-49", "Ages 50+"))


def test_title_and_caption_naming_by_tokens():
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Households"))
    layout = read_layout(img, lines)
    assert why_not_admittance(next(lb for lb in layout.labels if lb.text == "Chile"), layout, None) is None
    chile = next(lb for lb in layout.labels if lb.text == "Chile")
    # The caption shown with the blurred image drops the sentence naming Chile, so Chile stays a target...
    assert why_not_admittance(chile, layout, "Trust in Chile's institutions. Share of adults.") is None
    assert redact("Trust in Chile's institutions. Share of adults.", "Chile") == "Share of adults."
    # ... but a caption naming 'Households' by another word form keeps naming it after redaction.
    house = next(lb for lb in layout.labels if lb.text == "Households")
    assert redact("A household survey.", "Households") == "A household survey."
    assert why_not_admittance(house, layout, "A household survey.").startswith("named by the caption")
    # "Economy" in the title names a legend entry "Economies" (tokens, not exact strings)
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Economies", "Exporters"))
    layout = read_layout(img, lines)
    eco = next(lb for lb in layout.labels if lb.text == "Economies")
    assert why_not_admittance(eco, layout, None) == "named by the title"


def test_admittance_targets_are_whole_labels_and_never_furniture():
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Households"))
    layout = read_layout(img, lines)
    cands = ranked_candidates(layout, "Survey results.", ADMITTANCE, 42, "web")
    texts = {c.text for c in cands}
    assert texts == {"Sweden", "Norway", "Chile", "Exporters", "Households", "Don't know"}
    by_text = {lb.text: lb for lb in layout.labels}
    for c in cands:
        assert c.box == by_text[c.text].box and c.rule in ("category", "legend_entry")
        assert c.question and json.loads(c.neighbours_json)
    wrapped = next(c for c in cands if c.text == "Don't know")
    assert len(by_text["Don't know"].lines) == 2 and wrapped.box == by_text["Don't know"].box


def test_a_tick_is_blurred_where_it_stands_not_where_its_text_recurs():
    # "25" is both a y tick and the value label over the first bar
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), value_label="25")
    layout = read_layout(img, lines)
    tick = next(lb for lb in layout.labels if lb.text == "25" and lb.role == "axis_tick")
    value = next(lb for lb in layout.labels if lb.text == "25" and lb.role == "value_label")
    cands = [c for c in ranked_candidates(layout, None, INDUCTANCE, 42, "web") if c.rule == "tick_sequence"]
    assert {c.text for c in cands} == {"25", "50", "75"}
    twenty_five = next(c for c in cands if c.text == "25")
    assert twenty_five.box == tick.box != value.box
    assert twenty_five.question == "What is the y-axis tick between the ticks labelled 0 and 50?"
    boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
    found = select_targets("web", None, None, boxes, "rapidocr", img, seed=42, pad=4, threshold=0.8)
    ind = next(t for t in found if t.mode == INDUCTANCE)
    assert ind.box in {lb.box for lb in layout.labels if lb.text == ind.text and lb.role == "axis_tick"}
    assert ind.status == "proposed" and ind.rule and ind.reasoning_path and ind.question


def test_a_figure_without_a_spec_needs_its_image():
    with pytest.raises(ValueError, match="needs its image"):
        select_targets("real", None, None, [], "rapidocr", None, seed=1, pad=4, threshold=0.8)


@pytest.mark.slow
def test_real_figure_targets_blur_away_and_leave_the_rest_readable():
    img = cv2.imread(str(FIXTURE))
    cfg = ConditionsConfig()
    ocr = backend("rapidocr")
    clean = ocr.read(img)
    found = select_targets(
        "real",
        None,
        "Convergence of training entropy.",
        clean,
        "rapidocr",
        img,
        seed=42,
        pad=cfg.blur_pad_px,
        threshold=cfg.fuzzy_threshold,
    )
    by_mode = {t.mode: t for t in found}
    assert by_mode[ADMITTANCE].rule == "legend_entry"
    assert by_mode[ADMITTANCE].text in {"RNN-EM", "GRNN", "LSTM", "simple RNN"}
    assert by_mode[INDUCTANCE].rule == "tick_sequence"
    for t in found:
        blurred = blur_box(img, t.box, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=cfg.blur_pad_px)
        res = check_blur(clean, ocr.read(blurred), t.box, t.text, cfg.blur_pad_px)
        assert not res.target_read, t.text
        assert res.others_kept >= 0.95 * res.others, (t.text, res)
        assert np.array_equal(blurred[0:5, 0:5], img[0:5, 0:5])


def _chart_with_extras():
    img, lines = web_chart(
        categories=("Sweden", "Norway", "Chile"),
        legend=("Exporters", "Households"),
        extra=(("Forecast", 180, 100), ("Model", 180, 130), ("Trade partners", 230, 356)),
    )
    return read_layout(img, lines)


def test_labels_in_the_plot_area_and_axis_titles_are_admittance_candidates_after_the_legend():
    layout = _chart_with_extras()
    cands = ranked_candidates(layout, None, ADMITTANCE, 42, "web")
    by_text = {c.text: c for c in cands}
    assert by_text["Forecast"].rule == "series_label"
    assert by_text["Trade partners"].rule == "axis_title"
    assert by_text["Trade partners"].question == "What is the title of the x-axis?"
    assert "Forecast" not in json.loads(by_text["Forecast"].neighbours_json)
    assert "plot area" in by_text["Forecast"].question
    # a generic heading says nothing a model could not guess
    assert "Model" not in by_text
    rules = [c.rule for c in cands]
    assert (
        rules.index("legend_entry") < rules.index("category") < rules.index("series_label") < rules.index("axis_title")
    )


def test_a_caption_named_label_comes_after_unnamed_ones_of_its_tier_and_says_the_caption_is_redacted():
    layout = _chart_with_extras()
    cands = ranked_candidates(layout, "Exports by country. Sweden leads.", ADMITTANCE, 42, "web")
    sweden = next(c for c in cands if c.text == "Sweden")
    assert sweden.redacts_caption and "has it removed" in sweden.reasoning_path
    strong = [c for c in cands if c.rule in ("legend_entry", "category", "panel_title")]
    assert cands[: len(strong)] == strong  # plot-area labels and axis titles only after them
    assert [c.redacts_caption for c in strong] == sorted(c.redacts_caption for c in strong)
    assert "does not name it" in next(c for c in cands if c.text == "Norway").reasoning_path


def test_cut_off_lines_and_pieces_of_longer_text_are_not_targets():
    img, lines = web_chart(
        categories=("Sweden", "Norway", "Chile"),
        legend=("Exporters", "Households"),
        extra=(("Maghreb,", 180, 100), ("paper, etc).", 95, 160)),
    )
    why = _reasons(read_layout(img, lines))
    assert why["Maghreb,"] == why["paper, etc)."] == "a fragment of a longer text"


def test_statistics_and_headings_of_number_columns_are_no_series_labels():
    img, lines = web_chart(
        categories=("Sweden", "Norway", "Chile"),
        legend=("Exporters", "Households"),
        extra=(("Layers", 180, 100), ("10", 185, 125), ("20", 185, 150), ("fit r=0.93", 436, 200)),
    )
    why = _reasons(read_layout(img, lines))
    assert why["Layers"] == why["fit r=0.93"] == "a statistic or the heading of a column of numbers"
    img, lines = web_chart(
        categories=("Sweden", "Norway", "Chile"),
        legend=("Exporters", "Households"),
        extra=(("Most adults agree on this", 95, 140),),
    )
    assert _reasons(read_layout(img, lines))["Most adults agree on this"].startswith("a phrase rather than a name")


def test_an_abbreviation_printed_beside_its_words_gives_either_away():
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Word Error Rate", "CER"))
    layout = read_layout(img, lines)
    spelled = next(lb for lb in layout.labels if lb.text == "Word Error Rate")
    assert why_not_admittance(spelled, layout, None) is None  # 'CER' is no abbreviation of it
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Word Error Rate", "WER"))
    layout = read_layout(img, lines)
    why = _reasons(layout)
    assert why["WER"].startswith("abbreviated or spelled out") and why["Word Error Rate"].startswith("abbreviated")
