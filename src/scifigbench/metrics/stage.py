"""The ``metrics`` stage: read every model's judgments, write the paper's tables under metrics/.

``metrics/<name>.json`` hold every cell with its CI, n and error count (git-tracked, read by the
report); ``metrics/summary/<table>/<model>.json`` hold one row of one of the paper's four headline
tables, point values only (``dvc metrics diff --targets metrics/summary`` compares them).
``metrics/headline.json`` holds five cells per model (base MQM, capability, A, R, I) and is all
dvc.yaml declares as metrics, so ``dvc exp show`` gets five columns per model instead of hundreds.
Keys are sorted and numbers rounded so an unchanged input gives byte-identical files and diffs show
only real changes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
from tqdm import tqdm

from scifigbench import paths
from scifigbench.concepts.families import FAMILIES
from scifigbench.contracts import JUDGMENTS
from scifigbench.contracts.metrics import METRIC_FILES, headline_values, summary_values
from scifigbench.decisions.verdicts import read_decisions
from scifigbench.metrics import tables
from scifigbench.metrics.breakdown import breakdown
from scifigbench.metrics.config import MetricsConfig
from scifigbench.metrics.header import judge_ids, run_header
from scifigbench.metrics.human_agreement import human_agreement, read_human_scores
from scifigbench.metrics.validity import validity
from scifigbench.tableio import load_judgments, read_table, write_json


def _read_json_numbers(path: Path) -> dict[str, Any]:
    """Numeric and nested-numeric fields of a stats JSON; other fields are not metrics.

    Durations (keys ending in ``_s``, e.g. ``wall_s``) are left out too: they change on every rerun,
    so in a metrics file they would make ``dvc metrics diff`` report changes where nothing changed.
    """
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from None

    def keep(x: Any) -> Any:
        if isinstance(x, bool):
            return int(x)
        if isinstance(x, (int, float)):
            return x
        if isinstance(x, dict):
            kept = {str(k): keep(v) for k, v in x.items() if not str(k).endswith("_s")}
            return {k: v for k, v in kept.items() if v is not None} or None
        return None

    return keep(data) or {}


def run_statistics(
    j: pd.DataFrame, responses_dir: Path, judgments_dir: Path, models: list[str] | None = None
) -> dict[str, Any]:
    """Answers, errors, tokens and cost per model (from its answers, not from how a run got them),
    the judge ids that decided its units, and judged rows.

    The respond stage's ``<model>.stats.json`` is computed from its table, so a rerun served from
    the cache gives the same numbers; calls, cache hits and retries of each run are in the ledger.
    With ``models`` only their stats files are read (those of a model removed from params.yaml
    may still lie in the folder); without, every ``*.stats.json`` there. ``judge`` is read from the
    judgment rows themselves (model -> judge id -> rows), as the run header is.
    """
    out: dict[str, Any] = {"respond": {}, "judge": judge_ids(j), "judgments": {}}
    files = (
        [responses_dir / f"{m}.stats.json" for m in models]
        if models is not None
        else sorted(responses_dir.glob("*.stats.json"))
    )
    for f in files:
        if f.is_file():
            out["respond"][f.name.removesuffix(".stats.json")] = _read_json_numbers(f)
    for model, rows in j.groupby("model"):
        fams = {}
        for fam, fr in rows.groupby("family"):
            fams[str(fam)] = {"rows": int(len(fr)), "errors": int(fr["error"].notna().sum())}
        out["judgments"][str(model)] = {
            "rows": int(len(rows)),
            "errors": int(rows["error"].notna().sum()),
            "judges": int(rows["judge_id"].nunique()),
            "by_family": fams,
        }
    return out


def _judged_as(probe_family: str) -> tuple[str, ...]:
    """The judgment families fed by a probe family: coverage.json names the one, the report's cells
    the other; "all" is every family, a name that feeds none stands for itself."""
    if probe_family == "all":
        return tuple(f.name for f in FAMILIES)
    return tuple(f.name for f in FAMILIES if f.probe_family == probe_family) or (probe_family,)


def not_measured(coverage_path: Path, left_out_path: Path | None = None) -> dict[str, str]:
    """Judgment family -> what it needs, for families the probes stage said real figures do not get,
    with the units the setups stage left out for the configured judge counted beside them.

    The probes stage writes ``coverage.json`` (see probes/coverage.py), the setups stage
    ``left_out.json``; the report shows these reasons in place of empty cells. A family missing
    for every figure kind reads "all".
    """
    out: dict[str, str] = {}

    def add(fam: str, reason: str) -> None:
        out[fam] = f"{out[fam]}; {reason}" if fam in out else reason

    if coverage_path.exists():
        for gap in json.loads(coverage_path.read_text(encoding="utf-8")).get("not_measured", []):
            for fam in _judged_as(gap["family"]):
                add(fam, f"{gap['needs']} ({gap.get('figures', 'real')} figures)")
    if left_out_path is not None and left_out_path.exists():
        for reason, e in json.loads(left_out_path.read_text(encoding="utf-8")).get("by_reason", {}).items():
            add(
                e["family"],
                f"{e['units']:,} unit(s) on {e['figures']:,} figure(s) left out of setups, "
                f"{e['requests']:,} request(s) not sent: {reason}",
            )
    return out


def judge_agreement_files(judgments_dir: Path) -> dict[str, Any]:
    """Agreement reports written by the judge stage (``*agreement*.json``), passed through."""
    return {f.stem: _read_json_numbers(f) for f in sorted(judgments_dir.glob("*agreement*.json"))}


def read_audit(audit_dir: Path, models: list[str] | None) -> pd.DataFrame:
    """The audit judge's rows of ``models`` (every table in the folder when None); none: empty."""
    files = sorted(audit_dir.glob("*.parquet")) if models is None else [audit_dir / f"{m}.parquet" for m in models]
    frames = [read_table(f, "judgments", root=None) for f in files if f.is_file()]
    frames = [f for f in frames if len(f)]
    return pd.concat(frames, ignore_index=True) if frames else JUDGMENTS.empty()


def compute(
    j: pd.DataFrame,
    cfg: MetricsConfig,
    *,
    human: pd.DataFrame | None = None,
    responses_dir: Path = paths.RESPONSES_DIR,
    judgments_dir: Path = paths.JUDGMENTS_DIR,
    coverage_path: Path = paths.PROBES_COVERAGE,
    left_out_path: Path = paths.SETUPS_LEFT_OUT,
    models: list[str] | None = None,
    params: dict[str, Any] | None = None,
    figures: pd.DataFrame | None = None,
    reviewed: dict[str, dict[str, str]] | None = None,
    audit: pd.DataFrame | None = None,
) -> dict[str, dict[str, Any]]:
    """Every metrics file's content, keyed by file stem.

    ``params`` (the parsed params file) and ``figures`` (the corpus table) feed the run header;
    without params it records the metrics section only. ``reviewed``: the verdict review file's
    rows; ``audit``: the audit judge's rows.
    """
    sc = tables.StatConfig(B=cfg.bootstrap, seed=cfg.seed, split_half_splits=cfg.split_half_splits)
    steps = {
        "perception": lambda: tables.perception(j, sc),
        "capability": lambda: tables.capability(j, sc),
        "behaviour": lambda: tables.behaviour(j, sc),
        "significance": lambda: tables.significance(j, sc),
        "correlations": lambda: tables.correlations(j),
        "reliability": lambda: tables.reliability(j, sc),
        "agreement": lambda: {
            "judges": judge_agreement_files(judgments_dir),
            **({"human": human_agreement(j, human)} if human is not None else {}),
        },
        "run": lambda: {
            **run_statistics(j, responses_dir, judgments_dir, models),
            "not_measured": not_measured(coverage_path, left_out_path),
        },
        "header": lambda: run_header(params if params is not None else {}, cfg, j, figures, sc.level),
        "breakdown": lambda: breakdown(j, figures, sc),
        "validity": lambda: validity(j, reviewed or {}, JUDGMENTS.empty() if audit is None else audit),
    }
    out = {}
    for name in tqdm(METRIC_FILES, desc="metrics", unit="table", leave=False):
        out[name] = steps[name]()
    return out


def run(
    cfg: MetricsConfig,
    *,
    models: list[str] | None = None,
    judgments_dir: Path = paths.JUDGMENTS_DIR,
    responses_dir: Path = paths.RESPONSES_DIR,
    out_dir: Path = paths.METRICS_DIR,
    params: dict[str, Any] | None = None,
    figures_table: Path | None = None,
    audit_dir: Path = paths.AUDIT_DIR,
    review_file: Path = paths.REVIEW_VERDICTS,
) -> dict[str, Path]:
    """Compute and write all metric files for ``models`` (every table in the folder when None).

    ``params`` and ``figures_table`` (the corpus table, when it exists) go into the run header."""
    j = load_judgments(judgments_dir, models)
    human = read_human_scores(cfg.human_scores) if cfg.human_scores else None
    figures = read_table(figures_table, "figures", root=None) if figures_table and figures_table.is_file() else None
    results = compute(
        j,
        cfg,
        human=human,
        responses_dir=responses_dir,
        judgments_dir=judgments_dir,
        models=models,
        params=params,
        figures=figures,
        reviewed=read_decisions(review_file),
        audit=read_audit(audit_dir, models),
    )
    written = {}
    for name, content in results.items():
        path = out_dir / f"{name}.json"
        write_json(path, content)
        written[name] = path
    summary = out_dir / "summary"
    summary.mkdir(parents=True, exist_ok=True)  # a dvc output even when no model was judged (no-model path)
    for old in summary.glob("*/*.json"):  # models or tables dropped since the last run must not linger
        old.unlink()
    rows = summary_values(results)
    for name, per_model in rows.items():
        for model, row in per_model.items():
            path = summary / name / f"{model}.json"
            write_json(path, row)
            written[f"summary/{name}/{model}"] = path
    write_json(out_dir / "headline.json", headline_values(rows))
    written["headline"] = out_dir / "headline.json"
    return written
