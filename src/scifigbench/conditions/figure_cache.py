"""Per-figure memo of the conditions stage, so a rerun after one review decision redoes one figure.

``dvc repro`` deletes ``data/conditions`` and reruns the whole stage whenever
``review/blur_targets.csv`` changes, although a decision changes only its own figure. Each
figure's result (its table rows, targets and the images it wrote) is therefore stored under a key
made of everything the result depends on: the job (image and spec content), the stage's
parameters, the seed, the review decisions on that figure's targets, the OCR engine version and
the package's code version (both keyed with :mod:`scifigbench.caching.stepstore`'s helpers). A hit
restores the images from content-addressed blobs (hard links when the file system allows, else
copies) instead of recomputing them.
Everything lives in the untracked ``.scifigbench-cache/conditions`` folder; a damaged or
incomplete entry is a miss.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict
from pathlib import Path

from scifigbench.tableio import atomic_write_text, sha256_file


class FigureCache:
    """Stored per-figure results (JSON) plus the images they wrote (blobs named by sha256)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.blobs = self.folder / "blobs"

    def _entry(self, key: str) -> Path:
        return self.folder / "results" / key[:2] / f"{key}.json"

    def _blob(self, sha: str) -> Path:
        return self.blobs / sha[:2] / sha

    def load(self, key: str, root: Path) -> dict | None:
        """The stored result with its images put back under ``root``, or None on a miss."""
        try:
            entry = json.loads(self._entry(key).read_text(encoding="utf-8"))
            files: dict[str, str] = entry["files"]
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if not all(self._blob(sha).is_file() for sha in files.values()):
            return None
        for rel, sha in files.items():
            _place(self._blob(sha), root / rel)
        return entry["result"]

    def store(self, key: str, result: dict, written: list[str], root: Path) -> None:
        """Keep ``result`` and the images it wrote (``written``: paths relative to ``root``)."""
        files = {}
        for rel in written:
            sha = sha256_file(root / rel)
            blob = self._blob(sha)
            if not blob.is_file():
                _place(root / rel, blob)
            files[rel] = sha
        atomic_write_text(self._entry(key), json.dumps({"files": files, "result": result}, default=_plain))


def _plain(value):
    """numpy scalars in table rows as plain Python numbers."""
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"cannot store {type(value).__name__} in the figure memo")


def _place(src: Path, dst: Path) -> None:
    """Put ``src``'s content at ``dst`` (hard link when possible, else copy), replacing ``dst`` atomically."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(f".{dst.name}.{os.getpid()}.tmp")
    try:
        os.link(src, tmp)
    except OSError:
        shutil.copyfile(src, tmp)
    os.replace(tmp, dst)


def as_json(result) -> dict:
    """A stage FigureResult as stored in the memo (without its failure, which is never stored)."""
    data = asdict(result)
    data.pop("failure", None)
    return data
