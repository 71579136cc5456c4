"""The description family's paper tables (Tables 3, 15, 16, 17): MQM per condition, by chart type,
and the mean penalties per dimension and subtype on the base condition."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import CONDITION_ORDER
from scifigbench.contracts.metrics import PENALTY_DIMENSIONS, PENALTY_SUBTYPES, ordered
from scifigbench.families.paper_tables import Cell, PaperTable, chart_types
from scifigbench.families.unit_scores import BASE, family, score_units

_FILE = "perception"


def _all(j: pd.DataFrame) -> pd.DataFrame:
    return family(j, unit_family("description").name)


def _base(j: pd.DataFrame) -> pd.DataFrame:
    desc = _all(j)
    return desc[desc["condition"] == BASE]


def _mqm(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    conds = ordered(rows["condition"].astype(str).unique().tolist(), CONDITION_ORDER)
    return {c: cell(score_units(rows[rows["condition"] == c])) for c in conds}


def _by_chart(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    return {t: cell(score_units(rows[rows["chart_type"] == t])) for t in chart_types(rows)}


def _penalties(cols: dict[str, str]):
    def build(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
        if not len(rows):
            return {}
        return {k: cell(score_units(rows, c)) for k, c in cols.items() if rows[c].notna().any()}

    return build


TABLES = (
    PaperTable(_FILE, "mqm", _all, _mqm),
    PaperTable(_FILE, "mqm_by_chart", _base, _by_chart),
    PaperTable(_FILE, "penalty", _base, _penalties(PENALTY_DIMENSIONS)),
    PaperTable(_FILE, "penalty_subtype", _base, _penalties(PENALTY_SUBTYPES)),
)
