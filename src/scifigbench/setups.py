"""The ``setups`` stage: the model-agnostic table of every request a model will be sent.

One row per request: the figure image of a condition, the task's prompt (id + version), the caption
shown with it (or none) and the probes the request answers, in order. Responses and judgments are
keyed by ``setup_id``, so everything downstream can be traced back to one row here.

Tasks:
- ``describe`` for every condition image (the prompt depends on the chart type) and for
  ``capbias``: the base image with the modified caption of the figure's caption-bias probe;
- ``capability``: the figure's four capability questions in one numbered prompt (base image);
- ``resistance``: the figure's three resistance probes in one numbered prompt (base image);
- ``blur_active``: a targeted question on the admb/indb image whose answer is the blurred text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import pandas as pd

from scifigbench import params, paths, prompts
from scifigbench.concepts.kinds import chart_kind
from scifigbench.concepts.names import CAPABILITY_CATEGORIES, CONDITION_ORDER, MODE_CONDITION, RESISTANCE_TYPES
from scifigbench.tableio import read_table, write_table


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
        base = conds.get(f"{fid}/base")
        if base is None:
            continue
        base_caption = None if pd.isna(base.caption) else base.caption

        for family, order, prompt_id in (
            ("capability", CAPABILITY_CATEGORIES, "capability"),
            ("resistance", RESISTANCE_TYPES, "resistance"),
        ):
            fam = _ordered([p for p in group if p["family"] == family], order)
            if not fam:
                continue
            prompt = prompts.load(prompt_id)
            text = prompt.render(n=len(fam), questions=_numbered([p["text"] for p in fam]))
            rows.append(_row(fig, base, "base", family, prompt, text, base_caption, [p["probe_id"] for p in fam]))

        if "capbias" in wanted:
            for probe in (p for p in group if p["family"] == "caption_bias"):
                prompt = _describe_prompt(fig.chart_type)
                rows.append(
                    _row(fig, base, "capbias", "describe", prompt, prompt.render(), probe["text"], [probe["probe_id"]])
                )

        for probe in (p for p in group if p["family"] == "blur"):
            condition = MODE_CONDITION[probe["category"]]
            cond = conds.get(f"{fid}/{condition}")
            if condition not in wanted or cond is None:
                continue
            prompt = prompts.load("blur_active")
            caption = None if pd.isna(cond.caption) else cond.caption
            rows.append(
                _row(
                    fig,
                    cond,
                    condition,
                    "blur_active",
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
    blur = probes[probes["family"] == "blur"]
    passive = {(r.figure_id, MODE_CONDITION[r.category]): r.probe_id for r in blur.itertuples(index=False)}
    mask = (out["task"] == "describe") & out["condition"].isin(list(MODE_CONDITION.values()))
    out.loc[mask, "probe_ids"] = [
        json.dumps([passive[(f, c)]] if (f, c) in passive else [])
        for f, c in zip(out.loc[mask, "figure_id"], out.loc[mask, "condition"], strict=True)
    ]
    return out.sort_values("setup_id").reset_index(drop=True)


def run(params_path: Path | str = params.DEFAULT_PARAMS) -> pd.DataFrame:
    cfg = params.section(SetupsConfig, "setups", params_path)
    figures = read_table(paths.FIGURES, "figures")
    fig_ids = set(figures["figure_id"])
    conditions = read_table(paths.CONDITIONS, "conditions", refs={"figures": fig_ids}, root=None)
    probes = read_table(paths.PROBES, "probes", refs={"figures": fig_ids})
    table = build_setups(figures, conditions, probes, cfg)
    return write_table(table, paths.SETUPS, "setups", refs={"figures": fig_ids})


@click.command("setups")
@click.option("--params", "params_path", default=str(params.DEFAULT_PARAMS), show_default=True, help="params file")
def setups_command(params_path: str) -> None:
    """Build data/setups/setups.parquet: one row per model request."""
    table = run(params_path)
    counts = table.groupby(["task", "condition"]).size()
    click.echo(f"setups: {len(table)} requests written to {paths.SETUPS}")
    click.echo(counts.to_string())
