"""One bad figure never sinks the conditions stage; reruns reuse OCR readings and unchanged figures."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from helpers.conditions_fixtures import add_real_figure, with_ocr_readings, write_corpus
from scifigbench import paths
from scifigbench.blurtargets import decisions
from scifigbench.blurtargets.numbers import parse_number
from scifigbench.conditions import stage
from scifigbench.conditions.config import ConditionsConfig
from scifigbench.ocr import cache as ocr_cache
from scifigbench.ocr.cache import CachedOcr
from scifigbench.ocr.engine import OcrBox

CFG = ConditionsConfig(workers=1, gallery=False)


pytestmark = pytest.mark.long(shares="conditioned_real_pair")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("robust")
    write_corpus(root)
    add_real_figure(root, "fx_bar", "real_bar", "Errors of two QA strategies.")
    return with_ocr_readings(root, tmp_path_factory)


@pytest.mark.parametrize("text", ["652E 6441", "1e999", "9^99999", "0^-3", "-4E+400%"])
def test_ocr_misreadings_with_absurd_exponents_are_not_numbers(text: str) -> None:
    assert parse_number(text) is None


def test_ordinary_numbers_still_parse() -> None:
    assert [parse_number(t) for t in ("652", "6.5E3", "10^3", "1,000", "40%")] == [652, 6500, 1000, 1000, 40]


def test_a_failing_figure_is_recorded_and_the_others_finish(corpus: Path, tmp_path: Path, monkeypatch) -> None:
    root = tmp_path / "r"
    shutil.copytree(corpus, root)
    real_select = stage.select

    def select(figure_id, *args, **kwargs):
        if figure_id == "fx_line":
            raise OverflowError("(34, 'Numerical result out of range')")
        return real_select(figure_id, *args, **kwargs)

    monkeypatch.setattr(stage, "select", select)
    res = stage.run(CFG, 42, root, progress=False)
    assert [(f.item, f.step) for f in res.failures] == [("fx_line", "blur target selection")]
    assert res.failures[0].error.startswith("OverflowError") and "stage.py" in res.failures[0].where
    per_fig = res.conditions.groupby("figure_id")["condition"].apply(set).to_dict()
    assert per_fig["fx_line"] == {"base", "nocap"}
    assert {"noise", "admb", "indb"} <= per_fig["fx_bar"] and {"noise", "admb", "indb"} <= per_fig["fx_pie"]
    assert not (root / paths.CONDITION_IMAGES / "noise" / "fx_line.png").exists()  # no half-done images
    saved = json.loads((root / stage.ERRORS).read_text())
    assert saved["failed"] == 1 and saved["failures"][0]["item"] == "fx_line"


class _CountingOcr:
    name = "rapidocr"

    def __init__(self) -> None:
        self.calls = 0

    def read(self, img, elements=None, min_elongation=None):
        self.calls += 1
        return [OcrBox(f"mean {int(img.mean())}", (1.0, 2.0, 3.0, 4.0), 0.9)]


def test_ocr_cache_reads_each_image_content_once(tmp_path: Path) -> None:
    inner = _CountingOcr()
    ocr = CachedOcr(inner, tmp_path / "ocr")
    a = np.full((20, 30, 3), 200, np.uint8)
    first = ocr.read(a)
    assert ocr.read(a.copy()) == first and inner.calls == 1  # same pixels: no second reading
    assert CachedOcr(inner, tmp_path / "ocr").read(a) == first and inner.calls == 1  # survives the process
    b = a.copy()
    b[0, 0] = 0
    ocr.read(b)
    assert inner.calls == 2  # one changed pixel is a new image
    entry = next((tmp_path / "ocr").rglob("*.json"))
    entry.write_text("{broken")
    ocr2 = CachedOcr(inner, tmp_path / "ocr")
    ocr2.read(a), ocr2.read(b)
    assert inner.calls == 3  # a damaged entry is read again


def test_a_changed_engine_setting_is_a_new_ocr_cache_key(tmp_path: Path, monkeypatch) -> None:
    """Readings made with other settings (rapidocr's direction-classifier threshold) are not served."""
    inner = _CountingOcr()
    a = np.full((20, 30, 3), 120, np.uint8)
    CachedOcr(inner, tmp_path / "ocr").read(a)
    before = ocr_cache.engine_version("rapidocr")
    monkeypatch.setitem(ocr_cache._ENGINE_SETTINGS, "rapidocr", {"Cls.cls_thresh": 0.5})
    ocr_cache.engine_version.cache_clear()
    try:
        assert ocr_cache.engine_version("rapidocr") != before
        CachedOcr(inner, tmp_path / "ocr").read(a)
        assert inner.calls == 2
    finally:
        ocr_cache.engine_version.cache_clear()


def test_rerun_after_one_decision_redoes_only_that_figure(corpus: Path, tmp_path: Path) -> None:
    root = tmp_path / "m"
    shutil.copytree(corpus, root)
    first = stage.run(CFG, 42, root, progress=False)
    assert first.reused == 0
    again = stage.run(CFG, 42, root, progress=False)
    assert again.reused == again.n_figures == 4
    cols = ["condition_id", "image_path", "image_sha256", "caption", "blur_target_id"]
    assert first.conditions[cols].equals(again.conditions[cols]) and first.targets.equals(again.targets)
    for r in again.conditions.itertuples():
        assert (root / r.image_path).is_file()
    decisions.record(
        root / stage.REVIEW_FILE,
        decisions.Decision(
            "real_bar/admittance",
            "confirm",
            proposed_text=first.targets.set_index("target_id").loc["real_bar/admittance", "text"],
        ),
    )
    shutil.rmtree(root / paths.CONDITIONS_DIR)  # as dvc does before it reruns the stage
    after = stage.run(CFG, 42, root, progress=False)
    assert after.reused == 3
    assert "real_bar/admb" in set(after.conditions["condition_id"])
    for r in after.conditions.itertuples():
        assert (root / r.image_path).is_file()
