"""The registry of the corpus side of chart kinds: one module per kind, one line per kind here.

Each module ``<kind>.py`` holds a ``CORPUS`` record (see :mod:`.record`): how figures of the kind
are generated and drawn. The shared stage code (``corpus.generate``, ``corpus.render``,
``corpus.describe``) looks a kind up here and never branches on its name; a test holds this
registry and :mod:`scifigbench.concepts.kinds` to the same kinds.
"""

from __future__ import annotations

from scifigbench.corpus.kinds import area, bar, box, dualaxis, errorbar, heatmap, histogram, line, pie, scatter
from scifigbench.corpus.kinds.record import KindCorpus

_MODULES = (bar, line, pie, area, errorbar, heatmap, scatter, histogram, box, dualaxis)

CORPUS_KINDS: dict[str, KindCorpus] = {m.CORPUS.name: m.CORPUS for m in _MODULES}

__all__ = ["CORPUS_KINDS", "KindCorpus"]
