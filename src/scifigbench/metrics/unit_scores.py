"""Per-unit numerators and denominators for every headline metric, taken from judgment rows.

Every metric of the paper is a ratio of sums over units: a mean score is sum(score)/count, the
inductance rate is sum(correct & fabricated)/sum(fabricated), the caption-bias resistance of a
figure is image/(image + caption) over its addressed claims. Writing each metric once as a
(num, den) unit table lets the point estimate, the bootstrap CI, the paired test and the
correlations all read the same definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import pandas as pd

from scifigbench.concepts.families import unit_family

BLUR_FAMILIES = {"active": "blur_active", "passive": "blur_passive"}
BASE = "base"


def _bool(s: pd.Series) -> np.ndarray:
    return s.astype("boolean").fillna(False).to_numpy(dtype=bool)


def scored(rows: pd.DataFrame, needed: tuple[str, ...]) -> tuple[pd.DataFrame, int]:
    """Rows that carry a verdict, and how many were excluded (judge error or missing verdict).

    Excluded rows never count as zeros: they leave the denominator and are reported as errors.
    """
    ok = rows["error"].isna()
    for col in needed:
        ok &= rows[col].notna()
    return rows[ok], int((~ok).sum())


@dataclass(frozen=True)
class Units:
    """Units of one metric: figure id, numerator and denominator per unit (row or figure)."""

    frame: pd.DataFrame  # columns: model, figure_id, num, den
    excluded: int

    def for_model(self, model: str) -> pd.DataFrame:
        return self.frame[self.frame["model"] == model]

    def per_figure(self) -> pd.DataFrame:
        """Sum units within each (model, figure): the unit of paired tests and split-half."""
        return self.frame.groupby(["model", "figure_id"], as_index=False)[["num", "den"]].sum()


def _frame(rows: pd.DataFrame, num: np.ndarray, den: np.ndarray) -> pd.DataFrame:
    return pd.DataFrame({
        "model": rows["model"].astype(str).to_numpy(),
        "figure_id": rows["figure_id"].astype(str).to_numpy(),
        "num": np.asarray(num, dtype=np.float64),
        "den": np.asarray(den, dtype=np.float64),
    })


def score_units(rows: pd.DataFrame, column: str = "score") -> Units:
    """Mean of a numeric column (MQM score, capability 1/0, resistance 1/.5/0, a penalty)."""
    kept, excluded = scored(rows, (column,))
    vals = kept[column].astype("float64").to_numpy()
    return Units(_frame(kept, vals, np.ones_like(vals)), excluded)


def flag_units(rows: pd.DataFrame, flag: str) -> Units:
    """Rate of a boolean verdict (admits, fabricates, mentioned) over judged rows."""
    kept, excluded = scored(rows, (flag,))
    vals = _bool(kept[flag]).astype(float)
    return Units(_frame(kept, vals, np.ones_like(vals)), excluded)


def inductance_units(rows: pd.DataFrame) -> Units:
    """correct among fabricated answers: num = correct & fabricates, den = fabricates."""
    kept, excluded = scored(rows, ("fabricates", "correct"))
    fab = _bool(kept["fabricates"])
    cor = _bool(kept["correct"])
    return Units(_frame(kept, (fab & cor).astype(float), fab.astype(float)), excluded)


def claim_units(rows: pd.DataFrame) -> Units:
    """Caption claims that the description addressed: 1 follows the image, 0 follows the caption.

    A claim with a null score was not addressed ("none") or left undecided by the rule judge: it is
    neither an error nor part of the rate (tables count both kinds apart).
    """
    errors = int(rows["error"].notna().sum())
    kept = rows[rows["error"].isna() & rows["score"].notna()]
    vals = kept["score"].astype("float64").to_numpy()
    return Units(_frame(kept, vals, np.ones_like(vals)), errors)


def caption_figure_units(rows: pd.DataFrame) -> Units:
    """Per-figure caption-bias resistance image/(image+caption), over figures with >= 1 addressed claim."""
    claims = claim_units(rows)
    fig = claims.frame.groupby(["model", "figure_id"], as_index=False).agg(num=("num", "sum"), den=("den", "sum"))
    per_fig = fig["num"] / fig["den"]
    frame = pd.DataFrame({"model": fig["model"], "figure_id": fig["figure_id"], "num": per_fig, "den": 1.0})
    return Units(frame.reset_index(drop=True), claims.excluded)


def family(j: pd.DataFrame, name: str) -> pd.DataFrame:
    """Judgment rows of unit family ``name``; a name the registry lacks is an error, not an empty table."""
    return j[j["family"] == unit_family(name).name]


def blur_rows(j: pd.DataFrame, protocol: str, mode: str) -> pd.DataFrame:
    """Rows of one blur protocol (active / passive) and mode (admittance / inductance)."""
    rows = family(j, BLUR_FAMILIES[protocol])
    return rows[rows["category"] == mode]


# The headline metrics: name -> how to build its units from all judgments. Higher is better.
HEADLINE: dict[str, Callable[[pd.DataFrame], Units]] = {
    "mqm": lambda j: score_units(family(j, "description").pipe(lambda d: d[d["condition"] == BASE])),
    "capability": lambda j: score_units(family(j, "capability")),
    "resistance": lambda j: score_units(family(j, "resistance")),
    "caption_bias": lambda j: caption_figure_units(family(j, "caption_claim")),
    "admittance_active": lambda j: flag_units(blur_rows(j, "active", "admittance"), "admits"),
    "admittance_passive": lambda j: flag_units(blur_rows(j, "passive", "admittance"), "admits"),
    "inductance_active": lambda j: inductance_units(blur_rows(j, "active", "inductance")),
    "inductance_passive": lambda j: inductance_units(blur_rows(j, "passive", "inductance")),
}
