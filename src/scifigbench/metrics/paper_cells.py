"""The cells of the paper's Tables 2 and 4 that the release's verdicts determine, three ways.

A cell is keyed by (table, row, column) as the paper prints it. This module produces the same
keys from (a) our recomputation (metrics ``behaviour.json`` plus the imported judgment tables),
(b) the values printed in the paper (a small CSV kept beside ``paper/dvc.yaml``), and (c) the
release's own LaTeX Table 4. Printed values stay strings so that their precision (".88" against
"90") tells how the recomputed value must be rounded before it is compared.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench.concepts.families import FAMILIES

Key = tuple[str, str, str]  # (table, row, column)

TABLE2, TABLE4 = "Table 2", "Table 4"

# Table 4 column -> (behaviour.json metric, its key per model, factor to the printed unit)
TABLE4_COLUMNS: dict[str, tuple[str, str, float]] = {
    "Inex": ("resistance", "inexist", 1.0),
    "Cont": ("resistance", "contra", 1.0),
    "Unan": ("resistance", "unanswerable", 1.0),
    "CapB": ("caption_bias", "overall", 1.0),
    "Adm Act": ("admittance", "active", 100.0),
    "Adm Pas": ("admittance", "passive", 100.0),
    "Ind Act": ("inductance", "active", 100.0),
    "Ind Pas": ("inductance", "passive", 100.0),
}
# the release's table4_behavioral.tex, left to right after the model column
TEX_COLUMNS = ("Cnt", "Cmp", "Cmpr", "Pat", "Inex", "Cont", "Unan", "CapB", "Adm Act", "Adm Pas", "Ind Act", "Ind Pas")
CHART_COLUMNS = {"Bar": "bar", "Line": "line", "Pie": "pie"}  # Table 2's "99B / 99L / 52P"

# printed cells no released verdict determines, and why (listed in the report, never compared)
NOT_DETERMINED: dict[str, str] = {
    "Table 2 / Figure transforms": "counts rendered images; the release's verdicts are per probe, not per image",
    "Table 2 / Reasoning questions": "the importer reads no capability verdicts",
    "Table 3 (all cells)": "MQM scores come from description checklists the importer does not read",
    "Table 4 / Capability (Cnt, Cmp, Cmpr, Pat)": "the importer reads no capability verdicts",
}


@dataclass(frozen=True)
class Cell:
    """One recomputed cell: its value in the printed unit and how many units it averages."""

    value: float
    n: int | None = None


def determined_keys(labels: dict[str, str]) -> list[Key]:
    """Every cell the release's verdicts determine for the labelled models, in the paper's order."""
    t2 = [(TABLE2, "Baseline figures", c) for c in ("Count", *CHART_COLUMNS)] + [
        (TABLE2, "Behavioural probes", "Count")
    ]
    return t2 + [(TABLE4, label, c) for label in labels.values() for c in TABLE4_COLUMNS]


def table4_cells(behaviour: dict[str, Any], labels: dict[str, str]) -> dict[Key, Cell]:
    """Table 4's resistance, caption-bias, admittance and inductance cells per labelled model."""
    out: dict[Key, Cell] = {}
    for column, (metric, key, factor) in TABLE4_COLUMNS.items():
        for model, per_model in behaviour.get(metric, {}).items():
            got = per_model.get(key)
            if model in labels and got and got.get("value") is not None:
                out[(TABLE4, labels[model], column)] = Cell(factor * float(got["value"]), got.get("n"))
    return out


def table2_cells(j: pd.DataFrame) -> dict[Key, Cell]:
    """Table 2's figure and behavioural-probe counts, counted from the probes that have verdicts.

    Figures are those with verdicts of the family every figure gets (``UnitFamily.counts_figures``:
    the three resistance probes); behavioural probes are the distinct probes behind the behavioural
    families' verdicts, whichever models answered them: (probe family, figure, category), where a
    family whose category is the unit's own (a caption claim's type) counts one probe per figure.
    """
    counted = [f.name for f in FAMILIES if f.counts_figures]
    figures = j[j["family"].isin(counted)].drop_duplicates("figure_id")
    out = {(TABLE2, "Baseline figures", "Count"): Cell(float(len(figures)))}
    for column, kind in CHART_COLUMNS.items():
        out[(TABLE2, "Baseline figures", column)] = Cell(float((figures["chart_type"] == kind).sum()))
    out[(TABLE2, "Behavioural probes", "Count")] = Cell(float(_behavioural_probes(j)))
    return out


def _behavioural_probes(j: pd.DataFrame) -> int:
    """How many distinct probes the behavioural families' verdicts come from."""
    fams = {f.name: f for f in FAMILIES if f.behavioural}
    units = j[j["family"].isin(list(fams))]
    probes = pd.DataFrame(
        {
            "probe_family": [fams[f].probe_family for f in units["family"]],
            "figure_id": list(units["figure_id"]),
            "category": [
                None if fams[f].category_per_unit else c
                for f, c in zip(units["family"], units["category"], strict=True)
            ],
        }
    )
    return len(probes.drop_duplicates())


def read_printed(path: Path) -> dict[Key, str]:
    """Printed values from a CSV with columns table, row, column, printed (as the paper prints it)."""
    with path.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    need = {"table", "row", "column", "printed"}
    if rows and not need <= set(rows[0]):
        raise ValueError(f"{path}: needs columns {sorted(need)}, has {sorted(rows[0])}")
    out: dict[Key, str] = {}
    for i, r in enumerate(rows, start=2):
        key = (r["table"], r["row"], r["column"])
        if key in out:
            raise ValueError(f"{path}: line {i}: {key} printed twice")
        out[key] = r["printed"].strip()
    return out


_MARKUP = re.compile(r"\\(?:textbf|underline|textit|emph)\{([^{}]*)\}")


def _plain(tex: str) -> str:
    while _MARKUP.search(tex):
        tex = _MARKUP.sub(r"\1", tex)
    return tex.strip()


def read_release_table4(path: Path) -> dict[Key, str]:
    """The body rows of the release's LaTeX Table 4 (between \\midrule and \\bottomrule)."""
    text = path.read_text(encoding="utf-8")
    try:
        body = text.split("\\midrule", 1)[1].split("\\bottomrule", 1)[0]
    except IndexError:
        raise ValueError(f"{path}: no \\midrule ... \\bottomrule table body") from None
    out: dict[Key, str] = {}
    for line in body.split("\\\\"):
        cells = [_plain(c) for c in line.split("&")]
        if len(cells) == 1 and not cells[0]:
            continue
        if len(cells) != len(TEX_COLUMNS) + 1:
            raise ValueError(f"{path}: row {cells[0]!r} has {len(cells) - 1} values, expected {len(TEX_COLUMNS)}")
        out.update({(TABLE4, cells[0], col): v for col, v in zip(TEX_COLUMNS, cells[1:], strict=True)})
    return out
