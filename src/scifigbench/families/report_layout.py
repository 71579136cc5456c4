"""How the report lays out the tables the families declare: columns, the tables they join, headline cells.

A family's :class:`~scifigbench.families.paper_tables.PaperTable` says where its cells go in the
metrics files; its :class:`Layout` says how the report shows them: as columns of a report table,
each with its header, the path to a model's cell under the model's entry and the explorer filters
of its units. Layouts naming one :class:`ReportTable` are joined into it in registry order (the
paper's unified Table 4 gathers four families' columns). The report iterates over the registry;
it names no family. Headers are short; each family also says what its headers stand for, which the
report's list of abbreviations prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scifigbench.contracts.metrics import entry_columns, ordered

OVERALL = "overall"  # the column over all categories (types) of a table


def short_labels(names: Sequence[str], labels: dict[str, str]) -> dict[str, str]:
    """Column headers of a vocabulary, in its order; a name added to the vocabulary without a
    header fails at import rather than printing a bare key in one table."""
    if set(labels) != set(names):
        raise ValueError(f"short labels {sorted(labels)} do not match the names {list(names)}")
    return {n: labels[n] for n in names}


@dataclass(frozen=True)
class Column:
    """One column of a report table: the header, the path to a model's cell below the model's entry
    of the section, and the explorer filters of its units after the family's own."""

    header: str
    path: tuple[str, ...]
    filters: Mapping[str, str | None] = field(default_factory=dict)
    scale: float = 100.0  # display scale (rates are shown in percent)
    digits: int = 1
    higher_better: bool | None = True  # None: not ranked
    family: str | None = None  # its units' family in the explorer, when not the declaring family


@dataclass(frozen=True)
class ReportTable:
    """One table of the report; the layouts naming it are joined into it in registry order."""

    title: str
    scale: str  # its one scale, named in the header
    note: str = ""


@dataclass(frozen=True)
class Layout:
    """How the report shows one paper table: as these columns of ``table``."""

    table: ReportTable
    columns: Callable[[dict[str, Any]], list[Column]]  # the section (model -> entry) -> its columns


@dataclass(frozen=True)
class ReportExample:
    """A behaviour the report shows one answer of per model: the first of the family's judged units
    (by unit id), in ``category`` when one is named, whose judgment row ``shows`` holds for."""

    title: str
    shows: Callable[[dict[str, Any]], bool]
    category: str | None = None


@dataclass(frozen=True)
class CellColumn:
    """How the report shows one of a family's metric cells (``Family.cells``; also the breakdown's
    name of it): a column of every per-kind and per-style breakdown table, and of the headline when
    ``headline`` names its key in :data:`scifigbench.contracts.metrics.HEADLINE`."""

    cell: str
    header: str
    filters: Mapping[str, str] = field(default_factory=dict)  # after the family's own
    scale: float = 100.0
    headline: str | None = None


#: The paper's unified behavioural table (Table 4), joined from the capability, resistance,
#: caption-claim and blur families' columns.
UNIFIED = ReportTable(
    "Unified behavioural evaluation",
    "all columns in %",
    "Capability: share correct. Resistance: mean score (resists 100, hedges 50, accepts 0). "
    "CapB Res: share of figures whose description follows the image over the false caption. "
    "Admittance: share admitting the unreadable element. Inductance: correct among fabricated answers. "
    "Units the judge left undecided are out of n; the range under such a value is what it would be had the "
    "judge decided all of them against (low) or for (high) the model.",
)


def entry_keys(section: dict[str, Any], order: Sequence[str]) -> list[str]:
    """The columns any model's entry of ``section`` has, in ``order`` (others after, sorted)."""
    return ordered((c for m in section.values() for c in entry_columns(m)), list(order))


def per_category(labels: Mapping[str, str]) -> Callable[[dict[str, Any]], list[Column]]:
    """Columns of a table kept per category and overall: each category any model has, in the order
    of ``labels`` (which head them), the overall column last; the overall column alone when empty."""

    def columns(section: dict[str, Any]) -> list[Column]:
        keys = entry_keys(section, list(labels)) or [OVERALL]
        return [Column(labels.get(k, k), (k,), {"category": None if k == OVERALL else k}) for k in keys]

    return columns
