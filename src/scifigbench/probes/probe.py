"""A probe as generators produce it, and its row in ``probes.parquet``.

Generators return :class:`Probe` objects; only :func:`to_frame` knows the table layout, so the
expected outcome is serialised one way everywhere (sorted keys, so identical probes are
byte-identical across runs).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from scifigbench.contracts import PROBES

SPEC_GENERATOR = "spec-rules"
SPEC_GENERATOR_VERSION = "1"


@dataclass
class Probe:
    figure_id: str
    family: str
    category: str
    text: str
    expected: dict[str, Any]
    status: str = "confirmed"
    generator: str = SPEC_GENERATOR
    generator_version: str = SPEC_GENERATOR_VERSION
    suffix: str | None = None  # distinguishes several probes of one figure/family/category

    @property
    def probe_id(self) -> str:
        base = f"{self.figure_id}/{self.family}/{self.category}"
        return f"{base}/{self.suffix}" if self.suffix is not None else base


def to_frame(probes: list[Probe]) -> pd.DataFrame:
    """Probes as a dataframe in contract column order."""
    if not probes:
        return PROBES.empty()
    rows = [
        {
            "probe_id": p.probe_id,
            "figure_id": p.figure_id,
            "family": p.family,
            "category": p.category,
            "text": p.text,
            "expected_json": json.dumps(p.expected, sort_keys=True, ensure_ascii=False),
            "status": p.status,
            "generator": p.generator,
            "generator_version": p.generator_version,
        }
        for p in probes
    ]
    return pd.DataFrame(rows, columns=PROBES.column_names)


def rng_for(seed: int, *parts: str) -> np.random.Generator:
    """A generator seeded from the global seed and a name (figure, family), independent of order.

    Seeding per figure and family means adding a figure or a family never changes the probes of
    another one.
    """
    digest = hashlib.sha256("\x1f".join([str(seed), *parts]).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))
