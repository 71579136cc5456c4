"""The capability family's paper table (Table 13): accuracy per question category and overall."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.families.paper_tables import Cell, PaperTable, categories
from scifigbench.families.unit_scores import family, score_units


def _accuracy(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    out = {c: cell(score_units(rows[rows["category"] == c])) for c in categories(rows)}
    out["overall"] = cell(score_units(rows))
    return out


TABLES = (PaperTable("capability", "accuracy", lambda j: family(j, unit_family("capability").name), _accuracy),)
