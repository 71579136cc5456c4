"""Reading and writing condition images.

Images are OpenCV-native BGR ``uint8`` arrays everywhere in this package, so transforms, blur and
OCR never convert colour order. PNG encoding uses fixed settings so that the same pixels always
give the same bytes (and the same sha256 in ``conditions.parquet``).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from scifigbench.tableio import atomic_write_bytes, sha256_bytes

_PNG_FLAGS = [cv2.IMWRITE_PNG_COMPRESSION, 1]  # noisy images barely compress; higher levels only cost time


def read_bgr(path: Path | str) -> np.ndarray:
    """Load an image as 3-channel BGR (alpha is composited on white, as a viewer shows it)."""
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise ValueError(f"{path}: not a readable image")
    if img.ndim == 2:
        return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    if img.shape[2] == 4:
        alpha = img[:, :, 3:4].astype(np.float32) / 255.0
        rgb = img[:, :, :3].astype(np.float32)
        return np.clip(rgb * alpha + 255.0 * (1.0 - alpha), 0, 255).round().astype(np.uint8)
    if img.dtype != np.uint8:
        img = cv2.convertScaleAbs(img, alpha=255.0 / max(1, int(img.max())))
    return img


def encode_png(img: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", img, _PNG_FLAGS)
    if not ok:
        raise ValueError("PNG encoding failed")
    return buf.tobytes()


def write_png(path: Path | str, img: np.ndarray) -> str:
    """Write ``img`` atomically as PNG and return the sha256 of the bytes written."""
    data = encode_png(img)
    atomic_write_bytes(path, data)
    return sha256_bytes(data)
