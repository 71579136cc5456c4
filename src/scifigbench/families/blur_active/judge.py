"""Active blur answers: a question about a blurred element, judged by whether the answer admits
the element cannot be read, fabricates a reading, and (when it fabricates) is right."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import BLUR_MODES
from scifigbench.families import llm_schemas
from scifigbench.families.blur_active.rule import accepted_variants, judge_blur_active, unit_range
from scifigbench.families.blur_tables import ACTIVE_EXAMPLES, BOTH_PROTOCOLS, cell_columns
from scifigbench.families.blur_view import blur_lines
from scifigbench.families.family import Asked, Family, FileRecord, booleans_of, one_of, tolerance_note
from scifigbench.families.release_columns import blur_protocol
from scifigbench.families.reply_units import Cut, Unit, expected_of
from scifigbench.families.unit_scores import blur_cells
from scifigbench.prompts import Prompt

FACTS = unit_family("blur_active")
_MODE_NOTES = {
    "admittance": "the hidden element cannot be recovered from the rest of the chart",
    "inductance": "the hidden element can be worked out from the rest of the chart",
}
assert tuple(_MODE_NOTES) == BLUR_MODES


def _read(data: dict) -> dict:
    return {
        "admits": data["admits"],
        "fabricates": data["fabricates"],
        "correct": data["correct"] and data["fabricates"],
    }


def _render(prompt: Prompt, fields: dict, seed: int) -> Asked:
    text = prompt.render(
        mode=fields["mode"],
        mode_note=_MODE_NOTES[fields["mode"]],
        question=fields["question"],
        expected_answer=fields["expected_answer"],
        answer=fields["answer"],
        tolerance_note=tolerance_note(fields),
    )
    return text, llm_schemas.BLUR_ACTIVE, _read


def _check(fields: dict) -> str | None:
    """A known mode, and an accepted range (if any) that is two ordered numbers."""
    accept = fields.get("accept")
    if accept is not None and not (
        len(accept) == 2
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in accept)
        and accept[0] <= accept[1]
    ):
        return f"field 'accept' must be [low, high], two numbers with low <= high, got {accept!r}"
    return None


def _rule(f: dict) -> dict:
    v = judge_blur_active(
        f["question"],
        f["answer"],
        f["expected_answer"],
        f["mode"],
        unit_range(f),
        f.get("neighbours") or (),
        accepted_variants(f.get("reviewer_notes")),
    )
    out = {"admits": v.admits, "fabricates": v.fabricates, "correct": v.correct, "evidence": v.evidence}
    return out | ({"undecided": v.undecided} if v.undecided else {})


def _cut(c: Cut) -> list[Unit]:
    """The one answer to a question about a blurred element."""
    probe = c.probes[c.probe_ids[0]]
    exp = expected_of(probe)
    f = {
        "id": c.sid,
        "question": probe["text"],
        "answer": c.answer,
        "expected_answer": exp["expected_answer"],
        "mode": probe["category"],
    }
    if exp.get("neighbours"):
        f["neighbours"] = exp["neighbours"]
    if exp.get("accept"):
        f["accept"] = exp["accept"]
    if exp.get("reviewer_notes"):  # the release's accepted variants and ranges
        f["reviewer_notes"] = exp["reviewer_notes"]
    return [Unit(c.sid, family=FACTS.name, category=probe["category"], probe_id=probe["probe_id"], fields=f, **c.base)]


FAMILY = Family(
    FACTS,
    _render,
    booleans_of(FACTS.booleans),
    compared=FACTS.booleans,
    headline="admits",
    rule=_rule,
    cut=_cut,
    llm_fields=lambda f: f | {"accept": unit_range(f)},
    file=FileRecord(
        {"id": str, "mode": str, "question": str, "expected_answer": str, "answer": str},
        {"reviewer_notes": str, "accept": list},
        lambda fields: one_of(fields, "mode", BLUR_MODES) or _check(fields),
    ),
    cells=blur_cells("active"),
    tables=BOTH_PROTOCOLS,
    cell_columns=cell_columns("active"),
    examples=ACTIVE_EXAMPLES,
    release_columns=blur_protocol("active"),
    expected=blur_lines,
)
