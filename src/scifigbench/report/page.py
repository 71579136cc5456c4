"""Assemble the self-contained HTML report: inline CSS, plots and gallery as base64 PNG, no links out."""

from __future__ import annotations

import base64
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from scifigbench.report import plots, tables
from scifigbench.report.examples import Example

# what the answers hold and cost (responses/<model>.stats.json); calls and cache hits are in the untracked ledger
RUN_COLUMNS = ("setups", "answered", "errors", "prompt_tokens", "completion_tokens", "cost_usd")
MAX_GALLERY_BYTES = 2_000_000  # per image; keeps the report small enough to open anywhere


def _img(png: bytes, alt: str, mime: str = "image/png") -> str:
    return f"<img alt='{escape(alt)}' src='data:{mime};base64,{base64.b64encode(png).decode('ascii')}'>"


def gallery_section(images: list[Path]) -> str:
    figs = []
    for p in images:
        data = p.read_bytes()
        if len(data) > MAX_GALLERY_BYTES:
            continue
        figs.append(f"<figure>{_img(data, p.stem)}<figcaption>{escape(p.stem)}</figcaption></figure>")
    if not figs:
        return ""
    return f"<section><h2>One figure under every condition</h2><div class='gallery'>{''.join(figs)}</div></section>"


def examples_section(examples: list[Example]) -> str:
    if not examples:
        return ""
    items = []
    for e in examples:
        q = f"<div><b>Prompt/claim:</b> {escape(e.question)}</div>" if e.question else ""
        a = f"<blockquote>{escape(e.answer)}</blockquote>" if e.answer else ""
        ev = f"<div class='meta'><b>Judge:</b> {escape(e.evidence)}</div>" if e.evidence else ""
        items.append(f"<div class='example'><b>{escape(e.title)}</b> <span class='meta'>{escape(e.model)} · {escape(e.figure_id)}"
                     f" · {escape(e.condition)} · {escape(e.verdict)}</span>{q}{a}{ev}</div>")
    return f"<section><h2>Example responses per behaviour</h2>{''.join(items)}</section>"


def run_section(run: dict[str, Any]) -> str:
    respond = run.get("respond", {})
    judged = run.get("judgments", {})
    models = sorted(set(respond) | set(judged))
    if not models:
        return ""
    head = "".join(f"<th>{c}</th>" for c in RUN_COLUMNS) + "<th>judged rows</th><th>judge errors</th>"
    body = []
    for m in models:
        r = respond.get(m, {})
        cells = "".join(f"<td>{escape(_num(r.get(c)))}</td>" for c in RUN_COLUMNS)
        jd = judged.get(m, {})
        body.append(f"<tr><th class='model'>{escape(m)}</th>{cells}<td>{jd.get('rows', '–')}</td><td>{jd.get('errors', '–')}</td></tr>")
    extra = tables.flat_table("Judge statistics", run["judge"]) if run.get("judge") else ""
    return (f"<section><h2>Run statistics</h2><table><thead><tr><th>Model</th>{head}</tr></thead><tbody>{''.join(body)}"
            f"</tbody></table></section>{extra}")


def _num(v: Any) -> str:
    if v is None:
        return "–"
    return f"{v:.4f}" if isinstance(v, float) else str(v)


def render(metrics: dict[str, dict[str, Any]], gallery: list[Path], examples: list[Example], title: str = "scifigbench report") -> str:
    """The whole page; ``metrics`` maps a metrics file stem (perception, behaviour, ...) to its content."""
    perception, behaviour = metrics.get("perception", {}), metrics.get("behaviour", {})
    figs = [
        plots.mqm_conditions_png(plots.mqm_condition_rows(perception)),
        plots.ari_png(plots.ari_rows(behaviour)),
        plots.quality_behaviour_png(plots.quality_behaviour_rows(perception, behaviour)),
    ]
    plot_html = "".join(_img(p, "plot") for p in figs if p)
    parts = [
        *tables.perception_tables(perception),
        f"<section class='plots'><h2>Perception and behaviour</h2><div>{plot_html}</div></section>" if plot_html else "",
        tables.behaviour_table(metrics.get("capability", {}), behaviour),
        tables.caption_type_table(behaviour),
        tables.significance_table(metrics.get("significance", {})),
        tables.correlation_table(metrics.get("correlations", {})),
        tables.flat_table("Reliability", metrics.get("reliability", {})),
        tables.flat_table("Agreement (judges, humans)", metrics.get("agreement", {})),
        gallery_section(gallery),
        examples_section(examples),
        run_section(metrics.get("run", {})),
    ]
    css = resources.files("scifigbench.report").joinpath("style.css").read_text()
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{escape(title)}</title>"
            f"<style>{css}</style></head><body><header><h1>{escape(title)}</h1>"
            f"<p>Perception (MQM), reasoning and Admittance–Resistance–Inductance behaviour of vision-language models "
            f"on scientific figures. 95 % percentile bootstrap CIs.</p></header><main>"
            + "".join(p for p in parts if p) + "</main></body></html>")
