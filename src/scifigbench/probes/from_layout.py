"""Every probe the layout reading of one real figure settles (no spec, no model), family by family.

The probes stage gives a real figure what its reading settles: resistance probes (an absent
sibling, a question for what the figure does not give, a misquoted printed value), captions
with a false claim built from its own caption or printed values (one probe per kind of claim),
and capability questions about counts and printed values. All are ``proposed``: a reviewer
confirms them (``scifigbench review probes``) before they count. :func:`figure_probes` also
says, per family and category, why a figure got no probe, for the coverage paragraph. With a
generator model configured the LLM path (probes/llm.py) writes richer probes instead. The
reading itself is :mod:`scifigbench.probes.real`; each family's writer is its ``from_layout``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from scifigbench.probes.families.capability import from_layout as capability
from scifigbench.probes.families.caption_bias import from_layout as captions
from scifigbench.probes.families.resistance import from_layout as resistance
from scifigbench.probes.families.resistance import unanswerable
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


def figure_probes(
    facts: Facts,
    seed: int,
    primary: bool,
    contra_offset: tuple[float, float],
    anchor: tuple[float, float],
) -> FigureProbes:
    """Every probe the reading of one figure settles (seeded per figure and family, as spec probes are)."""
    fid = facts.figure_id

    def rng(family: str) -> np.random.Generator:
        return rng_for(seed, fid, "layout", family)

    out = FigureProbes()
    r = rng("resistance")
    inexist = resistance.inexist_probe(facts, r)
    out.add("resistance", "inexist", inexist)
    taken = inexist.expected["absent_element"] if isinstance(inexist, Probe) else None
    # its own generator: which kind of question applies never moves the contra probe's draw
    out.add("resistance", "unanswerable", unanswerable.unanswerable_probe(facts, rng("resistance/unanswerable"), taken))
    out.add("resistance", "contra", resistance.contra_probe(facts, r, contra_offset))
    c = rng("capability")
    out.add("capability", "counting", capability.counting_probe(facts))
    out.add("capability", "comparison", capability.comparison_probe(facts, c))
    out.add("capability", "computation", capability.computation_probe(facts, c))
    if primary:
        got = captions.caption_probes(facts, lambda kind: rng_for(seed, fid, "layout", "caption_bias", kind), anchor)
        for p in [got] if isinstance(got, str) else got:
            out.add("caption_bias", "caption_bias", p)
    else:
        out.missing["caption_bias/caption_bias"] = "not in the primary subset"
    return out
