"""A label printed once per panel (a repeated legend, a shared axis title) is a target only with
every copy blurred: proposed once, its copies in ``also``, written to the table and blurred."""

from __future__ import annotations

import json

import cv2
import numpy as np

from helpers.layout_charts import draw_text, web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE, row_boxes
from scifigbench.blurtargets.from_layout import ranked_candidates, why_not_admittance
from scifigbench.blurtargets.selection import select_targets
from scifigbench.blurtargets.validity import check_blur
from scifigbench.conditions.blur import blur_box, blur_boxes
from scifigbench.layout import read_layout
from scifigbench.ocr.engine import OcrBox


def _two_legends(categories=("Sweden", "Norway", "Chile")):
    """The web chart with a second legend (its own swatches) standing for a second panel's."""
    img, lines = web_chart(categories=categories, legend=("Exporters", "Households"))
    second = ("Exporters", "Households")
    for k, name in enumerate(second):
        cv2.rectangle(img, (440, 100 + 22 * k), (454, 112 + 22 * k), ((40, 40, 220), (220, 120, 30))[k], -1)
        lines.append(draw_text(img, name, 462, 112 + 22 * k))
    return img, lines


def test_a_legend_printed_in_each_panel_is_proposed_once_with_its_copy() -> None:
    img, lines = _two_legends()
    layout = read_layout(img, lines)
    copies = [lb for lb in layout.labels if lb.text == "Exporters"]
    assert [lb.role for lb in copies] == ["legend_entry", "legend_entry"]
    assert why_not_admittance(copies[0], layout, None) == "printed again or contains another label"
    cands = [c for c in ranked_candidates(layout, None, ADMITTANCE, 42, "web") if c.text == "Exporters"]
    assert len(cands) == 1
    assert {cands[0].box, *cands[0].also} == {lb.box for lb in copies}
    assert "printed in 2 panels, every copy blurred" in cands[0].reasoning_path
    # a label blurred in one place is tried first: fewer boxes to find and blur
    ranked = ranked_candidates(layout, None, ADMITTANCE, 42, "web")
    assert [bool(c.also) for c in ranked] == sorted(bool(c.also) for c in ranked)
    assert not ranked[0].also


def test_copies_in_different_roles_keep_the_label_out() -> None:
    img, lines = web_chart(categories=("Sweden", "Norway", "Exporters"), legend=("Exporters", "Households"))
    layout = read_layout(img, lines)
    assert "Exporters" not in {c.text for c in ranked_candidates(layout, None, ADMITTANCE, 42, "web")}


def test_the_target_row_keeps_every_box_and_the_blur_hides_all_of_them() -> None:
    img, lines = _two_legends(categories=("Yes", "No"))  # with "Don't know": no category is a target
    boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
    found = select_targets("web", None, None, boxes, "rapidocr", img, seed=3, pad=4, threshold=0.8)
    multi = [t for t in found if t.also]
    assert multi, [t.text for t in found]
    target = multi[0]
    row = target.row()
    assert json.loads(row["also_json"]) == [list(b) for b in target.also]

    class Row:
        pass

    r = Row()
    r.__dict__.update(row)
    assert row_boxes(r) == target.boxes
    blurred = blur_boxes(img, target.boxes, grey_blend=0.6, kernel=31, pad=4)
    one = blur_box(img, target.box, grey_blend=0.6, kernel=31, pad=4)
    x0, y0, x1, y1 = (int(v) for v in target.also[0])
    assert not np.array_equal(blurred[y0:y1, x0:x1], img[y0:y1, x0:x1])  # the copy is blurred too
    assert np.array_equal(one[y0:y1, x0:x1], img[y0:y1, x0:x1])
    assert np.array_equal(blurred[0:5, 0:5], img[0:5, 0:5])


def test_a_copy_still_read_counts_as_read_back() -> None:
    main, copy = (10.0, 10.0, 60.0, 22.0), (10.0, 100.0, 60.0, 112.0)
    clean = [
        OcrBox("Exporters", main, 0.99),
        OcrBox("Exporters", copy, 0.99),
        OcrBox("Chile", (200, 10, 240, 22), 0.99),
    ]
    only_main_gone = [OcrBox("Exporters", copy, 0.99), OcrBox("Chile", (200, 10, 240, 22), 0.99)]
    assert check_blur(clean, only_main_gone, main, "Exporters", 4, (copy,)).target_read
    both_gone = check_blur(clean, [OcrBox("Chile", (200, 10, 240, 22), 0.99)], main, "Exporters", 4, (copy,))
    assert not both_gone.target_read and (both_gone.others, both_gone.others_kept) == (1, 1)
