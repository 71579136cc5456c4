"""``scifigbench release-agreement``: the rule judge beside GPT-4o on the release's published
answers (thin wrapper over validation.release_agreement); writes ``metrics/release_agreement.json``
and its overall cells as the judge card's full-scale measurement (``metrics/judge_agreement.json``),
which the report's card shows beside the committed dev/held one."""

from __future__ import annotations

from pathlib import Path

import click

from scifigbench import paths
from scifigbench.contracts.judge_card import FULL_SCALE_FILE
from scifigbench.options import file_option, folder_option

OUT = paths.METRICS_DIR / "release_agreement.json"
CARD = paths.METRICS_DIR / FULL_SCALE_FILE


def release_name(release_dir: Path) -> str:
    """The release as its import pins it (``<url> @ <commit>`` from ``<release>.dvc``), else its folder."""
    from scifigbench.metrics.release_pin import PinError, pinned

    dvc_file = release_dir.with_name(release_dir.name + ".dvc")
    try:
        src = pinned(dvc_file)
    except (OSError, PinError):
        return release_dir.as_posix()
    return f"{src.url} @ {src.rev[:12]}"


@click.command("release-agreement")
@folder_option("--release", Path("paper/release"), "The release as paper/release.dvc imports it.", dest="release_dir")
@file_option("--out", OUT, "Agreement per family and model.")
@file_option("--card", CARD, "The same, overall per family, as the judge card's full-scale measurement.")
def release_agreement_command(release_dir: Path, out: Path, card: Path) -> None:
    """Judge every released answer with the rule judge; agreement with GPT-4o per family and model."""
    from scifigbench.metrics.release import ReleaseError, find_results
    from scifigbench.tableio import write_json
    from scifigbench.validation.release_agreement import as_card, release_agreement

    try:
        result = release_agreement(find_results(release_dir))
    except (ReleaseError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    write_json(out, result)
    write_json(card, as_card(result, release_name(release_dir)))
    for family, got in result["families"].items():
        c = got["overall"]
        click.echo(
            f"{family}: {c['n']} answers, decided {c['decided_share']}, exact agreement "
            f"{c['exact_agreement']}, kappa {c['kappa']} (on {got['compared']}, {c['compared']} compared)"
        )
    click.echo(f"release-agreement: wrote {out} and the judge card's full-scale measurement {card}")
