"""Compressed thumbnails next to the report, and relative links to the full-size images.

Embedding every figure as a base64 PNG made the page 50 MB; the report now copies a small WebP per
image into ``<out>/thumbs/`` and links the thumbnail to the original file by a relative path, so
the report folder stays small and the full image opens from the file system with a click.

DVC deletes ``reports/`` before the stage runs, so each thumbnail is also kept in an untracked
folder keyed by what it is made from (the image's bytes, the width, the encoder settings and the
Pillow version): a rerun after one figure was added encodes only that figure's images.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import PIL
from PIL import Image

THUMB_DIR = "thumbs"
QUALITY = 50  # WebP quality: a 200 px thumbnail shows the chart's shape, ~4 KB per figure


def href(target: Path, out_dir: Path) -> str:
    """``target`` as a URL path relative to ``out_dir`` (forward slashes, works from file://)."""
    return Path(os.path.relpath(target.resolve(), out_dir.resolve())).as_posix()


def _copy(src: Path, dest: Path) -> None:
    """Copy ``src`` to ``dest`` through a temporary sibling, so a reader never sees half a file.

    The sibling is named by process and thread: two images with the same bytes share one kept
    thumbnail, and the pool's two threads may store it at once (a shared name made one of them fail,
    and its image lost its thumbnail).
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    shutil.copyfile(src, tmp)
    tmp.replace(dest)


def _make(src: Path, dest: Path, width: int, kept: Path | None) -> bool:
    if dest.is_file() and dest.stat().st_mtime >= src.stat().st_mtime:
        return True
    try:
        stored = None
        if kept is not None:
            key = hashlib.sha256(src.read_bytes())
            key.update(f"{width}:{QUALITY}:{PIL.__version__}".encode())
            stored = kept / f"{key.hexdigest()}.webp"
            if stored.is_file():
                _copy(stored, dest)
                return True
        with Image.open(src) as im:
            im = im.convert("RGB")
            im.thumbnail((width, width * 4), Image.Resampling.LANCZOS)
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_suffix(".tmp")
            im.save(tmp, "WEBP", quality=QUALITY, method=4)
            tmp.replace(dest)
        if stored is not None:
            _copy(dest, stored)
        return True
    except (OSError, ValueError):  # unreadable or missing image: the unit is listed without a thumbnail
        return False


def thumbnails(
    images: list[Path], out_dir: Path, width: int, workers: int = 2, kept: Path | None = None
) -> dict[Path, tuple[str | None, str]]:
    """image -> (thumbnail href or None when it cannot be read, full-size href), hrefs relative to out_dir.

    With ``kept`` (an untracked folder), thumbnails made before from the same bytes are copied from there.
    """
    unique = list(dict.fromkeys(images))
    dests = {
        p: out_dir / THUMB_DIR / f"{hashlib.sha1(f'{p.as_posix()}:{width}'.encode()).hexdigest()[:16]}.webp"
        for p in unique
    }
    with ThreadPoolExecutor(max_workers=workers) as pool:
        made = dict(zip(unique, pool.map(lambda p: _make(p, dests[p], width, kept), unique)))
    return {p: (href(dests[p], out_dir) if made[p] else None, href(p, out_dir)) for p in unique}
