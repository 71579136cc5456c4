"""``scifigbench plan``: what the current params would send, before anything is sent.

For each model of ``params.yaml: models``, for the LLM judge and for the blur-candidate vetting
model (``conditions.vetting``): how many requests the respond (judge, vetting) stage makes, how
many of them the call cache already answers, and the estimated
tokens and cost of the rest; for the judge also how many units the rule judge decides and how
many go to the LLM judge (kind hybrid runs the rule judge to count them). Request keys are built
exactly as the stages build them, so "answered by the cache" is exact; tokens are estimates
(about four characters per token and a flat cost per image for the prompt; the output budget
``max_tokens`` as the ceiling of each answer), and so the cost is a ceiling. Judge requests are
counted as the judge client sends them: one per distinct request (identical requests are sent
once), so once a model's responses exist the count is the bill, apart from repairs: a reply that
fails its schema gets one repair request, which no one can know in advance. Each judge request to
send therefore adds at most one repair, counted apart ("repairs (max)") and included in the output
tokens and cost ceilings; a cached reply is read, so a cached reply that fails its schema and whose
repair is not cached yet is a repair to send, counted exactly. Before a model has answered, its units are counted
from the setups (with placeholder answers): one request per unit, an upper bound, since two
units' requests may turn out identical (for kind hybrid also every unit the rules may leave
undecided); their tokens are a little low, and none of them can be in the cache.

This module sits above the stages (like ``validation``): it reads their tables and builds their
requests but runs none of them, except the rule judge for kind hybrid (offline, and through its
verdict store, so the judge stage later finds those verdicts judged).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
import pandas as pd

from scifigbench import params, paths
from scifigbench.judges import config as judge_config
from scifigbench.llm import config
from scifigbench.llm.cache import CACHE_ENV, CACHE_FILE, ResponseCache
from scifigbench.llm.cache import cache_dir as resolve_cache_dir
from scifigbench.llm.complete import completion_key
from scifigbench.llm.request import build_request
from scifigbench.llm.retrying import IMAGE_TOKEN_ESTIMATE, estimate_tokens
from scifigbench.tableio import read_table

if TYPE_CHECKING:
    from scifigbench.families.reply_units import Unit


#: The answer text of units planned before their responses exist: not empty, because an empty
#: reply is a failed unit that no judge takes.
PLANNED_ANSWER = "(answer not given yet)"
#: A ceiling of the tokens the judge's repair instruction adds to a repair's prompt.
REPAIR_PROMPT_TOKENS = 64


@dataclass(frozen=True)
class JudgeShare:
    """How many judged units of one respondent the rule judge and the LLM judge take."""

    rule: int
    llm: int
    unknown: int = 0  # units whose answers are not known before they are sent: ``llm`` is an upper bound

    @property
    def llm_known(self) -> bool:
        return not self.unknown

    def note(self) -> str:
        total = self.rule + self.llm
        if self.llm_known:
            return f"{total:,} units: {self.rule:,} decided by the rule judge, {self.llm:,} to the LLM judge"
        return (
            f"{total:,} units, {self.unknown:,} of them on answers not known before they are sent, so the LLM "
            f"share is unknown until they are: at most {self.llm:,} (every such unit of a family the rules may "
            "leave undecided) go to the LLM judge, planned here as if all did"
        )


@dataclass
class Line:
    """One row of the plan: a model in one role."""

    model: str
    role: str
    requests: int = 0
    cached: int = 0
    to_send: int = 0
    prompt_tokens: float = 0.0
    output_tokens_max: float = 0.0
    cost_usd_max: float | None = 0.0
    note: str = ""
    share: JudgeShare | None = None  # judge lines: the units each judge takes
    upper_bound: bool = False  # judge lines of a model that has not answered: requests counted per unit
    repairs_max: int | None = None  # judge lines: repair requests at most (one per request to send), on top

    def notes(self) -> str:
        """The note, and what an upper bound means."""
        if not self.upper_bound:
            return self.note
        bound = (
            "upper bound: answers not known before they are sent (no responses yet, or about to change), "
            "one request per unit of theirs counted from the setups"
        )
        return f"{self.note}; {bound}" if self.note else bound

    def add(self, eff: config.Effective, key_cached: bool, messages: list[dict[str, Any]]) -> None:
        self.requests += 1
        if key_cached:
            self.cached += 1
            return
        self.to_send += 1
        prompt = estimate_tokens(messages, 0)
        self.prompt_tokens += prompt
        self._ceiling(eff, prompt)

    def add_repair(self, eff: config.Effective, messages: list[dict[str, Any]]) -> None:
        """A repair the request ``messages`` may need: its output and cost go into the ceilings.

        Its prompt is the request's, the rejected reply (at most the output budget) and one sentence."""
        self.repairs_max = (self.repairs_max or 0) + 1
        self._ceiling(eff, estimate_tokens(messages, 0) + eff.output_budget + REPAIR_PROMPT_TOKENS)

    def _ceiling(self, eff: config.Effective, prompt: float) -> None:
        out_max = eff.output_budget  # max_tokens or max_completion_tokens, sent or not
        self.output_tokens_max += out_max
        if eff.model.price is None:
            self.cost_usd_max = None
        elif self.cost_usd_max is not None:
            self.cost_usd_max += eff.model.price.cost(round(prompt), out_max) or 0.0


def respond_line(eff: config.Effective, setups: pd.DataFrame, cache: ResponseCache) -> Line:
    """The respond stage's requests for one model: identical requests are sent once."""
    line = Line(eff.name, "respond")
    if eff.model.backend == "simulated":
        line.requests, line.note = len(setups), "simulated: in-process, no calls"
        return line
    seen: set[str] = set()
    for row in setups.to_dict("records"):
        req = build_request(row, eff.model.identity(), eff.model.model_id, eff.generation, Path("."))
        if req.key in seen:
            continue
        seen.add(req.key)
        line.add(eff, cache.get(req.key) is not None, req.messages)
    line.note = f"{len(setups) - len(seen)} setups share a request" if len(seen) < len(setups) else ""
    return line


@dataclass(frozen=True)
class Answers:
    """The responses a respondent's judge will read once the respond stage has run on the setups.

    Why not the stored table: after a prompt or params edit its answers are about to be replaced,
    and a plan counting judge requests from them counts requests that will never be sent.
    """

    table: pd.DataFrame  # setup_id, text, error: one row per setup (text PLANNED_ANSWER where unknown)
    unknown: frozenset[str]  # setups whose answer is not known before it is sent
    none_yet: bool = False  # the respondent has no responses table: every answer is unknown

    def is_unknown(self, setup_id: str) -> bool:
        return self.none_yet or setup_id in self.unknown


def future_answers(eff: config.Effective, setups: pd.DataFrame, cache: ResponseCache) -> Answers:
    """Each setup's answer as the respond stage will produce it, where that is known without sending.

    The stored answer to the same request stays. Otherwise an HTTP model's answer is the call
    cache's, or unknown until it is sent (its judge requests are then an upper bound); a simulated
    respondent's is computed in-process as the stage computes it (no call: it reads the spec).
    Before a respondent has any responses table, every answer counts as unknown (a first run's
    plan stays quick; its judge lines say they are upper bounds).
    """
    from scifigbench.respond.runner import SimulatedAnswers

    path = paths.responses(eff.name)
    if not path.exists():
        ids = setups["setup_id"]
        table = pd.DataFrame({"setup_id": ids, "text": PLANNED_ANSWER, "error": None})
        return Answers(table, frozenset(ids), none_yet=True)
    stored = {r["setup_id"]: r for r in read_table(path, "responses", root=None).to_dict("records")}
    simulated = eff.model.backend == "simulated"
    rows: list[dict[str, Any]] = []
    unknown: set[str] = set()
    sim: SimulatedAnswers | None = None  # opened for the first answer it has to give
    try:
        for rec in setups.to_dict("records"):
            sid = rec["setup_id"]
            key = build_request(rec, eff.model.identity(), eff.model.model_id, eff.generation, Path(".")).key
            old = stored.get(sid)
            if old is not None and old["request_hash"] == key and (old["error"] is None or simulated):
                rows.append({"setup_id": sid, "text": old["text"], "error": old["error"]})  # a failed call is resent
            elif simulated:
                sim = sim or SimulatedAnswers(eff, Path("."))
                if rec["figure_id"] in sim.with_spec:  # the stage answers only these
                    rows.append({"setup_id": sid, "text": sim.answer(rec)[0], "error": None})
            elif (hit := cache.get(key)) is not None:
                rows.append({"setup_id": sid, "text": hit.text, "error": None})
            else:
                unknown.add(sid)
                rows.append({"setup_id": sid, "text": PLANNED_ANSWER, "error": None})
    finally:
        if sim is not None:
            sim.close()
    return Answers(pd.DataFrame(rows, columns=["setup_id", "text", "error"]), frozenset(unknown))


class _Planned(Exception):
    """Raised by the recording client so the judge stops after rendering its first request."""


def _judged_units(respondent: str, kind: str, setups: pd.DataFrame, answers: Answers) -> list[Unit]:
    """The units a judge of ``kind`` would take of ``answers`` (failed responses give none)."""
    from scifigbench.judges.stage import load_units

    units = load_units(respondent, answers.table, judge_kind=kind, setups=setups)
    return [u for u in units if u.error is None]


def _to_llm(kind: str, respondent: str, units: list[Unit], answers: Answers) -> tuple[list[Unit], JudgeShare]:
    """The units the LLM judge takes, and the share of each judge.

    Kind hybrid runs the rule judge over the units of known answers (through its verdict store, as
    the stage does) and hands over exactly those it leaves undecided; for an answer not known yet
    that cannot be known, and every unit of it that could be undecided is planned instead.
    """
    from scifigbench.families.registry import registered
    from scifigbench.families.rule_version import JUDGE_ID
    from scifigbench.judges.stage import is_undecided, judge_units, rule_judge, rule_store

    pending = sum(answers.is_unknown(u.setup_id) for u in units)
    if kind == "llm":
        return units, JudgeShare(0, len(units), pending)
    known = [u for u in units if not answers.is_unknown(u.setup_id)]
    bound = [u for u in units if answers.is_unknown(u.setup_id) and registered(u.family).may_abstain]
    undecided: list[Unit] = []
    if known:
        with rule_store() as store:
            rows = judge_units(known, respondent, rule_judge, JUDGE_ID, progress=False, store=store)
        undecided = [u for u, row in zip(known, rows.to_dict("records"), strict=True) if is_undecided(row)]
    to_llm = undecided + bound
    return to_llm, JudgeShare(len(units) - len(to_llm), len(to_llm), pending)


def judge_line(
    judge_eff: config.Effective,
    respondent: str,
    seed: int,
    cache: ResponseCache,
    kind: str = "llm",
    earlier: set[str] | None = None,
    audit: tuple[float, int] | None = None,
    *,
    setups: pd.DataFrame,
    answers: Answers,
) -> Line:
    """The LLM judge's requests for every unit it takes of one respondent, and the repairs they may need.

    The judge runs against the cache: a cached reply is given back to it, so a cached reply that
    fails its schema leads it to its repair request, counted like any other; the first request
    not in the cache ends the unit, with one possible repair if it is not a repair itself. A unit
    of an answer not known yet (:meth:`Answers.is_unknown`) is one request to send, never cached.
    ``earlier`` holds the keys of the judge lines planned before this one, and gets this line's:
    a request another respondent's judge stage sends first is answered from the cache here (the
    stages share the cache; of two stages running at once (``dvc exp queue`` workers), one sends it and
    the other waits for its answer: :mod:`scifigbench.llm.claims`).
    ``audit`` (share, seed): the line of ``judge.audit`` instead, whose LLM judge takes the audited units.
    """
    earlier = set() if earlier is None else earlier
    from scifigbench.judges import llm as llm_judge
    from scifigbench.judges.audit import select
    from scifigbench.judges.llm_stage import unit_judge

    line = Line(judge_eff.name, f"{'audit' if audit else 'judge'} {respondent}")
    units = _judged_units(respondent, kind, setups, answers)
    line.upper_bound = any(answers.is_unknown(u.setup_id) for u in units)
    if audit is None:
        to_llm, line.share = _to_llm(kind, respondent, units, answers)
        line.note = line.share.note()
    else:
        to_llm = select(units, *audit)
        line.note = f"{len(to_llm):,} of {len(units):,} judgeable units re-judged (judge.audit share {audit[0]:g})"
    # the unit's (key, request, answered without sending)s, the last possibly unanswered
    asked: list[tuple[str, list[dict[str, Any]], bool]] = []
    known = True  # whether the unit being planned judges an answer known now

    def record(messages: list[dict[str, Any]]) -> str:
        key = completion_key(judge_eff, messages)
        hit = cache.get(key) if known and key not in earlier else None
        asked.append((key, messages, known and (key in earlier or hit is not None)))
        if hit is None:
            raise _Planned  # to send, or sent first by an earlier line (which counts its repair)
        return hit.text

    judge = unit_judge(llm_judge.LLMJudge(record, judge_eff.name, seed=seed))
    seen: set[str] = set()
    for unit in to_llm:
        asked.clear()
        known = not answers.is_unknown(unit.setup_id)
        try:
            judge(unit)
        except (ValueError, KeyError):
            continue  # a unit the judge cannot take (e.g. no reference description): no request
        for position, (key, messages, cached) in enumerate(asked):
            if known and key in seen:
                continue  # identical requests are sent once (the client waits for the one on the wire)
            if known:
                seen.add(key)
            line.add(judge_eff, cached, messages)
            if not cached and position == 0:  # a first request to send: its reply may need a repair
                line.add_repair(judge_eff, messages)
    line.repairs_max = line.repairs_max or 0
    earlier |= seen
    return line


def vetting_line(params_path: Path | str, cache: ResponseCache) -> Line | None:
    """The vetting stage's requests (``conditions.vetting``): one per ranked blur candidate, built by
    the stage's own function; None when vetting is off."""
    from scifigbench.conditions import config as conditions_config
    from scifigbench.conditions import vetting_stage

    cfg, _ = conditions_config.load(params_path)
    if cfg.vetting is None:
        return None
    eff = config.load(cfg.vetting.model, params_path, vetting_stage.ROLE)
    line = Line(eff.name, "vetting")
    if not paths.BLUR_CANDIDATES.exists():
        line.note = f"{paths.BLUR_CANDIDATES} not there yet: run `dvc repro conditions` to count the candidates"
        return line
    seen: set[str] = set()
    items = vetting_stage.inputs(Path("."))
    for figure, rows in items:
        for request in vetting_stage.figure_requests(Path("."), cfg, figure, rows):
            key = completion_key(eff, request.messages)
            if key not in seen:  # identical requests are sent once
                seen.add(key)
                line.add(eff, cache.get(key) is not None, request.messages)
    line.note = f"one request per ranked blur candidate ({sum(len(r) for _, r in items):,} of {len(items):,} figures)"
    return line


@dataclass(frozen=True)
class PlannedSetups:
    """The setups table the plan counts, and what the setups stage would change in the stored one."""

    table: pd.DataFrame
    left_out: dict[str, Any] | None
    changed: str | None = None  # a note when the stage is about to write another table

    def left_out_note(self) -> str | None:
        """What the setups stage leaves out because the configured judge cannot judge it, if anything."""
        from scifigbench.setups import left_out_note as note

        return note(self.left_out) if self.left_out else None


def planned_setups(params_path: Path | str) -> PlannedSetups:
    """The setups as the stage writes them from the current prompts, params and inputs.

    Built (not read) when the stage's inputs are there: an edited prompt changes the requests of
    every setup rendering it before ``dvc repro`` rewrites the stored table. Without the inputs,
    the stored table is all there is.
    """
    from scifigbench import setups as setups_stage

    stored = read_table(paths.SETUPS, "setups", root=None) if paths.SETUPS.exists() else None
    try:
        table, left_out = setups_stage.build(params_path)
    except FileNotFoundError:
        if stored is None:
            raise FileNotFoundError(
                f"{paths.SETUPS} does not exist: run `dvc repro setups` first (no model is called)"
            ) from None
        left = json.loads(paths.SETUPS_LEFT_OUT.read_text(encoding="utf-8")) if paths.SETUPS_LEFT_OUT.exists() else None
        return PlannedSetups(stored, left)
    return PlannedSetups(table, left_out, _setups_change(stored, table))


def _setups_change(stored: pd.DataFrame | None, table: pd.DataFrame) -> str | None:
    """One line on how ``table`` differs from the stored setups, or None when it does not."""
    if stored is None:
        return f"{paths.SETUPS} not written yet: counted from the {len(table):,} setups the stage will write"
    cols = [c for c in table.columns if c in stored.columns]
    old = {tuple(r) for r in stored[cols].astype(str).itertuples(index=False)}
    new = {tuple(r) for r in table[cols].astype(str).itertuples(index=False)}
    if old == new:
        return None
    return (
        f"{len(new - old):,} of {len(table):,} setups differ from {paths.SETUPS} (a prompt, a param or an input "
        "changed): counted as the setups stage will write them, with the answers about to change"
    )


def plan(params_path: Path | str, cache_dir: Path, planned: PlannedSetups | None = None) -> list[Line]:
    """Every line of the plan for the current params, setups and cache."""
    raw = params.load_raw(params_path)
    setups = (planned or planned_setups(params_path)).table
    models = sorted(raw.get("models") or {})
    cache = ResponseCache(Path(cache_dir) / CACHE_FILE)
    try:
        effs = {m: config.load(m, params_path) for m in models}
        lines = [respond_line(effs[m], setups, cache) for m in models]
        judge = judge_config.load(params_path)
        uses_llm = judge.uses_llm and judge.llm_model
        answers = {m: future_answers(effs[m], setups, cache) for m in models} if uses_llm or judge.audit else {}
        if uses_llm:
            judge_eff = config.load(str(judge.llm_model), params_path, "judge")
            earlier: set[str] = set()
            lines += [
                judge_line(judge_eff, m, judge.caption_ab_seed, cache, judge.kind, earlier, setups=setups, answers=a)
                for m, a in answers.items()
            ]
        if judge.audit is not None:
            audit_eff = config.load(judge.audit.model, params_path, "judge")
            audit = (judge.audit.share, raw.get("seed", 42))
            lines += [
                judge_line(audit_eff, m, judge.caption_ab_seed, cache, "llm", set(), audit, setups=setups, answers=a)
                for m, a in answers.items()
            ]
        vetted = vetting_line(params_path, cache)
        lines += [vetted] if vetted is not None else []
    finally:
        cache.close()
    return lines


def _fmt(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "unknown (no price)"
    return f"{value:,.{digits}f}"


def render(lines: list[Line], left_out: str | None = None, setups_change: str | None = None) -> str:
    head = (
        "model",
        "role",
        "requests",
        "cached",
        "to send",
        "repairs (max)",
        "prompt tok (est)",
        "output tok (max)",
        "cost USD (max)",
    )
    repairs = [ln.repairs_max for ln in lines if ln.repairs_max is not None]
    rows = [head] + [
        (
            ln.model,
            ln.role,
            f"<={ln.requests:,}" if ln.upper_bound else f"{ln.requests:,}",
            f"{ln.cached:,}",
            f"{ln.to_send:,}",
            "-" if ln.repairs_max is None else f"<={ln.repairs_max:,}",
            _fmt(ln.prompt_tokens),
            _fmt(ln.output_tokens_max),
            _fmt(ln.cost_usd_max, 4),
        )
        for ln in lines
    ]
    known = [ln.cost_usd_max for ln in lines if ln.cost_usd_max is not None]
    bound = "<=" if any(ln.upper_bound for ln in lines) else ""
    rows.append(
        (
            "total",
            "",
            f"{bound}{sum(ln.requests for ln in lines):,}",
            f"{sum(ln.cached for ln in lines):,}",
            f"{sum(ln.to_send for ln in lines):,}",
            f"<={sum(repairs):,}" if repairs else "-",
            _fmt(sum(ln.prompt_tokens for ln in lines)),
            _fmt(sum(ln.output_tokens_max for ln in lines)),
            _fmt(sum(known), 4)
            if len(known) == len(lines)
            else "unknown (no price)"
            if not known
            else f"{_fmt(sum(known), 4)} + unknown",
        )
    )
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in rows]
    notes = [f"  {ln.model} ({ln.role}): {ln.notes()}" for ln in lines if ln.notes()]
    if any(ln.to_send for ln in lines):
        notes.append(
            f"  prompt tokens: estimated, about 4 characters per token and {IMAGE_TOKEN_ESTIMATE:,} tokens per image, "
            "a guess: each provider counts an image by its own rule (by size, in tiles, by detail setting), so a "
            "prompt of large images may cost several times more, and the cost ceiling holds only as far as this "
            "guess does"
        )
    if sum(repairs):
        notes.append(
            f"  repairs: a judge reply that fails its schema gets one repair request, so up to {sum(repairs):,} "
            f"more may be sent ({sum(ln.to_send for ln in lines) + sum(repairs):,} requests at most); the output "
            "tokens and cost ceilings include them"
        )
    if setups_change:
        notes.append(f"  setups: {setups_change}")
    if left_out:
        notes.append(f"  setups: {left_out}")
    return "\n".join(out + (["notes:"] + notes if notes else []))


@click.command("plan")
@click.option("--params", "params_path", default=str(params.DEFAULT_PARAMS), show_default=True, help="params file")
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help=f"model-call cache [env {CACHE_ENV}, default {paths.CACHE_DIR}]",
)
@click.option(
    "--families",
    is_flag=True,
    help="instead: which measurement families real figures get with these params, and what the rest need",
)
def plan_command(params_path: str, cache_dir: Path | None, families: bool) -> None:
    """Requests, cache hits, estimated tokens and cost per model and for the LLM judge; sends nothing."""
    if families:
        from scifigbench.probes.coverage import plan_text

        try:
            click.echo(plan_text(params_path))
        except FileNotFoundError as exc:
            raise click.ClickException(f"{exc} (run scifigbench corpus first)") from None
        return
    try:
        planned = planned_setups(params_path)
        lines = plan(params_path, resolve_cache_dir(cache_dir), planned)
    except (params.ParamsError, FileNotFoundError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(render(lines, planned.left_out_note(), planned.changed))
