"""``scifigbench vet-blur``: the ``vetting`` stage with the params.yaml settings (``vetting_stage``)."""

from __future__ import annotations

import click


@click.command("vet-blur")
@click.option("--params", "params_path", default="params.yaml", show_default=True, help="params file to read")
def vet_blur(params_path: str) -> None:
    """Ask the conditions.vetting model about every ranked blur candidate and re-rank them for review.

    Writes data/vetting/blur_vetting.parquet (empty, sending nothing, without conditions.vetting).
    """
    from scifigbench import paths
    from scifigbench.conditions import config, vetting_stage
    from scifigbench.llm import RunAborted

    cfg, _ = config.load(params_path)
    try:
        table = vetting_stage.run(cfg, ".", params_path)
    except RunAborted as exc:  # the model cannot work as configured: the previous table stays
        raise click.ClickException(f"vetting: {exc}") from None
    if cfg.vetting is None:
        click.echo(f"vetting: off (conditions.vetting not set) -> {paths.BLUR_VETTING} (empty)")
        return
    errors = int(table["error"].notna().sum())
    moved = int(((table["vetted_rank"] == 1) & (table["rank"] != 1)).sum())
    dropped = int(table["vetted_rank"].isna().sum())
    click.echo(
        f"vetting: {len(table)} candidates asked of {cfg.vetting.model} ({errors} without an answer); "
        f"a new first candidate for {moved} figure mode(s), {dropped} dropped as furniture -> {paths.BLUR_VETTING}"
    )
