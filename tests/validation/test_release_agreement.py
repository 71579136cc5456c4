"""``release-agreement``: the rule judge beside the release's GPT-4o verdicts, per family and model.

The release's results layout is written here with answers whose rule verdict is plain (a clear
admission, or a confident label), and gold verdicts that disagree on a known set of them, so the
agreement, decided share and kappa are known without reading the judge's output."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from scifigbench.cli import main
from scifigbench.contracts import judge_card
from scifigbench.families.rule_version import JUDGE_ID
from scifigbench.validation.judge_agreement import cohen_kappa

ADMIT = "The label at that position is blurred and unreadable, so I cannot tell which method it is."
LABEL = "It is the method called zeta."


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))


def write_results(root: Path) -> tuple[dict[str, list[bool]], dict[str, list[bool]]]:
    """Two models x 10 admittance answers; (rule-plain admits, gold admits) per model."""
    ours, gold = {}, {}
    for m, model in enumerate(("model-a", "model-b")):
        ours[model], gold[model] = [], []
        for k in range(1, 11):
            fid = f"fig_{k:03d}"
            admits = (k + m) % 2 == 0
            flipped = k in (3, 7) and m == 0  # GPT-4o read these two the other way
            common = {
                "figure_id": fid,
                "model_name": model,
                "probe_type": "admittance",
                "question": "Which method is shown at position 2?",
                "blurred_element": "alpha",
            }
            _write(
                root / "results/generation/active_probes" / model / "admittance" / f"{fid}.json",
                common | {"expected_answer": "alpha", "reviewer_notes": "", "model_answer": ADMIT if admits else LABEL},
            )
            _write(
                root / "results/evaluation/active_probes" / model / "admittance" / f"{fid}.json",
                common
                | {
                    "judge_model": "gpt-4o",
                    "admits": admits != flipped,
                    "fabricates": not admits,
                    "correct": False,
                    "model_answer": "...",
                },
            )
            ours[model].append(admits)
            gold[model].append(admits != flipped)
    return ours, gold


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


def test_the_overall_cells_become_the_judge_cards_full_scale_measurement(tmp_path: Path):
    """What the report's card reads: sample 'full', the overall cell, and the release named as the
    import pins it (no date: two identical runs write the same bytes)."""
    write_results(tmp_path / "paper" / "release")
    (tmp_path / "paper" / "release.dvc").write_text(
        "deps:\n- path: anonymous-submission\n  repo:\n    url: https://example.org/SciFig-Evaluation\n"
        "    rev: main\n    rev_lock: 0123456789abcdef0123456789abcdef01234567\nouts:\n- path: release\n"
    )
    card = tmp_path / "metrics" / "judge_agreement.json"
    args = ["release-agreement", "--release", str(tmp_path / "paper" / "release")]
    args += ["--out", str(tmp_path / "metrics" / "release_agreement.json"), "--card", str(card)]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    first = card.read_bytes()
    [m] = judge_card.read(card)
    assert (m.judge_id, m.family, m.sample, m.field) == (JUDGE_ID, "blur_active", "full", "admits")
    assert (m.n, m.decided, m.decided_share, m.exact) == (20, 20, 1.0, 18 / 20)
    assert m.reference == "GPT-4o verdicts of the paper's release" and m.source.startswith("the full release (2 models")
    assert m.measured == "on the import of https://example.org/SciFig-Evaluation @ 0123456789ab"
    assert CliRunner().invoke(main, args).exit_code == 0 and card.read_bytes() == first


def test_a_release_without_results_is_one_line(tmp_path: Path):
    (tmp_path / "release" / "dataset").mkdir(parents=True)
    res = CliRunner().invoke(main, ["release-agreement", "--release", str(tmp_path / "release")])
    assert res.exit_code != 0 and "no release results folder" in res.output
