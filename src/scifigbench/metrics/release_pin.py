"""``scifigbench pin-release``: ``paper/release.dvc``, a DVC import of the paper's release, from params.

``dvc import URL PATH --rev REV`` needs the network to resolve the revision; with a full commit
hash there is nothing to resolve, so the import file is written directly (the revision is its own
lock) and ``dvc update release.dvc`` or ``dvc pull`` fetches the folder and records its checksums.
``--check`` lets the first stage of ``paper/dvc.yaml`` refuse to run when params name another
repository or commit than the import file holds, so the two never disagree silently.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import click
import yaml

from scifigbench.metrics.paper_config import ReleaseSource
from scifigbench.params import DEFAULT_PARAMS, section

RELEASE_DIR = "release"  # the import's output folder, beside paper/dvc.yaml
FULL_SHA = re.compile(r"[0-9a-f]{40}")


class PinError(ValueError):
    """The params or the import file do not name one pinned commit of one repository."""


def import_file(src: ReleaseSource) -> dict[str, Any]:
    """The content of a DVC import file for ``src`` without checksums (``dvc update`` adds them)."""
    if not FULL_SHA.fullmatch(src.rev):
        raise PinError(f"release.rev {src.rev!r} is not a full 40-character commit hash: a branch or tag moves")
    return {
        "frozen": True,
        "deps": [{"path": src.path, "repo": {"url": src.url, "rev": src.rev, "rev_lock": src.rev}}],
        "outs": [{"path": RELEASE_DIR, "hash": "md5"}],
    }


def pinned(dvc_file: Path) -> ReleaseSource:
    """The repository, commit and folder an import file fetches."""
    if not dvc_file.exists():
        raise PinError(f"{dvc_file}: not found; run `scifigbench pin-release`")
    data = yaml.safe_load(dvc_file.read_text()) or {}
    try:
        dep = data["deps"][0]
        repo = dep["repo"]
        return ReleaseSource(url=repo["url"], rev=repo.get("rev_lock") or repo["rev"], path=dep["path"])
    except (KeyError, IndexError, TypeError):
        raise PinError(f"{dvc_file}: not a DVC import file (deps[0].repo missing)") from None


def differences(dvc_file: Path, src: ReleaseSource) -> list[str]:
    """What the import file fetches that params do not name (empty when they agree)."""
    have = pinned(dvc_file)
    return [
        f"{k}: {getattr(have, k)!r} in {dvc_file.name}, {getattr(src, k)!r} in params"
        for k in ("url", "rev", "path")
        if getattr(have, k) != getattr(src, k)
    ]


@click.command("pin-release")
@click.option(
    "--params",
    "params_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_PARAMS,
    show_default=True,
)
@click.option(
    "--dvc-file", type=click.Path(dir_okay=False, path_type=Path), default=Path(f"{RELEASE_DIR}.dvc"), show_default=True
)
@click.option("--check", is_flag=True, help="Only check that the import file fetches what params name.")
def pin_release(params_path: Path, dvc_file: Path, check: bool) -> None:
    """Write release.dvc (a DVC import of the paper's release) from the params `release` section."""
    src = section(ReleaseSource, "release", params_path)
    try:
        diff = differences(dvc_file, src) if check or dvc_file.exists() else ["no import file yet"]
        if check:
            if diff:
                raise PinError(
                    f"{dvc_file} does not import what {params_path} names ({'; '.join(diff)}); "
                    "run `scifigbench pin-release` then `dvc update release.dvc`"
                )
            click.echo(f"{dvc_file}: {src.url} @ {src.rev[:12]} ({src.path})")
            return
        if not diff:
            click.echo(f"{dvc_file} already imports {src.url} @ {src.rev[:12]}; nothing to do")
            return
        dvc_file.write_text(yaml.safe_dump(import_file(src), sort_keys=False))
    except PinError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {dvc_file}: {src.url} @ {src.rev[:12]} ({src.path}); now `dvc update {dvc_file}`")
