"""The paper pipeline end to end, offline: a local git repository in the release's layout, imported
at a pinned commit by ``paper/release.dvc``, recomputed and compared with the release's Table 4.

The repository is built in a temporary folder from the shared release sample: its per-figure
resistance and caption-bias files, its LaTeX Table 4, and the sample's blur verdict tables written
out as the release stores them (``evaluation/{active,passive}_probes/<model>/<mode>/fig_XXX.json``).
A copy of ``paper/`` and ``src/`` then runs the README's commands. Every Table 4 cell the verdicts
determine must equal an independent tally of the verdict files, and the 32 blur cells (the
sample's blur verdicts cover the release's whole Table 4 figure sets) must read as the release
prints them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
DVC = BIN / "dvc"
BLUR_FOLDERS = {"active": "active_probes", "passive": "passive_probes"}


def sh(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "DVC_NO_ANALYTICS": "1",
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    res = subprocess.run(list(args), cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, f"{' '.join(args)} failed:\n{res.stdout}\n{res.stderr}"
    return res.stdout


def release_repo(sample: Path, dest: Path) -> str:
    """A git repository holding ``anonymous-submission/`` in the release's layout; its commit hash."""
    sub = dest / "anonymous-submission"
    shutil.copytree(sample / "release" / "anonymous-submission", sub)
    for proto, folder in BLUR_FOLDERS.items():
        for line in (sample / f"blur_verdicts_{proto}.jsonl").read_text().splitlines():
            rec = json.loads(line)
            path = sub / "results" / "evaluation" / folder / rec["model"] / rec["mode"] / f"{rec['fig_id']}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            keys = (
                ("admits", "fabricates", "correct", "mentioned")
                if proto == "passive"
                else ("admits", "fabricates", "correct")
            )
            path.write_text(
                json.dumps(
                    {
                        "figure_id": rec["fig_id"],
                        "model_name": rec["model"],
                        "probe_type": rec["mode"],
                        "judge_model": "gpt-4o",
                        **{k: rec[k] for k in keys},
                    }
                )
            )
    sh(dest, "git", "init", "-q")
    sh(dest, "git", "add", "-A")
    sh(dest, "git", "commit", "-qm", "release")
    return sh(dest, "git", "rev-parse", "HEAD").strip()


def independent_table4(results: Path) -> dict[tuple[str, str], float]:
    """(model, column) -> value in the printed unit, tallied straight from the verdict files."""
    out: dict[tuple[str, str], float] = {}
    for model_dir in sorted((results / "evaluation" / "resistance").iterdir()):
        scores = defaultdict(list)
        for f in model_dir.glob("*.json"):
            for ev in json.loads(f.read_text())["evaluations"]:
                scores[ev["probe_type"]].append(float(ev["judge_score"]))
        for ptype, col in (("inexist", "Inex"), ("contra", "Cont"), ("unanswerable", "Unan")):
            out[(model_dir.name, col)] = sum(scores[ptype]) / len(scores[ptype])
    for model_dir in sorted((results / "evaluation" / "caption_bias").iterdir()):
        per_fig = [json.loads(f.read_text())["resistance"] for f in model_dir.glob("*.json")]
        per_fig = [r for r in per_fig if r is not None]
        out[(model_dir.name, "CapB")] = sum(per_fig) / len(per_fig)
    for proto, folder in BLUR_FOLDERS.items():
        for model_dir in sorted((results / "evaluation" / folder).iterdir()):
            adm = [json.loads(f.read_text()) for f in (model_dir / "admittance").glob("*.json")]
            ind = [json.loads(f.read_text()) for f in (model_dir / "inductance").glob("*.json")]
            fabricated = [v for v in ind if v["fabricates"]]
            out[(model_dir.name, f"Adm {proto[:3].title()}")] = 100 * sum(v["admits"] for v in adm) / len(adm)
            out[(model_dir.name, f"Ind {proto[:3].title()}")] = (
                100 * sum(v["correct"] for v in fabricated) / len(fabricated)
            )
    return out


@pytest.mark.slow
def test_documented_commands_import_the_release_and_reproduce_its_table4(shared_data: Path, tmp_path: Path):
    sample = shared_data / "scifig_release_dev"
    if not (sample / "blur_verdicts_active.jsonl").is_file():
        pytest.skip(f"release sample not found at {sample}")
    if not DVC.exists():
        pytest.skip(f"dvc not installed next to {sys.executable}")
    origin = tmp_path / "SciFig-Evaluation"
    sha = release_repo(sample, origin)

    # a copy of the project as a fresh clone has it: paper/ (its own DVC project) beside src/
    proj = tmp_path / "proj"
    shutil.copytree(
        REPO / "paper",
        proj / "paper",
        ignore=shutil.ignore_patterns("release", "judgments", "metrics", "report.md", "dvc.lock", "cache", "tmp"),
    )
    shutil.copytree(REPO / "src", proj / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "bin", proj / "bin")  # the launcher the stages run
    sh(proj, "git", "init", "-q")
    paper = proj / "paper"
    params = yaml.safe_load((paper / "params.yaml").read_text())
    params["release"].update(url=origin.as_uri(), rev=sha)
    (paper / "params.yaml").write_text(yaml.safe_dump(params, sort_keys=False))
    sh(proj, "git", "add", "-A")
    sh(proj, "git", "commit", "-qm", "project")

    # the README's commands for another source, then the one command a user runs
    sh(paper, "scifigbench", "pin-release")
    sh(paper, str(DVC), "update", "release.dvc")
    out = sh(paper, str(DVC), "repro")
    assert "release_table4: " in out and "paper: " in out  # the compare stage's two summary lines
    pinned = yaml.safe_load((paper / "release.dvc").read_text())
    assert pinned["deps"][0]["repo"]["rev_lock"] == sha and pinned["outs"][0].get("md5")

    labels = params["compare"]["labels"]
    want = independent_table4(origin / "anonymous-submission" / "results")
    cells = json.loads((paper / "metrics" / "comparison.json").read_text())["release_table4"]["cells"]
    by_label = {label: model for model, label in labels.items()}
    t4 = [c for c in cells if c["table"] == "Table 4"]
    assert len(t4) == 8 * 8
    # the sample has caption-bias files of 4 models: the other 4 CapB cells must stay empty
    assert len(want) == 8 * 7 + 4
    for c in t4:
        key = (by_label[c["row"]], c["column"])
        if key not in want:
            assert c["recomputed"] is None and c["column"] == "CapB", c
            continue
        # metrics files keep 4 decimals of a 0-1 rate: 0.005 percentage points after scaling
        tol = 5e-3 if c["column"].startswith(("Adm", "Ind")) else 5e-5
        assert c["recomputed"] == pytest.approx(want[key], abs=tol), c
    blur = [c for c in t4 if c["column"].startswith(("Adm", "Ind"))]
    assert len(blur) == 32 and all(c["matches"] for c in blur), [c for c in blur if not c["matches"]]
    assert "| Table 4 | Gemini | Adm Act |" in (paper / "report.md").read_text()
    summary = json.loads((paper / "metrics" / "summary.json").read_text())
    assert summary["release_table4"]["cells"] == 64 and summary["paper"]["cells"] == 69
    # nothing left to do: the import is pinned and every stage is up to date
    assert "up to date" in sh(paper, str(DVC), "status")

    # once release.dvc (with its checksums) and the results are committed, a fresh clone gets the
    # release back with `dvc pull release.dvc` and reproduces the same comparison
    sh(proj, "git", "add", "-A")
    sh(proj, "git", "commit", "-qm", "release imported, tables reproduced")
    sh(tmp_path, "git", "clone", "-q", str(proj), "clone")
    again = tmp_path / "clone" / "paper"
    assert not (again / "release").exists()
    sh(again, str(DVC), "pull", "release.dvc")
    sh(again, str(DVC), "repro")
    assert (again / "metrics" / "comparison.json").read_text() == (paper / "metrics" / "comparison.json").read_text()
    assert "up to date" in sh(again, str(DVC), "status")
