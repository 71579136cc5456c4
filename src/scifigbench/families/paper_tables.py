"""The paper's tables as the families declare them: which judgment rows a table reads, and how one
model's rows become its cells.

A family lists its tables in ``Family.tables``; the metrics stage computes every declared
table of a metrics file over all models, in registry order, so a new family's table needs no edit
there, nor in the report, which shows each table as its ``shown`` layouts say (:mod:`.report_layout`).
The statistics of one cell (the figure-cluster bootstrap) belong to the metrics stage, which hands
them in as a :data:`Cell`: the families state what is counted, not how it is estimated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.contracts.metrics import ordered
from scifigbench.families.report_layout import OVERALL, Layout
from scifigbench.families.unit_scores import Units, score_units

#: A table's ``rows`` when it reads the declaring family's units and no others (most tables do).
OWN_ROWS = None

#: One table cell from a metric's units (value, n, CI, errors, undecided; see ``metrics.tables.cell``).
Cell = Callable[[Units], dict[str, Any]]


@dataclass(frozen=True)
class PaperTable:
    """One table of a metrics file, as a family declares it."""

    file: str  # the metrics file it goes to (``perception``, ``capability``, ``behaviour``)
    key: str  # its key in that file (``dvc metrics diff`` names a cell by file, key, model, column)
    rows: Callable[[pd.DataFrame], pd.DataFrame] | None  # all models' judgments -> its rows (OWN_ROWS: its family's)
    build: Callable[[pd.DataFrame, Cell], dict[str, Any]]  # one model's rows -> its columns
    shown: tuple[Layout, ...] = ()  # how the report shows it (none: only in the metrics file)


def categories(rows: pd.DataFrame) -> list[str]:
    """The categories present in ``rows``, sorted."""
    return sorted(rows["category"].dropna().astype(str).unique())


def by_category(rows: pd.DataFrame, cell: Cell, order: Sequence[str] = ()) -> dict[str, Any]:
    """A per-category paper row: one cell per category present (in ``order``, the others sorted
    after it) and one over all of them (:data:`OVERALL`), each from the rows' scores."""
    out = {c: cell(score_units(rows[rows["category"] == c])) for c in ordered(categories(rows), order)}
    out[OVERALL] = cell(score_units(rows))
    return out


def chart_types(rows: pd.DataFrame) -> list[str]:
    """The chart types of ``rows`` in registry order (types no kind declares, e.g. of real figures, last)."""
    return ordered(rows["chart_type"].astype(str).unique().tolist(), CHART_KINDS)
