"""The blur families' rows of the behaviour tables (Tables 4 and 18).

Admittance, inductance and fabrication put the active and passive protocols side by side, so they
read both blur families' rows; blur_active declares them, blur_passive its own mention rate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from scifigbench.concepts.names import BLUR_MODES
from scifigbench.families.paper_tables import OWN_ROWS, Cell, PaperTable
from scifigbench.families.report_layout import UNIFIED, CellColumn, Column, Layout, ReportExample
from scifigbench.families.unit_scores import BLUR_FAMILIES, Units, blur_rows, flag_units, inductance_units

_FILE = "behaviour"
PROTOCOLS = ("active", "passive")
#: The unified table's header of each (mode, protocol), e.g. "Adm act".
HEADERS = {(mode, proto): f"{mode[:3].title()} {proto[:3]}" for mode in BLUR_MODES for proto in PROTOCOLS}
#: The active protocol's answers the report shows (the passive one asks no question about the target).
ACTIVE_EXAMPLES = (
    ReportExample("Admits an unreadable element", lambda r: r["admits"] is True, "admittance"),
    ReportExample(
        "Fabricates an unreadable element", lambda r: r["admits"] is False and r["fabricates"] is True, "admittance"
    ),
    ReportExample(
        "Infers a recoverable element correctly",
        lambda r: r["fabricates"] is True and r["correct"] is True,
        "inductance",
    ),
    ReportExample(
        "Infers a recoverable element wrongly",
        lambda r: r["fabricates"] is True and r["correct"] is False,
        "inductance",
    ),
)


def cell_columns(protocol: str) -> tuple[CellColumn, ...]:
    """The report columns of one protocol's admittance and inductance cells; the active protocol's
    are the headline's A and I."""
    active = protocol == "active"
    return (
        CellColumn(
            f"admittance_{protocol}",
            "Admittance %" if active else "Admittance (passive) %",
            {"category": "admittance"},
            headline="A" if active else None,
        ),
        CellColumn(
            f"inductance_{protocol}",
            "Inductance %" if active else "Inductance (passive) %",
            {"category": "inductance"},
            headline="I" if active else None,
        ),
    )


def _blur(mode: str | None = None) -> Callable[[pd.DataFrame], pd.DataFrame]:
    """Rows of both blur families, of one mode (admittance / inductance) or all."""

    def rows_of(j: pd.DataFrame) -> pd.DataFrame:
        rows = j[j["family"].isin(list(BLUR_FAMILIES.values()))]
        return rows if mode is None else rows[rows["category"] == mode]

    return rows_of


def _per_protocol(build: Callable[[pd.DataFrame], Units], mode: str) -> Callable[[pd.DataFrame, Cell], dict[str, Any]]:
    def per_model(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
        return {p: cell(build(blur_rows(rows, p, mode))) for p in PROTOCOLS if len(blur_rows(rows, p, mode))}

    return per_model


def _fabrication(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    out = {}
    for mode in BLUR_MODES:
        for p in PROTOCOLS:
            sel = blur_rows(rows, p, mode)
            if len(sel):
                out[f"{mode}_{p}"] = cell(flag_units(sel, "fabricates"))
    return out


def _mentioned(rows: pd.DataFrame, cell: Cell) -> dict[str, Any]:
    return {
        mode: cell(flag_units(blur_rows(rows, "passive", mode), "mentioned"))
        for mode in BLUR_MODES
        if len(blur_rows(rows, "passive", mode))
    }


def _columns(mode: str) -> Callable[[dict[str, Any]], list[Column]]:
    """The unified table's columns of ``mode``: active, then passive, each opening its own family's units."""

    def columns(section: dict[str, Any]) -> list[Column]:
        return [Column(HEADERS[(mode, p)], (p,), {"category": mode}, family=BLUR_FAMILIES[p]) for p in PROTOCOLS]

    return columns


#: The tables blur_active declares: both protocols side by side.
BOTH_PROTOCOLS = (
    PaperTable(
        _FILE,
        "admittance",
        _blur("admittance"),
        _per_protocol(lambda r: flag_units(r, "admits"), "admittance"),
        shown=(Layout(UNIFIED, _columns("admittance")),),
    ),
    PaperTable(
        _FILE,
        "inductance",
        _blur("inductance"),
        _per_protocol(inductance_units, "inductance"),
        shown=(Layout(UNIFIED, _columns("inductance")),),
    ),
    PaperTable(_FILE, "fabrication", _blur(), _fabrication),
)

#: The table blur_passive declares: how often a description mentions the blurred element.
PASSIVE_ONLY = (PaperTable(_FILE, "passive_mentioned", OWN_ROWS, _mentioned),)
