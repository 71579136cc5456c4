"""Capability answers: one question with a reference answer, judged correct or incorrect."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.judges import llm_schemas
from scifigbench.judges.families.base import Asked, FileRecord, JudgeFamily
from scifigbench.judges.rules.capability import ANSWER_TYPES
from scifigbench.prompts import Prompt

FACTS = unit_family("capability")
_WORD = dict(zip((True, False), FACTS.verdicts, strict=True))  # correct / incorrect


def _render(prompt: Prompt, fields: dict, seed: int) -> Asked:
    expected = fields["expected"]
    tol = expected.get("tolerance")
    text = prompt.render(
        question=fields.get("question", ""),
        reference=expected["answer"],
        answer_type=expected["answer_type"],
        answer=fields["answer"],
        tolerance_note=f", tolerance ±{tol}" if tol else "",
    )
    return text, llm_schemas.CAPABILITY, lambda data: {"correct": data["correct"]}


def _columns(verdict: dict) -> dict:
    correct = bool(verdict["correct"])
    return {"score": 1.0 if correct else 0.0, "verdict": _WORD[correct], "correct": correct}


def _check(fields: dict) -> str | None:
    """The reference answer must say what it is and of which type."""
    expected = fields["expected"]
    for name in ("answer", "answer_type"):
        if name not in expected:
            return f"field 'expected.{name}' is missing"
    if expected["answer_type"] not in ANSWER_TYPES:
        return f"field 'expected.answer_type' must be one of {sorted(ANSWER_TYPES)}, got {expected['answer_type']!r}"
    return None


FAMILY = JudgeFamily(
    FACTS,
    _render,
    _columns,
    compared=("score",),
    headline="score",
    file=FileRecord({"id": str, "answer": str, "expected": dict}, {"question": str}, _check),
)
