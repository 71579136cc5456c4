"""The turned reading of vertical text: boxes mapped back exactly, pieces replaced, sideways text
refused; and (slow, real OCR) an upward y-axis title read whole and proposed as a target."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from helpers.layout_charts import draw_upward_text, web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE
from scifigbench.blurtargets.from_layout import ranked_candidates
from scifigbench.layout import read_layout
from scifigbench.ocr.engine import OcrBox, backend
from scifigbench.ocr.turned import TurnedOcr, merge, turned_lines, unturn_box

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scivqa"


def test_unturn_box_maps_a_marked_block_back_to_its_upright_place() -> None:
    img = np.zeros((60, 100), dtype=np.uint8)
    img[10:20, 30:70] = 255  # upright block x 30..70, y 10..20
    turned = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    ys, xs = np.nonzero(turned)
    box = (float(xs.min()), float(ys.min()), float(xs.max() + 1), float(ys.max() + 1))
    assert unturn_box(box, img.shape[0]) == (30.0, 10.0, 70.0, 20.0)


class _Scripted:
    """A backend that answers by image shape: the upright and the turned image get their own lines."""

    name = "scripted"

    def __init__(self, upright: list[OcrBox], turned: list[OcrBox]) -> None:
        self.upright, self.turned, self.shapes = upright, turned, []

    def read(self, img, elements=None, min_elongation=None):
        self.shapes.append(img.shape[:2])
        return self.upright if img.shape[:2] == (200, 300) else self.turned


def test_turned_reading_replaces_the_pieces_of_a_vertical_title() -> None:
    # a y-axis title written upwards at x 10..24, y 40..160, read upright in two misread pieces
    pieces = [OcrBox("ccuracy", (10, 40, 24, 100), 0.7), OcrBox("Ac", (11, 130, 24, 160), 0.6)]
    tick = OcrBox("0.5", (30, 95, 50, 105), 0.99)
    # turned clockwise (300 rows x 200 columns) the title is a row at turned x = 200 - upright y
    title_turned = OcrBox("Accuracy", (40, 10, 160, 24), 0.98)  # turned x = 200 - upright y
    inner = _Scripted([*pieces, tick], [title_turned])
    lines = TurnedOcr(inner).read(np.zeros((200, 300, 3), dtype=np.uint8))
    assert inner.shapes == [(200, 300), (300, 200)]
    texts = sorted(b.text for b in lines)
    assert texts == ["0.5", "Accuracy"]
    title = next(b for b in lines if b.text == "Accuracy")
    assert title.box == (10, 40, 24, 160)


def test_a_turned_line_over_confident_upright_text_is_refused() -> None:
    # upright words read well; the turned image reads the same place sideways as another text
    upright = [OcrBox("Baseline", (20, 50, 90, 64), 0.97)]
    sideways = OcrBox("aulase", (20, 40, 90, 70), 0.9)
    assert merge(upright, [sideways]) == upright


def test_turned_lines_drop_flat_digit_runs_and_short_glyphs() -> None:
    turned = [
        OcrBox("76747270", (0, 0, 120, 12), 0.95),  # a column of upright ticks read sideways as one number
        OcrBox("ab", (0, 20, 40, 30), 0.95),  # too short
        OcrBox("Loss", (0, 40, 12, 80), 0.95),  # taller than wide in the turned image: upright text
        OcrBox("Loss", (0, 90, 60, 102), 0.5),  # unsure
        OcrBox("Recall", (0, 110, 70, 124), 0.95),
    ]
    inner = _Scripted([], turned)
    kept = turned_lines(inner, np.zeros((200, 300, 3), dtype=np.uint8))
    assert [b.text for b in kept] == ["Recall"]
    assert kept[0].box == unturn_box((0, 110, 70, 124), 200)


@pytest.mark.slow
def test_rapidocr_reads_an_upward_axis_title_whole_and_it_becomes_a_target() -> None:
    img, _ = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Households"))
    drawn = draw_upward_text(img, "Household income", 8, 260)
    lines = TurnedOcr(backend("rapidocr")).read(img)
    title = [b for b in lines if _alnum(b.text) == "householdincome"]
    assert len(title) == 1, [b.text for b in lines]
    assert all(abs(a - b) <= 6 for a, b in zip(title[0].box, drawn.box, strict=True)), (title[0].box, drawn.box)
    # no upright piece of it is left beside the whole line
    assert not [b for b in lines if b is not title[0] and b.box[2] <= drawn.box[2] + 2 and b.box[1] >= drawn.box[1]]
    layout = read_layout(img, lines)
    label = next(lb for lb in layout.labels if lb.text == title[0].text)
    assert (label.role, label.axis) == ("axis_title", "y")
    cands = ranked_candidates(layout, "Survey results.", ADMITTANCE, 42, "web")
    target = next(c for c in cands if c.text == title[0].text)
    assert target.rule == "axis_title" and target.question == "What is the title of the y-axis?"


@pytest.mark.slow
@pytest.mark.parametrize("text", ["69%", "Jul", "Oct", "-58"])
def test_rapidocr_leaves_short_upright_texts_upright(text: str) -> None:
    """rapidocr's direction classifier, at its default confidence, turns these half round and
    reads '%69', 'InC', '0t' or nothing; at the threshold we set they are read as printed."""
    img = np.full((60, 200, 3), 255, np.uint8)
    cv2.putText(img, text, (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (60, 60, 60), 1, cv2.LINE_AA)
    assert ["".join(b.text.split()) for b in backend("rapidocr").read(img)] == [text]


@pytest.mark.slow
def test_a_real_figure_gets_its_vertical_titles_whole_where_upright_ocr_splits_them() -> None:
    img = cv2.imread(str(FIXTURES / "1805.04688v1-Figure2-1.png"))
    ocr = backend("rapidocr")
    upright = {_alnum(b.text) for b in ocr.read(img)}
    assert "timeminperepoch" not in upright and "f1score" not in upright  # the need: read in pieces
    lines = TurnedOcr(ocr).read(img)
    whole = {_alnum(b.text): b for b in lines}
    assert {"timeminperepoch", "f1score"} <= set(whole)
    # both sit in the left margin, the time title beside the lower panel (y 145..265 of 298 rows)
    time_box = whole["timeminperepoch"].box
    assert time_box[2] < 20 and 130 < time_box[1] < time_box[3] < 280
    assert whole["f1score"].box[3] < 130
    layout = read_layout(img, lines)
    titles = {_alnum(lb.text): lb for lb in layout.labels if lb.role == "axis_title"}
    assert titles["timeminperepoch"].axis == titles["f1score"].axis == "y"


def _alnum(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def test_a_whole_upright_reading_read_more_surely_is_kept() -> None:
    upright = [OcrBox("tfidf", (10, 40, 24, 80), 0.97)]  # a rotated category OCR already read whole
    assert merge(upright, [OcrBox("tidt", (10, 41, 24, 80), 0.83)]) == upright
    better = OcrBox("tfidf", (10, 41, 24, 80), 0.99)
    assert merge([OcrBox("tidt", (10, 40, 24, 80), 0.83)], [better]) == [better]


@pytest.mark.slow
def test_reading_only_elongated_lines_finds_what_the_full_reading_keeps() -> None:
    """The turned reading recognises only the lines detected wider than tall; they are the lines
    a full reading of the turned image returns with that shape (same text, same box)."""
    img = cv2.rotate(cv2.imread(str(FIXTURES / "1805.04688v1-Figure2-1.png")), cv2.ROTATE_90_CLOCKWISE)
    ocr = backend("rapidocr")
    full = [(b.text, b.box) for b in ocr.read(img) if (b.box[2] - b.box[0]) >= 1.5 * (b.box[3] - b.box[1])]
    only = [(b.text, b.box) for b in ocr.read(img, min_elongation=1.5)]
    assert full and sorted(only) == sorted(full)
    assert len(only) < len(ocr.read(img))  # something was left unread


def test_the_elongated_reading_has_its_own_cache_entry_or_uses_a_full_one(tmp_path: Path) -> None:
    from scifigbench.ocr.cache import CachedOcr

    class Counting:
        name = "rapidocr"

        def __init__(self) -> None:
            self.asked: list[float | None] = []

        def read(self, img, elements=None, min_elongation=None):
            self.asked.append(min_elongation)
            wide, tall = OcrBox("wide", (0, 0, 30, 10), 0.9), OcrBox("tall", (0, 0, 10, 30), 0.9)
            return [wide] if min_elongation else [wide, tall]

    inner = Counting()
    ocr = CachedOcr(inner, tmp_path)
    img = np.zeros((20, 20, 3), np.uint8)
    assert [b.text for b in ocr.read(img, min_elongation=1.5)] == ["wide"]
    assert [b.text for b in ocr.read(img)] == ["wide", "tall"]  # not the elongated reading's entry
    assert [b.text for b in ocr.read(img, min_elongation=1.5)] == ["wide"] and inner.asked == [1.5, None]
    # a full reading kept from before serves the elongated one: a cache filled earlier is not read again
    other = np.ones((20, 20, 3), np.uint8)
    assert [b.text for b in ocr.read(other)] == ["wide", "tall"]
    assert [b.text for b in ocr.read(other, min_elongation=1.5)] == ["wide"] and inner.asked == [1.5, None, None]
