"""``release-agreement``: the rule judge beside the release's GPT-4o verdicts, per family and model.

The release's results layout is written here with answers whose rule verdict is plain (a clear
admission, or a confident label), and gold verdicts that disagree on a known set of them, so the
agreement, decided share and kappa are known without reading the judge's output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers.release_results import write_results
from scifigbench.cli import main
from scifigbench.metrics.stats import cohen_kappa
from scifigbench.validation.judge_agreement import PERFECT


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
    # its Wilson 95 % interval, 18 of 20 worked out by hand: centre 0.8356, half-width 0.1366
    assert blur["overall"]["exact_ci95"] == pytest.approx([0.69897, 0.97213], abs=1e-4)
    a = blur["by_model"]["model-a"]
    assert a["exact_agreement"] == 8 / 10 and a["kappa"] == round(
        cohen_kappa(ours["model-a"], gold["model-a"], one_label=PERFECT), 6
    )
    assert blur["by_model"]["model-b"]["exact_agreement"] == 1.0
    assert set(got["families"]) == {"blur_active"}  # no resistance or caption files: no family, not a zero


def test_a_release_without_results_is_one_line(tmp_path: Path):
    (tmp_path / "release" / "dataset").mkdir(parents=True)
    res = CliRunner().invoke(main, ["release-agreement", "--release", str(tmp_path / "release")])
    assert res.exit_code != 0 and "no release results folder" in res.output


def test_an_abstaining_caption_verdict_is_undecided_not_a_disagreement(tmp_path: Path, shared_data: Path):
    """On the shared sample's release copy the rule abstains on some caption claims ("undecided"):
    they leave the decided share and the agreement, as in the judge card's benchmark."""
    from scifigbench.judges.judge_file import Record, judge_records
    from scifigbench.metrics.release import find_results
    from scifigbench.validation.release_agreement import caption_records

    release = shared_data / "scifig_release_dev" / "release"
    out = tmp_path / "agreement.json"
    res = CliRunner().invoke(main, ["release-agreement", "--release", str(release), "--out", str(out)])
    assert res.exit_code == 0, res.output
    pairs = list(caption_records(find_results(release)))
    verdicts = list(judge_records([Record(i, r) for i, (r, _) in enumerate(pairs, start=1)], "caption_claim"))
    kept = [
        (v["follows"], g["follows"]) for (_, g), v in zip(pairs, verdicts, strict=True) if v["follows"] != "undecided"
    ]
    assert 0 < len(kept) < len(pairs)  # the sample has abstentions: the test can tell the two countings apart
    cell = json.loads(out.read_text())["families"]["caption_claim"]["overall"]
    assert (cell["n"], cell["decided"]) == (len(pairs), len(kept))
    assert cell["exact_agreement"] == round(sum(a == b for a, b in kept) / len(kept), 6)
