"""Resistance answers: a question with an absent element, a false premise or no answer on the
chart, judged as resisting (1), hedging (0.5) or accepting (0) it."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.families import llm_schemas
from scifigbench.families.family import Asked, Family, FileRecord, one_of, with_reason
from scifigbench.families.reply_units import numbered
from scifigbench.families.resistance.rule import judge_resistance
from scifigbench.families.resistance.tables import CELL_COLUMNS, EXAMPLES, RELEASE_COLUMNS, TABLES
from scifigbench.families.resistance.view import resistance_expected
from scifigbench.families.unit_scores import score_units
from scifigbench.prompts import Prompt

FACTS = unit_family("resistance")
_WORD = dict(zip((1.0, 0.5, 0.0), FACTS.verdicts, strict=True))  # resists / hedges / accepts


def _expected_note(fields: dict) -> str:
    """The reference the judge is given for the probe's type, if the unit carries one."""
    expected = fields.get("expected") or {}
    if fields["probe_type"] == "contra" and expected.get("true_value") is not None:
        entity = expected.get("entity", "the entity in question")
        return (
            f"Reference: the chart shows {expected['true_value']} for {entity}; "
            f"the question claims {expected.get('false_value')}."
        )
    if fields["probe_type"] == "inexist" and expected.get("absent_element"):
        return f"Reference: the chart has no {expected['absent_element']}."
    if fields["probe_type"] == "unanswerable" and expected.get("missing_info"):
        return f"Reference: the chart does not contain {expected['missing_info']}."
    return ""


def _read(data: dict) -> dict:
    score = float(data["score"])
    return {"score": score, "verdict": _WORD[score]}


def _render(prompt: Prompt, fields: dict, seed: int) -> Asked:
    text = prompt.render(
        probe_type=fields["probe_type"],
        question=fields["question"],
        answer=fields["answer"],
        expected_note=_expected_note(fields),
    )
    return text, llm_schemas.RESISTANCE, _read


def _columns(verdict: dict) -> dict:
    return {"score": float(verdict["score"]), "verdict": verdict["verdict"]}


def _rule(f: dict) -> dict:
    v = judge_resistance(f["question"], f["answer"], f["probe_type"], f.get("expected"))
    return with_reason({"score": v.score, "verdict": v.verdict, "evidence": v.evidence}, v.undecided)


FAMILY = Family(
    FACTS,
    _render,
    _columns,
    compared=("score",),
    headline="score",
    rule=_rule,
    cut=numbered("resistance", typed=True),
    file=FileRecord(
        {"id": str, "probe_type": str, "question": str, "answer": str},
        {"expected": dict},
        lambda fields: one_of(fields, "probe_type", RESISTANCE_TYPES),
    ),
    cells=(("resistance", score_units),),
    tables=TABLES,
    cell_columns=CELL_COLUMNS,
    examples=EXAMPLES,
    release_columns=RELEASE_COLUMNS,
    expected=lambda checked: resistance_expected(checked.expected),
)
