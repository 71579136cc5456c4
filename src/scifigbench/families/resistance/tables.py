"""The resistance family's row of the behaviour table (Table 4): resistance per type and overall."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.contracts.metrics import ordered
from scifigbench.families.paper_tables import Cell, PaperTable, categories
from scifigbench.families.unit_scores import family, score_units


def _resistance(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    out = {c: cell(score_units(rows[rows["category"] == c])) for c in ordered(categories(rows), RESISTANCE_TYPES)}
    out["overall"] = cell(score_units(rows))
    return out


TABLES = (PaperTable("behaviour", "resistance", lambda j: family(j, unit_family("resistance").name), _resistance),)
