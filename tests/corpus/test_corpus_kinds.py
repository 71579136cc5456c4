"""The corpus registry and the concepts registry name the same chart kinds.

A kind registered in ``concepts.kinds`` without a corpus module could not be generated or drawn;
a corpus module without a record would have no traits, words or checklist.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scifigbench.caching import codedeps
from scifigbench.concepts import kinds as concept_kinds
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus import kinds as corpus_kinds
from scifigbench.corpus.generate import generate
from scifigbench.corpus.kinds import CORPUS_KINDS


def test_every_registered_kind_has_a_corpus_entry_and_no_other() -> None:
    assert list(CORPUS_KINDS) == list(CHART_KINDS)
    assert all(entry.name == name for name, entry in CORPUS_KINDS.items())


@pytest.mark.parametrize("package", [concept_kinds, corpus_kinds])
def test_every_kind_module_is_registered_and_read_by_the_dependency_scan(package) -> None:
    """A module named for a kind in either folder is in its registry (a forgotten registry line
    fails here, not as a missing kind later), and code importing the registry depends on it."""
    folder = Path(package.__file__).parent
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__", "record"}
    assert modules == set(CHART_KINDS)
    scanned = codedeps.closure(package.__name__)
    assert {folder / f"{m}.py" for m in modules} <= scanned


@pytest.mark.parametrize("kind", CHART_KINDS)
def test_figures_cycle_through_the_kinds_variants(kind: str) -> None:
    variants = CORPUS_KINDS[kind].variants
    specs = [generate(3, kind, i, 72) for i in range(len(variants))]
    assert [s.variant for s in specs] == list(variants)
    assert {s.chart_type for s in specs} == {kind}
    assert all(p.kind == kind for s in specs for p in s.panels)
