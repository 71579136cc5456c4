"""Perceptual transforms of the robustness conditions (paper Appendix B.2): pure array functions.

Each takes a BGR ``uint8`` image and returns a new one; the input is never modified.
"""

from __future__ import annotations

import cv2
import numpy as np


def gaussian_noise(img: np.ndarray, sigma: float, seed: int) -> np.ndarray:
    """Add zero-mean Gaussian noise of standard deviation ``sigma`` (grey levels), clipped to [0, 255]."""
    rng = np.random.default_rng(seed)
    noisy = img.astype(np.float32) + rng.standard_normal(size=img.shape, dtype=np.float32) * np.float32(sigma)
    return np.clip(np.rint(noisy), 0, 255).astype(np.uint8)


def low_contrast(img: np.ndarray, alpha: float, beta: float) -> np.ndarray:
    """Compress the dynamic range: ``alpha * img + beta`` (white 255 -> 126.5 for 0.3 / 50)."""
    out = img.astype(np.float32) * alpha + beta
    return np.clip(np.rint(out), 0, 255).astype(np.uint8)


def rotate(img: np.ndarray, degrees: float, fill: int = 255) -> np.ndarray:
    """Rotate counter-clockwise by ``degrees`` about the centre on a canvas grown to hold every pixel.

    The canvas grows instead of cropping so that no tick, label or legend is cut away: the
    condition tests reading tilted text, not missing text.
    """
    h, w = img.shape[:2]
    theta = np.deg2rad(degrees)
    cos, sin = abs(np.cos(theta)), abs(np.sin(theta))
    new_w = int(np.ceil(w * cos + h * sin))
    new_h = int(np.ceil(w * sin + h * cos))
    m = cv2.getRotationMatrix2D((w / 2.0, h / 2.0), degrees, 1.0)
    m[0, 2] += new_w / 2.0 - w / 2.0
    m[1, 2] += new_h / 2.0 - h / 2.0
    return cv2.warpAffine(
        img, m, (new_w, new_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(fill, fill, fill)
    )
