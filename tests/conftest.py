"""Shared test fixtures: the repo root and the read-only shared data folder beside the clone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from helpers.figure_store import FigureStore

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

    Built once per test run (shared by the xdist workers) through the real corpus stage;
    downstream stage tests can read ``<root>/data/corpus`` from it instead of rendering their own
    figures, and must not change it.
    """
    from helpers.built_once import built_once
    from scifigbench.corpus import stage
    from scifigbench.corpus.config import CorpusConfig

    cfg = CorpusConfig(
        n_bar=2,
        n_line=2,
        n_pie=2,
        primary={"bar": 1, "line": 1, "pie": 1},
        ablation={"bar": 1, "line": 0, "pie": 1},
        workers=2,
    )
    return built_once(tmp_path_factory, "tiny_corpus", lambda root: stage.run(cfg, 42, root))


@pytest.fixture(scope="session")
def figure_store(tmp_path_factory) -> FigureStore:
    """Generated specs and drawn figures shared by every module and xdist worker of the run
    (:mod:`helpers.figure_store`): ask it instead of calling ``generate`` / ``build_figure`` for a
    figure another module draws too. Specs come as fresh copies; drawn figures as bytes."""
    from helpers.figure_store import FigureStore

    return FigureStore(tmp_path_factory)


@pytest.fixture(scope="session", autouse=True)
def validated_stamps(tmp_path_factory) -> Iterator[Path]:
    """Validated stamps on for the whole test session, in one folder the xdist workers share.

    Why: a great-expectations suite costs 0.2-0.4 s, and tests write and read back the same tables
    (and rebuild the same tiny corpora) again and again. Each distinct content still runs its suite
    once; a failing suite is never stamped, so every contract violation is still found, and the
    dtype and path checks run on every call (see :mod:`scifigbench.caching.validated`). Tests of
    the stamps themselves replace the shelf with their own and count the suites they run.
    """
    from helpers.built_once import shared_folder
    from scifigbench.caching import validated

    folder = shared_folder(tmp_path_factory) / "validated-stamps"
    validated.enable(folder)
    yield folder
    validated.enable(None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules holding a ``long`` test first (those sharing a build another long module makes just
    after them), every module otherwise in collection order: :mod:`helpers.module_order` says why."""
    from helpers.module_order import sort_modules

    sort_modules(items)
