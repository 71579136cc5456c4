"""Per-figure memo of the conditions stage, so a rerun after one review decision redoes one figure.

``dvc repro`` deletes ``data/conditions`` and reruns the whole stage whenever
``review/blur_targets.csv`` changes, although a decision changes only its own figure. Each
figure's result (its table rows, targets and the images it wrote) is therefore stored under a key
made of everything the result depends on: the job (image and spec content), the stage's
parameters, the seed, the review decisions on that figure's targets and the OCR engine version
(keyed with :mod:`scifigbench.caching.keys`). The results are records of a
:mod:`scifigbench.caching.shelf` kept under the stage's code version; a hit restores the images
from content-addressed blobs (hard links when the file system allows, else copies) instead of
recomputing them. The blobs are shared by every version (``scifigbench gc`` drops those no kept
result names). Everything lives in the untracked ``.scifigbench-cache/conditions`` folder; a
damaged or incomplete entry is a miss.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict
from pathlib import Path

from scifigbench.caching.shelf import Shelf
from scifigbench.tableio import sha256_file

KIND = "conditions"
BLOBS = "blobs"  # beside the version folders of the results


class FigureCache:
    """Stored per-figure results (JSON) plus the images they wrote (blobs named by sha256)."""

    def __init__(self, folder: Path, version: str) -> None:
        self.results = Shelf(Path(folder) / version, suffix=".json")
        self.blobs = Path(folder) / BLOBS

    def _blob(self, sha: str) -> Path:
        return self.blobs / sha[:2] / sha

    def load(self, key: str, root: Path) -> dict | None:
        """The stored result with its images put back under ``root``, or None on a miss."""
        entry = self.results.load(key, _entry)
        if entry is None:
            return None
        files: dict[str, str] = entry["files"]
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
        self.results.store(key, json.dumps({"files": files, "result": result}, default=_plain).encode("utf-8"))


def named_blobs(results: Path) -> set[str]:
    """The image blobs (sha256) the stored results under ``results`` (one version folder) name:
    what ``scifigbench gc`` keeps of the shared blobs. A damaged result names none (it is a miss)."""
    out: set[str] = set()
    for record in results.rglob("*.json"):
        try:
            out.update(_entry(record.read_bytes())["files"].values())
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return out


def _entry(data: bytes) -> dict:
    """A stored result as read back; a record without its file list is damaged (KeyError: a miss)."""
    entry = json.loads(data)
    if not isinstance(entry["files"], dict) or "result" not in entry:
        raise KeyError("files")
    return entry


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
