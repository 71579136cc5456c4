"""A table read again in one process is not hashed cell by cell again; a changed file always is."""

from __future__ import annotations

import pandas as pd
import pytest

from scifigbench import tableio
from scifigbench.caching import validated
from scifigbench.caching.shelf import Shelf
from scifigbench.contracts import ContractError, core
from scifigbench.tableio import read_table, write_table


def _probes(texts: list[str]) -> pd.DataFrame:
    n = len(texts)
    return pd.DataFrame(
        {
            "probe_id": [f"f/{i}" for i in range(n)],
            "figure_id": ["f"] * n,
            "family": ["capability"] * n,
            "category": ["counting"] * n,
            "text": texts,
            "expected_json": ["{}"] * n,
            "status": ["confirmed"] * n,
            "generator": ["g"] * n,
            "generator_version": ["1"] * n,
        }
    )


@pytest.fixture
def digests(tmp_path, monkeypatch) -> list[int]:
    """Stamps on, an empty read memo; returns the row counts of every table hashed cell by cell."""
    monkeypatch.setattr(validated, "_shelf", Shelf(tmp_path / "stamps"))
    monkeypatch.setattr(tableio, "_READ", {})
    hashed: list[int] = []
    real = core._content_digest

    def counting(df):
        hashed.append(len(df))
        return real(df)

    monkeypatch.setattr(core, "_content_digest", counting)
    return hashed


def test_unchanged_table_is_hashed_once_per_process(tmp_path, digests):
    path = tmp_path / "p.parquet"
    _probes(["a", "b", "c"]).to_parquet(path, index=False)
    first = read_table(path, "probes")
    again = [read_table(path, "probes") for _ in range(3)]
    assert digests == [3]
    for df in again:
        pd.testing.assert_frame_equal(df, first)


def test_rewritten_table_of_the_same_size_is_hashed_and_checked_again(tmp_path, digests):
    path = tmp_path / "p.parquet"
    _probes(["aa", "bb"]).to_parquet(path, index=False)
    read_table(path, "probes")
    bad = _probes(["aa", "bb"])
    bad.loc[1, "family"] = "capabilitx"  # same length as the good value: only the bytes differ
    bad.to_parquet(path, index=False)
    with pytest.raises(ContractError, match=r"family='capabilitx'"):
        read_table(path, "probes")
    assert digests == [2, 2]


def test_written_table_read_back_is_hashed_by_the_reader_once(tmp_path, digests):
    path = tmp_path / "p.parquet"
    write_table(_probes(["a"]), path, "probes")
    read_table(path, "probes")
    read_table(path, "probes")
    assert digests == [1, 1]  # the writer's check, then the first read; the second read reuses it
