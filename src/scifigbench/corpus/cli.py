"""``scifigbench corpus``: build the figure corpus (thin wrapper over corpus.stage)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

import click

from scifigbench.params import DEFAULT_PARAMS, ParamsError


@click.command()
@click.option(
    "--params",
    "params_path",
    default=str(DEFAULT_PARAMS),
    show_default=True,
    type=click.Path(dir_okay=False),
    help="Parameters file (section `corpus`, key `seed`).",
)
@click.option(
    "--source",
    type=click.Choice(["synthetic", "manifest", "scivqa", "release"]),
    default=None,
    help="Override corpus.source from the params file.",
)
@click.option(
    "--manifest",
    type=click.Path(dir_okay=False),
    default=None,
    help="Override corpus.manifest (CSV/JSON list of images with chart type and caption).",
)
@click.option(
    "--scivqa-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Override corpus.scivqa_dir (folder with qa.json and images/).",
)
def corpus(params_path: str, source: str | None, manifest: str | None, scivqa_dir: str | None) -> None:
    """Build data/corpus: figure images, ground-truth specs, figures.parquet and text_elements.parquet.

    The default source renders the synthetic corpus (99 bar / 99 line / 52 pie figures, seed 42);
    `manifest` and `scivqa` import real figures without inventing missing ground truth.
    """
    from scifigbench import failures as failure_log
    from scifigbench.contracts import ContractError
    from scifigbench.corpus import config, stage
    from scifigbench.corpus.importers import ManifestError
    from scifigbench.corpus.release.layout import ReleaseLayoutError

    try:
        cfg, seed = config.load(params_path)
        overrides: dict[str, Any] = {
            k: v for k, v in (("source", source), ("manifest", manifest), ("scivqa_dir", scivqa_dir)) if v
        }
        cfg = dataclasses.replace(cfg, **overrides)
        warning = cfg.unwatched(Path("."))
        if warning:
            click.echo(f"corpus: warning: {warning}", err=True)
        figures, failures = stage.build(cfg, seed)
    except (ParamsError, ManifestError, ContractError, ReleaseLayoutError) as exc:
        click.echo(f"corpus: {exc}", err=True)
        sys.exit(1)
    counts = figures["chart_type"].value_counts().to_dict()
    click.echo(
        f"corpus: {len(figures)} figures ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}), "
        f"source {cfg.source}; primary {int(figures['subset_primary'].sum())}, "
        f"ablation {int(figures['subset_ablation'].sum())}",
        err=True,
    )
    if failures:
        click.echo(
            failure_log.summary("corpus", failures, len(figures) + len(failures), "rows", stage.ERRORS), err=True
        )


@click.command()
@click.argument("name", type=click.Choice(["paper", "extended"]))
@click.option("--per-kind", type=int, default=30, show_default=True, help="Figures of each kind (extended only).")
@click.option(
    "--params",
    "params_path",
    default=str(DEFAULT_PARAMS),
    show_default=True,
    type=click.Path(dir_okay=False),
    help="Params file to read.",
)
@click.option(
    "-o",
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the params here (may be the file read); default: print them.",
)
def preset(name: str, per_kind: int, params_path: str, out: str | None) -> None:
    """Set the corpus to a named design: `paper` (99 bar / 99 line / 52 pie) or `extended` (every
    registered chart kind, --per-kind figures each, subsets in the paper's proportions).

    Only the corpus keys the preset sets change; the file's comments and every other key keep
    their text. `git checkout params.yaml` returns to the committed paper design.
    """
    from scifigbench.corpus.presets import preset_corpus
    from scifigbench.params import load_raw, with_section_values

    try:
        load_raw(params_path)  # the same existence and YAML checks as every other reader
        text = with_section_values(Path(params_path).read_text(), "corpus", preset_corpus(name, per_kind))
    except (ParamsError, ValueError) as exc:
        click.echo(f"preset: {exc}", err=True)
        sys.exit(1)
    if out is None:
        click.echo(text, nl=False)
    else:
        Path(out).write_text(text)
        click.echo(f"preset: wrote the {name} corpus design to {out}", err=True)
