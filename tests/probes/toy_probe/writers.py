"""The toy probe family's one writer: how many panels a synthetic figure has, from its spec."""

from __future__ import annotations

import numpy as np

from scifigbench.concepts.probe_families import probe_family
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.writers import ProbeWriters, Rejected
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import Probe

FAMILY = probe_family("toy_probe")


def _from_spec(view: FigureView, rng: np.random.Generator, cfg: ProbesConfig) -> tuple[list[Probe], Rejected]:
    n = len(view.spec.panels)
    wording = ("How many panels does the figure have?", "Into how many panels is the figure divided?")
    text = wording[int(rng.integers(len(wording)))]
    expected = {"answer": n, "answer_type": "number", "tolerance": 0, "fact": f"the spec draws {n} panel(s)"}
    return [Probe(view.spec.figure_id, FAMILY.name, FAMILY.categories[0], text, expected)], {}


WRITERS = ProbeWriters(FAMILY, from_spec=_from_spec)
