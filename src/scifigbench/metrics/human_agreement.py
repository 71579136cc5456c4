"""Judge-versus-human and human-versus-human agreement on MQM scores (paper Appendix C.1).

Human scores come as a CSV with columns ``figure_id, model, score`` and optionally ``annotator``
(one row per annotator and pair). The judge's score of a pair is its base-condition MQM.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from scifigbench.metrics import stats as st
from scifigbench.metrics.tables import HEADLINE

REQUIRED = ("figure_id", "model", "score")


def read_human_scores(path: Path | str) -> pd.DataFrame:
    """Read and check the human score CSV; errors name the file, row and field."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: human score CSV not found (params metrics.human_scores)")
    df = pd.read_csv(path, dtype={"figure_id": str, "model": str, "annotator": str})
    missing = [c for c in REQUIRED if c not in df.columns]
    if missing:
        raise ValueError(f"{path}: missing column(s) {missing}; expected {list(REQUIRED)} [+ annotator]")
    scores = pd.to_numeric(df["score"], errors="coerce")
    bad = df.index[scores.isna() | (scores < 0) | (scores > 100)]
    if len(bad):
        i = int(bad[0])
        raise ValueError(
            f"{path}: row {i + 2}, field 'score': {df.at[i, 'score']!r} is not a number in [0, 100] ({len(bad)} bad rows)"
        )
    df["score"] = scores.astype(float)
    if "annotator" not in df.columns:
        df["annotator"] = "human"
    return df


def _pair_stats(judge: np.ndarray, human: np.ndarray) -> dict[str, Any]:
    r, rp = st.pearson(judge, human)
    rho, sp = st.spearman(judge, human)
    pair = np.vstack([judge, human])
    return {
        "krippendorff_alpha": st.clean(st.krippendorff_alpha_interval(pair)),
        "icc_2_1": st.clean(st.icc_2_1(pair.T)),
        "pearson": st.clean(r),
        "pearson_p": st.clean(rp),
        "spearman": st.clean(rho),
        "spearman_p": st.clean(sp),
        "mean_bias": st.clean(float(np.mean(judge - human))),
        "mean_abs_diff": st.clean(float(np.mean(np.abs(judge - human)))),
        "n": int(judge.size),
    }


def human_agreement(j: pd.DataFrame, human: pd.DataFrame) -> dict[str, Any]:
    """Inter-annotator agreement and judge-vs-human agreement (item level and model level)."""
    out: dict[str, Any] = {}
    wide = human.pivot_table(index=["figure_id", "model"], columns="annotator", values="score", aggfunc="mean")
    double = wide[wide.notna().sum(axis=1) >= 2]
    if len(double):
        first_two = np.array([row[np.isfinite(row)][:2] for row in double.to_numpy()])
        inter = _pair_stats(first_two[:, 0], first_two[:, 1])
        inter["krippendorff_alpha"] = st.clean(st.krippendorff_alpha_interval(double.to_numpy().T))
        out["inter_annotator"] = inter
    # the judge's MQM scores as the headline cell builds them (descriptions of the base condition)
    judge = HEADLINE["mqm"](j).frame.groupby(["figure_id", "model"])["num"].mean()
    human_mean = wide.mean(axis=1)
    shared = human_mean.index.intersection(judge.index)
    out["judge_vs_human"] = _pair_stats(judge[shared].to_numpy(), human_mean[shared].to_numpy())
    per_model = pd.DataFrame({"judge": judge[shared], "human": human_mean[shared]}).groupby(level="model").mean()
    rho, _ = st.spearman(per_model["judge"], per_model["human"])
    out["judge_vs_human"]["model_level_spearman"] = st.clean(rho)
    out["judge_vs_human"]["n_models"] = int(len(per_model))
    out["judge_vs_human"]["bias_by_model"] = {
        m: st.clean(v) for m, v in (per_model["judge"] - per_model["human"]).items()
    }
    return out
