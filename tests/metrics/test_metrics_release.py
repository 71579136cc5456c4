"""import-release: the paper's released verdicts through our judgment tables and metrics stage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.cli import main
from scifigbench.metrics.release import ReleaseError, build_judgments
from scifigbench.metrics.stage import MetricsConfig, run


@pytest.fixture(scope="module")
def release(shared_data: Path) -> Path:
    root = shared_data / "scifig_release_dev"
    if not (root / "paper_table4.json").is_file():
        pytest.skip(f"release sample not found at {root}")
    return root


@pytest.fixture(scope="module")
def recomputed(release: Path, tmp_path_factory) -> dict:
    tmp = tmp_path_factory.mktemp("release")
    res = CliRunner().invoke(main, ["import-release", str(release), "--out", str(tmp / "judgments")])
    assert res.exit_code == 0, res.output
    run(MetricsConfig(bootstrap=500, seed=42, split_half_splits=10),
        judgments_dir=tmp / "judgments", responses_dir=tmp / "none", out_dir=tmp / "metrics")
    return json.loads((tmp / "metrics" / "behaviour.json").read_text())


def test_table4_admittance_and_inductance_reproduced_exactly(release: Path, recomputed: dict):
    """All 32 blur cells of the release's Table 4 (8 models x act/pas x adm/ind), as printed (integer %)."""
    table4 = json.loads((release / "paper_table4.json").read_text())["table4_from_tex"]
    cells = 0
    for model, row in table4.items():
        for metric in ("admittance", "inductance"):
            for proto in ("active", "passive"):
                got = recomputed[metric][model][proto]
                assert round(100 * got["value"]) == row[f"{metric}_{proto}_pct"], (model, metric, proto, got)
                cells += 1
        assert recomputed["admittance"][model]["active"]["n"] == 50
        # inductance's denominator is the fabricated answers among the 48 inductance figures
        assert recomputed["inductance"][model]["active"]["n"] <= 48
    assert cells == 32


def test_statistics_file_bootstrap_means_agree_to_two_decimals(release: Path, recomputed: dict):
    boot = json.loads((release / "paper_table4.json").read_text())["all_statistics_bootstrap_means"]
    for model, row in boot.items():
        for metric in ("admittance", "inductance"):
            for proto in ("active", "passive"):
                assert recomputed[metric][model][proto]["value"] == pytest.approx(row[f"{metric}_{proto}"], abs=0.005)


def test_sample_resistance_and_caption_bias_match_the_released_per_figure_files(release: Path, recomputed: dict):
    """Recomputed from our tables vs an independent tally of the release's own per-figure fields."""
    results = release / "release" / "anonymous-submission" / "results"
    for path in sorted((results / "evaluation" / "caption_bias").glob("*")):
        per_fig = [json.loads(f.read_text())["resistance"] for f in sorted(path.glob("*.json"))]
        per_fig = [r for r in per_fig if r is not None]
        cell = recomputed["caption_bias"][path.name]["overall"]
        assert cell["n"] == len(per_fig)
        assert cell["value"] == pytest.approx(sum(per_fig) / len(per_fig), abs=1e-6)
    for path in sorted((results / "evaluation" / "resistance").glob("*")):
        scores = [e["judge_score"] for f in path.glob("*.json") for e in json.loads(f.read_text())["evaluations"]]
        cell = recomputed["resistance"][path.name]["overall"]
        assert (cell["n"], cell["value"]) == (len(scores), pytest.approx(sum(scores) / len(scores), abs=1e-6))


def test_bad_release_files_are_named(tmp_path: Path):
    res = tmp_path / "results" / "evaluation" / "resistance" / "m"
    res.mkdir(parents=True)
    (res / "fig_001.json").write_text(json.dumps({"figure_id": "fig_001", "evaluations": [{"question": "q"}]}))
    with pytest.raises(ReleaseError, match=r"fig_001.json: evaluations\[0\]: missing field 'probe_type'"):
        build_judgments(tmp_path)
    (res / "fig_001.json").unlink()
    (tmp_path / "blur_verdicts_active.jsonl").write_text('{"fig_id": "fig_1", "model": "m", "mode": "admittance", "admits": true}\n{oops\n')
    with pytest.raises(ReleaseError, match=r"blur_verdicts_active.jsonl: line 2: not valid JSON"):
        build_judgments(tmp_path)
    with pytest.raises(ReleaseError, match="no release results folder"):
        build_judgments(tmp_path / "results" / "evaluation")
