"""How far this run's judge can be trusted, shown beside the tables its verdicts feed.

Reads ``metrics/validity.json`` (the metrics stage's :mod:`scifigbench.metrics.validity`): a
person's agreement with the judge on a reviewed sample, and a second judge's agreement and Cohen's
kappa on an audited share. Each table gets one line for the families feeding it, and the report
has one table of all families. A corrected verdict appears only as a second value next to the
judge's own label counts; no table value is ever replaced by it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from scifigbench.concepts.families import FAMILIES
from scifigbench.report.tables import Cell, Table

# the families whose verdicts feed each of the report's tables (by the metrics file they read)
FAMILIES_OF = {file: tuple(f.name for f in FAMILIES if file in f.metric_cells) for file in ("perception", "behaviour")}


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f} %"


def _share(cell: dict[str, Any]) -> str:
    """``13 of 15 (87 %, 95 % CI 62–96 %)``: agreement with its Wilson interval."""
    if not cell.get("n"):
        return "nothing compared"
    return (
        f"{cell['agree']} of {cell['n']} ({_pct(cell['value'])}, 95 % CI "
        f"{_pct(cell['ci_low']).removesuffix(' %')}–{_pct(cell['ci_high'])})"
    )


def _counts(labels: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in labels.items()) or "–"


def _corrected(cell: dict[str, Any]) -> str:
    """The judge's label counts on the reviewed units, and the person's beside them when they differ."""
    judge, person = cell.get("judge_labels", {}), cell.get("reviewed_labels", {})
    return f"judge: {_counts(judge)}" + ("" if judge == person else f"; reviewed: {_counts(person)}")


def family_line(validity: dict[str, Any], family: str) -> str:
    """What the review and the audit say of one family's verdicts ("" when neither covers it)."""
    parts = []
    review = validity.get("review", {}).get("by_family", {}).get(family)
    if review and review.get("n"):
        parts.append(f"a person agreed on {_share(review)} reviewed ({_corrected(review)})")
    audit = validity.get("audit", {}).get("by_family", {}).get(family)
    if audit and audit.get("n"):
        kappa = "" if audit.get("kappa") is None else f", κ {audit['kappa']:.2f}"
        parts.append(f"the audit judge agreed on {_share(audit)}{kappa}")
    return f"{family}: {'; '.join(parts)}" if parts else ""


def beside(table: Table, validity: dict[str, Any], families: tuple[str, ...]) -> Table:
    """``table`` with a line on its families' judge agreement appended to its note (unchanged when none)."""
    lines = [line for f in families if (line := family_line(validity, f))]
    if not lines:
        return table
    line = "Judge checked on this run's units — " + " · ".join(lines) + "."
    return dataclasses.replace(table, note=f"{table.note} {line}".strip())


def validity_table(validity: dict[str, Any]) -> Table | None:
    """One row per family: the reviewed sample and the audit side by side; None when neither ran."""
    review = validity.get("review", {}).get("by_family", {})
    audit = validity.get("audit", {}).get("by_family", {})
    if not review and not audit:
        return None
    rows = []
    for family in [f.name for f in FAMILIES if f.name in review or f.name in audit]:
        r, a = review.get(family, {}), audit.get(family, {})
        rows.append(
            (
                family,
                [
                    Cell(_share(r) if r else "–", title=f"{r.get('rejected', 0)} reviewed units had no verdict"),
                    Cell(_corrected(r) if r.get("n") else "–", mark="text"),
                    Cell(
                        _share(a) if a else "–", title=f"{a.get('not_compared', 0)} audited units not decided by both"
                    ),
                    Cell("–" if a.get("kappa") is None else f"{a['kappa']:.2f}"),
                ],
            )
        )
    judges = ", ".join(validity.get("audit", {}).get("judges", [])) or "none"
    return Table(
        "How often the judge agrees with a person and with a second judge",
        "units agreeing of those compared",
        ["Person (reviewed sample)", "Verdicts: judge's, then reviewed", "Audit judge", "Cohen's κ"],
        rows,
        "Person: review/verdicts.csv (scifigbench review verdicts), Wilson 95 % CI. Reviewed verdicts are a second "
        f"value only: every table above keeps the judge's own. Audit judge: {judges} on a seeded share of units "
        "(judge.audit); κ is agreement beyond chance.",
        row_header="Family",
    )
