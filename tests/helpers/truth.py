"""Ground truth re-derived for tests, independently of scifigbench.probes (pandas on the raw spec)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from scifigbench.spec import FigureSpec


def spec_points(spec: FigureSpec) -> pd.DataFrame:
    rows = []
    for p in spec.panels:
        for s in p.series:
            for i, v in enumerate(s.values):
                rows.append({"panel": p.index, "series": s.name, "category": p.categories[i], "pos": i,
                             "x": p.x_values[i] if p.x_values else i, "value": float(v)})
    return pd.DataFrame(rows)


def read_tolerance(spec: FigureSpec, panel: int, fraction: float = 0.025, pie_pp: float = 2.0,
                   compare: bool = False) -> float:
    """How precisely a value can be read: half the last printed digit, else a share of the axis."""
    p = next(q for q in spec.panels if q.index == panel)
    m = re.search(r"\.(\d+)f", p.value_format)
    dec = int(m.group(1)) if m else 0
    if (p.kind == "pie" and p.pct_position) or (p.kind != "pie" and p.value_labels):
        return 0.5 * 10 ** -dec
    if compare and not p.stacked:  # telling two marks apart: 1 % of the axis instead of 2.5 %
        fraction, pie_pp = 0.01, pie_pp * 0.4
    if p.kind == "pie":
        return pie_pp
    lo, hi = p.y_range
    if p.y_scale == "log":
        return None  # relative: see read_tolerance_at
    return fraction * (hi - lo)


def read_tolerance_at(spec: FigureSpec, panel: int, v: float, compare: bool = False) -> float:
    """Reading tolerance of value ``v``; on a log axis it is a share of the decades, so relative."""
    p = next(q for q in spec.panels if q.index == panel)
    if p.kind != "pie" and p.y_scale == "log" and not p.value_labels:
        lo, hi = p.y_range
        fraction = 0.01 if compare else 0.025
        return abs(v) * (10 ** (fraction * np.log10(hi / lo)) - 1)
    return read_tolerance(spec, panel, compare=compare)


def value(spec: FigureSpec, panel: int, series: str, category: str) -> float:
    """One drawn value; series ``__total__`` is a whole stack (the sum of its segments)."""
    df = spec_points(spec)
    if series == "__total__":
        return float(df[(df.panel == panel) & (df.category == category)].value.sum())
    row = df[(df.panel == panel) & (df.series == series) & (df.category == category)]
    assert len(row) == 1, (panel, series, category)
    return float(row.value.iloc[0])


def mentions(text: str, needle: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(needle.lower())}(?![\w])", text.lower()) is not None


def number_forms(x: float) -> set[str]:
    out = {f"{x:.0f}", f"{x:.1f}", f"{x:.2f}"}
    return {s[:-2] if s.endswith(".0") else s for s in out} - {"0"}


def perturbed(spec: FigureSpec, df: pd.DataFrame, rng: np.random.Generator, compare: bool = False) -> pd.DataFrame:
    """The data as a reader might read it off the image.

    Printed labels are off by up to half their last digit; unlabelled values by up to 2.5 % of the
    axis (1 % when the answer only depends on which of two marks is higher: ``compare``;
    multiplicatively on log axes); stacked segments are differences of two readings of the stack
    boundaries. Errors are mostly full-size: the corners of the reading box are where answers flip.
    """
    out = df.copy()
    out["value"] = out.value.astype(float)

    def err(n: int) -> np.ndarray:
        return rng.choice([-1.0, 1.0], n) if rng.random() < 0.7 else rng.uniform(-1, 1, n)

    for p in spec.panels:
        mask = (df.panel == p.index).to_numpy()
        sub = df[mask]
        tol = read_tolerance(spec, p.index, compare=compare)
        fraction = 0.01 if compare and not p.stacked else 0.025
        if p.kind != "pie" and p.stacked and not p.value_labels:
            new = sub.value.to_numpy().astype(float).copy()
            for cat in p.categories:
                idx = np.flatnonzero((sub.category == cat).to_numpy())  # series in stacking order
                bounds = np.cumsum(sub.value.to_numpy()[idx]) + err(len(idx)) * tol
                new[idx] = np.diff(np.concatenate([[0.0], bounds]))
            out.loc[mask, "value"] = new
        elif p.kind != "pie" and p.y_scale == "log" and not p.value_labels:
            lo, hi = p.y_range
            out.loc[mask, "value"] = sub.value.to_numpy() * 10 ** (err(len(sub)) * fraction * np.log10(hi / lo))
        else:
            out.loc[mask, "value"] = sub.value.to_numpy() + err(len(sub)) * tol
    return out
