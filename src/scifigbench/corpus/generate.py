"""The spec of one synthetic figure (no drawing here: see render.py).

Every figure gets its own numpy Generator seeded from (seed, chart type, index), so a figure does
not change when the corpus size changes and the corpus is reproducible bit for bit. What a figure
of a kind looks like is that kind's module in :mod:`scifigbench.corpus.kinds`.
"""

from __future__ import annotations

import numpy as np

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.kinds import CORPUS_KINDS
from scifigbench.spec import FigureSpec


def figure_id(chart_type: str, index: int) -> str:
    return f"syn_{chart_type}_{index + 1:03d}"


def seed_code(chart_type: str) -> int:
    """The number that seeds a kind's figures: its place in the registry, counted from 1.

    New kinds are appended to the registry, so the figures of the kinds before them never change.
    """
    return CHART_KINDS.index(chart_type) + 1


def generate(seed: int, chart_type: str, index: int, dpi: int) -> FigureSpec:
    """The spec of figure ``index`` of ``chart_type``: deterministic in (seed, chart_type, index)."""
    rng = np.random.default_rng([seed, seed_code(chart_type), index])
    spec = CORPUS_KINDS[chart_type].generate(rng, index)
    spec.figure_id = figure_id(chart_type, index)
    spec.dpi = dpi
    return spec
