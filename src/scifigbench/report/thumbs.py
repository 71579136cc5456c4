"""Compressed thumbnails next to the report, and relative links to the full-size images.

Embedding every figure as a base64 PNG made the page 50 MB; the report now copies a small WebP per
image into ``<out>/thumbs/`` and links the thumbnail to the original file by a relative path, so
the report folder stays small and the full image opens from the file system with a click.
"""

from __future__ import annotations

import hashlib
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image

THUMB_DIR = "thumbs"
QUALITY = 50  # WebP quality: a 200 px thumbnail shows the chart's shape, ~4 KB per figure


def href(target: Path, out_dir: Path) -> str:
    """``target`` as a URL path relative to ``out_dir`` (forward slashes, works from file://)."""
    return Path(os.path.relpath(target.resolve(), out_dir.resolve())).as_posix()


def _make(src: Path, dest: Path, width: int) -> bool:
    if dest.is_file() and dest.stat().st_mtime >= src.stat().st_mtime:
        return True
    try:
        with Image.open(src) as im:
            im = im.convert("RGB")
            im.thumbnail((width, width * 4), Image.Resampling.LANCZOS)
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_suffix(".tmp")
            im.save(tmp, "WEBP", quality=QUALITY, method=4)
            tmp.replace(dest)
        return True
    except (OSError, ValueError):  # unreadable or missing image: the unit is listed without a thumbnail
        return False


def thumbnails(images: list[Path], out_dir: Path, width: int, workers: int = 2) -> dict[Path, tuple[str | None, str]]:
    """image -> (thumbnail href or None when it cannot be read, full-size href), hrefs relative to out_dir."""
    unique = list(dict.fromkeys(images))
    dests = {p: out_dir / THUMB_DIR / f"{hashlib.sha1(f'{p.as_posix()}:{width}'.encode()).hexdigest()[:16]}.webp"
             for p in unique}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        made = dict(zip(unique, pool.map(lambda p: _make(p, dests[p], width), unique)))
    return {p: (href(dests[p], out_dir) if made[p] else None, href(p, out_dir)) for p in unique}
