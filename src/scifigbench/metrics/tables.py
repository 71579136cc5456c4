"""The paper's tables as plain dicts, computed from the judgment rows of all models.

Pure functions: judgments dataframe (all models, the judgments contract) in, nested dicts out,
shaped so that ``dvc metrics diff`` names a cell by its path (``behaviour.json:
resistance.<model>.inexist.value``). Every cell carries ``value``, ``n`` (units in the
denominator), the 95 % percentile bootstrap CI, ``errors`` (rows excluded because the judge
failed or gave no verdict), ``undecided`` (units the judge abstained on, also left out of ``n``) and,
when any were, ``bounds`` (see :func:`cell`). With the hybrid judge a table's model entry says which
kind of judge decided what share of its units (``decided_by``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from scifigbench.contracts.metrics import DECIDED_BY
from scifigbench.families.paper_tables import PaperTable, chart_types
from scifigbench.families.registry import REGISTRY, feeding
from scifigbench.families.unit_scores import (
    BASE,
    Units,
    family,
    score_units,
    undecided,
)
from scifigbench.metrics import stats as st


def _cell_of(family_name: str, build: Callable[[pd.DataFrame], Units]) -> Callable[[pd.DataFrame], Units]:
    return lambda j: build(family(j, family_name))


# The headline metrics, as the families declare them: name -> how to build its units from all
# judgments. Higher is better.
HEADLINE: dict[str, Callable[[pd.DataFrame], Units]] = {
    name: _cell_of(f.name, build) for f in REGISTRY.values() for name, build in f.cells
}

# Below this many models a rank correlation's p-value says nothing (with 4 models, rho = 1 has p = 0.083
# exactly but SciPy's t approximation prints 0.0); the cell keeps rho and n and leaves p null.
MIN_MODELS_FOR_P = 6
ALPHA = 0.05  # the level at which the Holm-corrected family counts a comparison as significant
CORRELATED = ["mqm", "capability", "resistance", "caption_bias", "admittance_active", "inductance_active"]


@dataclass(frozen=True)
class StatConfig:
    B: int = st.DEFAULT_B
    seed: int = st.DEFAULT_SEED
    level: float = 0.95
    split_half_splits: int = 100


def _ratio(frame: pd.DataFrame) -> float | None:
    den = float(frame["den"].sum())
    return st.clean(float(frame["num"].sum()) / den) if den > 0 else None


def cell(units: Units, cfg: StatConfig) -> dict[str, Any]:
    """One table cell: ratio of sums with CI, n, excluded-row count and undecided units.

    The CI resamples figures (a cluster bootstrap): units of one figure are summed and drawn
    together, and ``figures`` counts them.

    ``undecided`` (always present, 0 when none) counts the units the judge abstained on, left out
    of ``n``; when there are any, ``bounds`` is [the value had every one taken the verdict making
    the metric lowest, the value had every one taken the one making it highest].
    """
    f = units.frame
    est = st.ratio_estimate(
        f["num"].to_numpy(), f["den"].to_numpy(), cfg.B, cfg.seed, cfg.level, clusters=f["figure_id"].tolist()
    )
    out: dict[str, Any] = {**est.as_dict(), "errors": units.excluded, "undecided": units.undecided}
    if units.extremes is not None:
        out["bounds"] = [_ratio(e) for e in units.extremes]
    return out


def judge_kind(judge_id: str) -> str:
    """``rule`` or ``llm``: the part of a judge id before its first colon."""
    return judge_id.split(":", 1)[0]


def decided_by(rows: pd.DataFrame, kinds: list[str]) -> dict[str, float | None]:
    """Share of the decided rows (no error, not undecided) each judge kind decided."""
    decided = rows[rows["error"].isna() & ~undecided(rows)]
    counts = decided["judge_id"].astype(str).map(judge_kind).value_counts()
    return {k: st.clean(counts.get(k, 0) / len(decided)) if len(decided) else None for k in kinds}


def models(j: pd.DataFrame) -> list[str]:
    return sorted(j["model"].astype(str).unique())


def by_model(rows: pd.DataFrame, build: Callable[[pd.DataFrame], dict[str, Any]]) -> dict[str, Any]:
    """``build`` per model on ``rows`` (the units of one table). When more than one kind of judge
    decided those units (the hybrid judge), each model's entry also says in which shares."""
    kinds = sorted({judge_kind(str(i)) for i in rows.loc[rows["error"].isna() & ~undecided(rows), "judge_id"]})
    out = {}
    for m in models(rows):
        mine = rows[rows["model"] == m]
        res = build(mine)
        if res:
            out[m] = {**res, DECIDED_BY: decided_by(mine, kinds)} if len(kinds) > 1 else res
    return out


def paper_tables(file: str, j: pd.DataFrame, cfg: StatConfig) -> dict[str, Any]:
    """The tables of metrics file ``file`` as the families declare them (``Family.tables``),
    in registry order, each computed per model on the rows it reads."""

    def one(units: Units) -> dict[str, Any]:
        return cell(units, cfg)

    def of(table: PaperTable, declared_by: str) -> dict[str, Any]:
        rows = family(j, declared_by) if table.rows is None else table.rows(j)  # None: OWN_ROWS
        return by_model(rows, lambda r: table.build(r, one))

    return {t.key: of(t, f.name) for f in REGISTRY.values() for t in f.tables if t.file == file}


def perception(j: pd.DataFrame, cfg: StatConfig) -> dict[str, Any]:
    """Tables 3, 15, 16, 17: MQM per condition, by chart type, mean penalties (base condition)."""
    return paper_tables("perception", j, cfg)


def capability(j: pd.DataFrame, cfg: StatConfig) -> dict[str, Any]:
    """Table 13: accuracy per question category and overall."""
    return paper_tables("capability", j, cfg)


def behaviour(j: pd.DataFrame, cfg: StatConfig) -> dict[str, Any]:
    """Tables 4 and 18: resistance, caption-bias resistance, admittance, inductance, fabrication."""
    return paper_tables("behaviour", j, cfg)


def headline_values(j: pd.DataFrame) -> dict[str, dict[str, float]]:
    """metric -> model -> point value (models without units for a metric are left out)."""
    out: dict[str, dict[str, float]] = {}
    for name, build in HEADLINE.items():
        f = build(j).frame
        sums = f.groupby("model")[["num", "den"]].sum()
        sums = sums[sums["den"] > 0]
        if len(sums):
            out[name] = (sums["num"] / sums["den"]).to_dict()
    return out


def significance(j: pd.DataFrame, cfg: StatConfig) -> dict[str, Any]:
    """Table 19: each model against the best one per headline metric, paired on shared figures.

    All comparisons of the file are one family of tests, corrected together with Holm's method:
    each comparison keeps its own ``p_value`` and gets ``p_holm`` (and ``p_holm_is_bound``), and its
    stars are those of ``p_holm``. ``correction`` says so, with the number of tests.
    """
    values = headline_values(j)
    tests: dict[str, Any] = {}
    for name, per_model in values.items():
        if len(per_model) < 2:
            continue
        best = max(sorted(per_model), key=lambda m: per_model[m])
        figs = HEADLINE[name](j).per_figure()
        wide_num = figs.pivot(index="figure_id", columns="model", values="num")
        wide_den = figs.pivot(index="figure_id", columns="model", values="den")
        comparisons = {}
        for other in sorted(per_model):
            if other == best:
                continue
            shared = wide_num[[best, other]].dropna().index
            num_b, den_b = wide_num.loc[shared, best].to_numpy(), wide_den.loc[shared, best].to_numpy()
            num_o, den_o = wide_num.loc[shared, other].to_numpy(), wide_den.loc[shared, other].to_numpy()
            test = st.paired_bootstrap(num_b, den_b, num_o, den_o, cfg.B, cfg.seed, cfg.level)
            with np.errstate(invalid="ignore", divide="ignore"):
                vb, vo = num_b / den_b, num_o / den_o
            delta = st.cliffs_delta(vb[np.isfinite(vb)], vo[np.isfinite(vo)])
            comparisons[other] = {
                **test.as_dict(),
                "cliffs_delta": st.clean(delta),
                "magnitude": st.cliffs_magnitude(delta),
            }
        tests[name] = {"best": best, "vs_best": comparisons}
    family = [c for res in tests.values() for c in res["vs_best"].values()]
    adjusted = st.holm(
        [np.nan if c["p_value"] is None else c["p_value"] for c in family], [c["p_is_bound"] for c in family]
    )
    for c, (p, bound) in zip(family, adjusted, strict=True):
        c.update(p_holm=st.clean(p), p_holm_is_bound=bound, stars=st.significance_stars(p))
    tested = [p for p, _ in adjusted if np.isfinite(p)]
    correction = {
        "method": "holm",
        "tests": len(tested),
        "alpha": ALPHA,
        "significant": sum(1 for p in tested if p < ALPHA),
    }
    return {"correction": correction, "tests": tests} if tests else {}


def correlations(j: pd.DataFrame) -> dict[str, Any]:
    """Table 14: Spearman rank correlations between dimensions across models (p only from 6 models on)."""
    values = headline_values(j)
    names = [n for n in CORRELATED if n in values]
    out: dict[str, Any] = {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            shared = sorted(set(values[a]) & set(values[b]))
            rho, p = st.spearman([values[a][m] for m in shared], [values[b][m] for m in shared])
            p_value = st.clean(p) if len(shared) >= MIN_MODELS_FOR_P else None
            out.setdefault(a, {})[b] = {"rho": st.clean(rho), "p_value": p_value, "n": len(shared)}
    return {"spearman": out}


def _figure_matrix(units: Units) -> pd.DataFrame:
    """(figure x model) per-figure values, on the figures every model has."""
    f = units.per_figure()
    f = f[f["den"] > 0]
    return f.assign(v=f["num"] / f["den"]).pivot(index="figure_id", columns="model", values="v").dropna()


def reliability(j: pd.DataFrame, cfg: StatConfig) -> dict[str, Any]:
    """Table 11: split-half reliability, stratified rank agreement, subset-vs-full scale validation."""
    out: dict[str, Any] = {"split_half": {}}
    for name in ("mqm", "resistance", "capability"):
        mat = _figure_matrix(HEADLINE[name](j))
        sh = st.split_half_reliability(mat.to_numpy(), cfg.split_half_splits, cfg.seed)
        if sh.n_splits:
            out["split_half"][name] = {
                "rho": st.clean(sh.mean),
                "spread_low": st.clean(sh.spread_low),
                "spread_high": st.clean(sh.spread_high),
                "n_splits": sh.n_splits,
                "n": sh.n_units,
                "n_models": sh.n_series,
            }
    desc = family(j, feeding("mqm"))
    base = desc[desc["condition"] == BASE]
    types = chart_types(base)
    chart_means = {t: score_units(base[base["chart_type"] == t]).frame.groupby("model")["num"].mean() for t in types}
    stratified = {}
    for i, a in enumerate(types):
        for b in types[i + 1 :]:
            shared = sorted(set(chart_means[a].index) & set(chart_means[b].index))
            rho, _ = st.spearman(chart_means[a][shared], chart_means[b][shared])
            stratified[f"{a}_vs_{b}"] = {"rho": st.clean(rho), "n_models": len(shared)}
    out["stratified_mqm"] = stratified
    # the subset: figures that got the non-base conditions (the paper's 100-figure primary subset)
    subset = set(desc.loc[desc["condition"] != BASE, "figure_id"].astype(str))
    res = family(j, feeding("resistance"))
    if subset and len(res):
        scale = {}
        for m in models(res):
            rows = res[res["model"] == m]
            full = score_units(rows).frame
            sub = full[full["figure_id"].isin(subset)]
            if len(sub):
                scale[m] = {
                    "subset": st.clean(sub["num"].mean()),
                    "n_subset": int(len(sub)),
                    "full": st.clean(full["num"].mean()),
                    "n_full": int(len(full)),
                }
        out["scale_validation_resistance"] = scale
    return out
