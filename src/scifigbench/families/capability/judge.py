"""Capability answers: one question with a reference answer, judged correct or incorrect."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.families import llm_schemas
from scifigbench.families.capability.rule import ANSWER_TYPES, judge_capability
from scifigbench.families.capability.tables import CELL_COLUMNS, RELEASE_COLUMNS, TABLES
from scifigbench.families.capability.view import capability_expected
from scifigbench.families.family import Asked, Family, FileRecord, with_reason
from scifigbench.families.reply_units import numbered
from scifigbench.families.unit_scores import score_units
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


def _rule(f: dict) -> dict:
    v = judge_capability(f["answer"], f["expected"])
    return with_reason({"correct": v.correct, "evidence": v.evidence}, v.undecided)


FAMILY = Family(
    FACTS,
    _render,
    _columns,
    compared=("score",),
    headline="score",
    rule=_rule,
    cut=numbered("capability", typed=False),
    file=FileRecord({"id": str, "answer": str, "expected": dict}, {"question": str}, _check),
    cells=(("capability", score_units),),
    tables=TABLES,
    cell_columns=CELL_COLUMNS,
    release_columns=RELEASE_COLUMNS,
    expected=lambda checked: capability_expected(checked.expected),
)
