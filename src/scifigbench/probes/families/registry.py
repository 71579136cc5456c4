"""The registry of probe families' writers: one line per family package.

The probes stage runs each kind of writer (spec, layout reading, blur targets) over this list
instead of calling a family's generator by name. Adding a probe family: its record in
:mod:`scifigbench.concepts.probe_families`, its folder here with a ``writers.py``, one line below.
"""

from __future__ import annotations

from scifigbench.probes.families.blur import writers as blur
from scifigbench.probes.families.capability import writers as capability
from scifigbench.probes.families.caption_bias import writers as caption_bias
from scifigbench.probes.families.resistance import writers as resistance
from scifigbench.probes.families.writers import ProbeWriters

WRITERS: tuple[ProbeWriters, ...] = tuple(m.WRITERS for m in (capability, resistance, caption_bias, blur))
