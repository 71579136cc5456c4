"""The capability family's paper table (Table 13): accuracy per question category and overall."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import CAPABILITY_CATEGORIES
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
    (*CAPABILITY_CATEGORIES, OVERALL),
    {"counting": "Cnt", "computation": "Cmp", "comparison": "Cmpr", "pattern": "Pat", OVERALL: "All"},
)
# What each short header stands for: the page's list of abbreviations (checked like the headers).
MEANINGS = short_labels(
    (*CAPABILITY_CATEGORIES, OVERALL),
    {
        "counting": "capability, counting questions (how many bars, series, wedges)",
        "computation": "capability, computation questions (a sum, difference or ratio of read values)",
        "comparison": "capability, comparison questions (which of two elements is larger)",
        "pattern": "capability, pattern questions (trends, extremes, crossings)",
        OVERALL: "capability, all question categories together",
    },
)

HEADLINE_COLUMNS = (HeadlineColumn("cap", "capability", "Capability %"),)


def _accuracy(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    out = {c: cell(score_units(rows[rows["category"] == c])) for c in categories(rows)}
    out[OVERALL] = cell(score_units(rows))
    return out


def _columns(accuracy: dict[str, Any]) -> list[Column]:
    """The unified table's capability columns: each category the models have, then all together."""
    cats = entry_keys(accuracy, list(LABELS)) or [OVERALL]
    return [Column(LABELS.get(c, c), (c,), {"category": None if c == OVERALL else c}) for c in cats]


TABLES = (
    PaperTable(
        "capability",
        "accuracy",
        lambda j: family(j, unit_family("capability").name),
        _accuracy,
        shown=(Layout(UNIFIED, _columns),),
    ),
)
