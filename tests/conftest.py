"""Shared test fixtures: the repo root and the read-only shared data folder beside the clone."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` (real figures and released answers); tests needing it skip without it."""
    path = SHARED / "data"
    if not path.is_dir():
        pytest.skip(f"shared data not found at {path}")
    return path


@pytest.fixture(scope="session")
def tiny_corpus(tmp_path_factory) -> Path:
    """A repo-like folder holding a 6-figure synthetic corpus (2 bar, 2 line, 2 pie; seed 42).

    Built once per session through the real corpus stage; downstream stage tests can read
    ``<root>/data/corpus`` from it instead of rendering their own figures.
    """
    from scifigbench.corpus import stage
    from scifigbench.corpus.config import CorpusConfig

    root = tmp_path_factory.mktemp("tiny_corpus")
    cfg = CorpusConfig(n_bar=2, n_line=2, n_pie=2, primary={"bar": 1, "line": 1, "pie": 1},
                       ablation={"bar": 1, "line": 0, "pie": 1}, workers=2)
    stage.run(cfg, 42, root)
    return root
