"""``scifigbench probes``: generate every probe family for the corpus (see stage.py)."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("probes")
@click.option("--params", "params_path", default="params.yaml", show_default=True, type=click.Path(dir_okay=False),
              help="params file whose `probes` section and `seed` drive generation")
@click.option("--root", default=".", show_default=True, type=click.Path(file_okay=False),
              help="repository root that data/ paths are relative to")
def probes(params_path: str, root: str) -> None:
    """Write data/probes/probes.parquet (+ summary.json, review_queue.json)."""
    from scifigbench.probes.stage import run

    stats = run(params_path, Path(root))
    click.echo(json.dumps(stats, indent=1))
