"""``scifigbench prune``: remove what models no longer under ``models:`` left behind.

Why: DVC neither deletes the outputs of a stage that left dvc.yaml (``respond@<model>``,
``judge@<model>`` of a removed model) nor its entries in dvc.lock. The metrics and the report read
the declared models' files by name, so leftovers never enter a result, but they stay inside the
folders those stages depend on (``data/responses``, ``data/judgments``), where they cost hashing
and confuse readers of ``data/`` and ``dvc.lock``. Pruning deletes them and the lock entries; the
cache objects behind them go with ``dvc gc -w``.

The lock is edited as text (whole stage blocks cut out), so every other byte stays as DVC wrote it.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import click

from scifigbench import params, paths

# The per-model outputs of the foreach stages (respond, judge) and the suffixes of their files.
MODEL_FOLDERS: dict[Path, tuple[str, ...]] = {
    paths.RESPONSES_DIR: (".parquet", ".stats.json"),
    paths.JUDGMENTS_DIR: (".parquet",),
}
CALLS_DIR = paths.DATA / "calls"
PER_MODEL_STAGES = ("respond", "judge")
_LOCK_STAGE = re.compile(r"^  (\S+?):\s*$")


@dataclass(frozen=True)
class Leftovers:
    files: list[Path]  # files and folders under data/, relative to the root
    lock_stages: list[str]  # dvc.lock entries of undeclared models


def _model_of(name: str, suffixes: tuple[str, ...]) -> str | None:
    return next((name.removesuffix(s) for s in sorted(suffixes, key=len, reverse=True) if name.endswith(s)), None)


def leftover_files(root: Path, declared: set[str]) -> list[Path]:
    """Per-model files and call folders under ``root/data`` of models not in ``declared``."""
    out = []
    for folder, suffixes in MODEL_FOLDERS.items():
        for f in sorted((root / folder).glob("*")):
            model = _model_of(f.name, suffixes)
            if f.is_file() and model is not None and model not in declared:
                out.append(f.relative_to(root))
    out += [d.relative_to(root) for d in sorted((root / CALLS_DIR).glob("*")) if d.is_dir() and d.name not in declared]
    return out


def lock_blocks(text: str) -> list[tuple[str, int, int]]:
    """(stage name, first line, end line) of each entry under ``stages:`` in dvc.lock ``text``."""
    lines = text.splitlines(keepends=True)
    starts = [(m.group(1), i) for i, line in enumerate(lines) if (m := _LOCK_STAGE.match(line))]
    ends = [i for _, i in starts[1:]] + [len(lines)]
    return [(name, start, end) for (name, start), end in zip(starts, ends, strict=True)]


def stale_lock_stages(text: str, declared: set[str]) -> list[str]:
    """Entries ``respond@<model>`` / ``judge@<model>`` of models not in ``declared``."""
    out = []
    for name, _, _ in lock_blocks(text):
        stage, _, key = name.partition("@")
        if stage in PER_MODEL_STAGES and key and key not in declared:
            out.append(name)
    return out


def without_stages(text: str, names: set[str]) -> str:
    """dvc.lock ``text`` with the blocks of ``names`` cut out, every other line unchanged."""
    lines = text.splitlines(keepends=True)
    cut = {i for name, start, end in lock_blocks(text) if name in names for i in range(start, end)}
    return "".join(line for i, line in enumerate(lines) if i not in cut)


def find(root: Path, params_path: Path) -> Leftovers:
    declared = set(params.model_names(params_path) or [])
    lock = root / "dvc.lock"
    stages = stale_lock_stages(lock.read_text(encoding="utf-8"), declared) if lock.is_file() else []
    return Leftovers(leftover_files(root, declared), stages)


def remove(root: Path, found: Leftovers) -> None:
    for rel in found.files:
        target = root / rel
        shutil.rmtree(target) if target.is_dir() else target.unlink()
    if found.lock_stages:
        lock = root / "dvc.lock"
        lock.write_text(without_stages(lock.read_text(encoding="utf-8"), set(found.lock_stages)), encoding="utf-8")


@click.command("prune")
@click.option("--dry-run", is_flag=True, help="List what would be removed; remove nothing.")
@click.option("--params", "params_path", type=click.Path(dir_okay=False, path_type=Path), default=params.DEFAULT_PARAMS)
def prune(dry_run: bool, params_path: Path) -> None:
    """Remove the data/ files and dvc.lock entries of models no longer under `models:`."""
    root = Path(".")
    found = find(root, params_path)
    for rel in found.files:
        click.echo(f"{'would remove' if dry_run else 'removed'} {rel}")
    for name in found.lock_stages:
        click.echo(f"{'would drop' if dry_run else 'dropped'} dvc.lock entry {name}")
    if not dry_run:
        remove(root, found)
    if not found.files and not found.lock_stages:
        click.echo("nothing to prune: every per-model file belongs to a model under `models:`")
