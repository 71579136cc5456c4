"""The caption-claim family's row of the behaviour table (Table 4): caption-bias resistance per
figure and per claim, the claims not addressed, and the rate per claim type."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.families.caption_claim.metric import caption_figure_units, claim_units
from scifigbench.families.paper_tables import OWN_ROWS, Cell, PaperTable, categories
from scifigbench.families.release_columns import ReleaseColumn, mean_score
from scifigbench.families.report_layout import OVERALL, UNIFIED, CellColumn, Column, Layout, ReportExample, ReportTable
from scifigbench.families.unit_scores import undecided

HEADER = "CapB Res"  # not "CapB": that is the condition's header in the MQM table
MEANING = "caption-bias resistance: share of figures whose description follows the image over the false caption"
#: Table 4's caption-bias column beside the published models: a figure's mean over its claims, as the
#: paper scores a caption per figure.
RELEASE_COLUMNS = (ReleaseColumn("CapB", None, mean_score, 1.0),)
CELL_COLUMNS = (CellColumn("caption_bias", "Caption-bias res. %", {"per": "figure"}),)  # a value over figures
EXAMPLES = (
    ReportExample("Follows the image over a false caption claim", lambda r: r["score"] == 1.0),
    ReportExample("Follows the false caption claim", lambda r: r["score"] == 0.0),
)
BY_TYPE = ReportTable("Caption-bias resistance by modification type", "% of claims following the image")


def _caption(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    judged = rows[rows["error"].isna()]
    return {
        OVERALL: cell(caption_figure_units(rows)),
        "claims": cell(claim_units(rows)),
        "not_addressed": int((judged["score"].isna() & ~undecided(judged)).sum()),
        "by_type": {t: cell(claim_units(rows[rows["category"] == t])) for t in categories(rows)},
    }


def _unified(caption_bias: dict[str, Any]) -> list[Column]:
    """The unified table's one caption-bias column: a value over figures, so the explorer counts figures."""
    return [Column(HEADER, (OVERALL,), {"per": "figure"})]


def _by_type(caption_bias: dict[str, Any]) -> list[Column]:
    types = sorted({t for m in caption_bias.values() for t in m.get("by_type", {})})
    return [Column(t.replace("_", " "), ("by_type", t), {"category": t}) for t in types]


TABLES = (
    PaperTable(
        "behaviour",
        "caption_bias",
        OWN_ROWS,
        _caption,
        shown=(Layout(UNIFIED, _unified), Layout(BY_TYPE, _by_type)),
    ),
)
