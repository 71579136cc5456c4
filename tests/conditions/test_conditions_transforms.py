"""Perceptual transforms, blur and page rendering: pixel-level behaviour checked against arithmetic."""

from __future__ import annotations

import numpy as np
import pytest

from scifigbench.conditions.blur import blur_box, padded_box
from scifigbench.conditions.transforms import gaussian_noise, low_contrast, rotate
from scifigbench.seeded import figure_seed


def test_noise_is_seeded_per_figure_and_has_the_requested_sigma():
    img = np.full((200, 300, 3), 128, np.uint8)
    a = gaussian_noise(img, 25.0, figure_seed(42, "fig1", "noise"))
    b = gaussian_noise(img, 25.0, figure_seed(42, "fig1", "noise"))
    c = gaussian_noise(img, 25.0, figure_seed(42, "fig2", "noise"))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)
    diff = a.astype(float) - 128.0
    assert abs(diff.mean()) < 0.5
    assert 24.0 < diff.std() < 26.0  # 128 +- 5 sigma stays inside [0, 255]: no clipping bias
    assert np.array_equal(img, np.full((200, 300, 3), 128, np.uint8))  # input untouched


def test_low_contrast_maps_black_and_white_by_alpha_beta():
    img = np.zeros((4, 4, 3), np.uint8)
    img[:2] = 255
    out = low_contrast(img, 0.3, 50.0)
    assert set(np.unique(out[:2])) <= {126, 127}   # 0.3 * 255 + 50 = 126.5
    assert set(np.unique(out[2:])) == {50}
    assert int(out.max()) - int(out.min()) <= 77     # range compressed from 255 to ~76


def test_rotation_grows_the_canvas_and_keeps_every_dark_pixel():
    h, w = 120, 240
    img = np.full((h, w, 3), 255, np.uint8)
    img[:, :3] = img[:, -3:] = 0  # dark border columns touching the edges
    img[:3, :] = img[-3:, :] = 0
    out = rotate(img, 15.0)
    t = np.deg2rad(15.0)
    assert out.shape[1] == int(np.ceil(w * np.cos(t) + h * np.sin(t)))
    assert out.shape[0] == int(np.ceil(w * np.sin(t) + h * np.cos(t)))
    dark_in = (img[:, :, 0] < 128).sum()
    dark_out = (out[:, :, 0] < 128).sum()
    assert abs(dark_out - dark_in) / dark_in < 0.1  # nothing of the frame was cut off
    assert (out[0, 0] == 255).all() and (out[-1, -1] == 255).all()  # white fill in the corners
    # Counter-clockwise: the frame's top-right corner becomes its highest point, right of centre.
    ys, xs = np.nonzero(out[:, :, 0] < 128)
    assert xs[ys.argmin()] > out.shape[1] * 0.5 + w * 0.3


def test_blur_changes_only_the_padded_box_and_flattens_it():
    rng = np.random.default_rng(0)
    img = rng.integers(0, 256, size=(100, 160, 3), dtype=np.uint8)
    box = (40.2, 30.0, 90.0, 50.5)
    out = blur_box(img, box, grey_blend=0.7, kernel=75, pad=4)
    x0, y0, x1, y1 = padded_box(box, 4, 160, 100)
    assert (x0, y0, x1, y1) == (36, 26, 94, 55)  # floor/ceil of the box, grown by 4
    mask = np.zeros(img.shape[:2], bool)
    mask[y0:y1, x0:x1] = True
    assert np.array_equal(out[~mask], img[~mask])
    region = out[mask].astype(float)
    assert region.std() < 0.1 * img[mask].astype(float).std()
    # Grey blend 0.7 pulls the region mean to 0.3 * mean + 0.7 * 128.
    expected_mean = 0.3 * img[mask].astype(float).mean() + 0.7 * 128
    assert abs(region.mean() - expected_mean) < 3.0


def test_blur_rejects_a_box_outside_the_image():
    img = np.zeros((10, 10, 3), np.uint8)
    with pytest.raises(ValueError, match="outside"):
        blur_box(img, (20, 20, 30, 30), grey_blend=0.7, kernel=75, pad=0)
