"""Kept thumbnails: a rebuilt report copies the thumbnails of unchanged images instead of encoding them."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from scifigbench.report import thumbs


def _png(path: Path, seed: int) -> Path:
    pixels = np.random.default_rng(seed).integers(0, 255, size=(120, 160, 3), dtype=np.uint8)
    Image.fromarray(pixels).save(path)
    return path


def _thumb_bytes(hrefs: dict[Path, tuple[str | None, str]], out: Path) -> dict[str, bytes]:
    return {p.name: (out / str(thumb)).read_bytes() for p, (thumb, _) in hrefs.items()}


def test_second_report_copies_kept_thumbnails_byte_for_byte(tmp_path, monkeypatch):
    images = [_png(tmp_path / f"{i}.png", i) for i in range(3)]
    kept = tmp_path / "kept"
    first = _thumb_bytes(thumbs.thumbnails(images, tmp_path / "out1", 64, kept=kept), tmp_path / "out1")
    assert len(list(kept.glob("*.webp"))) == 3

    def no_encoding(*args, **kwargs):
        raise AssertionError("a kept thumbnail was encoded again")

    monkeypatch.setattr(thumbs.Image, "open", no_encoding)
    second = _thumb_bytes(thumbs.thumbnails(images, tmp_path / "out2", 64, kept=kept), tmp_path / "out2")
    assert second == first


def test_changed_image_or_width_gets_a_new_thumbnail(tmp_path):
    image = _png(tmp_path / "a.png", 1)
    kept = tmp_path / "kept"
    before = _thumb_bytes(thumbs.thumbnails([image], tmp_path / "out1", 64, kept=kept), tmp_path / "out1")
    _png(image, 2)  # same path, other pixels
    after = _thumb_bytes(thumbs.thumbnails([image], tmp_path / "out2", 64, kept=kept), tmp_path / "out2")
    wider = _thumb_bytes(thumbs.thumbnails([image], tmp_path / "out3", 96, kept=kept), tmp_path / "out3")
    assert before["a.png"] != after["a.png"]
    assert wider["a.png"] != after["a.png"]
    assert len(list(kept.glob("*.webp"))) == 3


@pytest.mark.parametrize("kept", [None, "kept"])
def test_unreadable_image_has_no_thumbnail(tmp_path, kept):
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"not a png")
    hrefs = thumbs.thumbnails([bad], tmp_path / "out", 64, kept=tmp_path / kept if kept else None)
    assert hrefs[bad][0] is None
    assert not (tmp_path / "kept").exists() or not list((tmp_path / "kept").glob("*.webp"))


def test_two_images_with_the_same_bytes_both_get_their_thumbnail(tmp_path, monkeypatch):
    """The pool's two threads store one kept thumbnail at once (identical images share it); each
    copy is made slow so both are mid-copy together, as under load. Before, they shared a temporary
    name, the second rename failed and one image was listed without a thumbnail."""
    a = _png(tmp_path / "a.png", 5)
    b = tmp_path / "b.png"
    b.write_bytes(a.read_bytes())
    real_copy = thumbs.shutil.copyfile

    def slow_copy(src, dst):
        out = real_copy(src, dst)
        time.sleep(0.3)
        return out

    monkeypatch.setattr(thumbs.shutil, "copyfile", slow_copy)
    got = thumbs.thumbnails([a, b], tmp_path / "out", 64, workers=2, kept=tmp_path / "kept")
    assert all(thumb is not None for thumb, _ in got.values())
    assert len(list((tmp_path / "kept").glob("*.webp"))) == 1
