"""params.yaml means the same to every reader: our checks read YAML 1.2 scalars, as DVC's parser does.

The reference is ruamel.yaml (DVC's own parser, installed with it), not our loader.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ruamel.yaml import YAML

from scifigbench import params
from scifigbench.metrics.config import MetricsConfig

SCALARS = [
    "1e4",
    "1.5e-3",
    "10000",
    "0x1f",
    "0o17",
    "017",
    "-3",
    "+2.5",
    ".5",
    "1.",
    ".inf",
    "-.inf",
    "on",
    "off",
    "yes",
    "no",
    "y",
    "n",
    "true",
    "False",
    "TRUE",
    "null",
    "~",
    "1_000",
    "1_0.5",
    "0b101",
    "+0x1f",
    "-0o17",
    "2026-12-04",
    "12:30",
]


@pytest.mark.parametrize("scalar", SCALARS)
def test_each_scalar_reads_as_dvc_reads_it(scalar: str) -> None:
    text = f"key: {scalar}\n"
    ours, dvcs = params.read_yaml(text)["key"], YAML(typ="safe").load(text)["key"]
    assert (type(ours), ours) == (type(dvcs), dvcs)


def test_bootstrap_written_1e4_is_ten_thousand_for_the_check_and_the_stage(tmp_path: Path) -> None:
    path = tmp_path / "params.yaml"
    path.write_text("metrics:\n  bootstrap: 1e4\n")
    assert params.section(MetricsConfig, "metrics", path).bootstrap == 10_000
    path.write_text("metrics:\n  bootstrap: 1.5e4\n")
    assert params.section(MetricsConfig, "metrics", path).bootstrap == 15_000
    path.write_text("metrics:\n  bootstrap: 1.25\n")
    with pytest.raises(params.ParamsError, match="metrics.bootstrap: expected an integer, got 1.25"):
        params.section(MetricsConfig, "metrics", path)
