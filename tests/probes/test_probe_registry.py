"""The probe-family registry agrees with the families' records: each family has its writers, and a
family's record names as its sources exactly the writers its package has."""

from __future__ import annotations

from scifigbench.concepts.probe_families import LAYOUT, PROBE_FAMILY_RECORDS, TARGETS
from scifigbench.probes.families.registry import WRITERS


def test_every_probe_family_has_its_writers_in_record_order() -> None:
    assert [w.name for w in WRITERS] == [f.name for f in PROBE_FAMILY_RECORDS]
    assert all(w.family is f for w, f in zip(WRITERS, PROBE_FAMILY_RECORDS, strict=True))


def test_a_family_written_from_the_layout_or_targets_has_that_writer() -> None:
    for w in WRITERS:
        assert (w.from_layout is not None) == (LAYOUT in w.family.writers), w.name
        assert (w.from_targets is not None) == (TARGETS in w.family.writers), w.name


def test_every_family_is_written_from_some_source() -> None:
    for w in WRITERS:
        assert w.from_spec or w.from_layout or w.from_targets, w.name
