"""The ``audit@<model>`` stage: a second (LLM) judge re-judges a seeded share of one model's units.

Why: a rule judge tuned on one sample of answers agrees less with an LLM judge on answers it never
saw; the audit makes every run measure that on its own data. The audited units are an exact share
of the judgeable units (failed responses have none), picked by seeded hash (:mod:`scifigbench.seeded`)
so the pick is stable across reruns and cached calls stay valid. They go through the very path of
``judge.kind: llm`` (:func:`~scifigbench.judges.llm_stage.llm_unit_judge`: the runner's cache, limits
and ledger) and become judgments rows in ``data/audit/<model>.parquet``; the metrics stage compares
them with the primary judge's rows. Without ``judge.audit`` the table is written empty.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pandas as pd

from scifigbench import params, paths, seeded
from scifigbench.contracts import JUDGMENTS
from scifigbench.families.reply_units import Unit
from scifigbench.judges import config as judge_config
from scifigbench.tableio import write_table


def select(units: list[Unit], share: float, seed: int) -> list[Unit]:
    """The audited units, in their given order: ``round(share * n)`` of the ``n`` judgeable ones."""
    picked = set(seeded.share((u.unit_id for u in units if u.error is None), share, seed))
    return [u for u in units if u.unit_id in picked]


def run_seed(params_path: Path | str) -> int:
    """The pipeline's top-level ``seed``: it seeds the audit pick and the verdict review sample."""
    return int(params.load_raw(params_path).get("seed", 42))


def run(model: str, params_path: Path | str = params.DEFAULT_PARAMS) -> pd.DataFrame:
    """Audit ``model``'s units as ``judge.audit`` says; the table written (empty without an audit)."""
    from scifigbench.judges.llm_stage import llm_unit_judge
    from scifigbench.judges.stage import judge_units, load_units

    cfg = judge_config.load(params_path)
    if cfg.audit is None:
        return write_table(JUDGMENTS.empty(), paths.audit(model), "judgments")
    units = select(load_units(model), cfg.audit.share, run_seed(params_path))
    judge, judge_id = llm_unit_judge(dataclasses.replace(cfg, kind="llm", llm_model=cfg.audit.model), params_path)
    try:
        table = judge_units(units, model, judge, judge_id, progress=False)
    finally:
        judge.close()
    return write_table(table, paths.audit(model), "judgments")
