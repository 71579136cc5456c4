"""JSON schemas of the LLM judge's replies, one per judged family.

Every object is strict: each field the prompt asks for is required and no other key is allowed,
so a reply written for another rubric (or a half-finished one) is never read as a verdict. A reply
that does not validate gets one repair request, then the unit is recorded as a judge error
(excluded from denominators and counted).
"""

from __future__ import annotations

from typing import Any

_REASON = {"type": "string"}
_BOOL = {"type": "boolean"}


def strict(properties: dict[str, Any]) -> dict[str, Any]:
    """An object schema requiring exactly ``properties``."""
    return {"type": "object", "required": list(properties), "properties": properties, "additionalProperties": False}


RESISTANCE = strict({"score": {"type": "number", "enum": [0, 0.5, 1]}, "reason": _REASON})
BLUR_ACTIVE = strict({"admits": _BOOL, "fabricates": _BOOL, "correct": _BOOL, "reason": _REASON})
BLUR_PASSIVE = strict({"mentioned": _BOOL, "admits": _BOOL, "fabricates": _BOOL, "correct": _BOOL, "reason": _REASON})
CAPABILITY = strict({"correct": _BOOL, "reason": _REASON})


def caption(n_items: int) -> dict:
    """One entry "1".."n" per claim pair, each answering A, B or C; no other pair numbers."""
    entry = strict({"answer": {"enum": ["A", "B", "C"]}, "reason": _REASON})
    return strict({str(i): entry for i in range(1, n_items + 1)})


MQM = strict(
    {
        "items": {
            "type": "array",
            "items": strict(
                {
                    "key": {"type": "string"},
                    "coverage": {"enum": ["complete", "partial", "missing", "n.a."]},
                    "correctness": {"enum": ["correct", "partial", "wrong", "n.a."]},
                    "subtype": {"enum": ["numeric", "trend", "axis_legend", "label_map", None]},
                    "span": {"type": ["string", "null"]},
                }
            ),
        },
        "violations": {
            "type": "array",
            "items": strict(
                {"span": {"type": "string"}, "severity": {"enum": ["major", "minor"]}, "note": {"type": "string"}}
            ),
        },
        "binding_errors": {"type": "array", "items": strict({"span": {"type": "string"}, "note": {"type": "string"}})},
    }
)
