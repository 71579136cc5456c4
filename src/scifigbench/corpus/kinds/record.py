"""The record of how the corpus makes figures of one chart kind.

The kind's facts (traits, words, checklist) are its :mod:`scifigbench.concepts.kinds` record;
this one holds the kind's code in the corpus stage, so that adding a kind adds one module here
rather than a branch in each shared module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes

from scifigbench.corpus.drawing import Drawing
from scifigbench.spec import FigureSpec, Panel


@dataclass(frozen=True)
class KindCorpus:
    """Generation and drawing of one chart kind.

    - ``variants``: variant id -> how the reference description names such a figure; figure
      ``index`` of the kind is of the variant at ``index % len(variants)``, in this order.
    - ``generate(rng, index)``: the spec of figure ``index``, every choice drawn from ``rng``
      (figure id, dpi, caption and description are filled in by the stage).
    - ``draw(drawing, ax, panel)``: the panel's marks and axes on ``ax``; printed texts and the
      marks' artists go into ``drawing``. Titles, axis labels, reference lines and the legend are
      drawn by the renderer for every kind.
    """

    name: str
    variants: Mapping[str, str]
    generate: Callable[[np.random.Generator, int], FigureSpec]
    draw: Callable[[Drawing, Axes, Panel], None]
