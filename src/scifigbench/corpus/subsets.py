"""Stratified evaluation subsets: primary (paper: 40/40/20) and ablation drawn inside it (20/20/10).

Within each chart type, figures are ranked by a hash of (seed, chart type, figure id) and the
first ``n`` of the ranking form the primary subset, the first ``m`` of those the ablation subset.
A figure's rank does not depend on the other figures, so adding figures never reshuffles the
stratum: the primary subset changes only if a new figure ranks inside the first ``n`` (then it
displaces exactly the one at the boundary). A stratum smaller than requested contributes all
its figures.
"""

from __future__ import annotations

import hashlib

import pandas as pd

from scifigbench.concepts.kinds import CHART_KINDS


def rank_key(seed: int, chart_type: str, figure_id: str) -> str:
    """The figure's place in its stratum's ranking (lower comes first)."""
    return hashlib.sha256(f"{seed}\0{chart_type}\0{figure_id}".encode()).hexdigest()


def assign(figures: pd.DataFrame, primary: dict[str, int], ablation: dict[str, int], seed: int) -> pd.DataFrame:
    """Add ``subset_primary`` / ``subset_ablation`` columns."""
    for name, counts in (("primary", primary), ("ablation", ablation)):
        unknown = sorted(set(counts) - set(CHART_KINDS))
        if unknown:
            raise ValueError(f"corpus.{name}: unknown chart type(s) {unknown}; use {list(CHART_KINDS)}")
    out = figures.copy()
    out["subset_primary"] = False
    out["subset_ablation"] = False
    for chart_type in CHART_KINDS:
        ids = out.loc[out["chart_type"] == chart_type, "figure_id"].tolist()
        ranked = sorted(ids, key=lambda fid: rank_key(seed, chart_type, fid))
        chosen = ranked[: primary.get(chart_type, 0)]
        inner = chosen[: ablation.get(chart_type, 0)]
        out.loc[out["figure_id"].isin(chosen), "subset_primary"] = True
        out.loc[out["figure_id"].isin(inner), "subset_ablation"] = True
    return out
