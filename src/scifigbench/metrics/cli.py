"""``scifigbench metrics``: thin click wrapper around :func:`scifigbench.metrics.stage.run`."""

from __future__ import annotations

from pathlib import Path

import click

from scifigbench import paths
from scifigbench.params import DEFAULT_PARAMS, load_raw, model_names, section


@click.command()
@click.option("--params", "params_path", type=click.Path(dir_okay=False, path_type=Path), default=DEFAULT_PARAMS, show_default=True)
@click.option("--judgments", "judgments_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.JUDGMENTS_DIR, show_default=True)
@click.option("--responses", "responses_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.RESPONSES_DIR, show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=paths.METRICS_DIR, show_default=True)
def metrics(params_path: Path, judgments_dir: Path, responses_dir: Path, out_dir: Path) -> None:
    """Compute the paper's tables (CIs, significance, reliability, agreement, run stats) as JSON
    for the models named in the params file (and no others)."""
    from scifigbench.metrics.stage import MetricsConfig, run

    cfg = section(MetricsConfig, "metrics", params_path)
    models = model_names(params_path)
    written = run(
        cfg,
        models=models,
        judgments_dir=judgments_dir,
        responses_dir=responses_dir,
        out_dir=out_dir,
        params=load_raw(params_path),
        figures_table=paths.FIGURES,
    )
    for path in written.values():
        click.echo(f"wrote {path}")
