"""Descriptions, judged by MQM: the rule judge reads them against the spec (or, on a figure without
one, against the expert reference description), the LLM judge against the reference description,
item by item of the chart kind's checklist; both are scored by one engine
(:mod:`scifigbench.families.description.mqm`).

``judge-file`` reads released descriptions as records carrying the expert ``reference`` instead of
a spec, with the chart type as ``chart_type`` (a kind name) or ``figure_type`` (as the release
spells it, "Bar Chart")."""

from __future__ import annotations

from scifigbench.concepts.families import unit_family
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.families import llm_schemas
from scifigbench.families.description.mqm import JUDGMENT_COLUMNS, Finding, ItemVerdict, MQMResult, score
from scifigbench.families.description.reference import judge_against_reference, record_chart_type, reference_text
from scifigbench.families.description.rule import NoGroundTruth, judge_description
from scifigbench.families.description.tables import CELL_COLUMNS, TABLES
from scifigbench.families.description.view import reference_lines
from scifigbench.families.family import Asked, Family, FileRecord
from scifigbench.families.reply_units import Cut, Unit
from scifigbench.families.unit_scores import BASE, score_units
from scifigbench.prompts import Prompt
from scifigbench.rubric.checklists import checklist

FACTS = unit_family("description")
_SUBTYPES = {"numeric", "trend", "axis_legend", "label_map"}


def checklist_text(chart_type: str) -> str:
    return "\n".join(f"- {i.key} ({i.severity.capitalize()}): {i.what}" for i in checklist(chart_type))


def mqm_from_reply(data: dict, chart_type: str) -> MQMResult:
    """Map an LLM MQM reply onto engine findings and score them (same weights and dedup as the rules)."""
    items = {i.key: i for i in checklist(chart_type)}
    findings: list[Finding] = []
    verdicts: list[ItemVerdict] = []
    for entry in data.get("items", []):
        item = items.get(entry.get("key"))
        if item is None:
            continue  # the model named an item that is not on the checklist: nothing to score
        cov, cor = entry.get("coverage", "n.a."), entry.get("correctness", "n.a.")
        verdicts.append(ItemVerdict(item.key, item.severity, cov, cor))
        if cov in ("missing", "partial"):
            sev = item.severity if cov == "missing" else "minor"
            findings.append(Finding("completeness", sev, "missing", f"item:{item.key}", item.key))
        if cor in ("wrong", "partial"):
            sub = entry.get("subtype") if entry.get("subtype") in _SUBTYPES else "numeric"
            sev = item.severity if cor == "wrong" else "minor"
            span = f"span:{entry.get('span') or item.key}"
            findings.append(Finding("accuracy", sev, sub, span, item.key))
    for v in data.get("violations", []):
        findings.append(Finding("accuracy", v.get("severity", "major"), "halluc", f"span:{v.get('span', '')}"))
    for b in data.get("binding_errors", []):
        findings.append(Finding("accuracy", "major", "label_map", f"span:{b.get('span', '')}"))
    return score(findings, len(items), verdicts)


def _file_check(f: dict) -> str | None:
    """Why a record cannot be judged: no reference text, or a chart type no kind is spelt as."""
    if not f["reference"].strip():
        return "field 'reference' is empty: a description is judged against its reference"
    if not all(isinstance(t, str) for t in f.get("references") or ()):
        return "field 'references' must be a list of texts (the figure's expert descriptions)"
    if record_chart_type(f) is None:
        given = f.get("chart_type") or f.get("figure_type")
        return f"field 'figure_type' (or 'chart_type') must name a chart kind ({', '.join(CHART_KINDS)}), got {given!r}"
    return None


def _llm_fields(f: dict) -> dict:
    """What the LLM MQM judge compares: the description and the figure's reference description."""
    if not reference_text(f):
        raise ValueError("no reference description: the LLM MQM judge compares against one")
    return {"reference": reference_text(f), "description": f["description"], "chart_type": record_chart_type(f)}


def _render(prompt: Prompt, fields: dict, seed: int) -> Asked:
    chart_type = fields["chart_type"]
    text = prompt.render(
        reference=fields["reference"],
        description=fields["description"],
        chart_type=chart_type,
        checklist=checklist_text(chart_type),
    )
    return text, llm_schemas.MQM, lambda data: mqm_from_reply(data, chart_type).judgment_fields()


def _columns(verdict: dict) -> dict:
    return {name: verdict[name] for name in JUDGMENT_COLUMNS}


def _rule(f: dict) -> dict:
    """The MQM columns of a description: read against the spec when the figure has one, else against
    its expert reference description; a figure with neither cannot be checked by rules."""
    if f.get("spec") is not None:
        return judge_description(f["description"], f["spec"], f["chart_type"]).judgment_fields()
    if reference_text(f):
        chart_type = record_chart_type(f)
        if chart_type is None:
            raise ValueError(f"no chart kind named by {f.get('chart_type') or f.get('figure_type')!r}")
        result = judge_against_reference(f["description"], reference_text(f), chart_type, f.get("caption") or "")
        return result.judgment_fields()
    raise NoGroundTruth("no ground-truth spec and no reference description for this figure: nothing to read it against")


def _cut(c: Cut) -> list[Unit]:
    """The MQM unit of a description, when the judge can judge it on this figure."""
    if not c.judged("description"):
        return []
    fields = {
        "id": c.sid,
        "description": c.answer,
        "spec": c.spec,
        "reference": c.reference,
        "chart_type": c.setup["chart_type"],
    }
    return [Unit(c.sid, family=FACTS.name, category=None, probe_id=None, fields=fields, **c.base)]


FAMILY = Family(
    FACTS,
    _render,
    _columns,
    compared=("score",),
    headline="score",
    rule=_rule,
    cut=_cut,
    llm_fields=_llm_fields,
    file=FileRecord(
        {"id": str, "description": str, "reference": str},
        {"figure_type": str, "chart_type": str, "caption": str, "references": list},
        _file_check,
    ),
    cells=(("mqm", lambda rows: score_units(rows[rows["condition"] == BASE])),),
    tables=TABLES,
    cell_columns=CELL_COLUMNS,
    expected=reference_lines,
)
