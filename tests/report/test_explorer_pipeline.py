"""The explorer of a real (tiny) pipeline run in headless Chromium: every value link opens exactly its n
units, and a unit shows what its verdict was checked against — a description its findings, a blur unit
its expected answer, a caption-bias unit the caption the model saw (each read back from the tables)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from helpers.browser import screenshot_script
from helpers.tiny_pipeline import DVC, make_repo, sh, tiny_params

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]


@pytest.fixture(scope="module")
def pipeline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = make_repo(tmp_path_factory.mktemp("explorer") / "repo", tiny_params(("sim-careful", "sim-weak")))
    sh(root, str(DVC), "repro", "-q")
    return root


def _open(browser, root: Path, fragment: str) -> list[dict]:
    """The explorer at ``fragment``: per card its unit id, answer, caption, expected lines and findings."""
    browser.open((root / "reports" / "explorer.html").resolve().as_uri() + "#" + fragment)
    browser.wait_for("document.body.dataset.ready === '1'")
    return browser.eval(
        "[...document.querySelectorAll('#units .unit')].map(e => ({unit: e.dataset.unit, model: e.dataset.model,"
        " caption: e.querySelector('.caption')?.textContent ?? null,"
        " expected: [...e.querySelectorAll('.expected li')].map(li => li.textContent),"
        " findings: [...e.querySelectorAll('.findings li')].map(li => li.textContent),"
        " marks: e.querySelectorAll('.answer mark').length}))"
    )


def _judgments(root: Path) -> pd.DataFrame:
    return pd.concat(pd.read_parquet(p) for p in sorted((root / "data" / "judgments").glob("*.parquet")))


def test_every_value_link_of_the_report_opens_its_n_units(chromium, pipeline: Path):
    checks = screenshot_script().check_value_links(chromium, pipeline / "reports")
    assert len(checks) > 50
    assert [c for c in checks if not c.ok] == []


def test_description_unit_shows_each_finding_with_its_penalty(chromium, pipeline: Path):
    j = _judgments(pipeline).set_index(["model", "unit_id"])
    cards = _open(chromium, pipeline, "model=sim-weak&family=description&status=counted")
    with_findings = [c for c in cards if c["findings"]]
    assert with_findings
    for c in with_findings:
        row = j.loc[("sim-weak", c["unit"])]
        d = json.loads(row["details_json"])
        kept = d["findings"]
        assert len(c["findings"]) == len(kept) + len(d["merged"]) + len(d["undecided"])
        # the penalties listed add up to the row's penalty columns
        listed = sum(float(f.split(" ·")[0].replace("−", "")) for f in c["findings"] if f.startswith("−"))
        assert listed == pytest.approx(row["pen_accuracy"] + row["pen_completeness"] + row["pen_clarity"])
        assert c["marks"] == sum(f["span"].startswith("sent:") for f in kept + d["merged"] + d["undecided"])


def test_blur_unit_shows_its_expected_answer(chromium, pipeline: Path):
    setups = pd.read_parquet(pipeline / "data" / "setups" / "setups.parquet").set_index("setup_id")
    targets = pd.read_parquet(pipeline / "data" / "conditions" / "blur_targets.parquet").set_index("target_id")
    cards = _open(chromium, pipeline, "family=blur_active&category=inductance")
    assert cards
    for c in cards:
        target = targets.loc[setups.loc[c["unit"].split("#")[0], "blur_target_id"]]
        assert any(line.startswith(f"Expected answer: {target['expected_answer']}") for line in c["expected"]), c


def test_caption_unit_shows_the_caption_the_model_saw(chromium, pipeline: Path):
    setups = pd.read_parquet(pipeline / "data" / "setups" / "setups.parquet").set_index("setup_id")
    cards = _open(chromium, pipeline, "family=caption_claim")
    assert cards
    for c in cards:
        caption = setups.loc[c["unit"].split("#")[0], "caption"]
        assert c["caption"].endswith(caption) and "false claim" in c["caption"]
