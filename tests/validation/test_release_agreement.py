"""``release-agreement``: the rule judge beside the release's GPT-4o verdicts, per family and model.

The release's results layout is written here with answers whose rule verdict is plain (a clear
admission, or a confident label), and gold verdicts that disagree on a known set of them, so the
agreement, decided share and kappa are known without reading the judge's output."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from helpers.release_results import write_results
from scifigbench.cli import main
from scifigbench.validation.judge_agreement import cohen_kappa


def test_agreement_per_family_and_model_is_the_known_one(tmp_path: Path):
    ours, gold = write_results(tmp_path / "release")
    out = tmp_path / "metrics" / "release_agreement.json"
    res = CliRunner().invoke(main, ["release-agreement", "--release", str(tmp_path / "release"), "--out", str(out)])
    assert res.exit_code == 0, res.output
    got = json.loads(out.read_text())
    assert got["judge_id"].startswith("rule:") and got["reference"] == "release:gpt-4o"
    blur = got["families"]["blur_active"]
    assert blur["compared"] == "admits" and blur["overall"]["n"] == 20 and blur["overall"]["decided_share"] == 1.0
    assert blur["overall"]["exact_agreement"] == 18 / 20
    a = blur["by_model"]["model-a"]
    assert a["exact_agreement"] == 8 / 10 and a["kappa"] == round(cohen_kappa(ours["model-a"], gold["model-a"]), 6)
    assert blur["by_model"]["model-b"]["exact_agreement"] == 1.0
    assert set(got["families"]) == {"blur_active"}  # no resistance or caption files: no family, not a zero


def test_a_release_without_results_is_one_line(tmp_path: Path):
    (tmp_path / "release" / "dataset").mkdir(parents=True)
    res = CliRunner().invoke(main, ["release-agreement", "--release", str(tmp_path / "release")])
    assert res.exit_code != 0 and "no release results folder" in res.output
