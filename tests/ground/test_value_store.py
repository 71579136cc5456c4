"""The one-file value store: what one run put, the next run gets; versions never mix."""

from __future__ import annotations

from scifigbench.caching.shelf import Rows
from scifigbench.caching.stepstore import ValueStore


def test_values_survive_the_process_that_put_them(tmp_path, monkeypatch):
    monkeypatch.delenv("SCIFIGBENCH_CACHE_DIR", raising=False)
    monkeypatch.setattr(Rows, "BATCH", 3)  # cross a transaction boundary on the way
    with ValueStore("step", "v1", tmp_path) as store:
        for i in range(7):
            store.put(f"k{i}", {"i": i, "text": f"value {i}"})
        store.put("k0", {"i": "ignored"})  # same key again: the first value stays
    again = ValueStore("step", "v1", tmp_path)
    assert [again.get(f"k{i}") for i in range(7)] == [{"i": i, "text": f"value {i}"} for i in range(7)]
    assert again.get("absent") is None
    assert (again.hits, again.misses) == (7, 1)
    again.close()
    with ValueStore("step", "v2", tmp_path) as other:
        assert other.get("k1") is None
    assert (tmp_path / ".scifigbench-cache" / "steps" / "step" / "v1" / "values.sqlite").is_file()
