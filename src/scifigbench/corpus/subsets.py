"""Stratified evaluation subsets: primary (paper: 40/40/20) and ablation drawn inside it (20/20/10)."""

from __future__ import annotations

import numpy as np
import pandas as pd

CODES = {"bar": 1, "line": 2, "pie": 3}


def assign(figures: pd.DataFrame, primary: dict[str, int], ablation: dict[str, int], seed: int) -> pd.DataFrame:
    """Add ``subset_primary`` / ``subset_ablation`` columns.

    Per chart type the ids are sorted first, so the draw depends only on the set of ids and the
    seed, not on row order. A stratum smaller than requested contributes all its figures.
    """
    for name, counts in (("primary", primary), ("ablation", ablation)):
        unknown = sorted(set(counts) - set(CODES))
        if unknown:
            raise ValueError(f"corpus.{name}: unknown chart type(s) {unknown}; use {sorted(CODES)}")
    out = figures.copy()
    out["subset_primary"] = False
    out["subset_ablation"] = False
    for chart_type, code in CODES.items():
        ids = sorted(out.loc[out["chart_type"] == chart_type, "figure_id"])
        rng = np.random.default_rng([seed, code])
        chosen = sorted(rng.choice(ids, size=min(primary.get(chart_type, 0), len(ids)), replace=False).tolist())
        inner = rng.choice(chosen, size=min(ablation.get(chart_type, 0), len(chosen)), replace=False).tolist()
        out.loc[out["figure_id"].isin(chosen), "subset_primary"] = True
        out.loc[out["figure_id"].isin(inner), "subset_ablation"] = True
    return out
