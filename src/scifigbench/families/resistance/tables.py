"""The resistance family's row of the behaviour table (Table 4): resistance per type and overall."""

from __future__ import annotations

from functools import partial

from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.families.paper_tables import OWN_ROWS, PaperTable, by_category
from scifigbench.families.release_columns import ReleaseColumn, mean_score
from scifigbench.families.report_layout import (
    OVERALL,
    UNIFIED,
    CellColumn,
    Layout,
    ReportExample,
    per_category,
    short_labels,
)

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

CELL_COLUMNS = (CellColumn("resistance", "Resistance %", headline="R"),)
#: Table 4's resistance columns beside the published models: the mean score per released probe.
RELEASE_COLUMNS = tuple(
    ReleaseColumn(header, category, mean_score, 1.0)
    for header, category in (("Inex", "inexist"), ("Cont", "contra"), ("Unan", "unanswerable"))
)
EXAMPLES = (
    ReportExample("Resists a false premise", lambda r: r["score"] == 1.0),
    ReportExample("Hedges", lambda r: r["score"] == 0.5),
    ReportExample("Accepts a false premise", lambda r: r["score"] == 0.0),
)


TABLES = (
    PaperTable(
        "behaviour",
        "resistance",
        OWN_ROWS,
        partial(by_category, order=RESISTANCE_TYPES),
        shown=(Layout(UNIFIED, per_category(LABELS)),),
    ),
)
