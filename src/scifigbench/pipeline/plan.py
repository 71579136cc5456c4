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
from scifigbench.llm.retrying import estimate_tokens
from scifigbench.tableio import read_table

if TYPE_CHECKING:
    from scifigbench.judges.units import Unit


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
    llm_known: bool = True  # False: the responses are not there yet and ``llm`` is an upper bound

    def note(self) -> str:
        total = self.rule + self.llm
        if self.llm_known:
            return f"{total:,} units: {self.rule:,} decided by the rule judge, {self.llm:,} to the LLM judge"
        return (
            f"{total:,} units; responses not there yet, so the LLM share is unknown until they are: at most "
            f"{self.llm:,} (every unit of a family the rules may leave undecided) go to the LLM judge, "
            "planned here as if all did"
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
        bound = "upper bound: responses not there yet, one request per unit counted from the setups"
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


class _Planned(Exception):
    """Raised by the recording client so the judge stops after rendering its first request."""


def _judged_units(respondent: str, kind: str) -> tuple[list[Unit], bool]:
    """The units a judge of ``kind`` would take for ``respondent`` (failed responses give none), and
    whether its responses exist; units of responses not given yet carry :data:`PLANNED_ANSWER`."""
    from scifigbench.judges.stage import load_units

    given = paths.responses(respondent).exists()
    responses = None
    if not given:
        setups = read_table(paths.SETUPS, "setups", root=None)
        responses = pd.DataFrame({"setup_id": setups["setup_id"], "text": PLANNED_ANSWER, "error": None})
    return [u for u in load_units(respondent, responses, judge_kind=kind) if u.error is None], given


def _to_llm(kind: str, respondent: str, units: list[Unit], given: bool) -> tuple[list[Unit], JudgeShare]:
    """The units the LLM judge takes, and the share of each judge.

    Kind hybrid runs the rule judge over the units (through its verdict store, as the stage does)
    and hands over exactly those it leaves undecided; before the responses exist that cannot be
    known, and every unit that could be undecided is planned instead.
    """
    from scifigbench.judges import rules
    from scifigbench.judges.families import judge_family
    from scifigbench.judges.stage import is_undecided, judge_units, rule_judge, rule_store

    if kind == "llm":
        return units, JudgeShare(0, len(units))
    if not given:
        bound = [u for u in units if judge_family(u.family).may_abstain]
        return bound, JudgeShare(len(units) - len(bound), len(bound), llm_known=False)
    with rule_store() as store:
        rows = judge_units(units, respondent, rule_judge, rules.JUDGE_ID, progress=False, store=store)
    undecided = [u for u, row in zip(units, rows.to_dict("records"), strict=True) if is_undecided(row)]
    return undecided, JudgeShare(len(units) - len(undecided), len(undecided))


def judge_line(
    judge_eff: config.Effective,
    respondent: str,
    seed: int,
    cache: ResponseCache,
    kind: str = "llm",
    earlier: set[str] | None = None,
    audit: tuple[float, int] | None = None,
) -> Line:
    """The LLM judge's requests for every unit it takes of one respondent, and the repairs they may need.

    The judge runs against the cache: a cached reply is given back to it, so a cached reply that
    fails its schema leads it to its repair request, counted like any other; the first request
    not in the cache ends the unit, with one possible repair if it is not a repair itself.
    ``earlier`` holds the keys of the judge lines planned before this one, and gets this line's:
    a request another respondent's judge stage sends first is answered from the cache here (the
    stages share the cache; of two stages running at once under ``dvc repro -j``, one sends it and
    the other waits for its answer: :mod:`scifigbench.llm.claims`).
    ``audit`` (share, seed): the line of ``judge.audit`` instead, whose LLM judge takes the audited units.
    """
    earlier = set() if earlier is None else earlier
    from scifigbench.judges import llm as llm_judge
    from scifigbench.judges.audit import select
    from scifigbench.judges.llm_stage import unit_judge

    line = Line(judge_eff.name, f"{'audit' if audit else 'judge'} {respondent}")
    units, given = _judged_units(respondent, kind)
    line.upper_bound = not given
    if audit is None:
        to_llm, line.share = _to_llm(kind, respondent, units, given)
        line.note = line.share.note()
    else:
        to_llm = select(units, *audit)
        line.note = f"{len(to_llm):,} of {len(units):,} judgeable units re-judged (judge.audit share {audit[0]:g})"
    # the unit's (key, request, answered without sending)s, the last possibly unanswered
    asked: list[tuple[str, list[dict[str, Any]], bool]] = []

    def record(messages: list[dict[str, Any]]) -> str:
        key = completion_key(judge_eff, messages)
        hit = cache.get(key) if given and key not in earlier else None
        asked.append((key, messages, given and (key in earlier or hit is not None)))
        if hit is None:
            raise _Planned  # to send, or sent first by an earlier line (which counts its repair)
        return hit.text

    judge = unit_judge(llm_judge.LLMJudge(record, judge_eff.name, seed=seed))
    seen: set[str] = set()
    for unit in to_llm:
        asked.clear()
        try:
            judge(unit)
        except (ValueError, KeyError):
            continue  # a unit the judge cannot take (e.g. no reference description): no request
        for position, (key, messages, cached) in enumerate(asked):
            if given and key in seen:
                continue  # identical requests are sent once (the client waits for the one on the wire)
            seen.add(key)
            line.add(judge_eff, cached, messages)
            if not cached and position == 0:  # a first request to send: its reply may need a repair
                line.add_repair(judge_eff, messages)
    line.repairs_max = line.repairs_max or 0
    if given:
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


def left_out_note() -> str | None:
    """What the setups stage left out because the configured judge cannot judge it, if anything."""
    from scifigbench.setups import left_out_note as note

    if not paths.SETUPS_LEFT_OUT.exists():
        return None
    return note(json.loads(paths.SETUPS_LEFT_OUT.read_text(encoding="utf-8")))


def plan(params_path: Path | str, cache_dir: Path) -> list[Line]:
    """Every line of the plan for the current params, setups and cache."""
    raw = params.load_raw(params_path)
    if not paths.SETUPS.exists():
        raise FileNotFoundError(f"{paths.SETUPS} does not exist: run `dvc repro setups` first (no model is called)")
    setups = read_table(paths.SETUPS, "setups", root=None)
    models = sorted(raw.get("models") or {})
    cache = ResponseCache(Path(cache_dir) / CACHE_FILE)
    try:
        lines = [respond_line(config.load(m, params_path), setups, cache) for m in models]
        judge = judge_config.load(params_path)
        if judge.uses_llm and judge.llm_model:
            judge_eff = config.load(judge.llm_model, params_path, "judge")
            earlier: set[str] = set()
            lines += [judge_line(judge_eff, m, judge.caption_ab_seed, cache, judge.kind, earlier) for m in models]
        if judge.audit is not None:
            audit_eff = config.load(judge.audit.model, params_path, "judge")
            audit = (judge.audit.share, raw.get("seed", 42))
            lines += [judge_line(audit_eff, m, judge.caption_ab_seed, cache, "llm", set(), audit) for m in models]
        vetted = vetting_line(params_path, cache)
        lines += [vetted] if vetted is not None else []
    finally:
        cache.close()
    return lines


def _fmt(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "unknown (no price)"
    return f"{value:,.{digits}f}"


def render(lines: list[Line], left_out: str | None = None) -> str:
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
    if sum(repairs):
        notes.append(
            f"  repairs: a judge reply that fails its schema gets one repair request, so up to {sum(repairs):,} "
            f"more may be sent ({sum(ln.to_send for ln in lines) + sum(repairs):,} requests at most); the output "
            "tokens and cost ceilings include them"
        )
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
        lines = plan(params_path, resolve_cache_dir(cache_dir))
    except (params.ParamsError, FileNotFoundError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(render(lines, left_out_note()))
