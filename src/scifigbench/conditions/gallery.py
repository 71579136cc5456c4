"""One gallery image per figure showing it under every condition (the paper's Figure 12).

Tiles are letterboxed to one size and labelled, then laid out in a grid with OpenCV, which is
fast enough to make a gallery for every primary-subset figure inside the stage.
"""

from __future__ import annotations

import math
from typing import Sequence

import cv2
import numpy as np

TILE_W, TILE_H, LABEL_H, GAP = 420, 320, 26, 8


def _tile(img: np.ndarray, label: str) -> np.ndarray:
    h, w = img.shape[:2]
    scale = min(TILE_W / w, TILE_H / h)
    resized = cv2.resize(img, (max(1, int(w * scale)), max(1, int(h * scale))), interpolation=cv2.INTER_AREA)
    tile = np.full((TILE_H + LABEL_H, TILE_W, 3), 255, np.uint8)
    y0, x0 = LABEL_H + (TILE_H - resized.shape[0]) // 2, (TILE_W - resized.shape[1]) // 2
    tile[y0:y0 + resized.shape[0], x0:x0 + resized.shape[1]] = resized
    cv2.rectangle(tile, (0, LABEL_H), (TILE_W - 1, TILE_H + LABEL_H - 1), (200, 200, 200), 1)
    cv2.putText(tile, label, (6, LABEL_H - 8), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (30, 30, 30), 1, cv2.LINE_AA)
    return tile


def gallery(panels: Sequence[tuple[str, np.ndarray]], columns: int = 4) -> np.ndarray:
    """A grid of labelled tiles, one per (label, image), in the given order."""
    if not panels:
        raise ValueError("a gallery needs at least one image")
    tiles = [_tile(img, label) for label, img in panels]
    rows = math.ceil(len(tiles) / columns)
    th, tw = tiles[0].shape[:2]
    out = np.full((rows * th + (rows + 1) * GAP, columns * tw + (columns + 1) * GAP, 3), 255, np.uint8)
    for i, t in enumerate(tiles):
        r, c = divmod(i, columns)
        y, x = GAP + r * (th + GAP), GAP + c * (tw + GAP)
        out[y:y + th, x:x + tw] = t
    return out
