"""The capability family's paper table (Table 13): accuracy per question category and overall."""

from __future__ import annotations

from scifigbench.concepts.names import CAPABILITY_CATEGORIES
from scifigbench.families.paper_tables import OWN_ROWS, PaperTable, by_category
from scifigbench.families.release_columns import ReleaseColumn, share_correct
from scifigbench.families.report_layout import (
    OVERALL,
    UNIFIED,
    CellColumn,
    Layout,
    per_category,
    short_labels,
)

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

#: Not a Table 4 column and no published verdicts: placed beside the release's two annotators' answers.
RELEASE_COLUMNS = (ReleaseColumn("Cap", None, share_correct, 100.0),)
CELL_COLUMNS = (CellColumn("capability", "Capability %", headline="cap"),)


TABLES = (
    PaperTable(
        "capability",
        "accuracy",
        OWN_ROWS,
        by_category,
        shown=(Layout(UNIFIED, per_category(LABELS)),),
    ),
)
