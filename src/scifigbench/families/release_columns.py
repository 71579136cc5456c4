"""How a family's judged units count in the paper's Table 4 beside the published models.

``metrics/beside.py`` places a new model's cells beside the release's eight models on the same
released items (a figure and blur mode, a figure and resistance type, a caption-bias figure). Each
family declares the printed columns its units feed: the header, the category it reads (None: every
category of the family, pooled per figure), how one item's rows count and the display scale.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from scifigbench.concepts.blur_rates import BLUR_RATES

Count = Callable[[pd.DataFrame], tuple[float, float] | None]  # an item's rows -> (num, den); None: undecided


@dataclass(frozen=True)
class ReleaseColumn:
    """One printed column of Table 4 that the declaring family's units feed."""

    header: str
    category: str | None
    count: Count
    scale: float


def flag(name: str, among: str | None = None) -> Count:
    """``name`` true (over ``among`` true, if given) for a one-row item; None when either is undecided."""

    def count(rows: pd.DataFrame) -> tuple[float, float] | None:
        r = rows.iloc[0]
        value, base = r[name], (r[among] if among else True)
        if value is None or base is None or pd.isna(value) or pd.isna(base):
            return None
        return (float(bool(value) and bool(base)), float(bool(base)))

    return count


def mean_score(rows: pd.DataFrame) -> tuple[float, float] | None:
    """The mean of an item's decided scores (a caption's claims, or one resistance probe)."""
    scores = rows["score"].dropna()
    return (float(scores.mean()), 1.0) if len(scores) else None


def share_correct(rows: pd.DataFrame) -> tuple[float, float] | None:
    """A figure's decided capability answers (score 1 right, 0 wrong, as the metrics read them): (right, decided)."""
    decided = rows["score"].dropna()
    return (float(decided.sum()), float(len(decided))) if len(decided) else None


def blur_protocol(protocol: str) -> tuple[ReleaseColumn, ...]:
    """The admittance and inductance columns of one blur protocol ("Adm Act", "Ind Act", ...):
    admitting among all items, a correct answer among the items where the model committed to one."""
    return tuple(
        ReleaseColumn(f"{mode[:3].title()} {protocol[:3].title()}", mode, flag(rate.flag, rate.among), 100.0)
        for mode, rate in BLUR_RATES.items()
    )
