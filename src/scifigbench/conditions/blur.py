"""Selective blur of one box (paper Appendix B.6, step 4).

Two steps make the text unreadable rather than merely soft: blending toward mid-grey first takes
away most of the ink/background contrast, then a wide Gaussian smears what is left. Only the
padded box changes; every other pixel is returned as it was.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

Box = tuple[float, float, float, float]  # x0, y0 (top-left), x1, y1 (bottom-right), pixels

GREY = 128.0


def padded_box(box: Box, pad: int, width: int, height: int) -> tuple[int, int, int, int]:
    """Integer pixel box grown by ``pad`` on every side and clipped to the image."""
    x0, y0, x1, y1 = box
    if not (x1 > x0 and y1 > y0):
        raise ValueError(f"empty box {box}")
    ix0 = max(0, int(np.floor(x0)) - pad)
    iy0 = max(0, int(np.floor(y0)) - pad)
    ix1 = min(width, int(np.ceil(x1)) + pad)
    iy1 = min(height, int(np.ceil(y1)) + pad)
    if ix1 <= ix0 or iy1 <= iy0:
        raise ValueError(f"box {box} lies outside the {width}x{height} image")
    return ix0, iy0, ix1, iy1


def blur_boxes(img: np.ndarray, boxes: Sequence[Box], *, grey_blend: float, kernel: int, pad: int) -> np.ndarray:
    """``img`` with every box blurred: a label printed in each panel is hidden in all of them."""
    for box in boxes:
        img = blur_box(img, box, grey_blend=grey_blend, kernel=kernel, pad=pad)
    return img


def review_pair(
    img: np.ndarray, boxes: Sequence[Box], *, grey_blend: float, kernel: int, pad: int, margin: int
) -> tuple[np.ndarray, np.ndarray]:
    """What a reviewer compares: the image with every box outlined in red ``margin`` pixels outside
    it, and the image as the stage blurs it."""
    marked = img.copy()
    for x0, y0, x1, y1 in boxes:
        cv2.rectangle(
            marked, (int(x0) - margin, int(y0) - margin), (int(x1) + margin, int(y1) + margin), (0, 0, 255), 2
        )
    return marked, blur_boxes(img, boxes, grey_blend=grey_blend, kernel=kernel, pad=pad)


def blur_box(img: np.ndarray, box: Box, *, grey_blend: float, kernel: int, pad: int) -> np.ndarray:
    """Return a copy of ``img`` with the padded ``box`` blended toward grey and Gaussian-blurred."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = padded_box(box, pad, w, h)
    out = img.copy()
    region = out[y0:y1, x0:x1].astype(np.float32)
    region = (1.0 - grey_blend) * region + grey_blend * GREY
    # Reflecting at the region border keeps the smear made only of the region's own pixels.
    region = cv2.GaussianBlur(region, (kernel, kernel), 0, borderType=cv2.BORDER_REFLECT)
    out[y0:y1, x0:x1] = np.clip(np.rint(region), 0, 255).astype(np.uint8)
    return out
