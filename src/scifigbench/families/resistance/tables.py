"""The resistance family's row of the behaviour table (Table 4): resistance per type and overall."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.contracts.metrics import ordered
from scifigbench.families.paper_tables import Cell, PaperTable, categories
from scifigbench.families.report_layout import (
    OVERALL,
    UNIFIED,
    Column,
    HeadlineColumn,
    Layout,
    entry_keys,
    short_labels,
)
from scifigbench.families.unit_scores import family, score_units

LABELS = short_labels(
    (*RESISTANCE_TYPES, OVERALL),
    {"inexist": "Res Inex", "contra": "Res Cont", "unanswerable": "Res Unan", OVERALL: "Res All"},
)
MEANINGS = short_labels(
    (*RESISTANCE_TYPES, OVERALL),
    {
        "inexist": "resistance to questions about an element the figure does not have",
        "contra": "resistance to a premise the figure contradicts",
        "unanswerable": "resistance to questions the figure cannot answer",
        OVERALL: "resistance over all probe types",
    },
)

HEADLINE_COLUMNS = (HeadlineColumn("R", "resistance", "Resistance %"),)


def _resistance(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    out = {c: cell(score_units(rows[rows["category"] == c])) for c in ordered(categories(rows), RESISTANCE_TYPES)}
    out[OVERALL] = cell(score_units(rows))
    return out


def _columns(resistance: dict[str, Any]) -> list[Column]:
    """The unified table's resistance columns: each probe type the models have, then all together."""
    types = entry_keys(resistance, list(LABELS)) or [OVERALL]
    return [Column(LABELS.get(t, t), (t,), {"category": None if t == OVERALL else t}) for t in types]


TABLES = (
    PaperTable(
        "behaviour",
        "resistance",
        lambda j: family(j, unit_family("resistance").name),
        _resistance,
        shown=(Layout(UNIFIED, _columns),),
    ),
)
