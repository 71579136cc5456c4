"""The report's collapsed breakdown: each metric cell per chart kind and per corpus style.

Reads ``metrics/breakdown.json`` (:mod:`scifigbench.metrics.breakdown`): one small table per cell and
split, models as rows and groups as columns, each value with its CI and n and linked to the explorer
filtered to the cell's units of that group (``chart=<kind>`` or ``style=<style>``), so a
value opens exactly the units it counts, as every other value of the report does.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.contracts.metrics import dig, entry_columns, ordered
from scifigbench.report.cells import COLUMNS
from scifigbench.report.tables import Col, NotMeasured, Table, model_table

# split -> (title word, explorer filter key, group order)
SPLITS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "by_kind": ("chart type", "chart", tuple(CHART_KINDS)),
    "by_style": ("corpus style", "style", ()),
}


def _cell(per_model: dict[str, Any], group: str, model: str) -> Any:
    return dig(per_model, (model, group))


def breakdown_tables(content: dict[str, Any], nm: NotMeasured) -> list[Table]:
    """One table per split and metric cell that has any value (none without the metrics file)."""
    out = []
    for split, (word, key, order) in SPLITS.items():
        for name, (header, filters, scale) in COLUMNS.items():  # registry order (the JSON's keys are sorted)
            per_model = (content.get(split) or {}).get(name)
            if not per_model:
                continue
            groups = ordered((g for entry in per_model.values() for g in entry_columns(entry)), order)
            cols = [Col(g, partial(_cell, per_model, g), {**filters, key: g}, scale=scale) for g in groups]
            out.append(model_table(f"{header} by {word}", header, sorted(per_model), cols, nm))
    return out
