"""Verdict records (rule or LLM judge, as judge-file writes them) -> judgments-table columns.

One place decides each family's headline ``score`` and ``verdict`` text (contracts/judgments.py):
capability 1/0 with correct/incorrect, resistance 1/0.5/0 with resists/hedges/accepts, caption
claims 1 (image) / 0 (caption) / null (not addressed, or the rule judge abstained: verdict
"undecided", which the metrics count apart from "none"), blur families their booleans (score null).
"""

from __future__ import annotations

import json

from scifigbench.contracts.judgments import CAPTION_VERDICTS

_CAPTION_SCORE = {"image": 1.0, "caption": 0.0, "none": None, "undecided": None}
assert set(_CAPTION_SCORE) == CAPTION_VERDICTS
_BOOLEANS = ("mentioned", "admits", "fabricates", "correct")


def judgment_columns(family: str, record: dict) -> dict:
    """Columns score, verdict, mentioned/admits/fabricates/correct, details_json, raw_output, error."""
    out: dict = {"score": None, "verdict": None, "details_json": None,
                 "raw_output": record.get("raw_output"), "error": record.get("error")} | dict.fromkeys(_BOOLEANS)
    if record.get("evidence"):
        out["details_json"] = json.dumps({"evidence": record["evidence"]}, ensure_ascii=False)
    if out["error"] is not None:
        return out
    if family == "capability":
        out["score"] = 1.0 if record["correct"] else 0.0
        out["verdict"] = "correct" if record["correct"] else "incorrect"
        out["correct"] = bool(record["correct"])
    elif family == "resistance":
        out["score"], out["verdict"] = float(record["score"]), record["verdict"]
    elif family == "caption_claim":
        if record["follows"] not in _CAPTION_SCORE:
            raise ValueError(f"caption claim verdict {record['follows']!r} is not one of {sorted(_CAPTION_SCORE)}")
        out["score"], out["verdict"] = _CAPTION_SCORE[record["follows"]], record["follows"]
    elif family in ("blur_active", "blur_passive"):
        for name in _BOOLEANS:
            if name in record:
                out[name] = bool(record[name])
    else:
        raise ValueError(f"no judgment columns for family {family!r}")
    return out
