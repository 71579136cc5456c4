"""The conditions of a release corpus: the paper's own condition images and blur targets, adopted.

When the corpus stage imported the paper's release (``corpus.source: release``) it wrote the
released images (blurred, transformed, page renders, and the clean image where a user supplied
one) and the release's blur targets as our tables under ``data/corpus/release``. Nothing is
recomputed or re-proposed here: no OCR, no target selection, no transform; the tables are checked
against the contracts again and written where the later stages read conditions.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd

from scifigbench import paths
from scifigbench.contracts.blur_candidates import BLUR_CANDIDATES
from scifigbench.failures import write_failures
from scifigbench.tableio import read_table, write_table


def is_release(root: Path) -> bool:
    """Whether the corpus under ``root`` is a release import (its tables are there)."""
    return (root / paths.RELEASE_CONDITIONS).is_file()


def adopt(root: Path, errors: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Write the release's conditions and blur targets as the stage's outputs; (conditions, targets)."""
    figures = read_table(root / paths.FIGURES, "figures", root=root)
    ids = figures["figure_id"].tolist()
    targets = read_table(root / paths.RELEASE_BLUR_TARGETS, "blur_targets", refs={"figures": ids}, root=root)
    refs = {"figures": ids, "blur_targets": targets["target_id"].tolist()}
    conditions = read_table(root / paths.RELEASE_CONDITIONS, "conditions", refs=refs, root=root)
    targets = write_table(targets, root / paths.BLUR_TARGETS, "blur_targets", refs={"figures": ids}, root=root)
    write_table(BLUR_CANDIDATES.empty(), root / paths.BLUR_CANDIDATES, "blur_candidates", root=root)
    conditions = write_table(conditions, root / paths.CONDITIONS, "conditions", refs=refs, root=root)
    write_failures(root / errors, [])
    # a previous run's images go; the folders stay (empty): later stages name them as deps
    for stale in (paths.CONDITION_IMAGES, paths.GALLERY, paths.OCR_BOXES):
        shutil.rmtree(root / stale, ignore_errors=True)
        (root / stale).mkdir(parents=True)
    return conditions, targets
