"""``scifigbench report``: metrics JSON (+ judgments, responses, gallery) -> reports/index.html.

Also writes the plots' data as CSV under ``reports/plots/`` for ``dvc plots``.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click

from scifigbench import paths
from scifigbench.params import DEFAULT_PARAMS, model_names


def _write_csv(path: Path, rows: list[dict]) -> None:
    from scifigbench.tableio import atomic_write_text, load_judgments

    buf = io.StringIO()
    if rows:
        w = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    atomic_write_text(path, buf.getvalue())


def _responses_text(responses_dir: Path, models: list[str]) -> dict[str, str]:
    """setup_id -> response text over the models' responses (those whose respond stage has run)."""
    import pandas as pd

    out: dict[str, str] = {}
    for f in (responses_dir / f"{m}.parquet" for m in models):
        if not f.is_file():
            continue
        df = pd.read_parquet(f, columns=["setup_id", "model", "text"])
        for sid, text in zip(df["setup_id"], df["text"], strict=True):
            if isinstance(text, str):
                out[sid] = text
    return out


def build_report(metrics_dir: Path, judgments_dir: Path, responses_dir: Path, gallery_dir: Path, out_dir: Path,
                 models: list[str] | None) -> Path:
    """The report of ``models`` only (the metrics files hold only them; examples are picked from them);
    None: of every model with a judgments table."""
    from scifigbench.contracts.metrics import METRIC_FILES
    from scifigbench.report import plots
    from scifigbench.report.examples import pick_examples
    from scifigbench.report.page import render
    from scifigbench.tableio import atomic_write_text, load_judgments

    metrics = {}
    for name in METRIC_FILES:
        f = metrics_dir / f"{name}.json"
        if f.is_file():
            metrics[name] = json.loads(f.read_text())
    if not metrics:
        raise click.ClickException(f"{metrics_dir}: no metrics JSON — run `scifigbench metrics` first")
    examples = []
    if models is None:
        models = sorted(p.stem for p in judgments_dir.glob("*.parquet"))
    present = [m for m in models if (judgments_dir / f"{m}.parquet").is_file()]
    if present:
        examples = pick_examples(load_judgments(judgments_dir, present), _responses_text(responses_dir, present))
    gallery = sorted(gallery_dir.glob("*.png")) if gallery_dir.is_dir() else []
    per, beh = metrics.get("perception", {}), metrics.get("behaviour", {})
    _write_csv(out_dir / "plots" / "mqm_conditions.csv", plots.mqm_condition_rows(per))
    _write_csv(out_dir / "plots" / "ari.csv", plots.ari_rows(beh))
    _write_csv(out_dir / "plots" / "quality_behaviour.csv", plots.quality_behaviour_rows(per, beh))
    index = out_dir / "index.html"
    atomic_write_text(index, render(metrics, gallery, examples))
    return index


@click.command()
@click.option("--params", "params_path", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_PARAMS, show_default=True)
@click.option("--metrics", "metrics_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.METRICS_DIR, show_default=True)
@click.option("--judgments", "judgments_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.JUDGMENTS_DIR, show_default=True)
@click.option("--responses", "responses_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.RESPONSES_DIR, show_default=True)
@click.option("--gallery", "gallery_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.GALLERY, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.REPORTS_DIR, show_default=True)
def report(params_path: Path, metrics_dir: Path, judgments_dir: Path, responses_dir: Path, gallery_dir: Path,
           out_dir: Path) -> None:
    """Write the self-contained HTML report (reports/index.html) and dvc plots data (reports/plots/)."""
    index = build_report(metrics_dir, judgments_dir, responses_dir, gallery_dir, out_dir, model_names(params_path))
    click.echo(f"wrote {index}")
