"""``scifigbench conditions``: run the stage with the params.yaml settings."""

from __future__ import annotations

import click


@click.command("conditions")
@click.option("--params", "params_path", default="params.yaml", show_default=True, help="params file to read")
@click.option("--workers", type=int, default=None, help="override conditions.workers")
@click.option("--quiet", is_flag=True, help="no progress bar")
def conditions(params_path: str, workers: int | None, quiet: bool) -> None:
    """Render every figure under each evaluation condition and select the blur targets.

    Writes data/conditions/conditions.parquet, blur_targets.parquet, images/ and gallery/.
    Reviewers' decisions on proposed targets are read from review/blur_targets.csv.
    """
    from dataclasses import replace

    from scifigbench import failures
    from scifigbench.conditions import config, stage

    cfg, seed = config.load(params_path)
    if workers is not None:
        cfg = replace(cfg, workers=workers)
    result = stage.run(cfg, seed, progress=not quiet)
    counts = result.conditions["condition"].value_counts().sort_index()
    status = result.targets.groupby(["mode", "status"]).size() if len(result.targets) else {}
    click.echo(f"conditions: {result.n_figures} figures ({result.reused} unchanged, reused), "
               f"{len(result.conditions)} condition rows in {result.wall:.1f} s")
    click.echo("  " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for (mode, st), n in dict(status).items():
        click.echo(f"  blur targets {mode}/{st}: {n}")
    for mode, n in sorted(result.held_back.items()):
        click.echo(f"  no {mode} target on {n} figures: a reader narrows the best candidate (see held_back)")
    click.echo(failures.summary("conditions", result.failures, result.n_figures, "figures", stage.ERRORS))
    if result.failures and len(result.failures) == result.n_figures:
        raise SystemExit(1)
