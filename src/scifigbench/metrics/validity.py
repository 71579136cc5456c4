"""How often this run's judge was right on this run's data: ``metrics/validity.json``.

Two checks, per unit family, both on verdict labels (:mod:`scifigbench.concepts.verdict_labels`):

- ``review``: a person's decisions on a seeded sample (``review/verdicts.csv``): the share of
  reviewed units where the judge's *current* label is the person's verdict, with a Wilson score
  interval (small samples, shares near 1: the normal interval would leave [0, 1]). Next to it the
  label counts of the reviewed units as the judge gave them and as the person corrected them: the
  corrected value is a second value, never a replacement of the judge's.
- ``audit``: a second (LLM) judge on a seeded share of units (``data/audit/<model>.parquet``):
  agreement with its Wilson interval, and Cohen's kappa (agreement beyond what the two judges'
  label frequencies give by chance) over units both judges decided.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pandas as pd

from scifigbench.concepts.verdict_labels import is_decided, verdict_label
from scifigbench.decisions.verdicts import person_verdict, unit_key

Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | tuple[None, None]:
    """The Wilson score interval of a share ``k / n`` ((None, None) when n = 0)."""
    if n == 0:
        return None, None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def cohen_kappa(a: Sequence[str], b: Sequence[str]) -> float | None:
    """Cohen's kappa of two raters' labels on the same items (None without items or when chance
    agreement is 1, i.e. both raters gave one and the same label throughout)."""
    if len(a) != len(b):
        raise ValueError(f"cohen_kappa: {len(a)} labels against {len(b)}")
    n = len(a)
    if n == 0:
        return None
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    ca, cb = Counter(a), Counter(b)
    expected = sum(ca[label] * cb[label] for label in ca) / (n * n)
    if expected == 1:
        return None
    return (observed - expected) / (1 - expected)


def _share(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {
        "n": n,
        "agree": k,
        "value": None if n == 0 else round(k / n, 6),
        "ci_low": None if lo is None else round(lo, 6),
        "ci_high": None if hi is None else round(hi, 6),
    }


def _labels(j: pd.DataFrame) -> dict[str, tuple[str, str]]:
    """unit key -> (family, current judge label) of every judgments row."""
    recs = j.astype(object).where(j.notna(), None).to_dict("records")
    return {unit_key(r["model"], r["unit_id"]): (r["family"], verdict_label(r)) for r in recs}


def review_agreement(j: pd.DataFrame, decisions: dict[str, dict[str, str]]) -> dict[str, Any]:
    """Per family: the judge's agreement with the person on the reviewed units of this run."""
    current = _labels(j)
    pairs: dict[str, list[tuple[str, str]]] = {}
    rejected: Counter[str] = Counter()
    not_in_run = 0
    for key, d in sorted(decisions.items()):
        if key not in current:
            not_in_run += 1
            continue
        family, label = current[key]
        right = person_verdict(d)
        if right is None:
            rejected[family] += 1
        else:
            pairs.setdefault(family, []).append((label, right))
    by_family = {}
    for family in sorted(set(pairs) | set(rejected)):
        got = pairs.get(family, [])
        by_family[family] = _share(sum(x == y for x, y in got), len(got)) | {
            "rejected": rejected[family],
            "judge_labels": dict(sorted(Counter(x for x, _ in got).items())),
            "reviewed_labels": dict(sorted(Counter(y for _, y in got).items())),
        }
    return {"by_family": by_family, "reviewed": sum(len(p) for p in pairs.values()), "not_in_run": not_in_run}


def audit_agreement(j: pd.DataFrame, audit: pd.DataFrame) -> dict[str, Any]:
    """Per family: the primary judge against the audit judge on the audited units both decided."""
    if audit.empty:
        return {}
    primary, second = _labels(j), _labels(audit)
    pairs: dict[str, list[tuple[str, str]]] = {}
    undecided: Counter[str] = Counter()
    for key, (family, theirs) in sorted(second.items()):
        ours = primary.get(key, (family, "judge error"))[1]
        if is_decided(ours) and is_decided(theirs):
            pairs.setdefault(family, []).append((ours, theirs))
        else:
            undecided[family] += 1
    by_family = {}
    for family in sorted(set(pairs) | set(undecided)):
        got = pairs.get(family, [])
        kappa = cohen_kappa([x for x, _ in got], [y for _, y in got])
        by_family[family] = _share(sum(x == y for x, y in got), len(got)) | {
            "kappa": None if kappa is None else round(kappa, 6),
            "not_compared": undecided[family],
        }
    return {
        "audited": len(second),
        "judges": sorted(str(x) for x in audit["judge_id"].dropna().unique()),
        "by_family": by_family,
    }


def validity(j: pd.DataFrame, decisions: dict[str, dict[str, str]], audit: pd.DataFrame) -> dict[str, Any]:
    """The content of ``metrics/validity.json``."""
    return {"review": review_agreement(j, decisions), "audit": audit_agreement(j, audit)}
