"""The ``corpus`` stage: build figures.parquet, text_elements.parquet, images/ and specs/.

Everything is written under a staging folder beside ``data/corpus`` and validated there; only a
fully valid corpus replaces the previous one (two renames), so a contract violation or a crash
leaves the last good output in place. Imported sources skip bad rows: each becomes a record in
``data/corpus/errors.json`` (row, step, message) and the corpus holds the others; only a source
with no importable row at all fails the stage.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pandas as pd

from scifigbench import paths
from scifigbench.contracts import TEXT_ELEMENTS
from scifigbench.corpus import importers, subsets, synthetic
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.figure_record import FigureRecord
from scifigbench.corpus.release import build as release_build
from scifigbench.failures import ItemFailure, summary, write_failures
from scifigbench.tableio import write_table

ERRORS = paths.CORPUS / "errors.json"


def collect(cfg: CorpusConfig, seed: int, stage_root: Path, root: Path) -> tuple[list[FigureRecord], list[ItemFailure]]:
    """All figure records of the configured source (files written under ``stage_root``) and the rows that failed."""
    if cfg.source == "synthetic":
        return list(synthetic.build(cfg.counts(), seed, cfg.dpi, cfg.workers, stage_root, paths.CORPUS, root, cfg.styles)), []
    rows = importers.source_rows(cfg, root)
    for note in rows.notes:
        print(f"corpus: note: {note}", file=sys.stderr)
    records, failures = importers.import_entries(rows.entries, cfg.source, stage_root, paths.CORPUS, cfg.max_image_pixels)
    failures = rows.failures + failures
    if not records:
        raise importers.ManifestError(summary("corpus", failures, len(failures), "rows", "(nothing imported)"))
    return records, failures


def given_subsets(figures: pd.DataFrame, given: tuple[set[str] | None, set[str] | None]) -> pd.DataFrame:
    """The subsets a source gives itself (the release's ``sampled_100`` and ``ablation_50``) in place
    of the drawn ones; None keeps the drawn subset."""
    for column, ids in zip(("subset_primary", "subset_ablation"), given, strict=True):
        if ids is not None:
            figures[column] = figures["figure_id"].isin(ids)
    return figures


def tables(records: list[FigureRecord], cfg: CorpusConfig, seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    figures = pd.DataFrame([r.figure_row() for r in records])
    figures = subsets.assign(figures, cfg.primary, cfg.ablation, seed)
    rows = [e for r in records for e in r.text_elements]
    text = pd.DataFrame(rows, columns=TEXT_ELEMENTS.column_names) if rows else TEXT_ELEMENTS.empty()
    return figures, text


def _replace_dir(new: Path, target: Path) -> None:
    """Swap ``new`` into ``target``'s place; the old directory is removed only after the swap."""
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{os.getpid()}")
        os.replace(target, old)
    os.replace(new, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def run(cfg: CorpusConfig, seed: int, root: Path | str = ".") -> pd.DataFrame:
    """Build the corpus under ``root`` (the repository root); return the figures table."""
    return build(cfg, seed, root)[0]


def build(cfg: CorpusConfig, seed: int, root: Path | str = ".") -> tuple[pd.DataFrame, list[ItemFailure]]:
    """Build the corpus under ``root``; return the figures table and the rows that failed to import."""
    root = Path(root)
    (root / paths.DATA).mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=root / paths.DATA, prefix=".corpus-staging-"))
    try:
        given: tuple[set[str] | None, set[str] | None] = (None, None)
        if cfg.source == "release":
            released = release_build.collect(root / cfg.release_dir,
                                             root / cfg.release_images if cfg.release_images else None,
                                             staging, cfg.max_image_pixels)
            records, failures, given = released.records, released.failures, (released.primary, released.ablation)
            if not records:
                raise importers.ManifestError(
                    summary("corpus", failures, len(failures), "figures", "(nothing imported)")
                )
            release_build.write_tables(released, staging)
            for line in released.coverage["lines"]:
                print(f"corpus: release: {line}", file=sys.stderr)
        else:
            records, failures = collect(cfg, seed, staging, root)
        figures, text = tables(records, cfg, seed)
        figures = given_subsets(figures, given)
        write_failures(staging / ERRORS, failures)
        figures = write_table(figures, staging / paths.FIGURES, "figures", root=staging)
        write_table(text, staging / paths.TEXT_ELEMENTS, "text_elements",
                    refs={"figures": set(figures["figure_id"])}, root=staging)
        _replace_dir(staging / paths.CORPUS, root / paths.CORPUS)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return figures, failures
