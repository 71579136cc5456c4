"""``scifigbench gc`` on a scratch cache: drops exactly what no current code reaches, keeps the rest.

The cache is filled through the real stores (the step store the corpus stage opens, an old code
version of it, the conditions figure memo with its image blobs, an OCR reading, the answer cache),
so the test checks gc against how the stores actually lay out their records.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path

import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from scifigbench import paths
from scifigbench.caching.stepstore import StepStore
from scifigbench.conditions.figure_cache import FigureCache
from scifigbench.conditions.stage import figure_memo
from scifigbench.corpus.synthetic import render_store
from scifigbench.llm.cache import Answer, ResponseCache
from scifigbench.ocr.cache import CachedOcr
from scifigbench.ocr.engine import OcrBox
from scifigbench.pipeline import gc


class Reader:
    name = "rapidocr"

    def read(self, img, elements=None, min_elongation=None):
        return [OcrBox("3.5", (1, 2, 3, 4), 0.9, None)]


def _image(root: Path, rel: str, content: bytes) -> str:
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_bytes(content)
    return rel


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(paths.CACHE_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    root = tmp_path
    render_store(root).put("k-now", ("spec", b"png"))
    StepStore("corpus-render", "0123456789abcdef", root).put("k-old", ("spec", b"old png"))
    memo = figure_memo(root)
    memo.store("fig-now", {"rows": 1}, [_image(root, "img/a.png", b"kept image")], root)
    old = FigureCache(paths.cache_root(root) / "conditions", "fedcba9876543210")
    old.store("fig-old", {"rows": 2}, [_image(root, "img/b.png", b"orphan image")], root)
    CachedOcr(Reader(), paths.cache_root(root) / "ocr").read(np.zeros((4, 4), dtype=np.uint8))
    answers = ResponseCache(paths.cache_root(root) / "responses.sqlite")
    answers.put("req", Answer("paid answer", "stop", 10, 2, 0.5))
    answers.close()
    # a writer killed two hours ago left a temporary record in the current version folder
    stale = render_store(root).shelf.folder / "ab" / ".abcdef12-tmp"
    stale.mkdir(parents=True)
    (stale / "value.pickle").write_bytes(b"half")
    two_hours_ago = time.time() - 7200
    os.utime(stale, (two_hours_ago, two_hours_ago))
    return root


def test_gc_drops_other_versions_orphan_images_and_stale_temporaries(workspace: Path) -> None:
    items = gc.survey(paths.cache_root(workspace), gc.live_folders(workspace))
    dropped = {it.path.relative_to(paths.cache_root(workspace)).as_posix() for it in items if not it.keep}
    orphan = hashlib.sha256(b"orphan image").hexdigest()
    stale = render_store(workspace).shelf.folder / "ab" / ".abcdef12-tmp"
    assert dropped == {
        "steps/corpus-render/0123456789abcdef",
        "conditions/fedcba9876543210",
        f"conditions/blobs/{orphan[:2]}/{orphan}",
        stale.relative_to(paths.cache_root(workspace)).as_posix(),
    }
    res = CliRunner().invoke(gc.gc, [], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "dropped 4 item(s)" in res.output
    # what the current code reaches is still served by the stores themselves
    assert render_store(workspace).get("k-now") == ("spec", b"png")
    assert StepStore("corpus-render", "0123456789abcdef", workspace).get("k-old") is None
    (workspace / "img" / "a.png").unlink()
    assert figure_memo(workspace).load("fig-now", workspace) == {"rows": 1}
    assert (workspace / "img" / "a.png").read_bytes() == b"kept image"
    inner = Reader()
    assert CachedOcr(inner, paths.cache_root(workspace) / "ocr").read(np.zeros((4, 4), dtype=np.uint8))
    assert ResponseCache(paths.cache_root(workspace) / "responses.sqlite").get("req").text == "paid answer"
    assert not stale.exists()


def test_dry_run_reports_sizes_and_deletes_nothing(workspace: Path) -> None:
    cache = paths.cache_root(workspace)
    before = sorted(p.relative_to(cache) for p in cache.rglob("*"))
    res = CliRunner().invoke(gc.gc, ["--dry-run"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "dry run: nothing dropped" in res.output
    assert "other code version or older layout" in res.output and " MB" in res.output
    assert sorted(p.relative_to(cache) for p in cache.rglob("*")) == before


def test_a_lock_made_by_other_code_stops_gc(workspace: Path) -> None:
    src = workspace / "src" / "scifigbench" / "x.py"
    src.parent.mkdir(parents=True)
    src.write_text("edited = True\n")
    (workspace / "dvc.lock").write_text(
        "schema: '2.0'\nstages:\n  corpus:\n    cmd: bin/scifigbench corpus\n    deps:\n"
        "    - path: src/scifigbench/x.py\n      hash: md5\n      md5: " + hashlib.md5(b"old\n").hexdigest() + "\n"
    )
    assert gc.lock_code_changed(workspace) == ["src/scifigbench/x.py"]
    res = CliRunner().invoke(gc.gc, [], catch_exceptions=False)
    assert "Nothing dropped" in res.output
    assert StepStore("corpus-render", "0123456789abcdef", workspace).get("k-old") is not None
    src.write_text("old\n")
    assert gc.lock_code_changed(workspace) == []


def test_a_folder_dep_of_other_code_stops_gc_too(workspace: Path) -> None:
    """Most code deps are folders (md5 ``<hash>.dir``): an edit inside one must count, and bytecode
    caches (which .dvcignore leaves out) must not. The expected hash is DVC's own, read from a
    folder dep of the committed dvc.lock."""
    repo = Path(__file__).resolve().parents[2]
    lock = yaml.safe_load((repo / "dvc.lock").read_text(encoding="utf-8"))
    dep = next(
        d
        for s in lock["stages"].values()
        for d in s["deps"]
        if str(d.get("md5", "")).endswith(".dir") and d["path"].startswith("src/")
    )
    shutil.copytree(repo / dep["path"], workspace / dep["path"], ignore=shutil.ignore_patterns("__pycache__"))
    (workspace / "dvc.lock").write_text(yaml.safe_dump({"schema": "2.0", "stages": {"s": {"deps": [dep]}}}))
    assert gc.lock_code_changed(workspace) == []
    (workspace / dep["path"] / "__pycache__").mkdir(exist_ok=True)
    (workspace / dep["path"] / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    assert gc.lock_code_changed(workspace) == []
    (workspace / dep["path"] / "added.py").write_text("x = 1\n")
    assert gc.lock_code_changed(workspace) == [dep["path"]]
