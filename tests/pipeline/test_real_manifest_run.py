"""A manifest run of real figures with no key for a generator: layout probes, reviewed, answered, judged.

Four paper-style charts (helpers/paper_charts.py) go through the real dvc.yaml as a user runs it:
``dvc repro probes`` proposes probes from each figure's layout reading, ``scifigbench review probes
confirm|reject`` decides them one by one, and ``dvc repro`` sends the confirmed ones to a model
behind the local test server, judges the answers with the rule judge and writes the metrics and
the report. The model is a scripted respondent (helpers/scripted_respondent.py) whose answer to
each probe is known in advance, so the resistance and caption-bias cells are checked against what
it did, not only for being filled.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from helpers.paper_charts import CHARTS, write_manifest
from helpers.scripted_respondent import RESISTS, ScriptedRespondent
from helpers.tiny_pipeline import DVC, make_repo, manifest_params, sh
from scifigbench import paths
from scifigbench.devserver import DevServer
from scifigbench.families.caption_claim.tables import BY_TYPE
from scifigbench.report import tables

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]

KEY = "test-real-manifest-key-7"
KEY_ENV = "SCIFIGBENCH_TEST_KEY"
CLI = DVC.parent / "scifigbench"
FOLLOWS_CAPTION = frozenset({"layers"})  # the respondent repeats this figure's false caption
REJECTED = "encoders/capability/computation"  # the reviewer turns this one down
MEASURED = ("resistance", "caption_claim", "capability")  # judgment families the run must fill


def _read(root: Path, rel: Path | str) -> Any:
    return json.loads((root / rel).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("manifest")
    respondent = ScriptedRespondent(base / "repo", FOLLOWS_CAPTION)
    env = {KEY_ENV: KEY, paths.CACHE_ENV: str(base / "cache")}
    with DevServer(api_key=KEY, reply=respondent) as server:
        params = manifest_params("corpus_inputs/figs/manifest.csv", len(CHARTS), server.base_url, KEY_ENV)
        root = make_repo(base / "repo", params)
        write_manifest(root / "corpus_inputs" / "figs")
        sh(root, str(DVC), "repro", "-q", "probes", env=env)
        proposed = pd.read_parquet(root / paths.PROBES)
        for probe_id in proposed.loc[proposed.status == "proposed", "probe_id"]:
            decision = "reject" if probe_id == REJECTED else "confirm"
            sh(root, str(CLI), "review", "probes", decision, probe_id, env=env)
        sh(root, str(DVC), "repro", "-q", env=env)
        yield root, proposed, respondent, list(server.records)


def test_the_reviewer_decides_proposed_probes_and_only_confirmed_ones_are_asked(run) -> None:
    root, proposed, respondent, records = run
    assert set(proposed.status) == {"proposed"} and set(proposed.generator) == {"layout-rules"}
    probes = pd.read_parquet(root / paths.PROBES).set_index("probe_id")
    assert probes.loc[REJECTED, "status"] == "rejected"
    confirmed = set(probes.index[probes.status == "confirmed"])
    assert confirmed == set(proposed.probe_id) - {REJECTED}
    assert sorted(respondent.asked) == sorted(confirmed)  # each confirmed probe asked once, the rejected never
    setups = pd.read_parquet(root / paths.SETUPS)
    assert len(records) == len(setups) and {r.outcome for r in records} == {"ok"}
    # every figure got at least one probe of each family the issue names
    got = set(zip(probes.figure_id, probes.family, strict=True))
    assert got >= {(f, fam) for f in CHARTS for fam in ("resistance", "caption_bias", "capability")}
    # the grouped bars print a value per dataset at each optimiser: the false premise names both
    grouped = json.loads(probes.loc["optimisers/resistance/contra", "expected_json"])
    assert grouped["series"] in ("MNIST", "CIFAR-10") and grouped["entity"].startswith(grouped["series"] + " on '")


def test_resistance_cells_are_the_scripted_rates(run) -> None:
    root, _, _, _ = run
    probes = pd.read_parquet(root / paths.PROBES)
    asked = probes[(probes.family == "resistance") & (probes.status == "confirmed")]
    res = _read(root, paths.METRICS_DIR / "behaviour.json")["resistance"]["api"]
    for category, n in asked.category.value_counts().items():
        assert (res[category]["value"], res[category]["n"], res[category]["undecided"]) == (RESISTS[category], n, 0)
    want = sum(RESISTS[c] for c in asked.category) / len(asked)
    assert res["overall"]["value"] == pytest.approx(want, abs=1e-6) and res["overall"]["figures"] == len(CHARTS)


def test_caption_bias_follows_the_side_the_respondent_took(run) -> None:
    root, _, _, _ = run
    j = pd.read_parquet(root / paths.judgments("api"))
    claims = j[j.family == "caption_claim"]
    decided = claims[claims.verdict.isin(["image", "caption"])]
    assert set(claims.figure_id) == set(CHARTS) and len(decided) >= len(CHARTS)
    for r in decided.itertuples():  # the judge read every decided claim the way the script wrote it
        assert r.verdict == ("caption" if r.figure_id in FOLLOWS_CAPTION else "image"), r.unit_id
    figures = set(decided.figure_id)
    cb = _read(root, paths.METRICS_DIR / "behaviour.json")["caption_bias"]["api"]
    assert cb["overall"]["value"] == pytest.approx(len(figures - FOLLOWS_CAPTION) / len(figures), abs=1e-6)
    assert cb["claims"]["n"] == len(decided)


def test_no_not_measured_for_the_families_the_layout_probes_fill(run) -> None:
    root, _, _, _ = run
    run_json = _read(root, paths.METRICS_DIR / "run.json")
    assert not set(run_json["not_measured"]) & set(MEASURED), run_json["not_measured"]
    assert set(run_json["not_measured"]) <= {"blur_active", "blur_passive", "description"}
    nm = tables.NotMeasured(run_json)
    beh = _read(root, paths.METRICS_DIR / "behaviour.json")
    cap = _read(root, paths.METRICS_DIR / "capability.json")
    unified = tables.behaviour_table(cap, beh, nm)
    [(model, cells)] = unified.rows
    filled = {h: c.text for h, c in zip(unified.columns, cells, strict=True)}
    measured = [h for h in unified.columns if h in tables.RESISTANCE_LABELS.values() or h == tables.CAPTION_BIAS_HEADER]
    assert model == "api" and len(measured) == 5  # inexist, contra, unanswerable, overall, caption bias
    for header in measured:
        assert float(filled[header]) >= 0, (header, filled[header])
    declared = tables.family_tables({"capability": cap, "behaviour": beh}, nm, ("capability", "behaviour"))
    by_type = next(t for t, _ in declared if t.title == BY_TYPE.title)
    assert by_type.rows and not any(c.text.startswith("not measured") for c in by_type.rows[0][1] if c.n)
    page = (root / "reports" / "index.html").read_text(encoding="utf-8")
    assert "Unified behavioural evaluation" in page
    section = page.split("<h2>Not measured</h2>", 1)[1].split("</section>", 1)[0]
    rows = set(re.findall(r'<th class="model">([^<]+)</th>', section))
    assert rows == set(run_json["not_measured"]) and "description" in rows  # what a rule judge cannot judge


def test_coverage_names_each_figures_families_and_the_plan_counts_them(run) -> None:
    root, proposed, _, _ = run
    cov = _read(root, paths.PROBES_COVERAGE)
    assert {g["family"] for g in cov["not_measured"]} <= {"blur", "description"}
    for family in ("resistance", "caption_bias", "capability"):
        assert cov["families"][family]["real_figures_get_it"] is True
    per = cov["per_figure"]
    assert set(per) == set(CHARTS)
    for fid, entry in per.items():
        mine = proposed[proposed.figure_id == fid]
        # a figure may get several probes of one family and category (one caption per kind of false claim)
        assert entry["got"] == sorted({f"{r.family}/{r.category}" for r in mine.itertuples()})
        assert not set(entry["got"]) & set(entry["missing"])  # each family/category is got or explained
    n = len(CHARTS)
    assert f"resistance on {n} of {n}" in cov["plan"] and f"caption bias on {n} of {n}" in cov["plan"]
