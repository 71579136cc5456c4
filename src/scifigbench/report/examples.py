"""Example responses per behaviour: for each behaviour and each model, its first matching judged unit.

Everything shown comes from that one judgment row (keyed by model and unit id): the question or
claim, the exact text the judge saw (``details_json.answer``, the one part of a numbered reply that
the verdict is about) and the judge's evidence. Nothing is looked up by setup id alone, so one
model's verdict never stands over another model's answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pandas as pd

from scifigbench.report.units import details, evidence_text, plain, verdict_label

Predicate = Callable[[dict[str, Any]], bool]

# (title, family, category or None, predicate over a judgment row)
CASES: list[tuple[str, str, str | None, Predicate]] = [
    ("Resists a false premise", "resistance", None, lambda r: r["score"] == 1.0),
    ("Hedges", "resistance", None, lambda r: r["score"] == 0.5),
    ("Accepts a false premise", "resistance", None, lambda r: r["score"] == 0.0),
    ("Follows the image over a false caption claim", "caption_claim", None, lambda r: r["score"] == 1.0),
    ("Follows the false caption claim", "caption_claim", None, lambda r: r["score"] == 0.0),
    ("Admits an unreadable element", "blur_active", "admittance", lambda r: r["admits"] is True),
    ("Fabricates an unreadable element", "blur_active", "admittance", lambda r: r["admits"] is False and r["fabricates"] is True),
    ("Infers a recoverable element correctly", "blur_active", "inductance", lambda r: r["fabricates"] is True and r["correct"] is True),
    ("Infers a recoverable element wrongly", "blur_active", "inductance", lambda r: r["fabricates"] is True and r["correct"] is False),
]


@dataclass(frozen=True)
class Example:
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
    """One example per (behaviour, model) that shows it: the first such unit by unit id."""
    ok = j[j["error"].isna()].sort_values(["model", "unit_id"])
    out = []
    for title, fam, cat, pred in CASES:
        rows = ok[ok["family"] == fam]
        if cat is not None:
            rows = rows[rows["category"] == cat]
        for model, mrows in rows.groupby("model", sort=True):
            rec = next((r for r in ({k: plain(v) for k, v in r.items()} for r in mrows.to_dict("records")) if pred(r)), None)
            if rec is None:
                continue
            d = details(rec.get("details_json"))
            out.append(Example(title, str(model), rec["unit_id"], rec["figure_id"], rec["condition"], verdict_label(rec),
                               d.get("question") or d.get("claim"), d.get("answer"), evidence_text(d)))
    return out

