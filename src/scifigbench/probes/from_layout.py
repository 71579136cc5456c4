"""Every probe the layout reading of one real figure settles (no spec, no model), family by family.

The probes stage gives a real figure what its reading settles: resistance probes (an absent
sibling, a question for what the figure does not give, a misquoted printed value), captions
with a false claim built from its own caption or printed values (one probe per kind of claim),
and capability questions about counts and printed values. All are ``proposed``: a reviewer
confirms them (``scifigbench review probes``) before they count. :func:`figure_probes` also
says, per family and category, why a figure got no probe, for the coverage paragraph. With a
generator model configured the LLM path (probes/llm.py) writes richer probes instead. The
reading itself is :mod:`scifigbench.probes.real`; each family's writer is in its ``writers.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.registry import WRITERS
from scifigbench.probes.probe import Probe, rng_for
from scifigbench.probes.real.reading import Facts, read_facts

__all__ = ["Facts", "FigureProbes", "figure_probes", "read_facts"]


@dataclass
class FigureProbes:
    """The probes of one real figure and, per ``family/category`` without one, the reason."""

    probes: list[Probe] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)

    def add(self, family: str, category: str, outcome: Probe | str) -> None:
        if isinstance(outcome, Probe):
            self.probes.append(outcome)
        else:
            self.missing[f"{family}/{category}"] = outcome


def figure_probes(facts: Facts, seed: int, primary: bool, cfg: ProbesConfig) -> FigureProbes:
    """Every probe the reading of one figure settles: each registered family's layout writer, seeded
    per figure and family as spec probes are (a primary-only family outside the primary subset is
    missing with that reason)."""
    fid = facts.figure_id

    def rng_of(*parts: str) -> np.random.Generator:
        return rng_for(seed, fid, "layout", *parts)

    out = FigureProbes()
    for w in WRITERS:
        if w.from_layout is None:
            continue
        if w.primary_only and not primary:
            for category in w.family.categories:
                out.missing[f"{w.name}/{category}"] = "not in the primary subset"
            continue
        for category, outcome in w.from_layout(facts, rng_of, cfg):
            out.add(w.name, category, outcome)
    return out
