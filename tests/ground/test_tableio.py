"""Atomic writes: readable like any other file, and a contract violation keeps the old table."""

from __future__ import annotations

import os
import stat

import pandas as pd
import pytest

from scifigbench.contracts import ContractError
from scifigbench.tableio import atomic_write_text, read_table, write_table


def _probes(n: int, family: str = "capability") -> pd.DataFrame:
    return pd.DataFrame({
        "probe_id": [f"f/{i}" for i in range(n)], "figure_id": ["f"] * n, "family": [family] * n,
        "category": ["counting"] * n, "text": ["q"] * n, "expected_json": ["{}"] * n, "status": ["confirmed"] * n,
        "generator": ["g"] * n, "generator_version": ["1"] * n,
    })


def test_written_files_get_normal_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "a.json", "{}")
        write_table(_probes(2), tmp_path / "p.parquet", "probes")
    finally:
        os.umask(old)
    for name in ("a.json", "p.parquet"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644


def test_violation_leaves_previous_table_in_place(tmp_path):
    path = tmp_path / "p.parquet"
    write_table(_probes(3), path, "probes")
    with pytest.raises(ContractError, match=r"row 1 \(probe_id='f/1'\): family='nonsense'"):
        bad = _probes(3)
        bad.loc[1, "family"] = "nonsense"
        write_table(bad, path, "probes")
    assert len(read_table(path, "probes")) == 3
    assert [p.name for p in tmp_path.iterdir()] == ["p.parquet"]  # no temporary file left behind
