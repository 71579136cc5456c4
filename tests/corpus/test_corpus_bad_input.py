"""Bad real-figure input: each problem is one line naming the file, row and cause; good figures are kept.

Covers manifests saved in other encodings (Windows-1252, Latin-1, UTF-16 with a byte-order mark,
a row that no encoding reads), a required column missing from the header (one message, not one
per row), files under an image name that are no image (empty, PDF, SVG, HTML) and images that
must become 8-bit RGB (16-bit RGB, 16-bit RGBA, palette).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from scifigbench.corpus import importers, stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.image_import import import_image
from scifigbench.corpus.importers import ManifestError

HEADER = "id,image,chart_type,caption\n"
CAPTION = "Café prices in €, “2023” – per région"  # accents, euro sign, curly quotes, en dash: all in cp1252


def _png(path: Path) -> None:
    img = np.full((40, 60, 3), 255, np.uint8)
    img[10:30, 10:20] = (31, 119, 180)
    Image.fromarray(img).save(path)


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    (tmp_path / "img").mkdir()
    for name in ("a", "b", "c"):
        _png(tmp_path / "img" / f"{name}.png")
    return tmp_path


def _csv_text(caption: str = CAPTION) -> str:
    return HEADER + f'fig_a,img/a.png,bar,"{caption}"\nfig_b,img/b.png,line,Plain caption.\n'


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8-sig", "utf-8"])
def test_manifest_in_a_common_encoding_is_read_with_its_captions(root: Path, encoding: str) -> None:
    manifest = root / "manifest.csv"
    manifest.write_bytes(_csv_text().encode(encoding))  # Python's utf-16 writes a byte-order mark
    rows = importers.manifest_entries(manifest)
    assert [e.figure_id for e in rows.entries] == ["fig_a", "fig_b"]
    assert rows.entries[0].caption == CAPTION and not rows.failures
    assert bool(rows.notes) == (encoding == "cp1252")  # a fallback read is said, a declared one is not


def test_latin1_manifest_reads_like_cp1252(root: Path) -> None:
    caption = "Température moyenne à Genève, 1990–2020".replace("–", "-")  # Latin-1 has no en dash
    manifest = root / "manifest.csv"
    manifest.write_bytes(_csv_text(caption).encode("latin-1"))
    rows = importers.manifest_entries(manifest)
    assert rows.entries[0].caption == caption
    assert rows.notes == [
        f"{manifest}: row(s) 1 are not UTF-8 and were read as Windows-1252 (cp1252/Latin-1); check their "
        "captions, or save the manifest as UTF-8"
    ]


def test_mixed_manifest_keeps_utf8_rows_and_reads_the_other_row(root: Path) -> None:
    manifest = root / "manifest.csv"
    manifest.write_bytes(
        (HEADER + 'fig_a,img/a.png,bar,"Ünïcode row"\n').encode("utf-8")
        + 'fig_b,img/b.png,line,"Windows row: 5 €"\n'.encode("cp1252")
    )
    rows = importers.manifest_entries(manifest)
    assert [e.caption for e in rows.entries] == ["Ünïcode row", "Windows row: 5 €"]
    assert "row(s) 2 are not UTF-8" in rows.notes[0]


def test_unreadable_byte_fails_naming_the_row_and_keeps_the_corpus(root: Path, tmp_path: Path) -> None:
    manifest = root / "manifest.csv"
    # 0x81 is undefined in Windows-1252 and starts no UTF-8 character
    manifest.write_bytes(HEADER.encode() + b"fig_a,img/a.png,bar,ok\nfig_b,img/b.png,line,bad \x81 byte\n")
    with pytest.raises(ManifestError) as err:
        importers.manifest_entries(manifest)
    assert str(err.value) == (
        f"{manifest}: row 2: byte 0x81 is neither UTF-8 nor Windows-1252/Latin-1 text; save the manifest as UTF-8"
    )
    assert "\n" not in str(err.value)


def test_utf16_without_byte_order_mark_is_refused_with_what_to_do(root: Path) -> None:
    manifest = root / "manifest.csv"
    manifest.write_bytes(_csv_text().encode("utf-16-le"))
    with pytest.raises(ManifestError, match="looks like UTF-16 without a byte-order mark; save the manifest as UTF-8"):
        importers.manifest_entries(manifest)


def test_json_manifest_in_cp1252_names_lines(root: Path) -> None:
    manifest = root / "manifest.json"
    rows = [{"id": "fig_a", "image": "img/a.png", "chart_type": "bar", "caption": CAPTION}]
    manifest.write_bytes(json.dumps(rows, ensure_ascii=False, indent=1).encode("cp1252"))
    found = importers.manifest_entries(manifest)
    assert found.entries[0].caption == CAPTION and "line(s) 6 are not UTF-8" in found.notes[0]


def test_cp1252_manifest_runs_through_the_corpus_stage(
    root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest = root / "manifest.csv"
    manifest.write_bytes(_csv_text().encode("cp1252"))
    figures = stage.run(CorpusConfig(source="manifest", manifest=str(manifest), workers=1), 42, tmp_path / "repo")
    assert list(figures["caption"]) == [CAPTION, "Plain caption."]
    assert "corpus: note:" in capsys.readouterr().err


@pytest.mark.parametrize(
    "header, missing",
    [("id,image,caption", "'chart_type'"), ("id,picture,chart_type,caption", "'image' / 'image_path'")],
)
def test_missing_column_is_one_message(root: Path, header: str, missing: str) -> None:
    manifest = root / "manifest.csv"
    manifest.write_text(header + "\n" + "\n".join(f"fig_{n},img/{n}.png,bar,x" for n in "abc") + "\n")
    with pytest.raises(ManifestError) as err:
        importers.manifest_entries(manifest)
    columns = ", ".join(sorted(header.split(",")))
    assert str(err.value) == f"{manifest}: no column {missing}; columns found: {columns}"


def test_missing_column_in_json_is_one_message(root: Path) -> None:
    manifest = root / "manifest.json"
    manifest.write_text(json.dumps([{"id": f"f{n}", "image": f"img/{n}.png"} for n in "abc"]))
    with pytest.raises(ManifestError, match=r"no column 'chart_type'; columns found: id, image$"):
        importers.manifest_entries(manifest)


NOT_IMAGES = {
    "empty.png": (b"", "is an empty file (0 bytes)"),
    "paper.png": (
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n",
        "is a PDF document, not an image; export the figure as PNG",
    ),
    "vector.png": (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"/>',
        "is an SVG drawing (vector graphics), not a raster image; export it as PNG",
    ),
    "page.png": (
        b"<!DOCTYPE html>\n<html><body>404 Not Found</body></html>",
        "is an HTML page (a saved web page or an error page served in place of the image), not an image",
    ),
}


def test_files_that_are_no_image_are_named_and_the_good_figures_kept(root: Path) -> None:
    for name, (data, _) in NOT_IMAGES.items():
        (root / "img" / name).write_bytes(data)
    names = ["a.png", *NOT_IMAGES, "b.png"]
    manifest = root / "manifest.csv"
    manifest.write_text(HEADER + "".join(f"f{i},img/{n},bar,\n" for i, n in enumerate(names, start=1)))
    rows = importers.manifest_entries(manifest)
    records, failures = importers.import_entries(rows.entries, "manifest", root / "out", Path("c"), 10**8)
    assert [r.figure_id for r in records] == ["f1", f"f{len(names)}"]
    assert len(failures) == len(NOT_IMAGES)
    for i, (failure, (name, (_, what))) in enumerate(zip(failures, NOT_IMAGES.items(), strict=True), start=2):
        assert failure.error == f"{manifest}: row {i} (id='f{i}'): {root / 'img' / name} {what}"
        assert "BytesIO" not in failure.error and "\n" not in failure.error


def test_unknown_bytes_say_what_they_start_with(root: Path) -> None:
    path = root / "img" / "odd.png"
    path.write_bytes(b"GARBAGE\x00\x01 not any format")
    with pytest.raises(ValueError) as err:
        import_image(path, 10**6)
    assert "corrupt or unreadable image" in str(err.value) and "b'GARBAGE" in str(err.value)
    assert "BytesIO" not in str(err.value)


def _png_header(data: bytes) -> tuple[int, int]:
    """(bit depth, colour type) from a PNG's IHDR chunk."""
    return data[24], data[25]


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_16bit_colour_png_becomes_8bit_rgb(tmp_path: Path, mode: str) -> None:
    """Pillow opens a 16-bit colour PNG as mode RGB/RGBA; the file must still be written again at 8 bits."""
    import cv2

    channels = 3 if mode == "RGB" else 4
    deep = np.full((30, 40, channels), 65535, np.uint16)
    deep[5:25, 5:15, :3] = (16384, 32768, 49152)  # an RGB bar; written BGR(A) by OpenCV below
    path = tmp_path / "deep.png"
    order = [2, 1, 0] if channels == 3 else [2, 1, 0, 3]
    cv2.imwrite(str(path), deep[:, :, order])
    assert _png_header(path.read_bytes())[0] == 16
    out = import_image(path, 10**6)
    assert _png_header(out.png) == (8, 2)  # 8 bits per sample, RGB
    with Image.open(io.BytesIO(out.png)) as im:
        px = np.asarray(im)
    assert px[0, 0].tolist() == [255, 255, 255]
    assert np.abs(px[10, 10].astype(int) - [64, 128, 192]).max() <= 1  # scaled by 257, not clipped


def test_palette_png_becomes_8bit_rgb(tmp_path: Path) -> None:
    path = tmp_path / "pal.png"
    img = np.full((30, 40, 3), 255, np.uint8)
    img[5:25, 5:15] = (200, 30, 30)
    Image.fromarray(img).convert("P", palette=Image.Palette.ADAPTIVE, colors=4).save(path)
    assert _png_header(path.read_bytes())[1] == 3  # really a palette file
    out = import_image(path, 10**6)
    assert _png_header(out.png) == (8, 2)
    with Image.open(io.BytesIO(out.png)) as im:
        assert np.asarray(im)[10, 10].tolist() == [200, 30, 30]
