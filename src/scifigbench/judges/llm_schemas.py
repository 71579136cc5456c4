"""JSON schemas of the LLM judge's replies, one per judged family.

A reply that does not validate is never read as a verdict: it gets one repair request, then the
unit is recorded as a judge error (excluded from denominators and counted).
"""

from __future__ import annotations

_REASON = {"type": "string"}
_BOOL = {"type": "boolean"}

RESISTANCE = {
    "type": "object",
    "required": ["score", "reason"],
    "properties": {"score": {"type": "number", "enum": [0, 0.5, 1]}, "reason": _REASON},
}
BLUR_ACTIVE = {
    "type": "object",
    "required": ["admits", "fabricates", "correct", "reason"],
    "properties": {"admits": _BOOL, "fabricates": _BOOL, "correct": _BOOL, "reason": _REASON},
}
BLUR_PASSIVE = {
    "type": "object",
    "required": ["mentioned", "admits", "fabricates", "correct", "reason"],
    "properties": {"mentioned": _BOOL, "admits": _BOOL, "fabricates": _BOOL, "correct": _BOOL, "reason": _REASON},
}
CAPABILITY = {
    "type": "object",
    "required": ["correct", "reason"],
    "properties": {"correct": _BOOL, "reason": _REASON},
}


def caption(n_items: int) -> dict:
    """One entry "1".."n" per claim pair, each answering A, B or C."""
    entry = {"type": "object", "required": ["answer"], "properties": {"answer": {"enum": ["A", "B", "C"]}, "reason": _REASON}}
    keys = [str(i) for i in range(1, n_items + 1)]
    return {"type": "object", "required": keys, "properties": {k: entry for k in keys}}


MQM = {
    "type": "object",
    "required": ["items", "violations", "binding_errors"],
    "properties": {
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["key", "coverage", "correctness"],
                "properties": {
                    "key": {"type": "string"},
                    "coverage": {"enum": ["complete", "partial", "missing", "n.a."]},
                    "correctness": {"enum": ["correct", "partial", "wrong", "n.a."]},
                    "subtype": {"enum": ["numeric", "trend", "axis_legend", "label_map", None]},
                    "span": {"type": ["string", "null"]},
                },
            },
        },
        "violations": {
            "type": "array",
            "items": {"type": "object", "required": ["span", "severity"],
                      "properties": {"span": {"type": "string"}, "severity": {"enum": ["major", "minor"]}}},
        },
        "binding_errors": {
            "type": "array",
            "items": {"type": "object", "required": ["span"], "properties": {"span": {"type": "string"}}},
        },
    },
}
