"""The report tests' shared fixture: a report built over three models whose answers all differ."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner
from PIL import Image

from helpers.browser import screenshot_script
from helpers.built_once import built_once
from helpers.synthetic_judgments import all_judgments
from scifigbench.cli import main
from scifigbench.contracts.metrics import RELEASE_BESIDE, RELEASE_BESIDE_UNITS
from scifigbench.metrics.beside import beside, published_units
from scifigbench.metrics.stage import MetricsConfig, run
from scifigbench.tableio import write_json, write_table

TASK = {
    "description": "describe",
    "capability": "capability",
    "resistance": "resistance",
    "caption_claim": "describe",
    "blur_active": "blur_active",
    "blur_passive": "describe",
}


def said(model: str, unit_id: str) -> str:
    """The judged text the fixture gives each (model, unit): different for every model."""
    return f"{model} answered {unit_id.split(':', 1)[1]}"


def _with_texts(j: pd.DataFrame) -> pd.DataFrame:
    """Each row's details: a question, this model's judged answer and the judge's evidence."""
    j = j.copy()
    j["details_json"] = [
        json.dumps(
            {"question": f"question of {u.split(':', 1)[1]}", "answer": said(m, u), "evidence": f"evidence for {m}"}
        )
        for m, u in zip(j["model"], j["unit_id"], strict=True)
    ]
    return j


def _setups(j: pd.DataFrame, root: Path) -> Path:
    """A setups table pointing at one small PNG per (figure, condition), as the setups stage would."""
    images = root / "images"
    images.mkdir()
    rows = []
    for sid, g in j.groupby("setup_id"):
        first = g.iloc[0]
        img = images / f"{first['figure_id']}__{first['condition']}.png"
        if not img.exists():
            Image.new("RGB", (640, 480), (40 + len(rows) % 200, 90, 160)).save(img)
        rows.append(
            dict(
                setup_id=sid,
                figure_id=first["figure_id"],
                condition=first["condition"],
                task=TASK[first["family"]],
                chart_type=first["chart_type"],
                prompt_id="p",
                prompt_version="0" * 12,
                system_text=None,
                user_text="prompt",
                image_path=str(img),
                image_sha256=hashlib.sha256(img.read_bytes()).hexdigest(),
                caption=None,
                probe_ids="[]",
                blur_target_id=None,
            )
        )
    path = root / "setups" / "setups.parquet"
    write_table(pd.DataFrame(rows), path, "setups", root=None)
    return path


OURS, PRINTED = "m-mid", {("Table 4", "M-WEAK", "Adm Act"): "71", ("Table 4", "M-STRONG", "Inex"): ".88"}


def _release_beside(j: pd.DataFrame, metrics: Path) -> None:
    """A release run's beside table as its stage writes it: one model of the fixture as this run's,
    the other two as the published ones (labelled in capitals), two printed values."""
    by_model = {str(m): rows for m, rows in j.groupby("model")}
    ours = {OURS: by_model.pop(OURS)}
    result = beside(ours, by_model, PRINTED, {m: m.upper() for m in by_model}, B=200)
    write_json(metrics / f"{RELEASE_BESIDE}.json", result)
    for m, rows in published_units(result, by_model).items():  # as the stage writes them, for the explorer
        write_table(rows, metrics / RELEASE_BESIDE_UNITS / f"{m}.parquet", "judgments", root=None)


@pytest.fixture(scope="package")
def built(tmp_path_factory) -> Path:
    """The report folder, built once per test run for both xdist workers (the tests only read it)."""
    return built_once(tmp_path_factory, "report", _build)


def _build(root: Path) -> None:
    j = _with_texts(all_judgments(seed=3, n_figures=60, n_subset=30))
    for m, rows in j.groupby("model"):
        write_table(rows, root / "judgments" / f"{m}.parquet", "judgments", root=None)
    (root / "responses").mkdir()
    (root / "responses" / "m-mid.stats.json").write_text(
        json.dumps({"setups": 480, "answered": 479, "errors": 1, "prompt_tokens": 9000, "cost_usd": 0.25})
    )
    gallery = root / "gallery"
    gallery.mkdir()
    for cond in ("base", "rot"):
        Image.new("RGB", (1720, 716), (200, 60, 60)).save(gallery / f"fig_001__{cond}.png")
    run(
        MetricsConfig(bootstrap=300, split_half_splits=10),
        judgments_dir=root / "judgments",
        responses_dir=root / "responses",
        out_dir=root / "metrics",
    )
    _release_beside(j, root / "metrics")
    (root / "params.yaml").write_text(
        "models:\n" + "".join(f"  {m}: {{backend: simulated}}\n" for m in sorted(j["model"].unique()))
    )
    res = CliRunner().invoke(
        main,
        [
            "report",
            "--params",
            str(root / "params.yaml"),
            "--metrics",
            str(root / "metrics"),
            "--judgments",
            str(root / "judgments"),
            "--setups",
            str(_setups(j, root)),
            "--gallery",
            str(gallery),
            "--out",
            str(root / "reports"),
        ],
    )
    assert res.exit_code == 0, res.output


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium per test module. CI installs Debian's chromium (.ci/run); without it a
    browser test fails rather than skips, unless SCIFIG_ALLOW_NO_CHROMIUM=1 is set on a developer
    machine that cannot install it."""
    mod = screenshot_script()
    if mod.find_chromium() is None:
        if os.environ.get("SCIFIG_ALLOW_NO_CHROMIUM") == "1":
            pytest.skip("chromium not installed and SCIFIG_ALLOW_NO_CHROMIUM=1")
        pytest.fail("chromium not installed: apt-get install -y chromium (.ci/run does this)")
    with mod.Chromium(width=1320, height=1400) as browser:
        yield browser
