"""The detector input looked up in a table is rapidocr's own, bit for bit, and the engine the stage
uses reads a real figure exactly as a stock rapidocr engine with the same settings does."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from rapidocr import RapidOCR
from rapidocr.ch_ppocr_det.utils import DetPreProcess

from scifigbench.ocr import engine as ocr
from scifigbench.ocr.tabled import TabledDetPreProcess

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scivqa"


def _images() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    every_byte = np.repeat(np.arange(256, dtype=np.uint8).reshape(16, 16, 1), 3, axis=2)
    return [
        cv2.imread(str(FIXTURES / "1805.04688v1-Figure2-1.png")),
        rng.integers(0, 256, (97, 203, 3), dtype=np.uint8),
        every_byte,
    ]


@pytest.mark.parametrize(
    "mean, std", [(None, None), ([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]), ([0.1, 0.5, 0.9], [0.3, 0.5, 0.7])]
)
def test_the_table_gives_rapidocrs_detector_input_bit_for_bit(mean, std) -> None:
    for img in _images():
        stock = DetPreProcess(736, "min", mean, std)(img)
        tabled = TabledDetPreProcess(736, "min", mean, std)(img)
        assert tabled.dtype == stock.dtype == np.float32
        assert tabled.shape == stock.shape
        assert np.array_equal(tabled, stock)


def test_an_image_that_is_not_8_bit_colour_gets_rapidocrs_own_arithmetic() -> None:
    grey16 = np.random.default_rng(3).integers(0, 65536, (40, 50, 3), dtype=np.uint16)
    stock = DetPreProcess().normalize(grey16)
    assert np.array_equal(TabledDetPreProcess().normalize(grey16), stock)
    single = np.random.default_rng(4).integers(0, 256, (40, 50, 1), dtype=np.uint8)
    assert np.array_equal(TabledDetPreProcess().normalize(single), DetPreProcess().normalize(single))


def test_the_engine_the_stage_reads_with_prepares_its_detector_input_by_the_table() -> None:
    assert isinstance(ocr._rapidocr_engine().text_det.get_preprocess(), TabledDetPreProcess)


@pytest.mark.slow
def test_the_stage_engine_reads_a_real_figure_as_a_stock_engine_does() -> None:
    img = cv2.imread(str(FIXTURES / "1805.04688v1-Figure2-1.png"))
    engine = ocr._rapidocr_engine()
    stock = RapidOCR(
        params={
            "Global.log_level": "error",
            "EngineConfig.onnxruntime.intra_op_num_threads": 1,
            **ocr.RAPIDOCR_SETTINGS,
            **ocr.RAPIDOCR_SPEED,
        }
    )
    for im in (img, np.ascontiguousarray(cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE))):
        ours, theirs = engine(im), stock(im)
        assert ours.txts == theirs.txts and len(ours.txts) > 5
        assert np.array_equal(ours.boxes, theirs.boxes)
        assert ours.scores == theirs.scores
