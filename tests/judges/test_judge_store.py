"""Rule verdicts are reused per unit content: only changed units are judged again."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from scifigbench.caching.stepstore import ValueStore
from scifigbench.families.reply_units import Unit
from scifigbench.judges.stage import judge_units


def units(n: int) -> list[Unit]:
    return [
        Unit(
            unit_id=f"f{i}/base/capability#counting",
            setup_id=f"f{i}/base/capability",
            figure_id=f"f{i}",
            condition="base",
            chart_type="bar",
            family="capability",
            category="counting",
            probe_id=f"p{i}",
            fields={"answer": f"There are {i} bars.", "expected": {"value": i}},
        )
        for i in range(n)
    ]


def test_second_run_judges_only_new_or_changed_units(tmp_path: Path) -> None:
    seen: list[str] = []

    def judge(unit: Unit) -> dict:
        seen.append(unit.unit_id)
        return {"judge_id": "rule:test", "correct": str(unit.fields["expected"]["value"]) in unit.fields["answer"]}

    with ValueStore("judge-rule", "v1", tmp_path) as store:
        first = judge_units(units(5), "m", judge, "rule:test", progress=False, store=store)
    assert len(seen) == 5
    changed = units(6)
    changed[2] = replace(changed[2], fields={"answer": "No idea.", "expected": {"value": 2}})
    seen.clear()
    with ValueStore("judge-rule", "v1", tmp_path) as store:  # a new process: reads what the first one committed
        second = judge_units(changed, "m", judge, "rule:test", progress=False, store=store)
    assert seen == ["f2/base/capability#counting", "f5/base/capability#counting"]
    assert second.loc[[0, 1, 3, 4]].equals(first.loc[[0, 1, 3, 4]])
    assert not second.loc[2, "correct"] and first.loc[2, "correct"]
    seen.clear()
    judge_units(units(5), "m", judge, "rule:test", progress=False, store=ValueStore("judge-rule", "v2", tmp_path))
    assert len(seen) == 5  # a new code version judges everything again
