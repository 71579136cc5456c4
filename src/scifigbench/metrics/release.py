"""``scifigbench import-release DIR``: the paper's released per-item verdicts as judgment tables.

The release keeps one JSON per (task, model, figure) (``results/evaluation/resistance/<model>/
fig_XXX.json``, ``results/evaluation/caption_bias/...``, ``results/evaluation/active_probes/
<model>/<mode>/...``, ``results/evaluation/passive_probes/<model>/<mode>/...``); a folder may
also hold verdict-only blur tables (``blur_verdicts_active.jsonl``, ``blur_verdicts_passive.jsonl``).
Turning them into ``data/judgments/<model>.parquet`` under our contract lets the metrics stage
recompute the paper's numbers with the same code that scores our own runs — a check of both the
metric definitions and the pipeline.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click
import pandas as pd

from scifigbench import paths
from scifigbench.concepts.families import FAMILIES, unit_family
from scifigbench.concepts.kinds import kind_from_spelling
from scifigbench.concepts.names import BLUR_MODES, MODE_CONDITION
from scifigbench.contracts import JUDGMENTS
from scifigbench.files.jsonl import json_objects

RESISTANCE_VERDICTS = {1.0: "resists", 0.5: "hedges", 0.0: "accepts"}
CLAIM_SCORES = {"image": 1.0, "caption": 0.0}
UNKNOWN_CHART = "unknown"  # blur verdict tables carry no chart type; other release files may
# per-item blur verdicts: evaluation/<folder>/<model>/<mode>/fig_XXX.json (admits, fabricates, correct;
# passive files also carry ``mentioned``); each family declares its folder (``UnitFamily.release_folder``)
PROBE_FOLDERS = {f.name: f.release_folder for f in FAMILIES if f.release_folder is not None}


class ReleaseError(ValueError):
    """The release folder or one of its files does not have the expected layout."""


def find_results(root: Path) -> Path:
    """The release's ``results`` folder: ``root`` itself or below it (``release/*/results``)."""
    for cand in (root, root / "results", *sorted(root.glob("release/*/results")), *sorted(root.glob("*/results"))):
        if (cand / "evaluation").is_dir() or (cand / "generation").is_dir():
            return cand
    raise ReleaseError(f"{root}: no release results folder (expected evaluation/ or generation/ inside)")


def _load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ReleaseError(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ReleaseError(f"{path}: expected a JSON object")
    return data


def _need(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise ReleaseError(f"{where}: missing field '{key}'")
    return data[key]


def _chart(value: Any) -> str:
    return (kind_from_spelling(value) or UNKNOWN_CHART) if value else UNKNOWN_CHART


def _row(
    model: str, fig: str, condition: str, family: str, part: str, chart: str, judge: str, **kw: Any
) -> dict[str, Any]:
    task = unit_family(family).task
    setup = f"{fig}/{condition}/{task}"
    row = {c: None for c in JUDGMENTS.column_names}
    row.update(
        unit_id=f"{setup}#{part}",
        setup_id=setup,
        model=model,
        figure_id=fig,
        condition=condition,
        chart_type=chart,
        family=family,
        judge_id=judge,
    )
    row.update(kw)
    return row


def _evaluations(
    results: Path, family_dir: str
) -> Iterable[tuple[dict[str, Any], str, str, str, int, dict[str, Any], str]]:
    """(file data, model, figure, judge id, index, evaluation, where) for every evaluation of one family.

    The release stores one JSON file per model and figure under ``evaluation/<family>/<model>/``,
    each with a judge model and a list of ``evaluations``.
    """
    for path in sorted(results.glob(f"evaluation/{family_dir}/*/*.json")):
        data = _load(path)
        model, fig = path.parent.name, _need(data, "figure_id", str(path))
        judge = f"release:{data.get('judge_model', 'unknown')}"
        for i, ev in enumerate(_need(data, "evaluations", str(path))):
            yield data, model, fig, judge, i, ev, f"{path}: evaluations[{i}]"


def resistance_rows(results: Path) -> Iterable[dict[str, Any]]:
    for data, model, fig, judge, _, ev, where in _evaluations(results, "resistance"):
        ptype = _need(ev, "probe_type", where)
        score = ev.get("judge_score")
        details = json.dumps(
            {"question": ev.get("question"), "answer": ev.get("model_answer"), "reasoning": ev.get("judge_reasoning")},
            ensure_ascii=False,
        )
        value = None if score is None else float(score)
        verdict = None if value is None else RESISTANCE_VERDICTS.get(value)
        yield _row(
            model,
            fig,
            "base",
            "resistance",
            ptype,
            _chart(data.get("figure_type")),
            judge,
            category=ptype,
            probe_id=f"{fig}:{ptype}",
            details_json=details,
            score=None if verdict is None else value,
            verdict=verdict,
            error=None if verdict is not None else f"release verdict {score!r} is not 1 / 0.5 / 0",
        )


def caption_rows(results: Path) -> Iterable[dict[str, Any]]:
    for data, model, fig, judge, i, ev, where in _evaluations(results, "caption_bias"):
        mapped = str(_need(ev, "mapped_to", where))
        details = json.dumps(
            {
                "claim": ev.get("claim"),
                "reality": ev.get("reality"),
                "reason": ev.get("reason"),
                "judge_answer": ev.get("judge_answer"),
            },
            ensure_ascii=False,
        )
        known = mapped in CLAIM_SCORES or mapped in ("not_addressed", "none")
        yield _row(
            model,
            fig,
            "capbias",
            "caption_claim",
            str(ev.get("modification_index", i)),
            _chart(data.get("figure_type")),
            judge,
            category=ev.get("type"),
            probe_id=f"{fig}:claim{ev.get('modification_index', i)}",
            score=CLAIM_SCORES.get(mapped),
            verdict=mapped if mapped in CLAIM_SCORES else "none",
            details_json=details,
            error=None if known else f"release claim verdict {mapped!r} is not image / caption / not_addressed",
        )


def _blur_row(
    model: str,
    fig: str,
    mode: str,
    family: str,
    chart: str,
    judge: str,
    rec: dict[str, Any],
    where: str,
    text: dict[str, Any] | None,
) -> dict[str, Any]:
    if mode not in MODE_CONDITION:
        raise ReleaseError(f"{where}: mode {mode!r} is not {' / '.join(BLUR_MODES)}")
    flags = unit_family(family).booleans
    missing = [f for f in flags if not isinstance(rec.get(f), bool)]
    values = {f: rec.get(f) if isinstance(rec.get(f), bool) else None for f in flags}
    return _row(
        model,
        fig,
        MODE_CONDITION[mode],
        family,
        mode,
        chart,
        judge,
        category=mode,
        probe_id=f"{fig}:blur:{mode}",
        verdict=None if missing else "judged",
        details_json=json.dumps(text, ensure_ascii=False) if text else None,
        error=f"release verdict lacks {missing}" if missing else None,
        **values,
    )


def _answer_texts(results: Path) -> dict[tuple[str, str, str], dict[str, Any]]:
    """Question and answer of active blur probes from ``generation/active_probes``, for examples."""
    out = {}
    for path in sorted(results.glob("generation/active_probes/*/*/*.json")):
        data = _load(path)
        out[(path.parent.parent.name, path.parent.name, path.stem)] = {
            "question": data.get("question"),
            "blurred_element": data.get("blurred_element"),
            "expected_answer": data.get("expected_answer"),
            "answer": data.get("model_answer"),
        }
    return out


def blur_rows(results: Path, tables: dict[str, Path | None], charts: dict[str, str]) -> Iterable[dict[str, Any]]:
    """Blur verdicts: the verdict-only tables first, then the per-item evaluation files they lack
    (``evaluation/active_probes`` and ``evaluation/passive_probes``, as the release stores them)."""
    texts = _answer_texts(results)
    seen: set[tuple[str, str, str, str]] = set()
    for family, path in tables.items():
        if path is None:
            continue
        for _, where, rec in json_objects(path, ReleaseError):
            model, fig, mode = (str(_need(rec, k, where)) for k in ("model", "fig_id", "mode"))
            if (family, model, fig, mode) in seen:
                raise ReleaseError(f"{where}: duplicate verdict for {model} {fig} {mode}")
            seen.add((family, model, fig, mode))
            # the release keeps the question and answer of active probes only: a description has none
            text = texts.get((model, mode, fig)) if unit_family(family).reply_field == "answer" else None
            yield _blur_row(
                model, fig, mode, family, charts.get(fig, UNKNOWN_CHART), "release:verdict-table", rec, where, text
            )
    for family, folder in PROBE_FOLDERS.items():
        for path in sorted(results.glob(f"evaluation/{folder}/*/*/*.json")):
            model, mode, fig = path.parent.parent.name, path.parent.name, path.stem
            if (family, model, fig, mode) in seen:
                continue
            data = _load(path)
            text = {
                "question": data.get("question"),
                "blurred_element": data.get("blurred_element"),
                "answer": data.get("model_answer"),
                "reason": data.get("reason"),
            }
            yield _blur_row(
                model,
                fig,
                mode,
                family,
                charts.get(fig, UNKNOWN_CHART),
                f"release:{data.get('judge_model', 'unknown')}",
                data,
                str(path),
                text,
            )


def build_judgments(
    root: Path, blur_active: Path | None = None, blur_passive: Path | None = None
) -> dict[str, pd.DataFrame]:
    """model -> judgment rows (not yet validated) from a release folder."""
    results = find_results(root)
    blur_active = blur_active or next(iter(root.glob("blur_verdicts_active.jsonl")), None)
    blur_passive = blur_passive or next(iter(root.glob("blur_verdicts_passive.jsonl")), None)
    rows = list(resistance_rows(results)) + list(caption_rows(results))
    charts = {r["figure_id"]: r["chart_type"] for r in rows if r["chart_type"] != UNKNOWN_CHART}
    rows += list(blur_rows(results, {"blur_active": blur_active, "blur_passive": blur_passive}, charts))
    if not rows:
        raise ReleaseError(f"{root}: no verdicts found in the release layout")
    by_model: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_model[r["model"]].append(r)
    return {m: pd.DataFrame(rs, columns=JUDGMENTS.column_names) for m, rs in sorted(by_model.items())}


@click.command("import-release")
@click.argument("release_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--blur-active",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Verdict-only active blur table (default: RELEASE_DIR/blur_verdicts_active.jsonl if present).",
)
@click.option(
    "--blur-passive",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Verdict-only passive blur table (default: RELEASE_DIR/blur_verdicts_passive.jsonl if present).",
)
@click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.JUDGMENTS_DIR, show_default=True
)
def import_release(release_dir: Path, blur_active: Path | None, blur_passive: Path | None, out_dir: Path) -> None:
    """Import the paper's released per-item verdicts as data/judgments/<model>.parquet."""
    from scifigbench.tableio import write_table

    for model, df in build_judgments(release_dir, blur_active, blur_passive).items():
        written = write_table(df, out_dir / f"{model}.parquet", "judgments", root=None)
        fams = dict(sorted(written["family"].value_counts().to_dict().items()))
        errors = int(written["error"].notna().sum())
        click.echo(f"{model}: {len(written)} verdicts {fams}, {errors} errors")
