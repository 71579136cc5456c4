"""The shape of the metrics JSON files the metrics stage writes and the report reads.

The files under ``metrics/`` are a table between two stages like any parquet table, so the names
both sides rely on (which files exist, the paper's order of conditions and resistance types, the
penalty columns of a judgment row) live here rather than in either stage.
"""

from __future__ import annotations

from collections.abc import Iterable

METRIC_FILES = ("perception", "capability", "behaviour", "significance", "correlations", "reliability", "agreement", "run")
CONDITION_ORDER = ["base", "nocap", "noise", "lowc", "rot", "inpaper", "inpaper_blur", "capbias", "admb", "indb"]
RESISTANCE_TYPES = ["inexist", "contra", "unanswerable"]
PENALTY_DIMENSIONS = {"accuracy": "pen_accuracy", "completeness": "pen_completeness", "clarity": "pen_clarity"}
PENALTY_SUBTYPES = {
    "label_map": "pen_label_map", "missing": "pen_missing", "numeric": "pen_numeric",
    "trend": "pen_trend", "axis_legend": "pen_axis_legend", "halluc": "pen_halluc",
}


def ordered(values: Iterable[str], order: list[str]) -> list[str]:
    """Values in the paper's order (metrics JSON is written with sorted keys), unknown ones last."""
    values = list(dict.fromkeys(values))
    return [v for v in order if v in values] + sorted(v for v in values if v not in order)
