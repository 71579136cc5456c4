"""The headline atop the report: per model the paper's five headline values, and who answered.

One row per model with base MQM, capability, admittance, resistance and inductance (the cells of
``metrics/headline.json``, :data:`scifigbench.contracts.metrics.HEADLINE`), each with its CI, n and
undecided units like every other table, linked to its units. Above it, which respondents are
simulated (``header.json``: respondents, model -> backend): a simulated respondent's numbers test the
pipeline, they say nothing about a vision-language model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scifigbench.contracts.metrics import HEADLINE, cell_path, dig
from scifigbench.report.cells import COLUMNS as CELL_COLUMNS
from scifigbench.report.cells import HEADLINE_CELLS
from scifigbench.report.tables import Col, NotMeasured, Table, model_table

SIMULATED = "simulated"  # the backend of the scripted respondents (params.yaml: models.<m>.backend)

# headline key -> (header, explorer filters of its units, display scale) of its metric cell, in the
# order of contracts.metrics.HEADLINE
COLUMNS: dict[str, tuple[str, dict[str, str], float]] = {k: CELL_COLUMNS[cell] for k, cell in HEADLINE_CELLS.items()}


@dataclass(frozen=True)
class Headline:
    table: Table
    simulated: list[str]  # respondents whose answers are scripted, not a model's
    real: list[str]  # respondents answered by a model behind an API (or a local server)


def _col(key: str, metrics: dict[str, Any]) -> Col:
    header, filters, scale = COLUMNS[key]
    table, column = HEADLINE[key]

    def get(model: str) -> Any:
        stem, path = cell_path(table, column, model)
        return dig(metrics.get(stem, {}), path)

    return Col(header, get, filters, scale=scale)


def _models(metrics: dict[str, dict[str, Any]]) -> set[str]:
    """Every model with an entry in a section holding a headline cell (the model is a path's second key)."""
    out: set[str] = set()
    for table, column in HEADLINE.values():
        stem, path = cell_path(table, column, "")
        section = dig(metrics.get(stem, {}), path[:1])
        out |= set(section) if isinstance(section, dict) else set()
    return out


def headline(metrics: dict[str, dict[str, Any]], nm: NotMeasured) -> Headline | None:
    """The headline of the metrics files' content (file stem -> content); None without any model."""
    cols = [_col(k, metrics) for k in HEADLINE]
    respondents: dict[str, str] = (metrics.get("header") or {}).get("respondents") or {}
    models = sorted(m for m in _models(metrics) | set(respondents) if any(c.get(m) is not None for c in cols))
    if not models:
        return None
    table = model_table(
        "Headline",
        "MQM in points, the others in %",
        models,
        cols,
        nm,
        "Base MQM; capability over all question categories; admittance and inductance under the active "
        "protocol; resistance over all probe types. Bold = best, underlined = second best per column.",
    )
    simulated = [m for m in models if respondents.get(m) == SIMULATED]
    return Headline(table, simulated, [m for m in models if m in respondents and m not in simulated])
