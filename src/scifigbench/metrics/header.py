"""The run header: which run a report shows, as far as it is reproducible (``metrics/header.json``).

The header names what decides the numbers: the parameters (a hash of them), the judge of every
model (its judge ids, with the units each decided), how the CIs were computed (bootstrap B, seed,
method) and the corpus (source and size). It is a dvc metrics file, so ``dvc metrics diff`` shows a
changed judge, B or corpus between two runs: ids are keys whose values are unit counts, so a new
judge id appears as a new metric and the old one as removed.

Commit, dirty flag and date are deliberately not here: a fresh clone's ``make repro`` must give a
byte-identical ``metrics/`` and ``dvc.lock``. The report stage writes those three to an untracked
stamp beside the report (see :mod:`scifigbench.report.stamp`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pandas as pd

from scifigbench.metrics.config import MetricsConfig

CI_METHOD = "percentile bootstrap; resamples figures (units of one figure drawn together)"
SIGNIFICANCE_METHOD = "paired bootstrap over shared figures, two-sided; Holm-corrected over all comparisons"


def params_hash(params: dict[str, Any]) -> str:
    """sha256 of the parsed params (canonical JSON: sorted keys), so comments and layout do not count."""
    text = json.dumps(params, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def judge_ids(j: pd.DataFrame) -> dict[str, dict[str, int]]:
    """model -> judge id -> judged rows: which judge (rule version, LLM judge model and prompt) decided what."""
    if not len(j):
        return {}
    counts = j.groupby(["model", "judge_id"]).size()
    out: dict[str, dict[str, int]] = {}
    for (model, jid), rows in sorted(counts.items()):
        out.setdefault(str(model), {})[str(jid) or "none"] = int(rows)
    return out


def corpus_summary(source: str, figures: pd.DataFrame | None) -> dict[str, Any]:
    """Corpus source (params) and size: figures, by chart type and by source (an import may mix them)."""
    out: dict[str, Any] = {"source": source}
    if figures is not None:
        out["figures"] = int(len(figures))
        out["by_chart_type"] = {str(k): int(v) for k, v in sorted(figures["chart_type"].value_counts().items())}
        out["by_source"] = {str(k): int(v) for k, v in sorted(figures["source"].value_counts().items())}
    return out


def run_header(
    params: dict[str, Any], cfg: MetricsConfig, j: pd.DataFrame, figures: pd.DataFrame | None, level: float = 0.95
) -> dict[str, Any]:
    """The reproducible run header (params hash, respondents and their backends, judges and the
    audit judge, bootstrap, CI method, corpus): a report says which respondents are simulated."""
    judge = params.get("judge") or {}
    corpus = params.get("corpus") or {}
    models = params.get("models") or {}
    return {
        "params_sha256": params_hash(params),
        "respondents": {str(m): str((cfg or {}).get("backend", "?")) for m, cfg in sorted(models.items())},
        "judge": {
            "kind": judge.get("kind", "rule"),
            "llm_model": judge.get("llm_model"),
            "audit_model": (judge.get("audit") or {}).get("model"),
            "ids": judge_ids(j),
        },
        "bootstrap": {"B": int(cfg.bootstrap), "seed": int(cfg.seed)},
        "ci": {"method": CI_METHOD, "level": level},
        "significance": SIGNIFICANCE_METHOD,
        "split_half_splits": int(cfg.split_half_splits),
        "corpus": corpus_summary(str(corpus.get("source", "synthetic")), figures),
    }
