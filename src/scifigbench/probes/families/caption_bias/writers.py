"""The caption-bias family's writers: a caption with false claims, for primary-subset figures only."""

from __future__ import annotations

import numpy as np

from scifigbench.concepts.probe_families import probe_family
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.caption_bias.from_layout import caption_probes
from scifigbench.probes.families.caption_bias.from_spec import caption_probe
from scifigbench.probes.families.writers import Outcome, ProbeWriters, Rejected, RngOf
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.reading import Facts

CATEGORY = "caption_bias"


def _from_spec(view: FigureView, rng: np.random.Generator, cfg: ProbesConfig) -> tuple[list[Probe], Rejected]:
    claims = (cfg.caption_claims[0], cfg.caption_claims[1])
    probe = caption_probe(view, rng, claims, (cfg.caption_anchor_offset[0], cfg.caption_anchor_offset[1]))
    return ([] if probe is None else [probe]), {}


def _from_layout(facts: Facts, rng_of: RngOf, cfg: ProbesConfig) -> list[Outcome]:
    anchor = (cfg.caption_anchor_offset[0], cfg.caption_anchor_offset[1])
    # one generator per kind of claim, so that a kind that does not apply moves no other's draw
    got = caption_probes(facts, lambda kind: rng_of(CATEGORY, kind), anchor)
    return [(CATEGORY, got)] if isinstance(got, str) else [(CATEGORY, p) for p in got]


WRITERS = ProbeWriters(probe_family(CATEGORY), from_spec=_from_spec, from_layout=_from_layout, primary_only=True)
