"""The paper's own benchmark on a new model, offline, as a user runs it.

A local git repository in the release's layout (``dataset/`` written by helpers/release_layout.py
from charts drawn here, ``results/`` holding eight published models' verdicts written here) is
imported by ``paper/`` at a pinned commit (``pin-release``, ``dvc update``, ``dvc repro
judgments``); the main pipeline reads that same import with ``corpus.source: release``, sends the
release's blur questions (and, on the clean images supplied for some figures, its other probes)
to a scripted model behind the local test server, judges the answers with the rule judge, and
``release-beside`` places the model beside the published ones on the same items.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
import yaml

from helpers.judge_replies import prompt_text
from helpers.release_layout import write_release
from helpers.scripted_respondent import image_sha
from helpers.tiny_pipeline import DVC, REPO, make_repo, manifest_params, sh
from scifigbench import paths
from scifigbench.devserver import DevServer

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]

KEY = "test-release-run-key-3"
KEY_ENV = "SCIFIGBENCH_TEST_KEY"
CLI = DVC.parent / "scifigbench"
N_FIGURES, N_CLEAN = 12, 4
PUBLISHED = yaml.safe_load((REPO / "paper" / "params.yaml").read_text())["compare"]["labels"]


def _draw(model: str, fid: str, what: str, share: float) -> bool:
    """A published model's verdict, fixed by a hash: true for about ``share`` of the items."""
    h = int(hashlib.sha256(f"{model}/{fid}/{what}".encode()).hexdigest()[:8], 16)
    return h / 0xFFFFFFFF < share


def write_results(sub: Path, fx: Any) -> None:
    """The eight published models' verdicts, in the release's results layout, on the items that
    have their blurred image (what the models were shown) and on every resistance probe."""
    ev = sub / "results" / "evaluation"
    for k, model in enumerate(sorted(PUBLISHED)):
        for mode, figs in fx.blur_images.items():
            for fid in sorted(figs):
                fab = _draw(model, fid, f"{mode}/fab", 0.7)
                verdict = {
                    "figure_id": fid,
                    "model_name": model,
                    "probe_type": mode,
                    "judge_model": "gpt-4o",
                    "admits": _draw(model, fid, f"{mode}/admits", 0.1 + 0.1 * k),
                    "fabricates": fab,
                    "correct": fab and _draw(model, fid, f"{mode}/correct", 0.5),
                }
                path = ev / "active_probes" / model / mode / f"{fid}.json"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(verdict))
        for fid in fx.resistance:
            evaluations = [
                {
                    "probe_type": t,
                    "question": "q",
                    "model_answer": "a",
                    "judge_reasoning": "r",
                    "judge_score": [0.0, 0.5, 1.0][(k + j + int(fid[-3:])) % 3],
                }
                for j, t in enumerate(("inexist", "contra", "unanswerable"))
            ]
            path = ev / "resistance" / model / f"{fid}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(
                json.dumps(
                    {"figure_id": fid, "figure_type": "Bar Chart", "judge_model": "gpt-4o", "evaluations": evaluations}
                )
            )


def admits_policy(fid: str) -> bool:
    """The scripted model says the blurred text is unreadable on these figures (and names a label elsewhere)."""
    return int(fid[-3:]) % 3 != 0


class Scripted:
    """Answers blur questions by a fixed policy, tells figure and condition by the image's sha256."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.asked: list[tuple[str, str]] = []

    def __call__(self, body: dict[str, Any]) -> str:
        sha = image_sha(body)
        conds = pd.read_parquet(self.root / paths.CONDITIONS)
        row = conds[conds.image_sha256 == sha].iloc[0]
        text = prompt_text(body)
        probes = pd.read_parquet(self.root / paths.PROBES)
        blur = probes[(probes.figure_id == row.figure_id) & (probes.family == "blur")]
        mode = {"admb": "admittance", "indb": "inductance"}.get(row.condition)
        asked = [p for p in blur.itertuples() if p.text in text and p.category == mode]
        if asked:
            self.asked.append((row.figure_id, asked[0].category))
            if asked[0].category == "admittance":
                if admits_policy(row.figure_id):
                    return "The label at that position is blurred and unreadable, so I cannot tell which it is."
                return "It is the method called zeta."
            return f"It is {json.loads(asked[0].expected_json)['expected_answer']}."
        numbered = [line.split(". ", 1)[0] for line in text.splitlines() if line[:2].rstrip(".").isdigit()]
        if numbered:
            return "\n".join(f"{n}. I cannot determine that from the figure." for n in numbered)
        return "The chart compares four methods on one axis."


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("release")
    origin = base / "SciFig-Evaluation"
    fx = write_release(origin / "anonymous-submission", N_FIGURES, base / "clean", N_CLEAN)
    write_results(origin / "anonymous-submission", fx)
    sh(origin, "git", "init", "-q")
    sh(origin, "git", "add", "-A")
    sh(origin, "git", "commit", "-qm", "release")
    sha = sh(origin, "git", "rev-parse", "HEAD").stdout.strip()

    respondent = Scripted(base / "repo")
    env = {KEY_ENV: KEY, paths.CACHE_ENV: str(base / "cache")}
    with DevServer(api_key=KEY, reply=respondent) as server:
        params = manifest_params("unused", N_FIGURES, server.base_url, KEY_ENV)
        params["corpus"].update(
            source="release", manifest=None, release_dir="paper/release", release_images="corpus_inputs/clean"
        )
        params["release_beside"] = {"paper": ["paper"]}  # the release_beside stage, beside the paper/ project
        params["metrics"]["bootstrap"] = 400
        root = make_repo(base / "repo", params)
        shutil.copytree(base / "clean", root / "corpus_inputs" / "clean")
        shutil.copytree(
            REPO / "paper",
            root / "paper",
            ignore=shutil.ignore_patterns("release", "judgments", "metrics", "report.md", "dvc.lock", "cache", "tmp"),
        )
        paper = root / "paper"
        pp = yaml.safe_load((paper / "params.yaml").read_text())
        pp["release"].update(url=origin.as_uri(), rev=sha)
        (paper / "params.yaml").write_text(yaml.safe_dump(pp, sort_keys=False))
        sh(root, "git", "add", "-A", env=env)
        sh(root, "git", "commit", "-qm", "project", env=env)
        # the README's commands: import the release and its verdicts in paper/, then run the pipeline,
        # whose release_beside stage places the model beside the published ones
        sh(paper, str(CLI), "pin-release", env=env)
        sh(paper, str(DVC), "update", "release.dvc", env=env)
        sh(paper, str(DVC), "repro", "judgments", env=env)
        out = sh(root, str(DVC), "repro", env=env)
        yield root, fx, respondent, out


def test_every_released_item_is_one_probe_with_its_answer(run) -> None:
    root, fx, *_ = run
    probes = pd.read_parquet(root / paths.PROBES)
    for mode, want in fx.blur.items():
        got = probes[(probes.family == "blur") & (probes.category == mode)]
        assert {r.figure_id: json.loads(r.expected_json)["expected_answer"] for r in got.itertuples()} == want
    assert probes[probes.family == "resistance"].groupby("figure_id").size().to_dict() == fx.resistance
    assert probes[probes.family == "capability"].groupby("figure_id").size().to_dict() == fx.capability
    assert set(probes[probes.family == "caption_bias"].figure_id) == fx.caption_bias


def test_the_model_was_asked_every_served_blur_item_once(run) -> None:
    root, fx, respondent, *_ = run
    want = sorted((f, m) for m, figs in fx.blur_images.items() for f in figs if f in fx.blur[m])
    assert sorted(respondent.asked) == want


def _tally(root: Path, model: str, column: str, items: list[str]) -> float:
    """The published value straight from the verdict files, on the column's items."""
    ev = root / "paper" / "release" / "results" / "evaluation"
    if column.startswith(("Adm", "Ind")):
        mode = "admittance" if column.startswith("Adm") else "inductance"
        vs = [json.loads((ev / "active_probes" / model / mode / f"{i.split('/')[0]}.json").read_text()) for i in items]
        if mode == "admittance":
            return 100 * sum(v["admits"] for v in vs) / len(vs)
        fab = [v for v in vs if v["fabricates"]]
        return 100 * sum(v["correct"] for v in fab) / len(fab)
    ptype = {"Inex": "inexist", "Cont": "contra", "Unan": "unanswerable"}[column]
    scores = []
    for i in items:
        data = json.loads((ev / "resistance" / model / f"{i.split('/')[0]}.json").read_text())
        scores += [e["judge_score"] for e in data["evaluations"] if e["probe_type"] == ptype]
    return sum(scores) / len(scores)


def test_published_rows_equal_a_tally_of_the_verdict_files_on_the_same_items(run) -> None:
    root, *_ = run
    result = json.loads((root / "metrics" / "release_beside.json").read_text())
    assert "Adm Act" in result and "Ind Act" in result
    for column, cell in result.items():
        rows = cell["rows"]
        if column == "Cap":  # no published capability verdicts: beside the release's annotator instead
            assert set(rows) == {"api", "annotator 1"} and cell["items"] == len(cell["item_ids"]) > 0
            assert rows["annotator 1"]["value"] == 100.0  # the fixture's person wrote the released answers
            assert rows["api"]["value"] == 0.0  # the scripted model says it cannot determine them
            continue
        assert set(rows) == {"api", *PUBLISHED}, column  # the new model beside all eight
        assert len(cell["item_ids"]) == cell["items"] > 0
        for model in PUBLISHED:
            if column in ("Adm Act", "Ind Act", "Inex", "Cont", "Unan"):
                assert rows[model]["value"] == pytest.approx(_tally(root, model, column, cell["item_ids"]), abs=1e-4)
            assert rows[model]["label"] == PUBLISHED[model]
            assert cell["printed"].get(PUBLISHED[model]) is not None  # the paper's printed value beside it


def test_the_scripted_rate_lands_inside_its_ci(run) -> None:
    root, fx, *_ = run
    cell = json.loads((root / "metrics" / "release_beside.json").read_text())["Adm Act"]
    figs = [i.split("/")[0] for i in cell["item_ids"]]
    scripted = 100 * sum(admits_policy(f) for f in figs) / len(figs)
    ours = cell["rows"]["api"]
    assert ours["source"] == "ours" and ours["n"] == len(figs)
    assert ours["value"] == pytest.approx(scripted)
    assert ours["ci_low"] <= scripted <= ours["ci_high"] and ours["ci_low"] < ours["ci_high"]
    ind = json.loads((root / "metrics" / "release_beside.json").read_text())["Ind Act"]["rows"]["api"]
    assert ind["value"] == pytest.approx(100.0)  # always answered with the released expected answer


def test_the_coverage_note_names_what_the_release_cannot_serve(run) -> None:
    root, *_ = run
    run_json = json.loads((root / "metrics" / "run.json").read_text())
    notes = run_json["not_measured"]
    assert f"clean images: {N_CLEAN} of" in notes["resistance"]
    assert "LLM judge" in notes["description"]


def test_the_beside_stage_ran_in_the_pipeline_and_the_report_shows_its_table(run) -> None:
    root, *_ = run
    lock = yaml.safe_load((root / "dvc.lock").read_text())["stages"]
    stage = lock["release_beside@paper"]
    assert {d["path"] for d in stage["deps"]} >= {"data/judgments", "paper/dvc.lock", "paper/printed.csv"}
    assert [o["path"] for o in stage["outs"]] == ["metrics/release_beside.json", "metrics/release_beside_units"]
    # the nested paper/ project's lock stands for its verdicts: it names the hash of paper/judgments
    paper_lock = yaml.safe_load((root / "paper" / "dvc.lock").read_text())["stages"]["judgments"]
    assert [o["path"] for o in paper_lock["outs"]] == ["judgments"] and paper_lock["outs"][0]["md5"].endswith(".dir")
    html = (root / "reports" / "index.html").read_text()
    table = html.split("beside the paper&#39;s published models", 1)[1].split("</section>", 1)[0]
    assert "api (this run)" in table and all(f">{label}</th>" in table for label in PUBLISHED.values())
    assert "explorer.html#model=api&amp;status=counted&amp;family=blur_active&amp;category=admittance" in table
    assert 'class="judge-card"' in table
    # every published model's cells link to its own units, which the stage wrote for the explorer
    from scifigbench.report.units import read_units_js

    assert all(f"explorer.html#model={m}&amp;status=counted" in table for m in PUBLISHED)
    units = read_units_js((root / "reports" / "explorer" / "units.js").read_text())
    listed = {u[units["columns"].index("model")] for u in units["units"]}
    assert listed == {"api", *PUBLISHED}
    assert {p.stem for p in (root / "metrics" / "release_beside_units").glob("*.parquet")} == set(PUBLISHED)
    assert "release_beside@paper" not in sh(REPO, str(DVC), "stage", "list").stdout  # the default run has none


def test_the_judge_card_shows_the_full_release_agreement(run) -> None:
    """The release_agreement stage judges every published answer; the card beside the tables shows
    it as the full-scale measurement, n = every released resistance answer (8 models x 3 probes)."""
    root, fx, *_ = run
    lock = yaml.safe_load((root / "dvc.lock").read_text())["stages"]
    assert [o["path"] for o in lock["release_agreement@paper"]["outs"]] == ["metrics/release_agreement.json"]
    n = len(PUBLISHED) * 3 * len(fx.resistance)
    agreement = json.loads((root / "metrics" / "release_agreement.json").read_text())
    assert agreement["families"]["resistance"]["overall"]["n"] == n
    html = (root / "reports" / "index.html").read_text()
    assert f'data-sample="full" data-n="{n}"' in html
