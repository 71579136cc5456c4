"""rapidocr's detector input prepared by a table lookup: the same numbers, a tenth of the time.

Before each detection rapidocr scales the (enlarged) image to the network's input range with
``(img.astype(float32) / 255 - mean) / std``; ``mean`` and ``std`` are float64 arrays, so every
pixel of an image enlarged to 736 px or more on its shorter side goes through float64
arithmetic: 0.07 CPU seconds per detection on this machine, twice per figure (upright and
turned), 9 % of a figure's first pass (10 SciVQA figures; the table takes a tenth of that).
A byte has only 256 values, so the table is rapidocr's own ``normalize`` applied once to the
256 values of each channel, and each image is then looked up in it (``cv2.LUT``). Each entry is
the number rapidocr computes for that byte and channel, cast to float32 as rapidocr casts its
result before inference, so the detector sees the same array bit for bit and reads the same
lines (tests/conditions/test_ocr_tabled.py). Anything other than an 8-bit three-channel image
is left to rapidocr's own arithmetic.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np
from rapidocr.ch_ppocr_det.utils import DetPreProcess


@functools.lru_cache(maxsize=8)
def _table(mean: tuple[float, ...] | None, std: tuple[float, ...] | None) -> np.ndarray:
    """rapidocr's normalisation of every byte value, per channel: a (1, 256, 3) float32 table."""
    stock = DetPreProcess(mean=None if mean is None else list(mean), std=None if std is None else list(std))
    ramp = np.repeat(np.arange(256, dtype=np.uint8).reshape(1, 256, 1), 3, axis=2)
    return np.ascontiguousarray(stock.normalize(ramp).astype(np.float32))


class TabledDetPreProcess(DetPreProcess):
    """rapidocr's detector preprocessing with ``normalize`` looked up in a table (module docstring)."""

    def __init__(
        self,
        limit_side_len: int = 736,
        limit_type: str = "min",
        mean: Sequence[float] | None = None,
        std: Sequence[float] | None = None,
    ) -> None:
        super().__init__(limit_side_len, limit_type, mean, std)
        self._lookup = _table(
            None if mean is None else tuple(float(m) for m in mean),
            None if std is None else tuple(float(s) for s in std),
        )

    def normalize(self, img: np.ndarray) -> np.ndarray:
        """The table's entries for an 8-bit image of the table's channels; any other image goes to
        rapidocr's own arithmetic, since the table holds only the 256 byte values per channel."""
        if img.dtype != np.uint8 or img.ndim != 3 or img.shape[2] != self._lookup.shape[2]:
            return super().normalize(img)
        return cv2.LUT(img, self._lookup)


def use_table(detector: Any) -> None:
    """Make rapidocr's ``TextDetector`` ``detector`` prepare its input with :class:`TabledDetPreProcess`
    (it builds a new preprocessor for every image through ``get_preprocess``)."""
    detector.get_preprocess = lambda: TabledDetPreProcess(
        detector.limit_side_len, detector.limit_type, detector.mean, detector.std
    )
