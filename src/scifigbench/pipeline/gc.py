"""``scifigbench gc``: report the cache and drop what the current code can no longer reach.

Why: the untracked cache (``.scifigbench-cache``) only grew (344 -> 600 MB across one session) and
there was no way to clean it short of deleting it all, which costs every figure's recomputation.
Every store keeps its records in a folder named for the code version that computed them
(:mod:`scifigbench.caching.shelf`), so what the current code can still reach is exactly:

- per store, the folder of the current code version (records of every param setting that code can
  compute are kept: flipping a param back reuses them, as DVC's run cache does);
- the conditions images (blobs) that a kept figure result names;
- the current import-scan memo of :mod:`scifigbench.caching.codedeps`.

Everything else under a store's folder is dropped: other code versions, a store's older layout, and
the temporary files of writers killed more than :data:`STALE_TEMP_S` ago. The model answers
(``responses.sqlite``: paid for), the run journal and ledger, the rate-limit pools, the validated
stamps and the report thumbnails are reported and never dropped.

Safe against the current lock: when a code file dvc.lock records differs from the workspace's (the
pipeline's outputs were made by other code than the workspace holds), the current versions are not
the lock's, so gc deletes nothing unless told ``--force``. Run it when no stage is running.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import click
import yaml

from scifigbench import paths
from scifigbench.caching import codedeps
from scifigbench.conditions.figure_cache import BLOBS, named_blobs
from scifigbench.conditions.figure_cache import KIND as FIGURE_MEMO
from scifigbench.conditions.stage import figure_memo
from scifigbench.corpus.synthetic import render_store
from scifigbench.judges.stage import rule_store
from scifigbench.ocr import cache as ocr_cache
from scifigbench.probes.stage import spec_store
from scifigbench.respond.runner import simulated_store

STALE_TEMP_S = 3600  # a temporary record older than this belongs to a writer that is gone
SRC = "src/"


@dataclass(frozen=True)
class Item:
    """One folder or file of the cache, its size in bytes and whether gc keeps it."""

    path: Path
    size: int
    keep: bool
    why: str


def size_of(path: Path) -> int:
    """Bytes of the files under ``path`` (a hard-linked file counts once)."""
    if path.is_file() or path.is_symlink():
        return path.lstat().st_size
    seen: set[tuple[int, int]] = set()
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            st = os.lstat(os.path.join(folder, name))
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total


def live_folders(root: Path) -> dict[str, set[str]]:
    """Per store folder (relative to the cache root), the version folders the current code uses.

    Asked of the stages, not listed here: a store's version is its own code's business."""
    cache = paths.cache_root(root).absolute()
    live: dict[str, set[str]] = {}
    folders = [
        render_store(root).shelf.folder,
        spec_store(root).shelf.folder,
        rule_store(root).rows.path.parent,
        simulated_store(root).rows.path.parent,
        figure_memo(root).results.folder,
        *(paths.cache_root(root) / ocr_cache.KIND / ocr_cache.shelf_version(name) for name in ocr_cache.ENGINES),
    ]
    for folder in folders:
        rel = folder.absolute().relative_to(cache)
        live.setdefault(rel.parent.as_posix(), set()).add(rel.name)
    live[FIGURE_MEMO].add(BLOBS)  # the images of every version: sorted out one by one
    return live


def _is_stale_temp(path: Path, now: float) -> bool:
    try:
        return path.name.startswith(".") and now - path.lstat().st_mtime > STALE_TEMP_S
    except OSError:
        return False


def survey(cache: Path, live: dict[str, set[str]], now: float | None = None) -> list[Item]:
    """Every part of the cache, each kept or dropped: ``live`` names each store's current versions."""
    now = time.time() if now is None else now
    stores = {cache / store: versions for store, versions in live.items()}

    def walk(folder: Path) -> Iterator[Item]:
        for child in sorted(folder.iterdir()):
            if child in stores:
                yield from _store(child, stores[child], now)
            elif any(r.is_relative_to(child) for r in stores):
                yield from walk(child)  # a folder of stores (steps/)
            elif folder != cache:
                yield Item(child, size_of(child), False, "a store no current code uses")
            elif child.name == codedeps.MEMO_DIR:
                yield from _memos(child)
            else:
                yield Item(child, size_of(child), True, "not a versioned store: never dropped")

    return list(walk(cache)) if cache.is_dir() else []


def _store(folder: Path, versions: set[str], now: float) -> Iterator[Item]:
    for child in sorted(folder.iterdir()):
        if child.name == BLOBS and child.name in versions:
            yield from _blobs(child, [folder / v for v in sorted(versions - {BLOBS})])
        elif child.name in versions:
            yield from _version(child, now)
        else:
            yield Item(child, size_of(child), False, "other code version or older layout")


def _blobs(blobs: Path, results: list[Path]) -> Iterator[Item]:
    named = set().union(*(named_blobs(r) for r in results if r.is_dir()))
    for blob in sorted(blobs.rglob("*")):
        if blob.is_file():
            keep = blob.name in named
            yield Item(
                blob, blob.lstat().st_size, keep, "image a kept figure names" if keep else "image no kept figure names"
            )


def _version(folder: Path, now: float) -> Iterator[Item]:
    """The current version folder: kept, but the temporary records of killed writers go."""
    fans = [folder, *(fan for fan in folder.iterdir() if fan.is_dir() and not fan.name.startswith("."))]
    stale = [p for fan in fans for p in fan.iterdir() if _is_stale_temp(p, now)]
    yield from (Item(p, size_of(p), False, "a killed writer's temporary record") for p in stale)
    yield Item(folder, size_of(folder) - sum(size_of(p) for p in stale), True, "current code version")


def _memos(folder: Path) -> Iterator[Item]:
    """Old import-scan memos (named for an older codedeps source) go; the current one stays."""
    current = codedeps.memo_name()
    for f in sorted(folder.iterdir()):
        keep = f.name == current
        yield Item(f, size_of(f), keep, "current import-scan memo" if keep else "older import-scan memo")


def lock_code_changed(root: Path) -> list[str]:
    """The code files dvc.lock records with other content than the workspace's (a file dep's md5)."""
    lock = root / "dvc.lock"
    if not lock.is_file():
        return []
    stages = (yaml.safe_load(lock.read_text(encoding="utf-8")) or {}).get("stages", {})
    recorded: dict[str, str] = {}
    for stage in stages.values():
        for dep in stage.get("deps", []):
            md5 = str(dep.get("md5", ""))
            if dep.get("path", "").startswith(SRC) and md5:
                recorded[dep["path"]] = md5
    return [rel for rel, md5 in sorted(recorded.items()) if _md5_of(root / rel, folder=md5.endswith(".dir")) != md5]


def _md5_of(path: Path, folder: bool) -> str | None:
    """The md5 dvc.lock records for a code dep: a file's, or for a folder (most code deps since they
    were coarsened) DVC's directory hash, the md5 of its sorted (md5, relpath) listing plus ``.dir``,
    without the bytecode caches ``.dvcignore`` leaves out. None when the path is gone."""
    if not folder:
        return hashlib.md5(path.read_bytes()).hexdigest() if path.is_file() else None
    if not path.is_dir():
        return None
    listing = [
        {"md5": hashlib.md5(f.read_bytes()).hexdigest(), "relpath": f.relative_to(path).as_posix()}
        for f in sorted(path.rglob("*"))
        if f.is_file() and f.suffix != ".pyc" and "__pycache__" not in f.parts
    ]
    listing.sort(key=lambda e: e["relpath"])
    return hashlib.md5(json.dumps(listing, sort_keys=True).encode()).hexdigest() + ".dir"


def sweep(items: Iterable[Item]) -> None:
    for item in items:
        if item.keep:
            continue
        if item.path.is_dir() and not item.path.is_symlink():
            shutil.rmtree(item.path, ignore_errors=True)
        else:
            item.path.unlink(missing_ok=True)


def _mb(n: int) -> str:
    return f"{n / 1e6:9.1f} MB"


def summary(cache: Path, items: list[Item]) -> list[str]:
    """Sizes per reason and in total, before and after."""
    lines = []
    by: dict[tuple[bool, str], tuple[int, int]] = {}
    for it in items:
        n, size = by.get((it.keep, it.why), (0, 0))
        by[(it.keep, it.why)] = (n + 1, size + it.size)
    for (keep, why), (n, size) in sorted(by.items(), key=lambda kv: (kv[0][0], -kv[1][1])):
        lines.append(f"{'keep' if keep else 'drop'} {_mb(size)}  {n:6d} × {why}")
    before = sum(it.size for it in items)
    after = sum(it.size for it in items if it.keep)
    lines.append(f"cache {cache}: {_mb(before).strip()} now, {_mb(after).strip()} after gc")
    return lines


@click.command("gc")
@click.option("--dry-run", is_flag=True, help="Only report what would be kept and dropped, with sizes.")
@click.option("--force", is_flag=True, help="Drop even when dvc.lock was made by other code than the workspace's.")
@click.option("--verbose", "-v", is_flag=True, help="List every dropped folder or file.")
def gc(dry_run: bool, force: bool, verbose: bool) -> None:
    """Report the untracked cache and drop what the current code can no longer reach."""
    root = Path(".")
    cache = paths.cache_root(root)
    items = survey(cache, live_folders(root))
    for line in summary(cache, items):
        click.echo(line)
    dropped = [it for it in items if not it.keep]
    if verbose:
        for it in dropped:
            click.echo(f"  drop {_mb(it.size)}  {it.path}")
    changed = lock_code_changed(root)
    if changed and not force:
        click.echo(
            f"dvc.lock records other content for {len(changed)} code file(s) (e.g. {changed[0]}): the "
            "current code's versions are not the lock's. Nothing dropped; reproduce first, or --force."
        )
        return
    if dry_run:
        click.echo("dry run: nothing dropped")
        return
    sweep(dropped)
    click.echo(f"dropped {len(dropped)} item(s), {_mb(sum(it.size for it in dropped)).strip()}")
