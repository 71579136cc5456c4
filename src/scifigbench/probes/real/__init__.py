"""The layout reading of a real figure (no spec, no model), as the facts its probes rest on.

:func:`read_facts` turns the layout reader's lines into :class:`Facts` (names, printed values,
ticks, caption); :mod:`.siblings` finds a set's absent member; :func:`.probe.real_probe` is how a
layout-read probe is made. Each probe family's writer over these facts is its ``from_layout``
module, and :mod:`scifigbench.probes.from_layout` runs them for one figure.
"""

from __future__ import annotations

from scifigbench.probes.real.reading import Facts, read_facts

__all__ = ["Facts", "read_facts"]
