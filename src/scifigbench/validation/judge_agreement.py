"""Agreement between two judges on the same units: exact agreement, Cohen's kappa, model ranking.

Per family the compared fields are its verdict columns (resistance and capability score, caption
verdict, the blur booleans), as its record in :mod:`scifigbench.families.registry` names them.
Units where either judge has an error are left out and counted. Kappa corrects agreement for the
chance agreement implied by each judge's label frequencies; the model-ranking Spearman asks
whether both judges order the models the same way on the family's headline rate, which is what
the tables report.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pandas as pd
from scipy import stats

from scifigbench.families.registry import registered
from scifigbench.metrics.stats import cohen_kappa

ABSTAIN = "undecided"  # the verdict word of a rule that abstains (a caption claim it cannot settle)
# kappa when both judges give one and the same label throughout (chance agreement 1, kappa 0/0):
# the judge comparisons report it as perfect agreement, as they always printed it
PERFECT = 1.0


def decided(verdict: dict, field: str) -> bool:
    """Whether a judge decided this record on ``field``: no error, no ``undecided`` reason, a value
    that is not the abstaining word. Agreement is measured over decided records only, and the share
    decided is reported beside it, so an abstention never counts as a disagreement."""
    return not verdict.get("error") and not verdict.get("undecided") and verdict.get(field) not in (None, ABSTAIN)


def exact_agreement(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    if len(a) != len(b):
        raise ValueError(f"label sequences differ in length: {len(a)} vs {len(b)}")
    if not a:
        return math.nan
    return sum(x == y for x, y in zip(a, b, strict=True)) / len(a)


def ranking_spearman(a: dict[str, float], b: dict[str, float]) -> tuple[float, float, int]:
    """(rho, p, n) of the two judges' per-model scores over the models both judged."""
    models = sorted(a.keys() & b.keys())
    if len(models) < 2:
        return math.nan, math.nan, len(models)
    res = stats.spearmanr([a[m] for m in models], [b[m] for m in models])
    return float(res.statistic), float(res.pvalue), len(models)


def _key(value: object) -> Hashable:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    return value


def _model_means(rows: pd.DataFrame, column: str) -> dict[str, float]:
    """Per-model mean of a verdict column (booleans as 0/1; missing, e.g. unaddressed claims, left out)."""
    values = rows[column].map(lambda v: None if _key(v) is None else float(v)).astype(float)
    return values.groupby(rows["model"]).mean().dropna().to_dict()


def judge_agreement(first: pd.DataFrame, second: pd.DataFrame) -> dict[str, dict]:
    """Per family and field: n, exact, kappa, errors left out, and model-ranking Spearman.

    Inputs are judgments tables (unit_id, model, family, error, verdict columns) of two judges on
    the same responses; units are matched on unit_id. The description family's MQM score is
    continuous, so it reports item-level Spearman instead of exact agreement and kappa.
    """
    merged = first.merge(second, on=["unit_id", "model", "family"], suffixes=("_a", "_b"))
    out: dict[str, dict] = {}
    for family, rows in merged.groupby("family"):
        failed = rows["error_a"].notna() | rows["error_b"].notna()
        ok = rows[~failed]
        result: dict[str, object] = {"n": int(len(ok)), "judge_errors": int(failed.sum())}
        judged = registered(str(family))
        for field in judged.compared:
            a = [_key(v) for v in ok[f"{field}_a"]]
            b = [_key(v) for v in ok[f"{field}_b"]]
            if judged.score_only:
                rho = stats.spearmanr(a, b).statistic if len(a) > 1 else math.nan
                result[field] = {"item_spearman": float(rho)}
            else:
                result[field] = {"exact": exact_agreement(a, b), "kappa": cohen_kappa(a, b, one_label=PERFECT)}
        rank = judged.headline
        rho, p, n = ranking_spearman(_model_means(ok, f"{rank}_a"), _model_means(ok, f"{rank}_b"))
        result["model_ranking"] = {"field": rank, "spearman": rho, "p": p, "n_models": n}
        out[str(family)] = result
    return out
