"""Validated stamps: an unchanged table is not run through GX twice; any change is validated again."""

from __future__ import annotations

import pandas as pd
import pytest

from scifigbench.caching import validated
from scifigbench.caching.shelf import Shelf
from scifigbench.contracts import ContractError, core
from scifigbench.tableio import read_table, write_table


def _probes(n: int, figure: str = "f") -> pd.DataFrame:
    return pd.DataFrame(
        {
            "probe_id": [f"{figure}/{i}" for i in range(n)],
            "figure_id": [figure] * n,
            "family": ["capability"] * n,
            "category": ["counting"] * n,
            "text": [f"question {i}" for i in range(n)],
            "expected_json": ["{}"] * n,
            "status": ["confirmed"] * n,
            "generator": ["g"] * n,
            "generator_version": ["1"] * n,
        }
    )


@pytest.fixture
def gx_runs(tmp_path, monkeypatch) -> list[str]:
    """Stamps on in a temporary folder; returns the list of tables GX was actually run on."""
    monkeypatch.setattr(validated, "_shelf", Shelf(tmp_path / "stamps"))
    runs: list[str] = []
    real = core._run_gx

    def counting(df, schema, refs):
        runs.append(schema.name)
        return real(df, schema, refs)

    monkeypatch.setattr(core, "_run_gx", counting)
    return runs


def test_unchanged_table_is_validated_once(tmp_path, gx_runs):
    path = tmp_path / "p.parquet"
    write_table(_probes(3), path, "probes")
    assert gx_runs == ["probes"]
    for _ in range(2):
        assert len(read_table(path, "probes")) == 3
    assert gx_runs == ["probes"]  # the reads found the writer's stamp


def test_changed_content_is_validated_again(tmp_path, gx_runs):
    path = tmp_path / "p.parquet"
    write_table(_probes(3), path, "probes")
    changed = _probes(3)
    changed.loc[2, "text"] = "another question"
    changed.to_parquet(path, index=False)
    read_table(path, "probes")
    assert gx_runs == ["probes", "probes"]


def test_changed_file_that_breaks_the_contract_still_fails(tmp_path, gx_runs):
    path = tmp_path / "p.parquet"
    write_table(_probes(3), path, "probes")
    bad = _probes(3)
    bad.loc[1, "family"] = "nonsense"
    bad.to_parquet(path, index=False)  # behind the contract's back, as a stray edit would
    with pytest.raises(ContractError, match=r"row 1 \(probe_id='f/1'\): family='nonsense'"):
        read_table(path, "probes")


def test_same_content_with_other_foreign_keys_is_validated_again(tmp_path, gx_runs):
    path = tmp_path / "p.parquet"
    write_table(_probes(2), path, "probes", refs={"figures": {"f", "g"}})
    read_table(path, "probes", refs={"figures": {"f", "g"}})
    assert len(gx_runs) == 1
    with pytest.raises(ContractError, match="figure_id"):
        read_table(path, "probes", refs={"figures": {"g"}})  # figure f was removed upstream
    assert len(gx_runs) == 2


def test_reader_checking_fewer_foreign_keys_reuses_the_writers_stamp(tmp_path, gx_runs):
    path = tmp_path / "p.parquet"
    write_table(_probes(2), path, "probes", refs={"figures": {"f", "g"}})
    read_table(path, "probes")  # the suite without the foreign-key check is part of what passed
    assert len(gx_runs) == 1
    write_table(_probes(3), path, "probes")  # written without the check ...
    read_table(path, "probes", refs={"figures": {"f"}})  # ... so a reader asking for it runs GX
    assert len(gx_runs) == 3


def test_failed_validation_leaves_no_stamp(tmp_path, gx_runs):
    bad = _probes(2)
    bad.loc[0, "family"] = "nonsense"
    for _ in range(2):
        with pytest.raises(ContractError):
            write_table(bad, tmp_path / "p.parquet", "probes")
    assert len(gx_runs) == 2


def test_corrupted_file_fails_naming_it(tmp_path, gx_runs):
    path = tmp_path / "p.parquet"
    write_table(_probes(3), path, "probes")
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(ContractError, match=r"p\.parquet: not a readable parquet table"):
        read_table(path, "probes")


def test_missing_path_is_checked_even_when_stamped(tmp_path, gx_runs):
    """Files named by path columns are checked on every read: they are not part of the table's bytes."""
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "a.png").write_bytes(b"png")
    table = pd.DataFrame(
        [
            {
                "condition_id": "a/base",
                "figure_id": "a",
                "condition": "base",
                "image_path": "img/a.png",
                "image_sha256": "0" * 64,
                "width": 32,
                "height": 32,
                "caption": None,
                "blur_target_id": None,
            }
        ]
    )
    path = tmp_path / "conditions.parquet"
    write_table(table, path, "conditions", root=tmp_path)
    (tmp_path / "img" / "a.png").unlink()
    with pytest.raises(ContractError, match="file does not exist"):
        read_table(path, "conditions", root=tmp_path)
    assert gx_runs == ["conditions"]


def test_stamps_off_by_default_validate_every_time(tmp_path, monkeypatch):
    monkeypatch.setattr(validated, "_shelf", None)
    runs: list[str] = []
    real = core._run_gx
    monkeypatch.setattr(core, "_run_gx", lambda df, schema, refs: runs.append(schema.name) or real(df, schema, refs))
    path = tmp_path / "p.parquet"
    write_table(_probes(2), path, "probes")
    read_table(path, "probes")
    assert runs == ["probes", "probes"]
    assert not (tmp_path / "stamps").exists()
