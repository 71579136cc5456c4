"""``scifigbench respond MODEL``: the ``respond@<model>`` stage."""

from __future__ import annotations

import os
from pathlib import Path

import click

from scifigbench import params, paths
from scifigbench.models import config, runner
from scifigbench.contracts import ContractError
from scifigbench.models.backends import ConfigError
from scifigbench.models.request import SetupError
from scifigbench.tableio import read_table

CACHE_ENV = "SCIFIGBENCH_CACHE_DIR"


@click.command("respond")
@click.argument("model")
@click.option("--params", "params_path", default=str(params.DEFAULT_PARAMS), show_default=True, help="params file")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"model-call cache and run journal [env {CACHE_ENV}, default {paths.CACHE_DIR}]")
@click.option("--retry-errors", is_flag=True, help="when resuming an interrupted run, call again the setups that had failed")
@click.option("--no-progress", is_flag=True, help="no progress bar")
def respond(model: str, params_path: str, cache_dir: Path | None, retry_errors: bool, no_progress: bool) -> None:
    """Send every setup to MODEL (a key of params.yaml: models) and write data/responses/MODEL.parquet."""
    cache_dir = cache_dir or Path(os.environ.get(CACHE_ENV) or paths.CACHE_DIR)
    try:
        eff = config.load(model, params_path)
        setups = read_table(paths.SETUPS, "setups")
        table, stats = runner.respond(eff, setups, Path("."), cache_dir, paths.responses(model),
                                      paths.response_stats(model), retry_errors=retry_errors, progress=not no_progress)
    except (params.ParamsError, ContractError, FileNotFoundError, ConfigError, SetupError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"respond {model}: {len(table)} rows -> {paths.responses(model)}; calls {stats.calls}, "
               f"cache hits {stats.cache_hits}, resumed {stats.resumed}, retries {stats.retries}, errors {stats.errors}, "
               f"cost ${stats.cost_usd:.4f}")
