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
from typing import Any

import pandas as pd

from scifigbench.concepts.verdict_labels import is_decided, verdict_label
from scifigbench.decisions.verdicts import person_verdict, unit_key
from scifigbench.metrics.stats import clean, cohen_kappa

Z95 = 1.959963984540054  # the standard normal's 97.5 % quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | tuple[None, None]:
    """The Wilson score interval of a share ``k / n`` ((None, None) when n = 0)."""
    if n == 0:
        return None, None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def wilson_ci95(k: int, n: int, digits: int) -> list[float] | None:
    """The Wilson interval of ``k / n`` as a JSON cell holds it: ``[low, high]`` rounded to
    ``digits`` (the cell's own rounding), None when n = 0. One writer for every ``exact_ci95``."""
    lo, hi = wilson(k, n)
    return None if lo is None or hi is None else [round(lo, digits), round(hi, digits)]


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


REASON_CHARS = 120  # a failure reason is the error text without its last detail, cut to this length


def failure_reason(error: str) -> str:
    """An audit failure's reason, shared by the units that failed alike: the error text without its
    last ": detail" (the value or message that differs per unit), e.g. "invalid judge reply after one
    repair: schema violation at score"."""
    reason = error.rsplit(": ", 1)[0] if ": " in error else error
    return reason[:REASON_CHARS]


def _failures(audit: pd.DataFrame) -> dict[str, Counter[str]]:
    """family -> failure reason -> audited units the audit judge failed on (an error, no verdict)."""
    out: dict[str, Counter[str]] = {}
    failed = audit[audit["error"].notna()]
    for family, error in zip(failed["family"], failed["error"], strict=True):
        out.setdefault(str(family), Counter())[failure_reason(str(error))] += 1
    return out


def audit_agreement(j: pd.DataFrame, audit: pd.DataFrame) -> dict[str, Any]:
    """Per family: the primary judge against the audit judge on the audited units both decided, and
    the audited units the audit judge failed on, counted by reason (a failing audit model is said,
    not shown as "nothing compared")."""
    if audit.empty:
        return {}
    primary, second = _labels(j), _labels(audit)
    failures = _failures(audit)
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
        failed = failures.get(family, Counter())
        by_family[family] = _share(sum(x == y for x, y in got), len(got)) | {
            # kappa is undefined (NaN, written null) without pairs or with one shared label throughout
            "kappa": clean(cohen_kappa([x for x, _ in got], [y for _, y in got])),
            "not_compared": undecided[family],
            "audit_failed": sum(failed.values()),
            "audit_failures": dict(sorted(failed.items())),
        }
    return {
        "audited": len(second),
        "judges": sorted(str(x) for x in audit["judge_id"].dropna().unique()),
        "by_family": by_family,
    }


def validity(j: pd.DataFrame, decisions: dict[str, dict[str, str]], audit: pd.DataFrame) -> dict[str, Any]:
    """The content of ``metrics/validity.json``."""
    return {"review": review_agreement(j, decisions), "audit": audit_agreement(j, audit)}
