"""The LLM judge inside the judge stage: rubric prompts sent through the runner's cached client.

Non-description units go through :class:`~scifigbench.judges.llm.LLMJudge` exactly as in
``judge-file``. A description's reply (per checklist item coverage/correctness, violations,
binding errors) is turned into MQM findings and scored by the same engine the rule judge uses, so
both judges' MQM numbers share one penalty table and one dedup rule.
"""

from __future__ import annotations

from pathlib import Path

from scifigbench import params
from scifigbench.contracts.blur_targets import accept_range
from scifigbench.judges import llm
from scifigbench.rubric.checklists import checklist
from scifigbench.judges.verdict_columns import judgment_columns
from scifigbench.judges.judge_file import llm_verdict
from scifigbench.judges.mqm import Finding, ItemVerdict, score
from scifigbench.judges.units import Unit

_SUBTYPES = {"numeric", "trend", "axis_legend", "label_map"}


def checklist_text(chart_type: str) -> str:
    return "\n".join(f"- {i.key} ({i.severity.capitalize()}): {i.what}" for i in checklist(chart_type))


def mqm_from_reply(data: dict, chart_type: str):
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


def unit_judge(judge: llm.LLMJudge):
    """A judgments-row function for any unit, asking ``judge`` (whatever client it sends through)."""

    def judge_unit(unit: Unit) -> dict:
        f = unit.fields
        if unit.family == "description":
            if not f.get("reference"):
                raise ValueError("no reference description: the LLM MQM judge compares against one")
            fields = {
                "reference": f["reference"],
                "description": f["description"],
                "chart_type": unit.chart_type,
                "checklist": checklist_text(unit.chart_type),
            }
            result = judge.judge("description", fields)
            if result.error is not None:
                return {"judge_id": result.judge_id, "raw_output": result.raw, "error": result.error}
            out = mqm_from_reply(result.verdict, unit.chart_type).judgment_fields()
            return {"judge_id": result.judge_id, "raw_output": result.raw, "error": None, **out}
        if unit.family == "blur_passive":
            fields = {
                "description": f["description"],
                "expected_answer": f["expected_answer"],
                "element_role": f["element_role"],
            }
            if (accept := accept_range(f["target"])) is not None:
                fields["accept"] = accept  # a value inferred by estimate: the judge is told its range
            result = judge.judge("blur_passive", fields)
            record = {**(result.verdict or {}), "raw_output": result.raw, "error": result.error}
            return {"judge_id": result.judge_id, **judgment_columns("blur_passive", record)}
        record = llm_verdict(judge, unit.family, {k: v for k, v in f.items() if k != "spec"})
        return {"judge_id": record["judge_id"], **judgment_columns(unit.family, record)}

    return judge_unit


def llm_unit_judge(cfg, params_path: Path | str = params.DEFAULT_PARAMS):
    """(unit judge, judge id for failed units) for judge.kind = llm through model ``cfg.llm_model``."""
    from scifigbench.llm import CachedComplete

    if not cfg.llm_model:
        raise params.ParamsError(f"{params_path}:judge.llm_model: name a model key to judge with (judge.kind = llm)")
    complete = CachedComplete(cfg.llm_model, params_path, role="judge")
    judge_unit = unit_judge(llm.LLMJudge(complete, cfg.llm_model, seed=cfg.caption_ab_seed))
    judge_unit.close = complete.close  # the stage closes the client (cache, connections, ledger) when it is done
    judge_unit.concurrency = complete.concurrency  # the judge model's own concurrency, not the respondent's
    return judge_unit, f"llm:{cfg.llm_model}"


__all__ = ["checklist_text", "llm_unit_judge", "mqm_from_reply", "unit_judge"]
