"""The shape of the metrics JSON files the metrics stage writes and the report reads.

The files under ``metrics/`` are a table between two stages like any parquet table, so the names
both sides rely on (which files exist, the penalty columns of a judgment row, the paper's tables)
live here rather than in either stage; the orders of conditions, categories and types they follow
are the shared vocabularies of :mod:`scifigbench.concepts.names`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scifigbench.concepts.names import CAPABILITY_CATEGORIES, CONDITION_ORDER

METRIC_FILES = ("perception", "capability", "behaviour", "significance", "correlations", "reliability", "agreement", "run")
PENALTY_DIMENSIONS = {"accuracy": "pen_accuracy", "completeness": "pen_completeness", "clarity": "pen_clarity"}
PENALTY_SUBTYPES = {
    "label_map": "pen_label_map", "missing": "pen_missing", "numeric": "pen_numeric",
    "trend": "pen_trend", "axis_legend": "pen_axis_legend", "halluc": "pen_halluc",
}


def ordered(values: Iterable[str], order: Sequence[str]) -> list[str]:
    """Values in the paper's order (metrics JSON is written with sorted keys), unknown ones last."""
    values = list(dict.fromkeys(values))
    return [v for v in order if v in values] + sorted(v for v in values if v not in order)

# The paper's four headline tables, as read from the metrics files: table -> (title, scale, file, path
# to the {model: {column: cell}} mapping, columns in order). A column is (label, path inside the
# model's entry). The metrics stage writes their values to metrics/summary/<table>/<model>.json (what
# `dvc metrics diff` compares); the report and `scifigbench tables` print them with their CIs.
PAPER_TABLES: dict[str, tuple[str, str, str, tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]]] = {
    "mqm": ("Description quality (MQM) across conditions", "0-100", "perception", ("mqm",),
            tuple((c, (c,)) for c in CONDITION_ORDER)),
    "capability": ("Capability accuracy by question category", "0-1", "capability", ("accuracy",),
                   tuple((c, (c,)) for c in (*CAPABILITY_CATEGORIES, "overall"))),
    "ari": ("Admittance - Resistance - Inductance", "0-1", "behaviour", (),
            (("admittance_active", ("admittance", "active")), ("admittance_passive", ("admittance", "passive")),
             ("resistance", ("resistance", "overall")), ("caption_bias", ("caption_bias", "overall")),
             ("inductance_active", ("inductance", "active")), ("inductance_passive", ("inductance", "passive")))),
    # modification types vary with the probe generator: one column per type found (see paper_table)
    "caption_bias": ("Caption-bias resistance by modification type", "0-1", "behaviour", ("caption_bias",),
                     (("overall", ("overall",)),)),
}


def dig(data: object, path: Iterable[str]) -> object:
    """``data[k1][k2]...``, or None where a key is missing."""
    for k in path:
        if not isinstance(data, dict):
            return None
        data = data.get(k)
    return data


def paper_table(metrics: dict[str, dict], name: str) -> dict[str, dict[str, dict | None]]:
    """One paper table from the metrics files' content (file stem -> content): model -> column -> cell.

    For the ``ari`` table the model is the second key of each path (``resistance.<model>.overall``);
    for the others the table's path leads to a {model: ...} mapping. Missing cells are None.
    """
    _, _, stem, root, cols = PAPER_TABLES[name]
    content = metrics.get(stem, {})
    if name == "ari":
        models = sorted({m for _, path in cols for m in (dig(content, path[:1]) or {})})
        return {m: {label: dig(content, (path[0], m, *path[1:])) for label, path in cols} for m in models}
    per_model = dig(content, root) or {}
    if name == "caption_bias":
        types = sorted({t for row in per_model.values() for t in (dig(row, ("by_type",)) or {})})
        cols = (*cols, *((t, ("by_type", t)) for t in types))
    return {m: {label: dig(per_model[m], path) for label, path in cols} for m in sorted(per_model)}


def table_columns(table: dict[str, dict[str, dict | None]]) -> list[str]:
    """The columns of a paper table in order (first model's order, then any others)."""
    return list(dict.fromkeys(c for row in table.values() for c in row))


def summary_values(metrics: dict[str, dict]) -> dict[str, dict[str, dict[str, float]]]:
    """table -> model -> column -> point value: the dvc metrics rows (metrics/summary/<table>/<model>.json)."""
    out = {}
    for name in PAPER_TABLES:
        table = paper_table(metrics, name)
        out[name] = {m: {c: round(cell["value"], 4) for c, cell in row.items()
                         if isinstance(cell, dict) and cell.get("value") is not None} for m, row in table.items()}
    return out
