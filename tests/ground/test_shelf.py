"""The shelf every cache stores through: records round-trip, a damaged record is a miss, writes are whole.

Why here: the step stores, the figure memo, the OCR cache and the stamps are all thin uses of
:mod:`scifigbench.caching.shelf`; a mistake in it would silently turn every cache into all misses
(no test would fail, every run would just be slow), so the round-trips are checked directly.
"""

from __future__ import annotations

import multiprocessing as mp
import pickle
from pathlib import Path

import pytest

from scifigbench import paths
from scifigbench.caching.shelf import Shelf
from scifigbench.caching.stepstore import VALUE, StepStore


def test_a_step_record_with_files_round_trips_across_instances(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    (tmp_path / "out" / "a").mkdir(parents=True)
    (tmp_path / "out" / "a" / "fig.png").write_bytes(b"\x89PNG pixels")
    StepStore("render", "v1", tmp_path).put("key1", {"n": 3}, ["out/a/fig.png"], root=tmp_path)
    again = StepStore("render", "v1", tmp_path)
    restore = tmp_path / "restored"
    assert again.get("key1", restore_to=restore) == {"n": 3}
    assert (restore / "out" / "a" / "fig.png").read_bytes() == b"\x89PNG pixels"
    assert again.get("key2") is None
    assert (again.hits, again.misses) == (1, 1)
    assert StepStore("render", "v2", tmp_path).get("key1") is None  # another code version
    folder = tmp_path / ".scifigbench-cache" / "steps" / "render" / "v1"
    assert again.shelf.folder == folder and (folder / "ke" / "key1" / VALUE).is_file()


def test_a_damaged_record_is_a_miss_not_an_error(tmp_path: Path) -> None:
    shelf = Shelf(tmp_path, suffix=".pickle")
    shelf.store("good", pickle.dumps([1, 2]))
    shelf.store("bad", b"not a pickle")
    assert shelf.load("good", pickle.loads) == [1, 2]
    assert shelf.load("bad", pickle.loads) is None
    assert shelf.load("absent", pickle.loads) is None
    store = StepStore("render", "v1", tmp_path)
    store.put("k", "value")
    (store.shelf.path("k") / VALUE).write_bytes(b"\x80\x05truncated")
    assert store.get("k") is None


def _put_many(folder: str, worker: int) -> None:
    shelf = Shelf(Path(folder))
    for i in range(200):
        shelf.store(f"k{i % 20:02d}", pickle.dumps(("same content", i % 20)))
    store = StepStore("s", "v", Path(folder))
    for i in range(20):
        store.put(f"d{i:02d}", ("folder content", i))


@pytest.mark.parametrize("workers", [3])
def test_writers_racing_on_the_same_keys_leave_whole_records(tmp_path: Path, monkeypatch, workers: int) -> None:
    monkeypatch.setenv(paths.CACHE_ENV, str(tmp_path / "cache"))
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_put_many, args=(str(tmp_path / "files"), w)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    shelf = Shelf(tmp_path / "files")
    assert [shelf.load(f"k{i:02d}", pickle.loads) for i in range(20)] == [("same content", i) for i in range(20)]
    store = StepStore("s", "v", tmp_path / "files")
    assert [store.get(f"d{i:02d}") for i in range(20)] == [("folder content", i) for i in range(20)]
    leftovers = [p for p in (tmp_path / "files").rglob(".*")] + [p for p in (tmp_path / "cache").rglob(".*")]
    assert leftovers == []
