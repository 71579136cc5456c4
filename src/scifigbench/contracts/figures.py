"""Schema of ``data/corpus/figures.parquet``: one row per figure."""

import re

import pandas as pd

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.contracts.core import Column, TableSchema

CHART_TYPES = frozenset(CHART_KINDS)
SOURCES = frozenset({"synthetic", "manifest", "scivqa", "release"})
NO_STYLE = "none"  # the style group of figures without one (imported): metrics' breakdown and the explorer


def style_group(style: object) -> str:
    """The style group a figure is counted and filtered under: its corpus style, or :data:`NO_STYLE`
    when it has none (imported figures: null in the table, absent from a lookup). The breakdown and
    the explorer's ``style=`` filter both group by it, so a breakdown link opens what it counted."""
    return NO_STYLE if style is None or pd.isna(style) or style == "" else str(style)


def safe_id(text: str) -> str:
    """``text`` made into a valid figure id (the column's regex): other characters become ``_``.

    Importers and the probes stage both derive ids of imported figures with it, so it lives with
    the schema rather than in either stage.
    """
    return re.sub(r"[^A-Za-z0-9_.\-]+", "_", text).strip("_")


FIGURES = TableSchema(
    name="figures",
    key="figure_id",
    doc="One row per figure with its image, caption, reference description and subset flags.",
    columns=(
        Column("figure_id", "str", unique=True, regex=r"^[A-Za-z0-9_.\-]+$", doc="stable id, also a file stem"),
        Column("source", "str", allowed=SOURCES),
        Column("chart_type", "str", allowed=CHART_TYPES),
        Column("variant", "str", doc="e.g. grouped, stacked, horizontal, multi_series, log, donut"),
        Column(
            "style",
            "str",
            nullable=True,
            doc="corpus style a synthetic figure is drawn in (its spec's 'style'); null for imported figures",
        ),
        Column("n_panels", "int", min=1, max=64),
        Column("title", "str", nullable=True),
        Column("image_path", "str", is_path=True, doc="PNG path relative to the repo root"),
        Column("image_sha256", "str", regex=r"^[0-9a-f]{64}$"),
        Column("width", "int", min=16),
        Column("height", "int", min=16),
        Column("spec_path", "str", nullable=True, is_path=True, doc="ground-truth spec JSON; null for real figures"),
        Column("caption", "str", nullable=True),
        Column("reference_description", "str", nullable=True),
        Column("subset_primary", "bool"),
        Column("subset_ablation", "bool"),
    ),
)
