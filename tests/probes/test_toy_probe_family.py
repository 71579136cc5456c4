"""Adding a probe family is one folder plus one registry line (and its record).

The test copies the package, drops the toy probe family of ``toy_probe/`` into
``probes/families/``, adds its ``ProbeFamily`` record to ``concepts/probe_families.py`` and one
line to ``probes/families/registry.py``, and changes nothing else. In that copy the probes stage's
spec writers give every figure the toy's question, with the answer read from the spec here, the
probes contract accepts the rows, the stage's summary counts them, and every other family's probes
are exactly those of the shipped package (each family draws from its own seeded generator).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from helpers.package_copy import PACKAGE, changed, copy_package
from helpers.spec_factory import RESPONDENT_FIGURES
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.probe import to_frame
from scifigbench.probes.stage import spec_probes

HERE = Path(__file__).parent
RECORD = '    ProbeFamily("toy_probe", ("panels",), NUMBERED, "capability", ()),\n'


def _add_toy(package: Path) -> None:
    shutil.copytree(HERE / "toy_probe", package / "probes" / "families" / "toy_probe")
    records = package / "concepts" / "probe_families.py"
    text = records.read_text()
    end = text.index(")\n\nPROBE_FAMILY: dict")
    records.write_text(text[:end] + RECORD + text[end:])
    registry = package / "probes" / "families" / "registry.py"
    text = registry.read_text().replace(
        "from scifigbench.probes.families.resistance import writers as resistance\n",
        "from scifigbench.probes.families.resistance import writers as resistance\n"
        "from scifigbench.probes.families.toy_probe import writers as toy_probe\n",
    )
    registry.write_text(text.replace("caption_bias, blur))", "caption_bias, blur, toy_probe))"))


def test_a_new_probe_family_is_written_validated_and_counted_without_moving_the_others(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    _add_toy(package)
    assert changed(PACKAGE, package) == (
        ["concepts/probe_families.py", "probes/families/registry.py"],
        ["probes/families/toy_probe"],
    )

    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(tmp_path / "src"), str(HERE.parent)])}
    run = subprocess.run(
        [sys.executable, str(HERE / "toy_probe_run.py")], env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])

    specs = [make() for make in RESPONDENT_FIGURES]
    toy = {r["figure_id"]: r for r in out["rows"] if r["family"] == "toy_probe"}
    assert sorted(toy) == sorted(s.figure_id for s in specs)
    for spec in specs:
        row = toy[spec.figure_id]
        assert row["probe_id"] == f"{spec.figure_id}/toy_probe/panels" and row["status"] == "confirmed"
        assert json.loads(row["expected_json"])["answer"] == len(spec.panels)
    assert out["by_family"]["toy_probe"] == len(specs)
    # every other family's probes are the shipped package's, byte for byte
    shipped = to_frame([p for s in specs for p in spec_probes(s, True, ProbesConfig(), 42)[0]])
    others = [r for r in out["rows"] if r["family"] != "toy_probe"]
    assert others == shipped.sort_values("probe_id").to_dict("records")


def test_the_shipped_package_does_not_know_the_toy_probe_family() -> None:
    from scifigbench.concepts.probe_families import PROBE_FAMILY
    from scifigbench.probes.families.registry import WRITERS

    assert "toy_probe" not in PROBE_FAMILY and all(w.name != "toy_probe" for w in WRITERS)
