"""The shape of the metrics JSON files the metrics stage writes and the report reads.

The files under ``metrics/`` are a table between two stages like any parquet table, so the names
both sides rely on (which files exist, the penalty columns of a judgment row, the paper's tables)
live here rather than in either stage; the orders of conditions, categories and types they follow
are the shared vocabularies of :mod:`scifigbench.concepts.names`.

A *cell* (one value of one table) is a dict:

- ``value``: the metric over the decided units (null when there are none);
- ``n``: the units in its denominator; ``figures``: the figures holding them;
- ``ci_low`` / ``ci_high``: its 95 % percentile bootstrap CI, resampling figures (units of one figure
  are drawn together);
- ``errors``: rows left out because the judge failed or gave no verdict;
- ``undecided``: units the judge abstained on (verdict "undecided"), always present, 0 when none;
  they are left out of ``n`` like errors but are not failures;
- ``bounds``: only when ``undecided`` > 0, ``[low, high]``: the value had every undecided unit taken
  the verdict that makes the metric lowest, and the one that makes it highest (for the
  higher-is-better metrics, worst and best). ``low <= value <= high`` always.

A table's model entry (``behaviour.json: resistance.<model>``) holds its cells and, when the units
of that table were decided by more than one kind of judge (the hybrid judge: rule verdicts where
decided, an LLM judge for the rest), ``decided_by``: judge kind (``rule``, ``llm``: the judge id up
to its first colon) -> share of the decided units it decided.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scifigbench.concepts.names import CAPABILITY_CATEGORIES, CONDITION_ORDER

DECIDED_BY = "decided_by"  # the key of a model entry's judge shares (not a column)
UNDECIDED_SUFFIX = "_undecided"  # summary key of a column's undecided count: "<column>_undecided"
METRIC_FILES = (
    "perception",
    "capability",
    "behaviour",
    "significance",
    "correlations",
    "reliability",
    "agreement",
    "run",
    "header",
    "validity",  # the judge against a person's reviewed sample and against the audit judge
    "breakdown",  # the headline cells per chart kind and per corpus style (metrics.breakdown)
)
# written by the release_beside stage (corpus.source: release), not by the metrics stage: the new
# model's Table 4 cells beside the published models' (metrics.beside); the report shows it when present
RELEASE_BESIDE = "release_beside"
# the same stage's folder of the published models' judgments on the table's figures (one parquet per
# model, judgments contract): the explorer lists them so a published cell opens exactly its units
RELEASE_BESIDE_UNITS = "release_beside_units"
# its columns, in the order the paper's Table 4 prints them (the JSON holds them with sorted keys)
RELEASE_BESIDE_COLUMNS = ("Inex", "Cont", "Unan", "CapB", "Cap", "Adm Act", "Adm Pas", "Ind Act", "Ind Pas")
PENALTY_DIMENSIONS = {"accuracy": "pen_accuracy", "completeness": "pen_completeness", "clarity": "pen_clarity"}
PENALTY_SUBTYPES = {
    "label_map": "pen_label_map",
    "missing": "pen_missing",
    "numeric": "pen_numeric",
    "trend": "pen_trend",
    "axis_legend": "pen_axis_legend",
    "halluc": "pen_halluc",
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
    "mqm": (
        "Description quality (MQM) across conditions",
        "0-100",
        "perception",
        ("mqm",),
        tuple((c, (c,)) for c in CONDITION_ORDER),
    ),
    "capability": (
        "Capability accuracy by question category",
        "0-1",
        "capability",
        ("accuracy",),
        tuple((c, (c,)) for c in (*CAPABILITY_CATEGORIES, "overall")),
    ),
    "ari": (
        "Admittance - Resistance - Inductance",
        "0-1",
        "behaviour",
        (),
        (
            ("admittance_active", ("admittance", "active")),
            ("admittance_passive", ("admittance", "passive")),
            ("resistance", ("resistance", "overall")),
            ("caption_bias", ("caption_bias", "overall")),
            ("inductance_active", ("inductance", "active")),
            ("inductance_passive", ("inductance", "passive")),
        ),
    ),
    # modification types vary with the probe generator: one column per type found (see paper_table)
    "caption_bias": (
        "Caption-bias resistance by modification type",
        "0-1",
        "behaviour",
        ("caption_bias",),
        (("overall", ("overall",)),),
    ),
}

# tables that add one column per key found under this path of a model's entry, after their fixed ones
OPEN_COLUMNS: dict[str, tuple[str, ...]] = {"caption_bias": ("by_type",)}


def entry_columns(entry: object) -> list[str]:
    """The column keys of a table's model entry (its cells), leaving out ``decided_by``."""
    return [k for k in entry if k != DECIDED_BY] if isinstance(entry, dict) else []


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
    if name in OPEN_COLUMNS:
        at = OPEN_COLUMNS[name]
        types = sorted({t for row in per_model.values() for t in (dig(row, at) or {})})
        cols = (*cols, *((t, (*at, t)) for t in types))
    return {m: {label: dig(per_model[m], path) for label, path in cols} for m in sorted(per_model)}


def table_columns(table: dict[str, dict[str, dict | None]]) -> list[str]:
    """The columns of a paper table in order (first model's order, then any others)."""
    return list(dict.fromkeys(c for row in table.values() for c in row))


def summary_values(metrics: dict[str, dict]) -> dict[str, dict[str, dict[str, float | int]]]:
    """table -> model -> column -> point value, and ``<column>_undecided`` -> its undecided count:
    the dvc metrics rows (metrics/summary/<table>/<model>.json), so ``dvc metrics diff`` shows a
    change in how often the judge abstained next to the change in the value."""
    out = {}
    for name in PAPER_TABLES:
        out[name] = {m: _summary_row(row) for m, row in paper_table(metrics, name).items()}
    return out


# The paper's headline cells, one per table of its main results: key in metrics/headline.json ->
# (paper table, column). Short keys because `dvc exp show` names a column "<model>.<key>".
HEADLINE: dict[str, tuple[str, str]] = {
    "mqm": ("mqm", "base"),
    "cap": ("capability", "overall"),
    "A": ("ari", "admittance_active"),
    "R": ("ari", "resistance"),
    "I": ("ari", "inductance_active"),
}


def cell_path(name: str, column: str, model: str) -> tuple[str, tuple[str, ...]]:
    """(metrics file stem, path to the cell) of one column of one paper table for one model (see
    :func:`paper_table` for where the ``ari`` table puts the model)."""
    _, _, stem, root, cols = PAPER_TABLES[name]
    path = dict(cols)[column]
    return stem, (path[0], model, *path[1:]) if name == "ari" else (*root, model, *path)


def headline_values(summary: dict[str, dict[str, dict[str, float | int]]]) -> dict[str, dict[str, float]]:
    """model -> headline key -> point value, from :func:`summary_values`: the only cells declared as
    dvc metrics (metrics/headline.json), so that `dvc exp show` and `dvc metrics diff` stay short; the
    full tables stay in metrics/*.json and metrics/summary/."""
    models = sorted({m for per_model in summary.values() for m in per_model})
    out: dict[str, dict[str, float]] = {}
    for model in models:
        row = {key: summary.get(table, {}).get(model, {}).get(column) for key, (table, column) in HEADLINE.items()}
        out[model] = {k: v for k, v in row.items() if v is not None}
    return out


def _summary_row(row: dict[str, dict | None]) -> dict[str, float | int]:
    out: dict[str, float | int] = {}
    for column, cell in row.items():
        if not isinstance(cell, dict):
            continue
        if cell.get("value") is not None:
            out[column] = round(cell["value"], 4)
        if "undecided" in cell:
            out[column + UNDECIDED_SUFFIX] = int(cell["undecided"])
    return out


def judge_shares(section: object) -> dict[str, dict[str, float]]:
    """model -> judge kind -> share, from the model entries of one section that carry ``decided_by``."""
    if not isinstance(section, dict):
        return {}
    return {
        m: entry[DECIDED_BY]
        for m, entry in sorted(section.items())
        if isinstance(entry, dict) and isinstance(entry.get(DECIDED_BY), dict)
    }


def table_judges(metrics: dict[str, dict], name: str) -> dict[str, dict[str, dict[str, float]]]:
    """The judges' shares behind one paper table: section -> model -> judge kind -> share.

    A section is a metrics entry with its own shares: the table's root, or for the ``ari`` table each
    of the sections its columns come from (resistance, caption_bias, ...). Empty without a hybrid judge.
    """
    _, _, stem, root, cols = PAPER_TABLES[name]
    content = metrics.get(stem, {})
    roots = list(dict.fromkeys((path[0],) for _, path in cols)) if name == "ari" else [root]
    out: dict[str, dict[str, dict[str, float]]] = {}
    for path in roots:
        shares = judge_shares(dig(content, path))
        if shares:
            out[".".join(path)] = shares
    return out
