"""The probes of a release corpus: the paper's released items, adopted as they are.

The corpus stage wrote them (``data/corpus/release/probes.parquet``) with the release's ids,
questions, expected answers, reviewer notes and statuses; no rule, layout reading or generator
proposes anything here. The coverage note is the release's own (what it cannot serve, one line
per family, e.g. "clean images: 0 of 250 supplied"), plus the description judge and a real model
when the params lack them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd

from scifigbench import paths
from scifigbench.probes.coverage import NEEDS_LLM_JUDGE, NEEDS_REAL_MODEL, Setting
from scifigbench.tableio import read_table


def is_release(root: Path) -> bool:
    return (root / paths.RELEASE_PROBES).is_file()


def probes(root: Path, ids: set[str]) -> pd.DataFrame:
    return read_table(root / paths.RELEASE_PROBES, "probes", refs={"figures": ids}, root=root)


def coverage(root: Path, setting: Setting) -> dict[str, Any]:
    """The release's coverage (corpus stage) with what the params add: a description judge, a real model."""
    cover = json.loads((root / paths.RELEASE_COVERAGE).read_text(encoding="utf-8"))
    gaps = list(cover["not_measured"])
    if setting.judge_kind == "rule":  # expert descriptions are references for an LLM judge only
        gaps.append({"family": "description", "figures": cover["figures"], "needs": NEEDS_LLM_JUDGE})
    if not setting.real_models:
        gaps.append({"family": "all", "figures": cover["figures"], "needs": NEEDS_REAL_MODEL})
    plan = "The paper's release: " + "; ".join(cover["lines"]) + "."
    return {**cover, "not_measured": gaps, "plan": plan}
