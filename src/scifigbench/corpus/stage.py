"""The ``corpus`` stage: build figures.parquet, text_elements.parquet, images/ and specs/.

Everything is written under a staging folder beside ``data/corpus`` and validated there; only a
fully valid corpus replaces the previous one (two renames), so a contract violation or a crash
leaves the last good output in place.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pandas as pd

from scifigbench import paths
from scifigbench.contracts import TEXT_ELEMENTS
from scifigbench.corpus import importers, subsets, synthetic
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.figure_record import FigureRecord
from scifigbench.tableio import write_table


def collect(cfg: CorpusConfig, seed: int, stage_root: Path, root: Path) -> list[FigureRecord]:
    """All figure records of the configured source, with their files written under ``stage_root``."""
    if cfg.source == "synthetic":
        return list(synthetic.build(cfg.counts(), seed, cfg.dpi, cfg.workers, stage_root, paths.CORPUS, root))
    if cfg.source == "manifest":
        if not cfg.manifest:
            raise importers.ManifestError("params corpus.manifest must name a CSV/JSON manifest when source = manifest")
        entries = importers.manifest_entries(root / cfg.manifest)
    else:
        if not cfg.scivqa_dir:
            raise importers.ManifestError("params corpus.scivqa_dir must name a SciVQA folder when source = scivqa")
        entries = importers.scivqa_entries(root / cfg.scivqa_dir)
    return importers.import_entries(entries, cfg.source, stage_root, paths.CORPUS)


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
    root = Path(root)
    (root / paths.DATA).mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=root / paths.DATA, prefix=".corpus-staging-"))
    try:
        records = collect(cfg, seed, staging, root)
        figures, text = tables(records, cfg, seed)
        figures = write_table(figures, staging / paths.FIGURES, "figures", root=staging)
        write_table(text, staging / paths.TEXT_ELEMENTS, "text_elements",
                    refs={"figures": set(figures["figure_id"])}, root=staging)
        _replace_dir(staging / paths.CORPUS, root / paths.CORPUS)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return figures
