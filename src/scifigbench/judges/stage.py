"""The ``judge@<model>`` stage: one model's responses -> ``data/judgments/<model>.parquet``.

Each unit (see :mod:`scifigbench.judges.units`) is judged by the configured judge. A unit that
cannot be judged — the model call failed, the rule judge has no ground truth for it, the LLM judge
replied with something unusable — becomes a row with ``error`` set and no verdict: it is excluded
from every denominator by the metrics stage and counted there, never scored as zero.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import pickle
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Protocol

import pandas as pd
from tqdm import tqdm

from scifigbench import params, paths
from scifigbench.caching.stepstore import ValueStore, code_version
from scifigbench.contracts import JUDGMENTS
from scifigbench.families import registry
from scifigbench.families.reply_units import Unit
from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.judges import config as judge_config
from scifigbench.judges.config import JudgeConfig
from scifigbench.judges.units import units_for
from scifigbench.judges.verdict_columns import UNDECIDED, judgment_columns
from scifigbench.spec import FigureSpec
from scifigbench.tableio import read_table, write_table


class UnitJudge(Protocol):
    def __call__(self, unit: Unit) -> dict: ...


def rule_judge(unit: Unit) -> dict:
    """Judgment columns of one unit from the deterministic rule judge."""
    record = registry.rule_verdict(unit.family, unit.fields)
    return {"judge_id": record["judge_id"], **judgment_columns(unit.family, record)}


def _row(unit: Unit, model: str, judged: dict) -> dict:
    """A judgments row: the unit's identity, then the judge's columns; every other column null.

    ``details_json`` also gets the question/claim and the exact judged text (:meth:`Unit.shown`).
    """
    row = dict.fromkeys(JUDGMENTS.column_names)
    row.update(
        unit_id=unit.unit_id,
        setup_id=unit.setup_id,
        model=model,
        figure_id=unit.figure_id,
        condition=unit.condition,
        chart_type=unit.chart_type,
        family=unit.family,
        category=unit.category,
        probe_id=unit.probe_id,
        judge_id="",
    )
    row.update(judged)
    details = json.loads(row["details_json"]) if row.get("details_json") else {}
    row["details_json"] = json.dumps({**unit.shown(), **details}, ensure_ascii=False)
    return row


def rule_store(root: Path | str = ".") -> ValueStore:
    """Rule verdicts by unit content: a unit (answer, expected values, spec) and this code decide its
    verdict, so a rerun after adding a figure judges only the new figure's units."""
    code = code_version("scifigbench.families.registry", "scifigbench.judges.verdict_columns")
    return ValueStore("judge-rule", code, root)


def _unit_key(unit: Unit) -> str:
    return hashlib.sha256(pickle.dumps(unit, protocol=5)).hexdigest()


def stored(judge: UnitJudge, store: ValueStore) -> UnitJudge:
    """``judge`` with its columns kept in ``store`` by unit content (deterministic judges only).

    A unit the judge fails on (an exception) is not stored: it is judged again next time.
    """

    def judge_unit(unit: Unit) -> dict:
        key = _unit_key(unit)
        judged = store.get(key)
        if judged is None:
            judged = judge(unit)
            store.put(key, judged)
        return judged

    return judge_unit


def _judged(units: list[Unit], one, workers: int) -> Iterator[dict]:
    """Rows in unit order; ``workers`` > 1 judges that many units at once (an LLM judge waits on the network).

    An exception other than a unit's own failure (the judge model cannot work at all) cancels
    the units not yet started and propagates.
    """
    if workers <= 1:
        yield from map(one, units)
        return
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="judge")
    try:
        yield from pool.map(one, units)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def judge_units(
    units: list[Unit],
    model: str,
    judge: UnitJudge,
    judge_id: str,
    progress: bool = True,
    store: ValueStore | None = None,
) -> pd.DataFrame:
    """Judge every unit; failures become error rows (never zeros, never dropped). With ``store``,
    verdicts of units judged before are reused (only for deterministic judges).

    A judge with a ``concurrency`` attribute (the LLM judge: its model's configured concurrency)
    is called from that many threads at once; its client paces and throttles the calls.
    """

    judging = judge if store is None else stored(judge, store)

    def one(unit: Unit) -> dict:
        if unit.error is not None:
            return _row(unit, model, {"judge_id": judge_id, "error": unit.error})
        try:
            return _row(unit, model, judging(unit))
        except (ValueError, KeyError) as exc:  # rules.NoGroundTruth and judge parse failures included
            return _row(unit, model, {"judge_id": judge_id, "error": f"{type(exc).__name__}: {exc}"})

    rows = list(
        tqdm(
            _judged(units, one, int(getattr(judge, "concurrency", 1))),
            total=len(units),
            desc=f"judge {model}",
            unit="unit",
            disable=not progress,
            mininterval=1.0,
        )
    )
    return pd.DataFrame(rows) if rows else JUDGMENTS.empty()  # no responses (e.g. simulated models on real figures)


def load_units(
    model: str,
    responses: pd.DataFrame | None = None,
    judge_kind: str | None = None,
    setups: pd.DataFrame | None = None,
) -> list[Unit]:
    """Read the tables one model's judgment needs and split its responses into units.

    ``responses`` replaces the model's table and ``setups`` the stored setups (``scifigbench plan``
    judges answers not given yet, to setups about to be rewritten); ``judge_kind`` cuts only the
    units that judge can judge (the setups stage left out the rest).
    """
    figures = read_table(paths.FIGURES, "figures")
    if setups is None:
        setups = read_table(paths.SETUPS, "setups", root=None)
    if responses is None:
        responses = read_table(paths.responses(model), "responses", refs={"setups": setups["setup_id"]})
    probes = {r["probe_id"]: r for r in read_table(paths.PROBES, "probes").to_dict("records")}
    targets = {}
    if paths.BLUR_TARGETS.exists():
        targets = {r["target_id"]: r for r in read_table(paths.BLUR_TARGETS, "blur_targets").to_dict("records")}
    specs: dict[str, FigureSpec | None] = {}
    refs: dict[str, str | None] = {}
    for fig in figures.itertuples(index=False):
        specs[fig.figure_id] = None if pd.isna(fig.spec_path) else FigureSpec.load(fig.spec_path)
        refs[fig.figure_id] = None if pd.isna(fig.reference_description) else fig.reference_description
    by_setup = {r["setup_id"]: r for r in setups.to_dict("records")}
    units: list[Unit] = []
    for resp in responses.to_dict("records"):
        setup = by_setup[resp["setup_id"]]
        fid = setup["figure_id"]
        units += units_for(setup, resp, probes, specs[fid], targets, refs[fid], judge_kind)
    return units


def is_undecided(judged: dict) -> bool:
    """Whether a judge's columns leave the unit undecided: the rule judge abstained on it."""
    return judged.get("verdict") == UNDECIDED


def hybrid(first: UnitJudge, llm_judge: UnitJudge, llm_id: str) -> UnitJudge:
    """``first`` (the rule judge), except that a unit it leaves undecided goes to ``llm_judge``.

    A decided unit keeps ``first``'s columns untouched, so its row is the one ``kind: rule``
    writes. A handed-over unit gets the LLM's judge id and verdict, and its details keep the rule
    judge's evidence and reason under ``rule_undecided``: a reader sees why the rules abstained
    next to what settled it. A unit the LLM judge cannot take is an error row under its id.
    """

    def judge_unit(unit: Unit) -> dict:
        out = first(unit)
        if not is_undecided(out):
            return out
        try:
            settled = dict(llm_judge(unit))
        except (ValueError, KeyError) as exc:
            settled = {"judge_id": llm_id, "error": f"{type(exc).__name__}: {exc}"}
        details = json.loads(settled.get("details_json") or "{}")
        details["rule_undecided"] = json.loads(out["details_json"] or "null")
        return settled | {"details_json": json.dumps(details, ensure_ascii=False)}

    judge_unit.close = getattr(llm_judge, "close", lambda: None)  # type: ignore[attr-defined]
    judge_unit.concurrency = getattr(llm_judge, "concurrency", 1)  # type: ignore[attr-defined]
    return judge_unit


def make_judge(cfg: JudgeConfig, params_path: Path | str, store: ValueStore | None = None) -> tuple[UnitJudge, str]:
    """The configured unit judge and the judge id recorded on rows it could not judge.

    ``store`` keeps the rule judge's verdicts (kinds rule and hybrid); LLM verdicts are cached per
    request by the client already. A hybrid judge records the rule judge's id on the rows of
    failed responses, as ``kind: rule`` does, so those rows are the same under both.
    """
    judge_config.check_kind(cfg.kind, f"{params_path}:judge")
    rule = rule_judge if store is None else stored(rule_judge, store)
    if cfg.kind == "rule":
        return rule, JUDGE_ID
    from scifigbench.judges.llm_stage import llm_unit_judge

    llm_judge, llm_id = llm_unit_judge(cfg, params_path)
    if cfg.kind == "llm":
        return llm_judge, llm_id
    return hybrid(rule, llm_judge, llm_id), JUDGE_ID


def run(model: str, params_path: Path | str = params.DEFAULT_PARAMS) -> pd.DataFrame:
    cfg = judge_config.load(params_path)
    with rule_store() if cfg.kind != "llm" else contextlib.nullcontext() as store:
        judge, judge_id = make_judge(cfg, params_path, store)
        try:
            table = judge_units(load_units(model, judge_kind=cfg.kind), model, judge, judge_id)
        finally:
            getattr(judge, "close", lambda: None)()
    return write_table(table, paths.judgments(model), "judgments")
