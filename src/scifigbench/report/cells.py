"""Every metric cell's column in the report, as the families declare it (``Family.cell_columns``).

A family's metric cells (``Family.cells``: ``mqm``, ``capability``, ``caption_bias``, the blur
protocols' admittance and inductance, ...) are split per chart kind and per style in
``metrics/breakdown.json``; the report shows each as a column with the header, explorer filters and
display scale declared here, and the five the paper leads with also in the headline. A cell a
family computes but gives no column fails at import, rather than vanishing from the breakdown.
"""

from __future__ import annotations

from scifigbench.contracts.metrics import HEADLINE
from scifigbench.families.registry import REGISTRY

#: metric cell -> (header, explorer filters of its units, display scale), in registry order
COLUMNS: dict[str, tuple[str, dict[str, str], float]] = {
    c.cell: (c.header, {"family": f.name, **c.filters}, c.scale) for f in REGISTRY.values() for c in f.cell_columns
}
_computed = [name for f in REGISTRY.values() for name, _ in f.cells]
if sorted(COLUMNS) != sorted(_computed):
    raise ValueError(f"cell columns {sorted(COLUMNS)} do not match the families' metric cells {sorted(_computed)}")

#: headline key (:data:`scifigbench.contracts.metrics.HEADLINE`) -> its metric cell, in the headline's order
_declared = {c.headline: c.cell for f in REGISTRY.values() for c in f.cell_columns if c.headline is not None}
if set(_declared) != set(HEADLINE):  # a headline cell added to the metrics without a family's column
    raise ValueError(f"headline columns {sorted(_declared)} do not match HEADLINE {sorted(HEADLINE)}")
HEADLINE_CELLS: dict[str, str] = {k: _declared[k] for k in HEADLINE}
