"""What a setup asks a simulated respondent: the blur probe is found by its family's delivery trait."""

from __future__ import annotations

import json

import pytest

from scifigbench.concepts import probe_families
from scifigbench.concepts.probe_families import BLURRED, NUMBERED, TARGETS, ProbeFamily
from scifigbench.simulated.asked import blur_probe
from scifigbench.simulated.context import SimContext


def _context(*probes: tuple[str, str, dict]) -> SimContext:
    rows = {pid: {"probe_id": pid, "family": fam, "expected_json": json.dumps(exp)} for pid, fam, exp in probes}
    return SimContext(specs={}, probes=rows)


def _setup(*probe_ids: str) -> dict:
    return {"setup_id": "f/indb/blur_active", "probe_ids": json.dumps(list(probe_ids))}


def test_the_blur_probe_is_the_first_listed_probe_asked_of_a_blurred_image() -> None:
    ctx = _context(("p1", "resistance", {"answer": "r"}), ("p2", "blur", {"target_id": "t2"}))
    assert blur_probe(_setup("p1", "p2"), ctx) == {"target_id": "t2"}
    assert blur_probe(_setup("p1"), ctx) is None


def test_a_new_probe_family_delivered_blurred_is_found_without_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    toy = ProbeFamily("toy_blur", ("admittance", "inductance"), BLURRED, "blur_active", (TARGETS,))
    numbered_toy = ProbeFamily("toy_numbered", ("x",), NUMBERED, "capability", (TARGETS,))
    monkeypatch.setattr(
        probe_families, "PROBE_FAMILY_RECORDS", (*probe_families.PROBE_FAMILY_RECORDS, numbered_toy, toy)
    )
    ctx = _context(("q1", "toy_numbered", {"answer": 1}), ("q2", "toy_blur", {"target_id": "t9"}))
    assert blur_probe(_setup("q1", "q2"), ctx) == {"target_id": "t9"}
