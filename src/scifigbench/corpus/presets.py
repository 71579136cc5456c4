"""Named corpus designs: the paper's (99 bar, 99 line, 52 pie, its look) and ``extended`` (every
registered kind in every registered style).

A preset is only a corpus section: ``scifigbench preset`` writes it into a params file, so a run
of a preset is an ordinary ``dvc repro`` whose params say exactly what was drawn. The default
``params.yaml`` keeps the paper's design so its tables stay comparable with the paper.
"""

from __future__ import annotations

import math
from dataclasses import asdict
from typing import Any

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.styles import STYLES

PRESETS = ("paper", "extended")

# Share of a kind's figures in the primary subset (the paper: 40 of 99) and of those in the
# ablation subset (20 of 40): the extended preset keeps the paper's proportions for every kind.
PRIMARY_SHARE = 40 / 99
ABLATION_SHARE = 0.5


def _paper() -> dict[str, Any]:
    paper = asdict(CorpusConfig())
    return {k: paper[k] for k in ("n_bar", "n_line", "n_pie", "kinds", "primary", "ablation", "styles")}


def _extended(per_kind: int) -> dict[str, Any]:
    primary = {k: math.ceil(per_kind * PRIMARY_SHARE) for k in CHART_KINDS}
    paper_kinds = [k for k in CHART_KINDS if f"n_{k}" in _paper()]
    return {
        **{f"n_{k}": per_kind for k in paper_kinds},
        "kinds": {k: per_kind for k in CHART_KINDS if k not in paper_kinds},
        "primary": primary,
        "ablation": {k: math.ceil(n * ABLATION_SHARE) for k, n in primary.items()},
        "styles": list(STYLES),
    }


def preset_corpus(name: str, per_kind: int = 30) -> dict[str, Any]:
    """The corpus keys a preset sets (``per_kind`` figures of each kind for ``extended``)."""
    if name == "paper":
        return _paper()
    if name == "extended":
        if per_kind < 1:
            raise ValueError(f"preset extended: --per-kind must be at least 1, got {per_kind}")
        return _extended(per_kind)
    raise ValueError(f"unknown preset {name!r} (known: {', '.join(PRESETS)})")


def apply_preset(params: dict[str, Any], name: str, per_kind: int = 30) -> dict[str, Any]:
    """``params`` with its corpus section set to the preset (other keys of the section kept)."""
    corpus = {**params.get("corpus", {}), **preset_corpus(name, per_kind)}
    return {**params, "corpus": corpus}
