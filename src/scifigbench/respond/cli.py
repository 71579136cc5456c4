"""``scifigbench respond MODEL``: the ``respond@<model>`` stage."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from scifigbench import params, paths
from scifigbench.contracts import ContractError
from scifigbench.llm import bundle, config
from scifigbench.llm.aborted import RunAborted
from scifigbench.llm.apikey import ConfigError
from scifigbench.llm.cache import CACHE_ENV, CACHE_FILE, ResponseCache
from scifigbench.llm.cache import cache_dir as resolve_cache_dir
from scifigbench.llm.request import SetupError
from scifigbench.llm.run_stats import format_cost
from scifigbench.llm.terminate import Terminated, sigterm_raises
from scifigbench.respond import runner
from scifigbench.tableio import read_table


def _with_cache(cache_dir: Path, action: Callable[[ResponseCache], object]) -> None:
    cache = ResponseCache(cache_dir / CACHE_FILE)
    try:
        action(cache)
    finally:
        cache.close()


@click.command("respond")
@click.argument("model")
@click.option("--params", "params_path", default=str(params.DEFAULT_PARAMS), show_default=True, help="params file")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"model-call cache and run journal [env {CACHE_ENV}, default {paths.CACHE_DIR}]")
@click.option("--retry-errors", is_flag=True,
              help="when resuming a stopped run, call again the setups that had failed (as params run.retry_errors)")
@click.option("--no-progress", is_flag=True, help="no progress bar")
def respond(model: str, params_path: str, cache_dir: Path | None, retry_errors: bool, no_progress: bool) -> None:
    """Send every setup to MODEL (a key of params.yaml: models) and write data/responses/MODEL.parquet."""
    cache_dir = resolve_cache_dir(cache_dir)
    try:
        eff = config.load(model, params_path)
        setups = read_table(paths.SETUPS, "setups")
        shared = paths.call_bundle(model)
        if eff.model.backend != "simulated":  # simulated respondents are not cached: nothing to share
            _with_cache(cache_dir, lambda cache: bundle.load(shared, cache))
        with sigterm_raises():
            table, stats = runner.respond(eff, setups, Path("."), cache_dir, paths.responses(model),
                                          paths.response_stats(model), retry_errors=retry_errors or eff.retry_errors,
                                          progress=not no_progress)
        shared.mkdir(parents=True, exist_ok=True)
        if eff.model.backend != "simulated":
            _with_cache(cache_dir, lambda cache: bundle.save(shared, cache, table["request_hash"]))
    except (params.ParamsError, ContractError, FileNotFoundError, ConfigError, SetupError, RunAborted,
            ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    except Terminated:
        click.echo(f"respond {model}: stopped by SIGTERM; its calls are in {cache_dir / 'ledger.jsonl'}, its "
                   "finished rows in the journal (the next run resumes from them)", err=True)
        raise
    click.echo(f"respond {model}: {len(table)} rows -> {paths.responses(model)}; calls {stats.calls}, "
               f"cache hits {stats.cache_hits}, resumed {stats.resumed}, retries {stats.retries}, errors {stats.errors}, "
               f"cost {format_cost(stats.cost_usd)} (run log: {cache_dir / 'ledger.jsonl'})")


@click.command("ledger")
@click.option("--cache-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help=f"model-call cache holding ledger.jsonl [env {CACHE_ENV}, default {paths.CACHE_DIR}]")
def ledger_command(cache_dir: Path | None) -> None:
    """Sum the ledger: runs, calls, cache hits, retries, errors, tokens and cost per (role, model)."""
    from scifigbench.llm import ledger

    try:
        totals = ledger.totals(ledger.read(resolve_cache_dir(cache_dir)))
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if not totals:
        click.echo("the ledger is empty: no model has been called yet")
        return
    click.echo("role\tmodel\t" + "\t".join(("runs", *ledger.SUMMED)))
    for (role, model), row in sorted(totals.items()):
        cells = [_cell(row[k], k, int(row["unpriced_runs"] or 0)) for k in ("runs", *ledger.SUMMED)]
        click.echo(f"{role}\t{model}\t" + "\t".join(cells))


def _cell(value: float | None, key: str, unpriced: int = 0) -> str:
    if key != "cost_usd":
        return str(int(value or 0))
    if value is None:
        return "unknown"
    return f"{value:.6f}" + (f" + unknown ({unpriced} run(s) without a price)" if unpriced else "")
