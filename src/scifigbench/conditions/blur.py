"""Selective blur of one box (paper Appendix B.6, step 4).

Two steps make the text unreadable rather than merely soft: blending toward mid-grey first takes
away most of the ink/background contrast, then a wide Gaussian smears what is left. Only the
blurred region changes; every other pixel is returned as it was.

The region is the box grown by a pad (OCR boxes hug the ink, and a blur that stops exactly at
the ink leaves readable edges), but the pad never reaches into another text box: in a tight
legend or beside a tick the pad on that side is trimmed back to the neighbour's edge, so the
blur hides the target and nothing else. :func:`blur_region` is the one definition of that
region; every caller that blurs or checks a blur goes through it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import cv2
import numpy as np

from scifigbench.ocr.geometry import Box, overlaps

if TYPE_CHECKING:
    from scifigbench.conditions.config import ConditionsConfig

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


def blur_region(box: Box, pad: int, width: int, height: int, clear_of: Sequence[Box] = ()) -> tuple[int, int, int, int]:
    """The pixel region blurred for ``box``: padded, clipped to the image, and with the padding
    trimmed on each side where it would reach into a box of ``clear_of`` (other text).

    A box of ``clear_of`` that overlaps ``box`` itself shares its ink (or is one of its own lines)
    and is ignored: trimming can only take padding away, never part of the box. A neighbour lying
    diagonally is cleared on the side that costs the least padding.
    """
    region = list(padded_box(box, pad, width, height))
    inner = (int(np.floor(box[0])), int(np.floor(box[1])), int(np.ceil(box[2])), int(np.ceil(box[3])))
    for o in clear_of:
        if overlaps(o, box) or not overlaps(o, (region[0], region[1], region[2], region[3])):
            continue
        # (edge index, edge value stopping at the neighbour) for each side the neighbour lies beyond
        cuts = [
            (i, edge)
            for i, beyond, edge in (
                (0, o[2] <= box[0], min(inner[0], int(np.ceil(o[2])))),
                (1, o[3] <= box[1], min(inner[1], int(np.ceil(o[3])))),
                (2, o[0] >= box[2], max(inner[2], int(np.floor(o[0])))),
                (3, o[1] >= box[3], max(inner[3], int(np.floor(o[1])))),
            )
            if beyond
        ]
        across = {0: region[3] - region[1], 1: region[2] - region[0]}  # length of a vertical / horizontal edge
        i, edge = min(cuts, key=lambda c: abs(c[1] - region[c[0]]) * across[c[0] % 2])
        region[i] = max(region[i], edge) if i < 2 else min(region[i], edge)
    x0, y0, x1, y1 = region
    return x0, y0, x1, y1


def blur_boxes(
    img: np.ndarray, boxes: Sequence[Box], *, grey_blend: float, kernel: int, pad: int, clear_of: Sequence[Box] = ()
) -> np.ndarray:
    """``img`` with every box blurred: a label printed in each panel is hidden in all of them."""
    for box in boxes:
        img = blur_box(img, box, grey_blend=grey_blend, kernel=kernel, pad=pad, clear_of=clear_of)
    return img


def blur_with(img: np.ndarray, boxes: Sequence[Box], cfg: ConditionsConfig, clear_of: Sequence[Box] = ()) -> np.ndarray:
    """:func:`blur_boxes` with the conditions params: how the stage blurs a target, and how its
    benchmarks blur one to check it."""
    return blur_boxes(
        img, boxes, grey_blend=cfg.blur_grey_blend, kernel=cfg.blur_kernel, pad=cfg.blur_pad_px, clear_of=clear_of
    )


def review_pair(
    img: np.ndarray, boxes: Sequence[Box], cfg: ConditionsConfig, *, margin: int, clear_of: Sequence[Box] = ()
) -> tuple[np.ndarray, np.ndarray]:
    """What a reviewer compares: the image with every box outlined in red ``margin`` pixels outside
    it, and the image as the stage blurs it."""
    marked = img.copy()
    for x0, y0, x1, y1 in boxes:
        cv2.rectangle(
            marked, (int(x0) - margin, int(y0) - margin), (int(x1) + margin, int(y1) + margin), (0, 0, 255), 2
        )
    return marked, blur_with(img, boxes, cfg, clear_of=clear_of)


def blur_box(
    img: np.ndarray, box: Box, *, grey_blend: float, kernel: int, pad: int, clear_of: Sequence[Box] = ()
) -> np.ndarray:
    """A copy of ``img`` with the region of ``box`` (:func:`blur_region`) blended toward grey and
    Gaussian-blurred."""
    h, w = img.shape[:2]
    x0, y0, x1, y1 = blur_region(box, pad, w, h, clear_of)
    out = img.copy()
    region = out[y0:y1, x0:x1].astype(np.float32)
    region = (1.0 - grey_blend) * region + grey_blend * GREY
    # Reflecting at the region border keeps the smear made only of the region's own pixels.
    region = cv2.GaussianBlur(region, (kernel, kernel), 0, borderType=cv2.BORDER_REFLECT)
    out[y0:y1, x0:x1] = np.clip(np.rint(region), 0, 255).astype(np.uint8)
    return out
