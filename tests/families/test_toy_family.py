"""Adding a unit family is one folder plus one registry line (and its facts record).

The test copies the package, drops the toy family of ``toy_answered/`` into ``families/``, adds
its facts to ``concepts/families.py`` and one line to ``families/registry.py``, and changes
nothing else. In that copy the simulated respondent answers capability setups, the judges stage
cuts and judges the toy's units, the judgments contract accepts them, the metrics compute the
toy's headline cell and its own table in the capability file, the report shows that table as the
toy's folder lays it out (its value linked to exactly its units), the report's examples show the
behaviour it declares, the breakdown splits its cell by chart type and style, and the explorer
shows its units with its expected-answer lines. The toy's rate is checked against what the
simulated respondent says it skipped, computed apart.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.package_copy import PACKAGE, changed, copy_package

HERE = Path(__file__).parent
SEEDS = 6

FACTS = """    UnitFamily(
        "toy_answered",
        "capability",
        "capability",
        "answer",
        ("answered",),
        ("answered", "skipped"),
        (),
        "judge_capability",
        ("capability",),
    ),
"""


def _add_toy(package: Path) -> None:
    shutil.copytree(HERE / "toy_answered", package / "families" / "toy_answered")
    facts = package / "concepts" / "families.py"
    text = facts.read_text()
    end = text.index("\n)\n\nUNIT_FAMILIES")
    facts.write_text(text[: end + 1] + FACTS + text[end + 1 :])
    registry = package / "families" / "registry.py"
    text = registry.read_text().replace(
        "from scifigbench.families.resistance import judge as resistance\n",
        "from scifigbench.families.resistance import judge as resistance\n"
        "from scifigbench.families.toy_answered import judge as toy_answered\n",
    )
    text = text.replace("blur_active, blur_passive)", "blur_active, blur_passive, toy_answered)")
    registry.write_text(text)


def test_a_new_family_is_picked_up_by_judging_metrics_explorer_and_simulator(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    _add_toy(package)
    assert changed(PACKAGE, package) == (
        ["concepts/families.py", "families/registry.py"],
        ["families/toy_answered"],
    )

    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(tmp_path / "src"), str(HERE.parent)])}
    run = subprocess.run(
        [sys.executable, str(HERE / "toy_run.py"), str(SEEDS)], env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])

    assert out["families"] == ["capability", "toy_answered"]
    # independently: the respondent's own trace of which questions it left without an answer
    answered = [a for flags in out["traces"].values() for a in flags]
    assert out["toy_units"] == len(answered) and 0 < sum(answered) < len(answered)
    assert out["toy_answered"] == sum(answered)
    assert out["headline"]["sim-weak"] == sum(answered) / len(answered)
    # its own paper table, declared in its folder, sits in capability.json beside the capability family's
    assert sorted(out["capability_table"]) == ["accuracy", "answered"]
    toy_cell = out["capability_table"]["answered"]["sim-weak"]["overall"]
    assert toy_cell["n"] == len(answered)  # the table rounds to 6 decimals
    assert toy_cell["value"] == pytest.approx(sum(answered) / len(answered), abs=5e-7)
    # the report shows that table as the toy's folder lays it out, beside the capability family's
    tables = {t["title"]: t for t in out["report_tables"]}
    assert list(tables) == ["Unified behavioural evaluation", "Questions answered"]
    toy = tables["Questions answered"]
    assert toy["columns"] == ["Answered"] and toy["fed_by"] == ["toy_answered"]
    [[model, [[text, link, n]]]] = toy["rows"]
    assert model == "sim-weak" and n == len(answered)
    assert text == f"{100 * sum(answered) / len(answered):.1f}"
    assert link == "explorer.html#model=sim-weak&status=counted&family=toy_answered"
    assert out["page_sections"] == ["Questions answered", "% of numbered questions with a line"]
    assert all(i.endswith("#answered") for i in out["toy_ids"])
    assert out["expected_lines"] == [f"Expected: a numbered line answering '{out['first_probe']}'"]
    assert "toy_answered" in out["explorer_families"]
    # the behaviour its folder declares is the report's one example here (capability declares none):
    # the first skipped unit by unit id
    assert out["examples"] == [["Leaves a question without a line", "sim-weak", out["skipped_ids"][0]]]
    # its cell is broken down per chart type and style under the header its folder declares
    by_kind = dict(out["breakdown"])["Answered % by chart type"]
    assert sum(n for _, n in by_kind) == len(answered)


def test_the_shipped_package_does_not_know_the_toy() -> None:
    from scifigbench.concepts.families import UNIT_FAMILIES
    from scifigbench.families.registry import REGISTRY

    assert "toy_answered" not in UNIT_FAMILIES and "toy_answered" not in REGISTRY
