"""The quality gate's verdicts: which changes in ruff/mypy/format counts fail, which only inform."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("quality_gate", REPO / "scripts" / "quality_gate.py")
gate = importlib.util.module_from_spec(_spec)
sys.modules["quality_gate"] = gate  # dataclasses look their module up there
_spec.loader.exec_module(gate)


def findings(*items: tuple[str, str]) -> gate.Findings:
    found = gate.Findings()
    for category, path in items:
        found.add(category, path)
    return found


BASE = findings(("E501", "a.py"), ("E501", "a.py"), ("F401", "b.py"))


def test_same_counts_pass_silently():
    assert gate.compare("ruff", findings(("E501", "a.py"), ("E501", "a.py"), ("F401", "b.py")), BASE) == ([], [], [])


def test_a_new_finding_fails_on_total_and_on_its_rule():
    failures, _, _ = gate.compare("ruff", findings(*[("E501", "a.py")] * 2, ("F401", "b.py"), ("B007", "c.py")), BASE)
    assert failures == ["ruff: 4 findings, baseline 3", "ruff B007: 1 (baseline 0)"]


def test_trading_one_rule_for_another_fails_though_the_total_is_unchanged():
    failures, _, better = gate.compare("ruff", findings(("E501", "a.py"), ("E501", "a.py"), ("B905", "b.py")), BASE)
    assert failures == ["ruff B905: 1 (baseline 0)"] and better == []


def test_a_finding_that_moves_to_another_file_is_only_a_note():
    failures, notes, _ = gate.compare("ruff", findings(("E501", "a.py"), ("E501", "z.py"), ("F401", "b.py")), BASE)
    assert failures == [] and notes == ["ruff z.py: 1 (baseline 0)"]


def test_a_newly_unformatted_file_fails_even_if_another_was_formatted():
    base = findings(("unformatted", "old.py"))
    failures, _, _ = gate.compare("ruff-format", findings(("unformatted", "new.py")), base)
    assert failures == ["ruff-format new.py: 1 (baseline 0)"]


def test_fewer_findings_are_reported_as_a_baseline_to_lower():
    failures, _, better = gate.compare("ruff", findings(("E501", "a.py")), BASE)
    assert failures == [] and better == ["ruff: 1 findings, baseline 3"]


def test_baseline_round_trips_and_is_consistent():
    assert gate.Findings.from_json(json.loads(json.dumps(BASE.to_json()))).by_category == Counter(E501=2, F401=1)
    stored = json.loads((REPO / "quality-baseline.json").read_text())
    for tool in gate.TOOLS:
        data = stored[tool]
        assert data["total"] == sum(data["by_file"].values()) == sum(data["by_category"].values()), tool
