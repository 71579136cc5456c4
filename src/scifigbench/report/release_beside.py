"""The report's table of a new model beside the paper's eight published models (corpus.source: release).

Its data is ``metrics/release_beside.json`` (the release_beside stage, :mod:`scifigbench.metrics.beside`):
per Table 4 column, every model's cell on one shared item set, with the paper's printed value of each
published row. This module only lays it out: one row per model (this run's first), one column per
printed column, each cell with its CI, n and the printed value under it. A cell of this run's model
links to the explorer filtered to exactly its items (``figures=``: the shared set, not every unit of the
family); so does a published model's cell, whose units are the release's GPT-4o verdicts on those items
(the stage's ``metrics/release_beside_units``, listed in the explorer beside this run's). The
annotators' cells say where they come from instead (their answers are no judged units).
"""

from __future__ import annotations

from typing import Any

from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.contracts.metrics import RELEASE_BESIDE_COLUMNS, ordered
from scifigbench.families.report_layout import OVERALL
from scifigbench.report.tables import (
    BLUR_HEADERS,
    CAPABILITY_LABELS,
    CAPTION_BIAS_HEADER,
    COUNTED,
    RESISTANCE_LABELS,
    Cell,
    Table,
    explorer_link,
)

# (family, category) of a beside column -> the header the report's own tables print for it
HEADERS: dict[tuple[str, str | None], str] = {
    **{("resistance", t): RESISTANCE_LABELS[t] for t in RESISTANCE_TYPES},
    ("caption_claim", None): CAPTION_BIAS_HEADER,
    ("capability", None): CAPABILITY_LABELS[OVERALL],
    **{(f"blur_{proto}", mode): h for (mode, proto), h in BLUR_HEADERS.items()},
}
OURS = "ours"  # a row's source: this pipeline's judgments; the others' cells say where they come from
PUBLISHED = "release"  # the release's GPT-4o verdicts: their units are in the explorer too
SOURCES = {
    "release": "the release's GPT-4o verdict (paper/judgments)",
    "annotators": "a person's answers from the release, judged by this run's capability rule",
}


def _header(column: dict[str, Any]) -> str:
    """The header the report's own tables give this family and category (so the page's list of
    abbreviations defines it), not the paper's printed name."""
    return HEADERS[(str(column["family"]), column.get("category"))]


def _digits(column: dict[str, Any]) -> int:
    """Percent columns print one decimal, mean-score columns (0-1) two, as the paper does."""
    return 1 if column.get("unit") == "%" else 2


def _cell(model: str, row: dict[str, Any], column: dict[str, Any], printed: str | None) -> Cell:
    d = _digits(column)
    value = row.get("value")
    ci = (
        f"[{row['ci_low']:.{d}f}, {row['ci_high']:.{d}f}]"
        if row.get("ci_low") is not None and row.get("ci_high") is not None
        else ""
    )
    n_text = f"n={row['n']}" + (f" · {row['figures']} figs" if row.get("figures", row["n"]) < row["n"] else "")
    text = "–" if value is None else f"{value:.{d}f}"
    paper = f"paper {printed}" if printed else ""
    if row["source"] not in (OURS, PUBLISHED):
        return Cell(text, ci, SOURCES.get(row["source"], ""), n_text=n_text, printed=paper)
    # an item is one figure within the column's family and category: the explorer counts figures
    link = explorer_link(
        model=model,
        status=COUNTED,
        family=column["family"],
        category=column.get("category"),
        per="figure",
        figures=",".join(i.split("/")[0] for i in column["item_ids"]),
    )
    left = f"{row['left_out']} of its items left out: not judged for every model" if row.get("left_out") else ""
    if row["source"] == PUBLISHED:
        left = "; ".join(filter(None, (SOURCES[PUBLISHED], left)))
    return Cell(text, ci, left, link=link, n=row["n"], n_text=n_text, printed=paper)


def families(result: dict[str, Any]) -> tuple[str, ...]:
    """The judged unit families feeding the table, in column order (their judge cards go beside it)."""
    return tuple(dict.fromkeys(result[name]["family"] for name in ordered(result, RELEASE_BESIDE_COLUMNS)))


def release_beside_table(result: dict[str, Any]) -> Table | None:
    """The table of ``metrics/release_beside.json``'s content; None when the run has none."""
    columns = ordered(result, RELEASE_BESIDE_COLUMNS)
    if not columns:
        return None
    models: dict[str, tuple[str, str]] = {}  # model -> (source, row label), this run's models first
    for name in columns:
        for m, row in result[name]["rows"].items():
            label = f"{m} (this run)" if row["source"] == OURS else row["label"]
            models.setdefault(m, (row["source"], label))
    order = sorted(models, key=lambda m: (models[m][0] != OURS, models[m][1]))
    rows = []
    for m in order:
        cells = []
        for name in columns:
            c = result[name]
            row = c["rows"].get(m)
            if row is None:
                cells.append(Cell("no verdicts", mark="na", title="this model has no verdict on these items"))
                continue
            cells.append(_cell(m, row, c, c["printed"].get(row["label"])))
        rows.append((models[m][1], cells))
    items = ", ".join(f"{_header(result[name])} {result[name]['items']}" for name in columns)
    return Table(
        "Your model beside the paper's published models, on the same released items",
        "percent (admittance, inductance, capability) or mean score 0-1 (resistance, caption bias)",
        [_header(result[name]) for name in columns],
        rows,
        "Each column is computed on exactly the items every row has a verdict for (items per column: "
        f"{items}); n is the items a value is taken over (for inductance, those where the model gave a "
        "value). The published rows are the release's GPT-4o verdicts; this run's are its own judge's (its "
        "card below says how far it agrees with GPT-4o). Capability has no published verdicts: beside it "
        "stand the release's two annotators, each person's answers judged by the same rule. Under each "
        "published value: the value printed in the paper, which may be taken over other items.",
    )
