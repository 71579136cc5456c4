"""Recorded text boxes are right: real OCR (rapidocr, packaged models) finds each text in its box.

The sample is the session's tiny corpus (2 bar, 2 line, 2 pie figures; every chart type, single
and multi-panel). Checked roles: legend entries, category labels (bar category ticks and pie
labels), figure and panel titles. OCR confuses 0/o and 1/l; both sides are normalised the same way.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from scifigbench.spec import FigureSpec

CHECKED = {"legend_entry", "title", "panel_title", "pie_label"}


pytestmark = pytest.mark.long


def _norm(text: str) -> str:
    text = text.lower().replace("0", "o").replace("1", "l").replace("i", "l")
    return re.sub(r"[^a-z0-9]", "", text)


def _found(element, detections: list[tuple[str, np.ndarray]]) -> bool:
    """A detection that covers at least half of the (2 px padded) box and contains the text."""
    x0, y0, x1, y1 = element.x0 - 2, element.y0 - 2, element.x1 + 2, element.y1 + 2
    want = _norm(element.text)
    for text, box in detections:
        dx0, dy0 = box[:, 0].min(), box[:, 1].min()
        dx1, dy1 = box[:, 0].max(), box[:, 1].max()
        overlap = max(0.0, min(x1, dx1) - max(x0, dx0)) * max(0.0, min(y1, dy1) - max(y0, dy0))
        if overlap >= 0.5 * (x1 - x0) * (y1 - y0) and want in text:
            return True
    return False


@pytest.fixture(scope="module")
def corpus_ocr(tiny_corpus) -> list[tuple[FigureSpec, list[tuple[str, np.ndarray]]]]:
    """Each figure's spec with the OCR detections on its PNG (normalised text, 4-point box)."""
    from rapidocr import RapidOCR

    engine = RapidOCR(params={"Global.use_cls": False, "Global.log_level": "warning"})
    figures = pd.read_parquet(tiny_corpus / "data/corpus/figures.parquet")
    out = []
    for row in figures.itertuples():
        result = engine(str(tiny_corpus / row.image_path))
        boxes = result.boxes if result.boxes is not None else ()
        out.append((FigureSpec.load(tiny_corpus / row.spec_path),
                    [(_norm(t), np.asarray(b)) for t, b in zip(result.txts or (), boxes)]))
    return out


def _checked(spec: FigureSpec) -> list:
    return [e for e in spec.text_elements
            if e.role in CHECKED or (e.role == "tick" and spec.chart_type == "bar" and e.category is not None)]


def test_ocr_finds_labels_inside_recorded_boxes(corpus_ocr) -> None:
    assert {spec.chart_type for spec, _ in corpus_ocr} == {"bar", "line", "pie"}
    found: dict[str, int] = {}
    total: dict[str, int] = {}
    missed = []
    for spec, detections in corpus_ocr:
        for el in _checked(spec):
            key = "category" if el.role in ("pie_label", "tick") else el.role
            ok = _found(el, detections)
            found[key] = found.get(key, 0) + ok
            total[key] = total.get(key, 0) + 1
            if not ok:
                missed.append((spec.figure_id, el.role, el.text))
    assert {"legend_entry", "category", "title", "panel_title"} <= set(total), total
    n_found, n_total = sum(found.values()), sum(total.values())
    assert n_total >= 30, total
    assert n_found / n_total >= 0.9, (found, total, missed)
    for key in total:  # no role may be systematically wrong
        assert found[key] / total[key] >= 0.75, (key, found, total, missed)


def test_ocr_rejects_shifted_boxes(corpus_ocr) -> None:
    """The check has teeth: the same elements with boxes moved down by 1.2x their height are not found."""
    hits = n = 0
    for spec, detections in corpus_ocr:
        for e in _checked(spec):
            h = e.y1 - e.y0
            e.y0, e.y1 = e.y0 + 1.2 * h, e.y1 + 1.2 * h
            hits += _found(e, detections)
            n += 1
    assert hits / n < 0.15, (hits, n)
