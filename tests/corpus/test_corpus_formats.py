"""Import of real images in any common format: each comes out as the 8-bit RGB PNG a viewer would see."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from PIL import Image

from scifigbench.conditions.images import read_bgr
from scifigbench.conditions.transforms import gaussian_noise, low_contrast
from scifigbench.corpus import importers
from scifigbench.corpus.image_import import ImageImportError, import_image
from scifigbench.corpus.importers import ManifestError, chart_type_of


def _chart_rgb() -> np.ndarray:
    """A small 'chart': white background, a black axis line, a blue bar, a grey label block."""
    img = np.full((60, 80, 3), 255, np.uint8)
    img[50, 5:75] = 0
    img[20:50, 20:35] = (31, 119, 180)
    img[5:10, 40:70] = 128
    return img


def _decoded(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG" and im.mode == "RGB"
        return np.asarray(im)


@pytest.mark.parametrize(
    "fmt, suffix", [("JPEG", "jpg"), ("WEBP", "webp"), ("TIFF", "tif"), ("BMP", "bmp"), ("PNG", "png")]
)
def test_every_format_becomes_rgb_png_with_the_same_pixels(tmp_path: Path, fmt: str, suffix: str) -> None:
    src = _chart_rgb()
    path = tmp_path / f"chart.{suffix}"
    Image.fromarray(src).save(path, format=fmt, **({"quality": 95} if fmt in ("JPEG", "WEBP") else {}))
    out = import_image(path, 10**6)
    assert (out.width, out.height) == (80, 60)
    got = _decoded(out.png).astype(int)
    tolerance = 12 if fmt in ("JPEG", "WEBP") else 0  # lossy formats: close, not exact
    assert np.abs(got - src).max() <= tolerance + (40 if fmt in ("JPEG", "WEBP") else 0)
    assert np.abs(got - src).mean() <= tolerance


def test_png_rgb_is_kept_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "a.png"
    Image.fromarray(_chart_rgb()).save(path)
    assert import_image(path, 10**6).png == path.read_bytes()


def test_gif_keeps_its_first_frame(tmp_path: Path) -> None:
    first = Image.fromarray(_chart_rgb()).convert("P", palette=Image.Palette.ADAPTIVE)
    second = Image.new("P", (80, 60), 0)
    path = tmp_path / "anim.gif"
    first.save(path, save_all=True, append_images=[second], duration=100, loop=0)
    got = _decoded(import_image(path, 10**6).png)
    assert got[0, 0].tolist() == [255, 255, 255]  # frame 2 is all palette colour 0
    assert np.abs(got[30, 25].astype(int) - [31, 119, 180]).max() <= 8


def test_palette_and_alpha_are_composited_on_white(tmp_path: Path) -> None:
    rgba = np.zeros((60, 80, 4), np.uint8)  # fully transparent black ...
    rgba[20:50, 20:35] = (200, 30, 30, 255)  # ... with one opaque red bar
    path = tmp_path / "alpha.png"
    Image.fromarray(rgba, "RGBA").save(path)
    got = _decoded(import_image(path, 10**6).png)
    assert got[0, 0].tolist() == [255, 255, 255]
    assert got[30, 25].tolist() == [200, 30, 30]
    pal = tmp_path / "pal.png"
    Image.fromarray(_chart_rgb()).convert("P", palette=Image.Palette.ADAPTIVE, colors=8).save(pal)
    assert _decoded(import_image(pal, 10**6).png)[0, 0].tolist() == [255, 255, 255]


def test_16bit_greyscale_is_scaled_not_clipped_and_survives_low_contrast(tmp_path: Path) -> None:
    grey16 = np.full((60, 80), 65535, np.uint16)
    grey16[20:50, 20:35] = 16384  # a mid-dark bar: 16384 / 257 -> 64 in 8 bits
    grey16[50, 5:75] = 0
    path = tmp_path / "g16.png"
    Image.fromarray(grey16).save(path)
    with Image.open(path) as im:
        assert im.mode.startswith("I")  # really a 16-bit file
    imported = tmp_path / "imported.png"
    imported.write_bytes(import_image(path, 10**6).png)
    img = read_bgr(imported)
    assert (
        img[30, 25].tolist() == [64, 64, 64] and img[50, 10].tolist() == [0, 0, 0] and img[0, 0].tolist() == [255] * 3
    )
    lowc = low_contrast(img, 0.3, 50.0)
    noisy = gaussian_noise(img, 25.0, 1)
    assert lowc[30, 25, 0] < lowc[0, 0, 0] - 50  # the bar is still darker than the background
    assert noisy[20:50, 20:35].mean() < 100 and noisy[:15].mean() > 200


def test_image_over_the_pixel_limit_is_refused_with_its_size(tmp_path: Path) -> None:
    path = tmp_path / "big.png"
    Image.new("RGB", (2000, 1000), "white").save(path)
    with pytest.raises(
        ImageImportError, match=r"2000x1000 = 2000000 pixels, over the limit corpus.max_image_pixels = 1000000"
    ):
        import_image(path, 1_000_000)


def test_decompression_bomb_names_the_manifest_row(tmp_path: Path) -> None:
    """A 14000x13000 image is over Pillow's own bomb limit: the row is named, not a raw DecompressionBombError."""
    (tmp_path / "img").mkdir()
    Image.new("1", (14000, 13000), 1).save(tmp_path / "img" / "huge.png")
    Image.fromarray(_chart_rgb()).save(tmp_path / "img" / "ok.png")
    manifest = tmp_path / "manifest.csv"
    pd.DataFrame(
        [
            {"id": "ok", "image": "img/ok.png", "chart_type": "bar"},
            {"id": "huge", "image": "img/huge.png", "chart_type": "column"},
        ]
    ).to_csv(manifest, index=False)
    rows = importers.manifest_entries(manifest)
    records, failures = importers.import_entries(rows.entries, "manifest", tmp_path / "out", Path("c"), 10**10)
    assert [r.figure_id for r in records] == ["ok"]
    assert len(failures) == 1 and failures[0].item == "huge"
    assert "row 2 (id='huge')" in failures[0].error and "too large to decode safely" in failures[0].error


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("bar_vertical", "bar"),
        ("bar_horizontal", "bar"),
        ("column", "bar"),
        ("Column Chart", "bar"),
        ("horizontal-bar", "bar"),
        ("Histogram", "histogram"),
        ("stacked_bar_chart", "bar"),
        ("line graph", "line"),
        ("Line_Chart", "line"),
        ("donut chart", "pie"),
        ("doughnut", "pie"),
        ("Pie", "pie"),
    ],
)
def test_chart_type_spellings(raw: str, expected: str) -> None:
    assert chart_type_of(raw, "m.csv: row 1") == expected


def test_unknown_chart_type_names_the_row() -> None:
    with pytest.raises(ManifestError, match=r"m.csv: row 4: unknown chart type 'radar'"):
        chart_type_of("radar", "m.csv: row 4")
