"""Per-unit numerators and denominators for every headline metric, taken from judgment rows.

Every metric of the paper is a ratio of sums over units: a mean score is sum(score)/count, the
inductance rate is sum(correct & fabricated)/sum(fabricated), the caption-bias resistance of a
figure is image/(image + caption) over its addressed claims. Writing each metric once as a
(num, den) unit table lets the point estimate, the bootstrap CI, the paired test and the
correlations all read the same definition. Units the judge left undecided are kept out of the
frame and counted; the same definition, fed those units at their lowest and highest verdict, gives
the bounds a metric cell reports for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from scifigbench.concepts.families import unit_family

BLUR_FAMILIES = {"active": "blur_active", "passive": "blur_passive"}
BASE = "base"


def _bool(s: pd.Series) -> np.ndarray:
    return s.astype("boolean").fillna(False).to_numpy(dtype=bool)


def undecided(rows: pd.DataFrame) -> pd.Series:
    """Rows the rule judge left undecided: verdict "undecided" and no error (an abstention, not a failure)."""
    return rows["error"].isna() & rows["verdict"].eq("undecided").fillna(False).astype(bool)


def scored(rows: pd.DataFrame, needed: tuple[str, ...]) -> tuple[pd.DataFrame, int]:
    """Rows that carry a verdict, and how many were excluded (judge error or missing verdict).

    Excluded rows never count as zeros: they leave the denominator and are reported as errors.
    Undecided rows are taken out before this (see :func:`units`), so they are not errors.
    """
    ok = rows["error"].isna()
    for col in needed:
        ok &= rows[col].notna()
    return rows[ok], int((~ok).sum())


Fill = dict[str, object]  # verdict columns -> the value an undecided row takes for one bound


@dataclass(frozen=True)
class Units:
    """Units of one metric: figure id, numerator and denominator per unit (row or figure).

    ``undecided`` counts the units the judge abstained on; ``frame`` leaves them out.
    When there are any, ``extremes`` holds the unit frames with every undecided unit given the
    verdict that makes the metric lowest and the one that makes it highest (see :func:`units`).
    """

    frame: pd.DataFrame  # columns: model, figure_id, num, den
    excluded: int
    undecided: int = 0
    extremes: tuple[pd.DataFrame, pd.DataFrame] | None = None

    def for_model(self, model: str) -> pd.DataFrame:
        return self.frame[self.frame["model"] == model]

    def per_figure(self) -> pd.DataFrame:
        """Sum units within each (model, figure): the unit of paired tests and split-half."""
        return self.frame.groupby(["model", "figure_id"], as_index=False)[["num", "den"]].sum()

    def map(self, change: Callable[[pd.DataFrame], pd.DataFrame]) -> Units:
        """The same units regrouped by ``change`` (a frame -> frame step), extremes alike."""
        ext = None if self.extremes is None else (change(self.extremes[0]), change(self.extremes[1]))
        return Units(change(self.frame), self.excluded, self.undecided, ext)


def _frame(rows: pd.DataFrame, num: np.ndarray, den: np.ndarray) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "model": rows["model"].astype(str).to_numpy(),
            "figure_id": rows["figure_id"].astype(str).to_numpy(),
            "num": np.asarray(num, dtype=np.float64),
            "den": np.asarray(den, dtype=np.float64),
        }
    )


def _with(kept: pd.DataFrame, filled: pd.DataFrame) -> pd.DataFrame:
    """Decided rows and the filled undecided ones (no empty frame concatenated: pandas warns on it)."""
    return pd.concat([kept, filled], ignore_index=True) if len(kept) else filled


def units(
    rows: pd.DataFrame, needed: tuple[str, ...], formula: Callable[[pd.DataFrame], pd.DataFrame], low: Fill, high: Fill
) -> Units:
    """A metric's units from its one ``formula`` (decided rows -> unit frame), undecided rows apart.

    Undecided rows leave the denominator (neither zeros nor errors). Their bounds go through the
    same ``formula``: once with every undecided row given the verdict columns ``low`` (the verdict
    that makes the metric lowest: for a higher-is-better metric its worst) and once ``high``, so a
    bound is exactly what the value would be had the judge decided all of them that way.
    """
    open_ = undecided(rows)
    kept, excluded = scored(rows[~open_], needed)
    frame = formula(kept)
    if not open_.any():
        return Units(frame, excluded)
    abstained = rows[open_]
    low_frame, high_frame = (formula(_with(kept, abstained.assign(**fill))) for fill in (low, high))
    return Units(frame, excluded, int(open_.sum()), (low_frame, high_frame))


def score_units(rows: pd.DataFrame, column: str = "score", span: tuple[float, float] = (0.0, 1.0)) -> Units:
    """Mean of a numeric column (MQM score, capability 1/0, resistance 1/.5/0, a penalty).

    ``span`` is the column's lowest and highest score: an undecided unit's bounds (resistance:
    accepts 0 / resists 1; capability: incorrect 0 / correct 1). Descriptions keep a numeric MQM
    score even with undecided findings, so their rows are never undecided and get no bounds.
    """

    def formula(kept: pd.DataFrame) -> pd.DataFrame:
        vals = kept[column].astype("float64").to_numpy()
        return _frame(kept, vals, np.ones_like(vals))

    return units(rows, (column,), formula, {column: span[0]}, {column: span[1]})


def flag_units(rows: pd.DataFrame, flag: str) -> Units:
    """Rate of a boolean verdict (admits, fabricates, mentioned) over judged rows; undecided: False / True."""

    def formula(kept: pd.DataFrame) -> pd.DataFrame:
        vals = _bool(kept[flag]).astype(float)
        return _frame(kept, vals, np.ones_like(vals))

    return units(rows, (flag,), formula, {flag: False}, {flag: True})


def inductance_units(rows: pd.DataFrame) -> Units:
    """correct among fabricated answers: num = correct & fabricates, den = fabricates.

    Bounds: an undecided unit is counted as a fabricated answer, wrong for the low bound and right
    for the high one. Adding a wrong fabrication (0/1) can only lower this ratio and a right one
    (1/1) only raise it, while a non-fabricated answer (0/0) leaves it where it is; so these two
    fills are the lowest and highest the rate can take whatever the undecided units turn out to be.
    """

    def formula(kept: pd.DataFrame) -> pd.DataFrame:
        fab = _bool(kept["fabricates"])
        cor = _bool(kept["correct"])
        return _frame(kept, (fab & cor).astype(float), fab.astype(float))

    return units(
        rows,
        ("fabricates", "correct"),
        formula,
        {"fabricates": True, "correct": False},
        {"fabricates": True, "correct": True},
    )


def family(j: pd.DataFrame, name: str) -> pd.DataFrame:
    """Judgment rows of unit family ``name``; a name the registry lacks is an error, not an empty table."""
    return j[j["family"] == unit_family(name).name]


def blur_rows(j: pd.DataFrame, protocol: str, mode: str) -> pd.DataFrame:
    """Rows of one blur protocol (active / passive) and mode (admittance / inductance)."""
    return mode_rows(family(j, BLUR_FAMILIES[protocol]), mode)


def mode_rows(rows: pd.DataFrame, mode: str) -> pd.DataFrame:
    """A blur family's rows of one mode (admittance / inductance)."""
    return rows[rows["category"] == mode]
