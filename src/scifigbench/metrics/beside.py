"""A new model's cells of the paper's Table 4 beside the published models', on the same items.

The published models' verdicts are the release's own (``paper/judgments``, written by
``import-release`` in our judgments contract); the new model's are this pipeline's
(``data/judgments``, from ``corpus.source: release``). An item is a released probe: a figure and
blur mode, a figure and resistance type, or a caption-bias figure (the mean over its claims, as
the paper scores a caption per figure). Each column is computed on exactly the items every listed
model has a verdict for, so rows differ by model only; ``items`` is that shared set and ``n`` the
items a cell's rate is taken over (for inductance, the items where the model committed to an
answer). Undecided rule verdicts leave their item out of the column for every model, and are
counted. CIs are percentile bootstraps over items (metrics.stats). The paper's printed values
(``paper/printed.csv``) are rows of their own where the paper prints that column.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench.contracts.metrics import RELEASE_BESIDE_COLUMNS
from scifigbench.families.registry import REGISTRY
from scifigbench.families.release_columns import Count
from scifigbench.metrics.stats import DEFAULT_B, DEFAULT_SEED, clean, ratio_estimate
from scifigbench.tableio import read_table

Item = tuple[str, str]  # (figure_id, category or "")
Values = dict[Item, tuple[float, float]]  # item -> (numerator, denominator)


@dataclass(frozen=True)
class Column:
    """One printed column: the judgment family and category it reads, and how an item counts."""

    family: str
    category: str | None  # None: every category of the family, pooled per figure
    count: Count
    scale: float


def _declared() -> dict[str, Column]:
    """The columns the families declare, in Table 4's printed order; a family declaring a header the
    order lacks (or leaving one out) fails at import rather than dropping a column in silence."""
    found = {
        c.header: Column(f.name, c.category, c.count, c.scale) for f in REGISTRY.values() for c in f.release_columns
    }
    if set(found) != set(RELEASE_BESIDE_COLUMNS):
        raise ValueError(f"the families declare release columns {sorted(found)}, not {list(RELEASE_BESIDE_COLUMNS)}")
    return {name: found[name] for name in RELEASE_BESIDE_COLUMNS}


COLUMNS: dict[str, Column] = _declared()


def item_values(j: pd.DataFrame, col: Column) -> tuple[Values, int]:
    """One model's items of a column and how many were undecided (or judge errors)."""
    rows = j[(j["family"] == col.family) & j["error"].isna()]
    if col.category is not None:
        rows = rows[rows["category"] == col.category]
    out: Values = {}
    undecided = 0
    for key, group in rows.groupby(["figure_id", "category"] if col.category else ["figure_id"], sort=True):
        keys = key if isinstance(key, tuple) else (key,)
        item = (str(keys[0]), str(keys[1]) if len(keys) > 1 else "")
        got = col.count(group)
        if got is None:
            undecided += 1
        else:
            out[item] = got
    return out, undecided


def annotator_models(probes: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The release's capability annotators as rows of their own ("annotator 1", "annotator 2", in the
    release's order of their names, which stay out of the output): each person's answer judged by
    our capability rule against the question's expected answer, in the judgments columns the
    columns read. A person who left a question unanswered has no verdict on it."""
    from scifigbench.families.capability.rule import judge_capability

    rows: dict[str, list[dict[str, Any]]] = {}
    for p in probes[probes["family"] == COLUMNS["Cap"].family].itertuples():
        expected = json.loads(p.expected_json)
        for k, answer in enumerate(expected.get("annotator_answers") or [], start=1):
            verdict = judge_capability(str(answer), expected)
            score = None if verdict.undecided else float(bool(verdict.correct))
            rows.setdefault(f"annotator {k}", []).append(
                {
                    "figure_id": p.figure_id,
                    "family": COLUMNS["Cap"].family,
                    "category": p.category,
                    "error": None,
                    "score": score,
                }
            )
    return {name: pd.DataFrame(r) for name, r in sorted(rows.items())}


def read_models(folder: Path) -> dict[str, pd.DataFrame]:
    """model -> its judgments table, one parquet per model in ``folder``."""
    return {p.stem: read_table(p, "judgments", root=None) for p in sorted(folder.glob("*.parquet"))}


def beside(
    ours: dict[str, pd.DataFrame],
    published: dict[str, pd.DataFrame],
    printed: dict[tuple[str, str, str], str],
    labels: dict[str, str],
    B: int = DEFAULT_B,
    seed: int = DEFAULT_SEED,
    people: dict[str, pd.DataFrame] | None = None,
) -> dict[str, Any]:
    """Per column: the shared item set, every model's cell on it, and the paper's printed values.
    ``people``: further rows of persons' answers (:func:`annotator_models`), placed where they have
    items (the capability column)."""
    out: dict[str, Any] = {}
    people = people or {}
    for name, col in COLUMNS.items():
        per: dict[str, tuple[Values, int, str]] = {}
        for source, models in (("ours", ours), ("release", published), ("annotators", people)):
            for model, j in models.items():
                values, undecided = item_values(j, col)
                per[model] = (values, undecided, source)
        mine = [m for m in ours if per[m][0]]
        if not mine:
            continue  # the new model has no item of this column: nothing to place beside
        listed = mine + [m for m in (*published, *people) if per[m][0]]
        shared = set.intersection(*(set(per[m][0]) for m in listed))
        items = sorted(shared)
        rows = {}
        for m in listed:
            values, undecided, source = per[m]
            num = [values[i][0] for i in items]
            den = [values[i][1] for i in items]
            est = ratio_estimate(num, den, B, seed, clusters=[i[0] for i in items] or None)
            rows[m] = {
                "source": source,
                "label": labels.get(m, m),
                "value": _scaled(est.value, col.scale),
                "ci_low": _scaled(est.ci_low, col.scale),
                "ci_high": _scaled(est.ci_high, col.scale),
                "n": est.n,
                "figures": est.figures,
                "undecided": undecided,
                "left_out": len(values) - len(items),
            }
        paper = {
            labels.get(m, m): printed[("Table 4", labels[m], name)]
            for m in published
            if m in labels and ("Table 4", labels[m], name) in printed
        }
        out[name] = {
            "family": col.family,
            "category": col.category,
            "items": len(items),
            "unit": "%" if col.scale == 100.0 else "score",
            "rows": rows,
            "printed": paper,
            "item_ids": ["/".join(filter(None, i)) for i in items],
        }
    return out


def published_units(result: dict[str, Any], published: dict[str, pd.DataFrame]) -> dict[str, pd.DataFrame]:
    """Each published model's judgments on the figures its cells were taken over (per column: the
    column's family and its shared items' figures), so the report's explorer can list exactly the
    units behind a published cell; a model with none of them is left out."""
    columns = [c for c in result.values() if any(r["source"] == "release" for r in c["rows"].values())]
    wanted = {(c["family"], i.split("/")[0]) for c in columns for i in c["item_ids"]}
    out = {}
    for model, j in published.items():
        keep = [(f, g) in wanted for f, g in zip(j["family"], j["figure_id"], strict=True)]
        if any(keep):
            out[model] = j[keep]
    return out


def _scaled(x: float, scale: float) -> float | None:
    return None if x is None or math.isnan(x) else clean(x * scale)


def text_table(result: dict[str, Any]) -> str:
    """The cells as a plain table, one line per (column, model): what the command prints."""
    lines = [f"{'column':8} {'model':22} {'value':>8} {'95% CI':>18} {'n':>5} items  printed"]
    for name, c in result.items():
        for m, r in c["rows"].items():
            ci = f"[{r['ci_low']}, {r['ci_high']}]" if r["ci_low"] is not None else "-"
            value = "-" if r["value"] is None else f"{r['value']:.3g}"
            lines.append(
                f"{name:8} {m + (' *' if r['source'] == 'ours' else ''):22} {value:>8} {ci:>18} "
                f"{r['n']:>5} {c['items']:>5}  {c['printed'].get(r['label'], '')}"
            )
    return "\n".join(lines)
