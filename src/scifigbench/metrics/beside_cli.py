"""``scifigbench release-beside``: the new model's Table 4 cells beside the published models'
(thin wrapper over metrics.beside); writes ``metrics/release_beside.json``."""

from __future__ import annotations

from pathlib import Path

import click

from scifigbench import paths

OUT = paths.METRICS_DIR / "release_beside.json"


@click.command("release-beside")
@click.option(
    "--ours",
    type=click.Path(file_okay=False, path_type=Path),
    default=paths.JUDGMENTS_DIR,
    show_default=True,
    help="This pipeline's judgments (corpus.source: release).",
)
@click.option(
    "--published",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("paper/judgments"),
    show_default=True,
    help="The release's verdicts as `paper/` imports them (its judgments stage).",
)
@click.option(
    "--paper-params",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("paper/params.yaml"),
    show_default=True,
    help="Row labels of the published models (section compare).",
)
@click.option(
    "--printed",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("paper/printed.csv"),
    show_default=True,
    help="The paper's printed values.",
)
@click.option("--bootstrap", type=int, default=10_000, show_default=True)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=OUT, show_default=True)
def release_beside(ours: Path, published: Path, paper_params: Path, printed: Path, bootstrap: int, out: Path) -> None:
    """Place each model of --ours beside the published models, column by column, on shared items."""
    from scifigbench.metrics.beside import beside, read_models, text_table
    from scifigbench.metrics.paper_cells import read_printed
    from scifigbench.metrics.paper_config import CompareConfig
    from scifigbench.params import section
    from scifigbench.tableio import write_json

    mine, theirs = read_models(ours), read_models(published)
    if not mine:
        raise click.ClickException(f"{ours}: no judgments (run the pipeline with corpus.source: release first)")
    if not theirs:
        raise click.ClickException(f"{published}: no published verdicts (run `dvc repro` in paper/ first)")
    labels = section(CompareConfig, "compare", paper_params).labels
    result = beside(mine, theirs, read_printed(printed) if printed.is_file() else {}, labels, B=bootstrap)
    write_json(out, result)
    click.echo(text_table(result))
    click.echo(f"release-beside: wrote {out}")
