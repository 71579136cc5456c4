"""The description family's paper tables (Tables 3, 15, 16, 17): MQM per condition, by chart type,
and the mean penalties per dimension and subtype on the base condition."""

from __future__ import annotations

from typing import Any

import pandas as pd

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.concepts.names import CONDITION_ORDER
from scifigbench.contracts.metrics import PENALTY_DIMENSIONS, PENALTY_SUBTYPES, ordered
from scifigbench.families.paper_tables import Cell, PaperTable, chart_types
from scifigbench.families.report_layout import CellColumn, Column, Layout, ReportTable, entry_keys, short_labels
from scifigbench.families.unit_scores import BASE, family, score_units

_FILE = "perception"

CONDITION_LABELS = short_labels(
    CONDITION_ORDER,
    {
        "base": "Base",
        "nocap": "NoCap",
        "noise": "Noise",
        "lowc": "LowC",
        "rot": "Rot",
        "inpaper": "InPap",
        "inpaper_blur": "InPapBlur",
        "capbias": "CapB",
        "admb": "AdmB",
        "indb": "IndB",
    },
)
CONDITION_MEANINGS = short_labels(
    CONDITION_ORDER,
    {
        "base": "the figure as rendered, with its caption",
        "nocap": "the figure without its caption",
        "noise": "the figure with Gaussian pixel noise",
        "lowc": "the figure at low contrast",
        "rot": "the figure rotated",
        "inpaper": "the figure inside a rendered paper page (caption printed on the page)",
        "inpaper_blur": "the paper page, blurred",
        "capbias": "the figure with a misleading caption (caption bias)",
        "admb": "admittance blur: one label blurred beyond recovery",
        "indb": "inductance blur: one label blurred that the context gives away",
    },
)
PENALTY_MEANINGS = short_labels(
    (*PENALTY_DIMENSIONS, *PENALTY_SUBTYPES),
    {
        "accuracy": "MQM dimension: statements the figure contradicts",
        "completeness": "MQM dimension: content of the figure the description leaves out",
        "clarity": "MQM dimension: statements too vague or garbled to check",
        "label_map": "error sub-type: a value or property given to the wrong label (series, category, wedge)",
        "missing": "error sub-type: an element of the figure not described",
        "numeric": "error sub-type: a number misread",
        "trend": "error sub-type: a trend or pattern misdescribed",
        "axis_legend": "error sub-type: axes, units or legend misread",
        "halluc": "error sub-type: hallucination, an element the figure does not have",
    },
)
_POINTS = "MQM points, 0–100"
_PENALTY = "penalty points per description"
ACROSS_CONDITIONS = ReportTable(
    "Description quality (MQM) across conditions",
    _POINTS,
    "Bold = best, underlined = second best per column. Click a value for the units behind it.",
)
CELL_COLUMNS = (CellColumn("mqm", "MQM (base, 0–100)", {"condition": BASE}, scale=1.0, headline="mqm"),)
BY_CHART = ReportTable("Base MQM by chart type", _POINTS)
BY_DIMENSION = ReportTable("Mean penalty per MQM dimension (base, lower is better)", _PENALTY)
BY_SUBTYPE = ReportTable("Mean penalty per error sub-type (base, lower is better)", _PENALTY)


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


def _conditions(mqm: dict[str, Any]) -> list[Column]:
    conds = entry_keys(mqm, CONDITION_ORDER) or [BASE]
    return [Column(CONDITION_LABELS.get(c, c), (c,), {"condition": c}, scale=1.0) for c in conds]


def _charts(by_chart: dict[str, Any]) -> list[Column]:
    return [
        Column(c, (c,), {"condition": BASE, "chart": c}, scale=1.0) for c in entry_keys(by_chart, list(CHART_KINDS))
    ]


def _penalty_columns(order: tuple[str, ...]):
    """Mean penalties: two decimals, and lower is better."""

    def columns(section: dict[str, Any]) -> list[Column]:
        return [
            Column(d, (d,), {"condition": BASE}, scale=1.0, digits=2, higher_better=False)
            for d in entry_keys(section, list(order))
        ]

    return columns


TABLES = (
    PaperTable(_FILE, "mqm", _all, _mqm, shown=(Layout(ACROSS_CONDITIONS, _conditions),)),
    PaperTable(_FILE, "mqm_by_chart", _base, _by_chart, shown=(Layout(BY_CHART, _charts),)),
    PaperTable(
        _FILE,
        "penalty",
        _base,
        _penalties(PENALTY_DIMENSIONS),
        shown=(Layout(BY_DIMENSION, _penalty_columns(tuple(PENALTY_DIMENSIONS))),),
    ),
    PaperTable(
        _FILE,
        "penalty_subtype",
        _base,
        _penalties(PENALTY_SUBTYPES),
        shown=(Layout(BY_SUBTYPE, _penalty_columns(tuple(PENALTY_SUBTYPES))),),
    ),
)
