"""How every cache names a record: a hash of what the value is computed from, code included.

A key is made of everything a value depends on: the inputs the step reads (contents, never
positions, so adding or reordering items leaves the other keys alone) and a *code version* (the
hash of the files the step's code reads, i.e. its import closure with prompts and data files, plus
the versions of the libraries that shape the result). Stores keep their records under the code
version (see :mod:`scifigbench.caching.shelf`), so a record of code that no longer exists is
recognisable and ``scifigbench gc`` can drop it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterable
from importlib import metadata
from typing import Any

from scifigbench.caching import codedeps

LIBRARIES = ("matplotlib", "numpy", "opencv-python-headless", "pillow", "rapidocr", "onnxruntime")


def library_versions(names: Iterable[str] = LIBRARIES) -> dict[str, str]:
    """Installed version of each named distribution ("absent" when it is not installed)."""
    out = {}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "absent"
    return out


@functools.cache
def code_version(*modules: str) -> str:
    """Hash of the files the dotted ``modules`` read (their import closure, prompts and data files,
    :func:`scifigbench.caching.codedeps.code_files`) plus the versions of the drawing libraries: an edit
    of that code is a new version, an edit anywhere else in the package is not."""
    return content_key(library_versions(), codedeps.files_digest(*modules))[:16]


def content_key(*parts: Any) -> str:
    """A stable key of JSON-able parts (dict keys sorted)."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()
