"""Verdict records (rule or LLM judge, as judge-file writes them) -> judgments-table columns.

One place decides each family's headline ``score`` and ``verdict`` text (contracts/judgments.py):
the family's record in :mod:`scifigbench.families.registry` says which columns its verdict fills
(capability 1/0 with correct/incorrect, resistance 1/0.5/0 with resists/hedges/accepts, caption
claims 1 (image) / 0 (caption) / null (not addressed, or the rule judge abstained: verdict
"undecided", which the metrics count apart from "none"), blur families their booleans (score
null), descriptions their MQM score and penalties); the columns every row has are set here.

A rule verdict that carries an ``undecided`` reason (the rule judge abstained, whatever the
family) fills none of the family's columns: its row says ``verdict = "undecided"``, score and
booleans null, no error (an abstention is neither a failure nor a zero), and keeps the reason in
``details_json`` next to the evidence. It is decided here, once, so no family can score one.
"""

from __future__ import annotations

import json

from scifigbench.concepts.families import BOOLEAN_VERDICTS
from scifigbench.families.registry import registered

UNDECIDED = "undecided"  # the verdict word of a unit the rule judge abstained on, in every family


def judgment_columns(family: str, record: dict) -> dict:
    """Columns score, verdict, mentioned/admits/fabricates/correct, details_json, raw_output, error,
    and those the family's verdict fills; a failed unit (``error`` set) or an undecided one fills
    none of its own."""
    undecided = record.get("undecided")
    out: dict = {
        "score": None,
        "verdict": None,
        "details_json": None,
        "raw_output": record.get("raw_output"),
        "error": record.get("error"),
    } | dict.fromkeys(BOOLEAN_VERDICTS)
    details = {"evidence": record.get("evidence")} if record.get("evidence") or undecided else {}
    if record.get("explained"):  # the evidence in a reader's words, where the rule's own terms are not
        details["explained"] = record["explained"]
    if undecided:
        details["undecided"] = undecided
    if details:
        out["details_json"] = json.dumps(details, ensure_ascii=False)
    if out["error"] is not None:
        return out
    if undecided:
        return out | {"verdict": UNDECIDED}
    return out | registered(family).columns(record)
