"""The resistance family's writers: false premises and unanswerable questions, from a spec or a reading."""

from __future__ import annotations

import numpy as np

from scifigbench.concepts.probe_families import probe_family
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.resistance import from_layout
from scifigbench.probes.families.resistance.from_spec import resistance_probes
from scifigbench.probes.families.resistance.unanswerable import unanswerable_probe
from scifigbench.probes.families.writers import Outcome, ProbeWriters, Rejected, RngOf
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.reading import Facts


def _from_spec(view: FigureView, rng: np.random.Generator, cfg: ProbesConfig) -> tuple[list[Probe], Rejected]:
    return resistance_probes(view, rng, (cfg.contra_offset[0], cfg.contra_offset[1])), {}


def _from_layout(facts: Facts, rng_of: RngOf, cfg: ProbesConfig) -> list[Outcome]:
    rng = rng_of("resistance")  # the inexist and the contra probe draw from it in turn
    inexist = from_layout.inexist_probe(facts, rng)
    taken = inexist.expected["absent_element"] if isinstance(inexist, Probe) else None
    # its own generator: which kind of question applies never moves the contra probe's draw
    unanswerable = unanswerable_probe(facts, rng_of("resistance/unanswerable"), taken)
    contra = from_layout.contra_probe(facts, rng, (cfg.contra_offset[0], cfg.contra_offset[1]))
    return [("inexist", inexist), ("unanswerable", unanswerable), ("contra", contra)]


WRITERS = ProbeWriters(probe_family("resistance"), from_spec=_from_spec, from_layout=_from_layout)
