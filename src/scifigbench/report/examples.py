"""Example responses per behaviour: for each behaviour and each model, its first matching judged unit.

Everything shown comes from that one judgment row (keyed by model and unit id): the question or
claim, the exact text the judge saw (``details_json.answer``, the one part of a numbered reply that
the verdict is about) and the judge's evidence. Nothing is looked up by setup id alone, so one
model's verdict never stands over another model's answer.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from scifigbench.families.registry import REGISTRY
from scifigbench.report.units import details, evidence_text, plain, verdict_label


@dataclass(frozen=True)
class Example:
    """One model's answer that shows a behaviour, with the verdict and evidence of its judgment row."""

    title: str
    model: str
    unit_id: str
    figure_id: str
    condition: str
    verdict: str
    question: str | None
    answer: str | None
    evidence: str | None


def pick_examples(j: pd.DataFrame) -> list[Example]:
    """One example per (behaviour, model) that shows it: the first such unit by unit id. The
    behaviours are the ones the families declare, in registry order."""
    ok = j[j["error"].isna()].sort_values(["model", "unit_id"])
    out = []
    for fam, case in ((f, c) for f in REGISTRY.values() for c in f.examples):
        rows = ok[ok["family"] == fam.name]
        if case.category is not None:
            rows = rows[rows["category"] == case.category]
        for model, mrows in rows.groupby("model", sort=True):
            rec = next(
                (r for r in ({k: plain(v) for k, v in r.items()} for r in mrows.to_dict("records")) if case.shows(r)),
                None,
            )
            if rec is None:
                continue
            d = details(rec.get("details_json"))
            out.append(
                Example(
                    case.title,
                    str(model),
                    rec["unit_id"],
                    rec["figure_id"],
                    rec["condition"],
                    verdict_label(rec),
                    d.get("question") or d.get("claim"),
                    d.get("answer"),
                    evidence_text(d),
                )
            )
    return out
