"""``scifigbench release-agreement``: the rule judge beside GPT-4o on the release's published
answers (thin wrapper over validation.release_agreement); writes ``metrics/release_agreement.json``."""

from __future__ import annotations

from pathlib import Path

import click

from scifigbench import paths
from scifigbench.contracts.judge_card import FULL_SCALE_FILE
from scifigbench.options import file_option, folder_option

OUT = paths.METRICS_DIR / FULL_SCALE_FILE  # where the report's judge card reads it


@click.command("release-agreement")
@folder_option("--release", Path("paper/release"), "The release as paper/release.dvc imports it.", dest="release_dir")
@file_option("--out", OUT)
def release_agreement_command(release_dir: Path, out: Path) -> None:
    """Judge every released answer with the rule judge; agreement with GPT-4o per family and model."""
    from scifigbench.metrics.release import ReleaseError, find_results
    from scifigbench.tableio import write_json
    from scifigbench.validation.release_agreement import release_agreement

    try:
        result = release_agreement(find_results(release_dir), str(release_dir))
    except (ReleaseError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    write_json(out, result)
    for family, got in result["families"].items():
        c = got["overall"]
        click.echo(
            f"{family}: {c['n']} answers, decided {c['decided_share']}, exact agreement "
            f"{c['exact_agreement']}, kappa {c['kappa']} (on {got['compared']}, {c['compared']} compared)"
        )
    click.echo(f"release-agreement: wrote {out}")
