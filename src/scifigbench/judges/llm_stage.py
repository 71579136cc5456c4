"""The LLM judge inside the judge stage: rubric prompts sent through the runner's cached client.

Every unit goes through :class:`~scifigbench.judges.llm.LLMJudge` exactly as in ``judge-file``;
its family (:mod:`scifigbench.families.registry`) says what the prompt shows and how the reply is
read. A description's reply (per checklist item coverage/correctness, violations, binding errors)
is turned into MQM findings and scored by the same engine the rule judge uses, so both judges' MQM
numbers share one penalty table and one dedup rule.
"""

from __future__ import annotations

from pathlib import Path

from scifigbench import params
from scifigbench.families.reply_units import Unit
from scifigbench.judges import llm
from scifigbench.judges.judge_file import llm_verdict
from scifigbench.judges.verdict_columns import judgment_columns


def unit_judge(judge: llm.LLMJudge):
    """A judgments-row function for any unit, asking ``judge`` (whatever client it sends through)."""

    def judge_unit(unit: Unit) -> dict:
        record = llm_verdict(judge, unit.family, unit.fields)
        return {"judge_id": record["judge_id"], **judgment_columns(unit.family, record)}

    return judge_unit


def llm_unit_judge(cfg, params_path: Path | str = params.DEFAULT_PARAMS):
    """(unit judge, judge id for failed units) of the LLM judge through model ``cfg.llm_model``
    (judge.kind llm: every unit; hybrid: the units the rule judge leaves undecided)."""
    from scifigbench.llm import CachedComplete
    from scifigbench.llm.complete import model_tag

    if not cfg.llm_model:
        raise params.ParamsError(
            f"{params_path}:judge.llm_model: name a model key to judge with (judge.kind = {cfg.kind})"
        )
    complete = CachedComplete(cfg.llm_model, params_path, role="judge")
    tag = model_tag(complete.eff)  # the judge id changes with the model and its settings, not only the key
    judge_unit = unit_judge(llm.LLMJudge(complete, tag, seed=cfg.caption_ab_seed))
    judge_unit.close = complete.close  # the stage closes the client (cache, connections, ledger) when it is done
    judge_unit.concurrency = complete.concurrency  # the judge model's own concurrency, not the respondent's
    return judge_unit, f"llm:{tag}"


__all__ = ["llm_unit_judge", "unit_judge"]
