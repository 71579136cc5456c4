"""Ground truth re-derived for tests, independently of scifigbench.probes (pandas on the raw spec)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from scifigbench.corpus.spec import FigureSpec


def spec_points(spec: FigureSpec) -> pd.DataFrame:
    rows = []
    for p in spec.panels:
        for s in p.series:
            for i, v in enumerate(s.values):
                rows.append({"panel": p.index, "series": s.name, "category": p.categories[i], "pos": i,
                             "x": p.x_values[i] if p.x_values else i, "value": v})
    return pd.DataFrame(rows)


def read_tolerance(spec: FigureSpec, panel: int, fraction: float = 0.025, pie_pp: float = 2.0) -> float:
    """How precisely a value can be read: half the last printed digit, else a share of the axis."""
    p = next(q for q in spec.panels if q.index == panel)
    m = re.search(r"\.(\d+)f", p.value_format)
    dec = int(m.group(1)) if m else 0
    if (p.kind == "pie" and p.pct_position) or (p.kind != "pie" and p.value_labels):
        return 0.5 * 10 ** -dec
    if p.kind == "pie":
        return pie_pp
    lo, hi = p.y_range
    return fraction * (hi - lo)


def value(spec: FigureSpec, panel: int, series: str, category: str) -> float:
    df = spec_points(spec)
    row = df[(df.panel == panel) & (df.series == series) & (df.category == category)]
    assert len(row) == 1, (panel, series, category)
    return float(row.value.iloc[0])


def mentions(text: str, needle: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(needle.lower())}(?![\w])", text.lower()) is not None


def number_forms(x: float) -> set[str]:
    out = {f"{x:.0f}", f"{x:.1f}", f"{x:.2f}"}
    return {s[:-2] if s.endswith(".0") else s for s in out} - {"0"}


def perturbed(df: pd.DataFrame, tol_of, rng: np.random.Generator) -> pd.DataFrame:
    """The data as a reader might read it: every value off by up to its reading tolerance."""
    out = df.copy()
    tols = np.array([tol_of(int(r.panel)) for r in df.itertuples()])
    # corners of the reading box are where answers flip, so mostly full-size errors
    step = rng.choice([-1.0, 1.0], len(df)) if rng.random() < 0.7 else rng.uniform(-1, 1, len(df))
    out["value"] = df.value.to_numpy() + step * tols
    return out
