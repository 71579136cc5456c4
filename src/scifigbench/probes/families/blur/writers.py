"""The blur family's writer: one question per confirmed blur target, about the text it hides."""

from __future__ import annotations

from scifigbench.concepts.probe_families import probe_family
from scifigbench.probes.families.blur.from_targets import blur_probes
from scifigbench.probes.families.writers import ProbeWriters

WRITERS = ProbeWriters(probe_family("blur"), from_targets=blur_probes)
