"""One example response per behaviour, picked deterministically from judgments and responses."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pandas as pd

# (title, family, category or None, predicate over a judgment row)
CASES: list[tuple[str, str, str | None, Any]] = [
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
    figure_id: str
    condition: str
    verdict: str
    question: str | None
    answer: str | None
    evidence: str | None


def _plain(v: Any) -> Any:
    return None if v is pd.NA or (isinstance(v, float) and v != v) else v


def _details(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, str):
        return {}
    try:
        d = json.loads(raw)
    except json.JSONDecodeError:
        return {}
    return d if isinstance(d, dict) else {}


def pick_examples(j: pd.DataFrame, responses: dict[str, str]) -> list[Example]:
    """The first judged row (by model, unit id) matching each behaviour; text from responses if present."""
    ok = j[j["error"].isna()].sort_values(["model", "unit_id"])
    out = []
    for title, fam, cat, pred in CASES:
        rows = ok[ok["family"] == fam]
        if cat is not None:
            rows = rows[rows["category"] == cat]
        for rec in rows.to_dict("records"):
            rec = {k: _plain(v) for k, v in rec.items()}
            if not pred(rec):
                continue
            d = _details(rec.get("details_json"))
            answer = responses.get(rec["setup_id"]) or d.get("answer") or d.get("description")
            evidence = d.get("reasoning") or d.get("reason") or d.get("claim")
            verdict = rec.get("verdict") or ""
            if fam.startswith("blur"):
                verdict = ", ".join(f"{k}={rec.get(k)}" for k in ("admits", "fabricates", "correct"))
            out.append(Example(title, rec["model"], rec["figure_id"], rec["condition"], verdict,
                               d.get("question") or d.get("claim"), answer, evidence if evidence != d.get("claim") else d.get("reality")))
            break
    return out
