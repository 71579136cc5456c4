"""``scifigbench release-beside``: the new model's Table 4 cells beside the published models'
(thin wrapper over metrics.beside); the release_beside stage, which exists when
``corpus.source: release`` (params ``release_beside.paper``), writes ``metrics/release_beside.json``."""

from __future__ import annotations

from pathlib import Path

import click

from scifigbench import paths
from scifigbench.contracts.metrics import RELEASE_BESIDE, RELEASE_BESIDE_UNITS
from scifigbench.options import file_option, folder_option
from scifigbench.params import DEFAULT_PARAMS

OUT = paths.METRICS_DIR / f"{RELEASE_BESIDE}.json"
UNITS = paths.METRICS_DIR / RELEASE_BESIDE_UNITS  # the published models' units behind their cells
# inside the paper/ project (paper/dvc.yaml): the published verdicts its judgments stage imports, the
# row labels of its compare section, and the paper's printed values
PUBLISHED, PAPER_PARAMS, PRINTED = "judgments", "params.yaml", "printed.csv"


@click.command("release-beside")
@file_option("--params", DEFAULT_PARAMS, "bootstrap resamples and seed: section metrics", dest="params_path")
@folder_option("--paper", "paper", "the paper/ project: its judgments/, params.yaml (labels) and printed.csv")
@folder_option("--ours", paths.JUDGMENTS_DIR, "this pipeline's judgments (corpus.source: release)")
@file_option("--probes", paths.PROBES, "the released probes: the capability annotators' answers")
@file_option("--out", OUT)
@folder_option("--units", UNITS, "the published models' judgments behind their cells (the report's explorer)")
def release_beside(params_path: Path, paper: Path, ours: Path, probes: Path, out: Path, units: Path) -> None:
    """Place each model of --ours beside the published models, column by column, on shared items."""
    from scifigbench.metrics.beside import annotator_models, beside, published_units, read_models, text_table
    from scifigbench.metrics.config import MetricsConfig
    from scifigbench.metrics.paper_cells import read_printed
    from scifigbench.metrics.paper_config import CompareConfig
    from scifigbench.params import section
    from scifigbench.tableio import read_table, write_json, write_table

    mine, theirs = read_models(ours), read_models(paper / PUBLISHED)
    if not mine:
        raise click.ClickException(f"{ours}: no judgments (run the pipeline with corpus.source: release first)")
    if not theirs:
        raise click.ClickException(
            f"{paper / PUBLISHED}: no published verdicts (run `dvc repro judgments` in {paper} first)"
        )
    cfg = section(MetricsConfig, "metrics", params_path)
    labels = section(CompareConfig, "compare", paper / PAPER_PARAMS).labels
    printed = paper / PRINTED
    people = annotator_models(read_table(probes, "probes", root=None)) if probes.is_file() else {}
    result = beside(
        mine,
        theirs,
        read_printed(printed) if printed.is_file() else {},
        labels,
        B=cfg.bootstrap,
        seed=cfg.seed,
        people=people,
    )
    write_json(out, result)
    for old in units.glob("*.parquet"):  # a model no longer published must not linger in the explorer
        old.unlink()
    for model, rows in published_units(result, theirs).items():
        write_table(rows, units / f"{model}.parquet", "judgments", root=None)
    click.echo(text_table(result))
    click.echo(f"release-beside: wrote {out}")
