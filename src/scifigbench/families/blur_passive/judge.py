"""Passive blur descriptions: a description of a chart with a blurred element, judged by whether
it mentions the element, admits it cannot be read, fabricates a reading, and (then) is right."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.names import CONDITION_MODE
from scifigbench.contracts.blur_targets import accept_range
from scifigbench.families import llm_schemas
from scifigbench.families.blur_passive.rule import judge_blur_passive
from scifigbench.families.blur_tables import PASSIVE_ONLY, cell_columns
from scifigbench.families.blur_view import blur_lines
from scifigbench.families.family import Asked, Family, booleans_of, tolerance_note
from scifigbench.families.release_columns import blur_protocol
from scifigbench.families.reply_units import Cut, Unit, expected_of
from scifigbench.families.unit_scores import blur_cells
from scifigbench.prompts import Prompt

FACTS = unit_family("blur_passive")


def _read(data: dict) -> dict:
    return {k: data[k] for k in ("mentioned", "admits", "fabricates")} | {
        "correct": data["correct"] and data["fabricates"]
    }


def _render(prompt: Prompt, fields: dict, seed: int) -> Asked:
    expected = fields["expected_answer"]
    if fields.get("accept"):  # a value inferred by estimate
        expected = f"{expected} ({tolerance_note(fields)})"
    text = prompt.render(
        expected_answer=expected, element_role=fields.get("element_role", "unknown"), description=fields["description"]
    )
    return text, llm_schemas.BLUR_PASSIVE, _read


def _llm_fields(f: dict) -> dict:
    """The description and its blurred element; a value inferred by estimate brings its range."""
    fields = {
        "description": f["description"],
        "expected_answer": f["expected_answer"],
        "element_role": f["element_role"],
    }
    if (accept := accept_range(f["target"])) is not None:
        fields["accept"] = accept
    return fields


def _rule(f: dict) -> dict:
    return judge_blur_passive(f["description"], f["spec"], f["target"])


def _cut(c: Cut) -> list[Unit]:
    """The passive blur unit of a description of a blurred image (conditions admb / indb)."""
    if c.setup["condition"] not in CONDITION_MODE or not c.probe_ids:
        return []
    probe = c.probes[c.probe_ids[0]]
    target = c.blur_targets[expected_of(probe)["target_id"]]
    f = {
        "id": f"{c.sid}#passive",
        "description": c.answer,
        "spec": c.spec,
        "target": target,
        "expected_answer": target["expected_answer"],
        "element_role": target.get("role") or "unknown",
    }
    return [
        Unit(f["id"], family=FACTS.name, category=probe["category"], probe_id=probe["probe_id"], fields=f, **c.base)
    ]


FAMILY = Family(
    FACTS,
    _render,
    booleans_of(FACTS.booleans),
    compared=FACTS.booleans,
    headline="admits",
    rule=_rule,
    cut=_cut,
    llm_fields=_llm_fields,
    cells=blur_cells("passive"),
    tables=PASSIVE_ONLY,
    release_columns=blur_protocol("passive"),
    cell_columns=cell_columns("passive"),
    expected=blur_lines,
)
