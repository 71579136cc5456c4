"""The ``setups`` stage: the model-agnostic table of every request a model will be sent.

One row per request: the figure image of a condition, the task's prompt (id + version), the caption
shown with it (or none) and the probes the request answers, in order. Responses and judgments are
keyed by ``setup_id``, so everything downstream can be traced back to one row here.

Tasks:
- ``describe`` for every condition image (the prompt depends on the chart type) and for
  ``capbias``: the base image with the modified caption of each of the figure's caption-bias
  probes (a real figure may have one per kind of false claim: ``<figure>/capbias/describe/<kind>``);
- ``capability``: the figure's four capability questions in one numbered prompt (base image);
- ``resistance``: the figure's three resistance probes in one numbered prompt (base image);
- ``blur_active``: a targeted question on the admb/indb image whose answer is the blurred text.

No request is sent that the configured judge (``judge.kind``) cannot judge: a unit the judge has
no evidence for on its figure (a description of a real figure, which has no ground-truth spec for
the rule judge, or no reference description for the LLM judge) is left out, and a request holding
only such units is not written. ``data/setups/left_out.json`` counts what was left out and why;
``plan`` and the report show it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import pandas as pd

from scifigbench import params, paths, prompts
from scifigbench.concepts.families import cannot_judge
from scifigbench.concepts.kinds import chart_kind
from scifigbench.concepts.names import CONDITION_ORDER, MODE_CONDITION
from scifigbench.concepts.probe_families import BLURRED, CAPTION, NUMBERED, probe_family, with_delivery
from scifigbench.contracts import SETUPS, validate
from scifigbench.tableio import read_table, write_json, write_table

# probe families shown as the figure's caption, and those asked of a blurred image (their records' delivery)
IN_CAPTION = frozenset(f.name for f in with_delivery(CAPTION))
BLURRED_FAMILIES = frozenset(f.name for f in with_delivery(BLURRED))


@dataclass
class SetupsConfig:
    conditions: list[str] = field(default_factory=lambda: list(CONDITION_ORDER))


def _numbered(texts: list[str]) -> str:
    return "\n".join(f"{i}. {t}" for i, t in enumerate(texts, start=1))


def _row(
    figure: Any,
    cond: Any,
    condition: str,
    task: str,
    prompt: prompts.Prompt,
    user_text: str,
    caption: str | None,
    probe_ids: list[str],
) -> dict:
    return {
        "setup_id": f"{figure.figure_id}/{condition}/{task}",
        "figure_id": figure.figure_id,
        "condition": condition,
        "task": task,
        "chart_type": figure.chart_type,
        "prompt_id": prompt.prompt_id,
        "prompt_version": prompt.version,
        "system_text": None,
        "user_text": user_text,
        "image_path": cond.image_path,
        "image_sha256": cond.image_sha256,
        "caption": caption,
        "probe_ids": json.dumps(probe_ids),
        "blur_target_id": None if pd.isna(cond.blur_target_id) else cond.blur_target_id,
    }


def _describe_prompt(chart_type: str) -> prompts.Prompt:
    """The describe prompt of a chart kind: its text is in the kind's record (one module per kind)."""
    kind = chart_kind(chart_type)
    return prompts.Prompt(kind.describe_prompt_id, kind.describe)


def _variant(probe: dict) -> str:
    """The tail of a caption-bias probe's id after its category (``/swap`` for one of several captions
    a real figure gets, empty for the one caption of a synthetic figure): each caption is its own request."""
    base, pid = f"{probe['figure_id']}/{probe['family']}/{probe['category']}/", str(probe["probe_id"])
    return "/" + pid.removeprefix(base) if pid.startswith(base) else ""


def _ordered(group: list[dict], order: tuple[str, ...]) -> list[dict]:
    """Probes in the prompt's category order (unknown categories last), ties by probe id."""
    rank = {c: i for i, c in enumerate(order)}
    return sorted(group, key=lambda p: (rank.get(p["category"], len(order)), p["probe_id"]))


def build_setups(
    figures: pd.DataFrame, conditions: pd.DataFrame, probes: pd.DataFrame, cfg: SetupsConfig
) -> pd.DataFrame:
    """Build the setups table from the corpus, condition images and confirmed probes (pure).

    Rows are looked up in plain dicts, not per-figure dataframe selections: this runs on every
    figure whenever one figure is added, and pandas indexing per figure cost seconds.
    """
    wanted = set(cfg.conditions)
    probes = probes[probes["status"] == "confirmed"]
    figs = {r.figure_id: r for r in figures.itertuples(index=False)}
    conds = {r.condition_id: r for r in conditions.itertuples(index=False)}
    rows: list[dict] = []

    for cond in conds.values():
        if cond.condition not in wanted:
            continue
        fig = figs[cond.figure_id]
        prompt = _describe_prompt(fig.chart_type)
        caption = None if pd.isna(cond.caption) else cond.caption
        rows.append(_row(fig, cond, cond.condition, "describe", prompt, prompt.render(), caption, []))

    by_fig: dict[str, list[dict]] = {}
    for probe in probes.to_dict("records"):  # table order within a figure, as the probes stage wrote it
        by_fig.setdefault(probe["figure_id"], []).append(probe)
    for fid in sorted(by_fig):
        group = by_fig[fid]
        fig = figs[fid]
        base = conds.get(f"{fid}/base")  # none: a release figure without its clean image (blur)
        base_caption = None if base is None or pd.isna(base.caption) else base.caption

        # all of a family's questions in one numbered request, on the clean image
        for pf in with_delivery(NUMBERED) if base is not None else ():
            fam = _ordered([p for p in group if p["family"] == pf.name], pf.categories)
            if not fam:
                continue
            prompt = prompts.load(pf.task)
            text = prompt.render(n=len(fam), questions=_numbered([p["text"] for p in fam]))
            rows.append(_row(fig, base, "base", pf.task, prompt, text, base_caption, [p["probe_id"] for p in fam]))

        if "capbias" in wanted and base is not None:
            for probe in (p for p in group if p["family"] in IN_CAPTION):
                prompt = _describe_prompt(fig.chart_type)
                row = _row(
                    fig, base, "capbias", "describe", prompt, prompt.render(), probe["text"], [probe["probe_id"]]
                )
                rows.append(row | {"setup_id": row["setup_id"] + _variant(probe)})

        for probe in (p for p in group if p["family"] in BLURRED_FAMILIES):
            condition = MODE_CONDITION[probe["category"]]
            cond = conds.get(f"{fid}/{condition}")
            if condition not in wanted or cond is None:
                continue
            task = probe_family(probe["family"]).task
            prompt = prompts.load(task)
            caption = None if pd.isna(cond.caption) else cond.caption
            rows.append(
                _row(
                    fig,
                    cond,
                    condition,
                    task,
                    prompt,
                    prompt.render(question=probe["text"]),
                    caption,
                    [probe["probe_id"]],
                )
            )

    # describe rows for blurred conditions answer the blur probe passively: link them to it
    out = pd.DataFrame(rows)
    if out.empty:
        return out
    blur = probes[probes["family"].isin(list(BLURRED_FAMILIES))]
    passive = {(r.figure_id, MODE_CONDITION[r.category]): r.probe_id for r in blur.itertuples(index=False)}
    mask = (out["task"] == "describe") & out["condition"].isin(list(MODE_CONDITION.values()))
    out.loc[mask, "probe_ids"] = [
        json.dumps([passive[(f, c)]] if (f, c) in passive else [])
        for f, c in zip(out.loc[mask, "figure_id"], out.loc[mask, "condition"], strict=True)
    ]
    return out.sort_values("setup_id").reset_index(drop=True)


def figure_evidence(figures: pd.DataFrame) -> dict[str, frozenset[str]]:
    """Per figure, what a judge may read besides the answer: its spec, its reference description."""
    return {
        r.figure_id: frozenset(
            name
            for name, value in (("spec", r.spec_path), ("reference", r.reference_description))
            if isinstance(value, str) and value.strip()
        )
        for r in figures.itertuples(index=False)
    }


def leave_out_unjudgeable(
    table: pd.DataFrame, figures: pd.DataFrame, judge_kind: str
) -> tuple[pd.DataFrame, dict[str, Any]]:
    """``table`` without the requests whose every unit the judge cannot judge, and what was left out.

    Only the description unit depends on the figure (see ``concepts.families.cannot_judge``); a
    describe request that also carries a caption-bias or passive blur probe is still sent for
    those units, and the judges stage cuts no description unit from it.
    """
    summary: dict[str, Any] = {"judge_kind": judge_kind, "requests": 0, "units": 0, "figures": 0, "by_reason": {}}
    if table.empty:
        return table, summary
    has = figure_evidence(figures)
    reasons = [
        cannot_judge("description", judge_kind, has[f]) if task == "describe" else None
        for f, task in zip(table["figure_id"], table["task"], strict=True)
    ]
    unjudged = pd.Series([r is not None for r in reasons], index=table.index)
    dropped = unjudged & (table["probe_ids"] == "[]")
    for reason, fid, drop in zip(reasons, table["figure_id"], dropped, strict=True):
        if reason is None:
            continue
        entry = summary["by_reason"].setdefault(
            reason, {"family": "description", "figures": set(), "units": 0, "requests": 0}
        )
        entry["figures"].add(fid)
        entry["units"] += 1
        entry["requests"] += int(drop)
    for entry in summary["by_reason"].values():
        entry["figures"] = len(entry["figures"])
    summary["requests"], summary["units"] = int(dropped.sum()), int(unjudged.sum())
    summary["figures"] = int(table.loc[unjudged, "figure_id"].nunique())
    return table[~dropped].reset_index(drop=True), summary


def left_out_note(summary: dict[str, Any]) -> str | None:
    """One line on what setups left out for the judge, or None when nothing was."""
    if not summary.get("units"):
        return None
    reasons = "; ".join(
        f"{e['units']:,} {e['family']} unit(s) on {e['figures']:,} figure(s): {reason}"
        for reason, e in summary["by_reason"].items()
    )
    return (
        f"{summary['requests']:,} request(s) and {summary['units']:,} unit(s) left out of setups, which the "
        f"configured judge (judge.kind {summary['judge_kind']}) cannot judge: {reasons}"
    )


def build(params_path: Path | str = params.DEFAULT_PARAMS) -> tuple[pd.DataFrame, dict[str, Any]]:
    """The table the stage writes (conformed to its schema) and what it leaves out, writing nothing.

    ``plan`` calls it too: after a prompt or params edit the stored table is about to be replaced,
    and the requests to count are the ones of this table, not of the stored one.
    """
    cfg = params.section(SetupsConfig, "setups", params_path)
    figures = read_table(paths.FIGURES, "figures")
    fig_ids = set(figures["figure_id"])
    conditions = read_table(paths.CONDITIONS, "conditions", refs={"figures": fig_ids}, root=None)
    probes = read_table(paths.PROBES, "probes", refs={"figures": fig_ids})
    table, left_out = leave_out_unjudgeable(
        build_setups(figures, conditions, probes, cfg), figures, params.judge_kind(params_path)
    )
    return validate(table, SETUPS, where=str(paths.SETUPS), refs={"figures": fig_ids}), left_out


def run(params_path: Path | str = params.DEFAULT_PARAMS) -> pd.DataFrame:
    table, left_out = build(params_path)
    written = write_table(table, paths.SETUPS, "setups")
    write_json(paths.SETUPS_LEFT_OUT, left_out)
    return written


@click.command("setups")
@click.option("--params", "params_path", default=str(params.DEFAULT_PARAMS), show_default=True, help="params file")
def setups_command(params_path: str) -> None:
    """Build data/setups/setups.parquet: one row per model request."""
    table = run(params_path)
    counts = table.groupby(["task", "condition"]).size()
    click.echo(f"setups: {len(table)} requests written to {paths.SETUPS}")
    click.echo(counts.to_string())
    note = left_out_note(json.loads(paths.SETUPS_LEFT_OUT.read_text(encoding="utf-8")))
    if note:
        click.echo(f"setups: {note} (counts in {paths.SETUPS_LEFT_OUT})")
