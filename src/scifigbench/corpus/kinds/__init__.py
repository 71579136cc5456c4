"""The registry of the corpus side of chart kinds: one module per kind, one line per kind here.

Each module ``<kind>.py`` holds a ``CORPUS`` record (see :mod:`.record`): how figures of the kind
are generated and drawn. The shared stage code (``corpus.generate``, ``corpus.render``,
``corpus.describe``) looks a kind up here and never branches on its name; a test holds this
registry and :mod:`scifigbench.concepts.kinds` to the same kinds. As there, modules are named in
full and imported by name, so that a kind is one line here.
"""

from __future__ import annotations

from importlib import import_module

from scifigbench.corpus.kinds.record import KindCorpus

_MODULES = (
    "scifigbench.corpus.kinds.bar",
    "scifigbench.corpus.kinds.line",
    "scifigbench.corpus.kinds.pie",
    "scifigbench.corpus.kinds.area",
    "scifigbench.corpus.kinds.errorbar",
    "scifigbench.corpus.kinds.heatmap",
    "scifigbench.corpus.kinds.scatter",
    "scifigbench.corpus.kinds.histogram",
    "scifigbench.corpus.kinds.box",
    "scifigbench.corpus.kinds.dualaxis",
    "scifigbench.corpus.kinds.lollipop",
    "scifigbench.corpus.kinds.curve",
)

CORPUS_KINDS: dict[str, KindCorpus] = {c.name: c for c in (import_module(m).CORPUS for m in _MODULES)}

__all__ = ["CORPUS_KINDS", "KindCorpus"]
