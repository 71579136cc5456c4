"""How one probe family's probes are written, as one record per family package.

A figure gets probes by what it has: a spec (exact answers, ``from_spec``), a layout reading of a
real figure (``from_layout``, proposed probes) or confirmed blur targets (``from_targets``, over
all figures at once). A family fills the writers it has; the probes stage runs every family's
writer of each kind through :mod:`.registry` and never calls one by name. Each writer draws from
its own seeded generator, named after the family, so adding a family moves no other draw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from scifigbench.concepts.probe_families import ProbeFamily
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.reading import Facts

#: Rejected candidates of a spec writer, per category: (template, problems) pairs for the review queue.
Rejected = dict[str, list]
#: The seeded generator of one figure's layout probes, named by the parts after "layout".
RngOf = Callable[..., np.random.Generator]
#: One outcome of a layout writer: its category and the probe, or why there is none.
Outcome = tuple[str, Probe | str]

SpecWriter = Callable[[FigureView, np.random.Generator, ProbesConfig], tuple[list[Probe], Rejected]]
LayoutWriter = Callable[[Facts, RngOf, ProbesConfig], list[Outcome]]
# (blur targets, text elements, spec views by figure, (width, height) by figure) -> probes
TargetsWriter = Callable[[pd.DataFrame, pd.DataFrame, dict[str, FigureView], dict[str, tuple[int, int]]], list[Probe]]


@dataclass(frozen=True)
class ProbeWriters:
    """The writers of one probe family (None: it is not written from that source)."""

    family: ProbeFamily
    from_spec: SpecWriter | None = None  # a synthetic figure's probes (seeded by figure and family)
    from_layout: LayoutWriter | None = None  # a real figure's probes from its layout reading
    from_targets: TargetsWriter | None = None  # every figure's probes from its confirmed blur targets
    primary_only: bool = False  # written only for figures of the primary subset

    @property
    def name(self) -> str:
        return self.family.name
