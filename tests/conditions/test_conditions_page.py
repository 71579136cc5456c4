"""The in-paper page: the figure sits where the returned box says, the page text is real text,
and blurring the figure box leaves no figure text readable while the caption still is."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers.conditions_fixtures import bar_figure
from scifigbench.conditions.blur import blur_box
from scifigbench.conditions.images import read_bgr
from scifigbench.conditions.page import render_page
from scifigbench.conditions.page_text import page_text
from scifigbench.ocr.engine import OcrUnavailable, backend
from scifigbench.ocr.matching import normalise


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    png, spec = bar_figure(tmp_path_factory.mktemp("page"))
    fig = read_bgr(png)
    words = page_text(spec, spec.caption, "bar", spec.domain, 3, random.Random(7))
    img, box = render_page(fig, words, spec.caption, 3, 110)
    return fig, spec, words, img, box


def _texts(img) -> list[str]:
    return [normalise(b.text) for b in backend("rapidocr").read(img)]


def test_page_geometry_and_words(page):
    fig, spec, words, img, box = page
    x0, y0, x1, y1 = box
    assert img.shape[:2] == (1210, 935)                     # 8.5 x 11 in at 110 dpi
    assert abs((x1 - x0) / (y1 - y0) - fig.shape[1] / fig.shape[0]) < 0.02  # aspect kept
    assert 0 < x0 and x1 < 935 and y1 < 1210 * 0.7            # leaves room for caption and body
    inside = img[y0:y1, x0:x1].astype(float)
    assert inside.mean() < 250                                 # the chart is drawn there
    assert "Figure 3" in " ".join(words.paragraphs)           # the body refers to the figure
    assert "2WikiMQA" in " ".join(words.paragraphs) or "HotpotQA" in " ".join(words.paragraphs)


def test_blurred_page_hides_the_figure_but_keeps_the_caption(page):
    fig, spec, words, img, box = page
    x0, y0, x1, y1 = box
    blurred = blur_box(img, box, grey_blend=0.7, kernel=75, pad=0)
    assert np.array_equal(blurred[y1:], img[y1:])               # caption and body untouched
    fig_words = {normalise(e.text) for e in spec.text_elements if len(e.text) >= 4}
    clean_region = _texts(img[y0:y1, x0:x1])
    assert len(fig_words & set(clean_region)) >= 4             # legible on the clean page
    assert not fig_words & set(_texts(blurred[y0:y1, x0:x1]))   # none after the blur
    caption_band = _texts(blurred[y1: y1 + 60, x0:x1])
    assert any(t.startswith(normalise("Figure 3:")) for t in caption_band), caption_band


def test_easyocr_without_the_extra_fails_clearly():
    pytest.importorskip("rapidocr")
    try:
        import easyocr  # noqa: F401
    except ImportError:
        with pytest.raises(OcrUnavailable, match=r"scifigbench\[easyocr\]"):
            backend("easyocr").read(np.full((32, 32, 3), 255, np.uint8))
    else:
        pytest.skip("easyocr is installed here; the missing-extra message cannot be exercised")


def test_unknown_backend_and_renderer_without_spec():
    with pytest.raises(ValueError, match="unknown OCR backend"):
        backend("tesseract")
    with pytest.raises(ValueError, match="needs the figure's spec"):
        backend("renderer").read(np.zeros((8, 8, 3), np.uint8))


def _tall_chart(path) -> list[str]:
    """A narrow, tall two-panel line chart (300 x 900 px) like a stacked arXiv figure; its y tick labels."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(2, 1, figsize=(3, 9), dpi=100)
    for ax in axes:
        ax.plot([0, 1, 2, 3], [5, 40, 25, 90])
        ax.set_yticks([0, 20, 40, 60, 80, 100])
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return ["0", "20", "40", "60", "80", "100"]


def test_tall_chart_gets_a_float_page_and_stays_readable(tmp_path):
    ticks = _tall_chart(tmp_path / "tall.png")
    fig = read_bgr(tmp_path / "tall.png")
    words = page_text(None, "Two panels.", "line", None, 2, random.Random(1))
    img, (x0, y0, x1, y1) = render_page(fig, words, "Two panels.", 2, 110)
    assert (y1 - y0) / img.shape[0] > 0.7                   # not squeezed into the 45 % cap
    assert (y1 - y0) / fig.shape[0] >= 1.0                  # shown at least at its own size
    read = [b.text.strip() for b in backend("rapidocr").read(img[y0:y1, x0:x1])]
    found = sum(read.count(t) >= 1 for t in ticks)
    assert found >= 5, read                                 # the tick labels stay legible on the page
    assert "Figure 2:" in " ".join(b.text for b in backend("rapidocr").read(img[y1:y1 + 60]))


def test_wide_chart_keeps_the_article_layout(tmp_path):
    fig = np.full((170, 930, 3), 255, np.uint8)
    words = page_text(None, "Wide.", "line", None, 4, random.Random(2))
    img, (x0, y0, x1, y1) = render_page(fig, words, "Wide.", 4, 110)
    assert y0 > 150                                         # under the title block
    assert x1 - x0 == 935 - 2 * 88                          # full text width


def test_real_figure_page_text_does_not_paraphrase_the_caption():
    caption = "Median latency of Zephyr and Borealis under increasing load; Borealis saturates at 40 clients."
    words = page_text(None, caption, "line", None, 5, random.Random(3))
    body = " ".join(words.paragraphs)
    assert "Figure 5" in body
    for word in ("latency", "Zephyr", "Borealis", "saturates", "clients"):
        assert word not in body
