"""Every metric cell split by what a figure is: its chart kind and its corpus style.

MQM already has a per-kind table; capability, admittance, resistance, caption-bias resistance and
inductance (both blur protocols) did not, and nothing was split by style, so a model weak on one kind
or on one drawing style was averaged away.
Kind and style are properties of a figure, so each split keeps whole figures together and the
cluster bootstrap of :func:`scifigbench.metrics.tables.cell` stays valid inside a group.

Content of ``metrics/breakdown.json``: ``{"by_kind"|"by_style": {cell: {model: {group: cell}}}}``;
cells are named as :data:`scifigbench.metrics.tables.HEADLINE` names them. Style lives only in a
synthetic figure's spec, which the corpus stage copies into the figures table; imported figures
have none and are grouped under :data:`scifigbench.contracts.figures.NO_STYLE`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pandas as pd

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.contracts.figures import style_group
from scifigbench.contracts.metrics import ordered
from scifigbench.families.registry import REGISTRY
from scifigbench.families.unit_scores import family
from scifigbench.metrics import tables

SPLITS = {"by_kind": "chart_type", "by_style": "style"}
#: every metric cell the families declare (``Family.cells``, named as metrics.tables.HEADLINE names them)
#: -> its family, in registry order
FAMILY_OF = {name: f.name for f in REGISTRY.values() for name, _ in f.cells}


def with_style(j: pd.DataFrame, figures: pd.DataFrame | None) -> pd.DataFrame:
    """The judgments with each figure's style group (:func:`style_group`; the corpus table absent:
    every figure's is :data:`NO_STYLE`)."""
    styles = {} if figures is None else dict(zip(figures["figure_id"], figures["style"], strict=True))
    return j.assign(style=[style_group(styles.get(f)) for f in j["figure_id"].astype(str)])


def _split(rows: pd.DataFrame, column: str, name: str, cfg: tables.StatConfig) -> dict[str, Any]:
    """One cell per group of ``column`` among one model's rows; groups with no unit of the cell left out."""
    build = tables.HEADLINE[name]
    order = CHART_KINDS if column == "chart_type" else ()
    out = {}
    for group in ordered(rows[column].astype(str).unique().tolist(), order):
        units = build(rows[rows[column] == group])
        if len(units.frame) or units.undecided:
            out[group] = tables.cell(units, cfg)
    return out


def breakdown(j: pd.DataFrame, figures: pd.DataFrame | None, cfg: tables.StatConfig) -> dict[str, Any]:
    """Every metric cell per model and chart kind, and per model and style."""
    rows = with_style(j, figures)
    return {
        split: {
            name: tables.by_model(family(rows, FAMILY_OF[name]), partial(_split, column=column, name=name, cfg=cfg))
            for name in FAMILY_OF
        }
        for split, column in SPLITS.items()
    }
