"""The capability family's writers: candidates from the spec, counts and printed values from a reading."""

from __future__ import annotations

import numpy as np

from scifigbench.concepts.probe_families import probe_family
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.capability import from_layout
from scifigbench.probes.families.capability.from_spec import capability_probes
from scifigbench.probes.families.writers import Outcome, ProbeWriters, Rejected, RngOf
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.reading import Facts


def _from_spec(view: FigureView, rng: np.random.Generator, cfg: ProbesConfig) -> tuple[list[Probe], Rejected]:
    return capability_probes(view, rng, cfg.capability_candidates)


def _from_layout(facts: Facts, rng_of: RngOf, cfg: ProbesConfig) -> list[Outcome]:
    rng = rng_of("capability")  # comparison and computation draw from it in turn
    return [
        ("counting", from_layout.counting_probe(facts)),
        ("comparison", from_layout.comparison_probe(facts, rng)),
        ("computation", from_layout.computation_probe(facts, rng)),
    ]


WRITERS = ProbeWriters(probe_family("capability"), from_spec=_from_spec, from_layout=_from_layout)
