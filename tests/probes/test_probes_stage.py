"""The probes stage end to end on a tiny corpus on disk, SciVQA import, determinism, bad params."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml

from helpers.spec_factory import bar_grouped_two_panels, blur_target_rows, line_multi, pie, write_corpus
from scifigbench import paths
from scifigbench.params import ParamsError
from scifigbench.probes.scivqa import category_of, load_qa, scivqa_probes
from scifigbench.probes.stage import ProbesConfig, build_probes, run
from scifigbench.tableio import read_table, write_table

REPO = Path(__file__).resolve().parents[2]


def _corpus(root: Path, probes_params: dict | None = None) -> Path:
    specs = [bar_grouped_two_panels("b1"), line_multi("l1"), pie("p1"), pie("p2", pct=False)]
    write_corpus(root, specs, primary={"b1", "l1", "p1"}, real={"real1": "bar"})
    rows = []
    for s in specs:
        legend = [e for e in s.text_elements if e.role in ("legend_entry", "pie_label")]
        axis = [e for e in s.text_elements if e.role in ("axis_label", "pie_pct", "title")]
        rows += blur_target_rows(s, {"admittance": legend[0].element_id, "inductance": axis[0].element_id})
    rows[-1]["status"] = "rejected"
    write_table(pd.DataFrame(rows), root / paths.BLUR_TARGETS, "blur_targets", root=root)
    params = yaml.safe_load((REPO / "params.yaml").read_text())
    params["probes"].update(probes_params or {})
    (root / "params.yaml").write_text(yaml.safe_dump(params))
    return root / "params.yaml"


def test_stage_writes_valid_table_and_summary(tmp_path):
    stats = run(_corpus(tmp_path), tmp_path)
    df = read_table(tmp_path / paths.PROBES, "probes")
    assert stats["probes"] == len(df)
    fam = df.groupby("family").size().to_dict()
    assert fam == {"capability": 16, "resistance": 12, "caption_bias": 3, "blur": 7}
    # caption bias only for the primary subset; rejected blur targets get no question
    assert set(df[df.family == "caption_bias"].figure_id) == {"b1", "l1", "p1"}
    assert "p2/blur/inductance" not in set(df.probe_id)
    assert (df.status == "confirmed").all()
    assert json.loads((tmp_path / paths.PROBES_DIR / "summary.json").read_text())["by_family"] == fam
    assert (tmp_path / paths.PROBES_DIR / "review_queue.json").exists()
    for s in df.expected_json:
        json.loads(s)


def test_same_params_same_probes(tmp_path):
    root = tmp_path
    _corpus(root)
    figures = pd.read_parquet(root / paths.FIGURES)
    elements = pd.read_parquet(root / paths.TEXT_ELEMENTS)
    targets = pd.read_parquet(root / paths.BLUR_TARGETS)
    a, _ = build_probes(figures, elements, targets, ProbesConfig(), 42, root)
    b, _ = build_probes(figures.sample(frac=1, random_state=3), elements, targets, ProbesConfig(), 42, root)
    pd.testing.assert_frame_equal(a, b)  # same params, even with rows in another order
    c, _ = build_probes(figures, elements, targets, ProbesConfig(), 7, root)
    assert not a.equals(c)


def _params_only(root: Path, probes_params: dict) -> Path:
    params = yaml.safe_load((REPO / "params.yaml").read_text())
    params["probes"].update(probes_params)
    (root / "params.yaml").write_text(yaml.safe_dump(params))
    return root / "params.yaml"


def test_bad_params_are_named(tmp_path):
    with pytest.raises(ParamsError, match="contra_offset"):
        run(_params_only(tmp_path, {"contra_offset": [0.3, 0.2]}), tmp_path)
    with pytest.raises(ParamsError, match="unknown key"):
        run(_params_only(tmp_path, {"contra_ofset": [0.2, 0.3]}), tmp_path)


def test_missing_blur_targets_is_clear(tmp_path):
    params = _corpus(tmp_path)
    (tmp_path / paths.BLUR_TARGETS).unlink()
    with pytest.raises(FileNotFoundError, match="blur_targets.parquet"):
        run(params, tmp_path)


def test_scivqa_pairs_import(shared_data):
    records = load_qa(shared_data / "scivqa_val" / "qa.json")
    figs = sorted({r["figure_id"] for r in records})[:5]
    # the corpus importer names a SciVQA figure "scivqa_" + its image stem (made id-safe)
    image_of = {r["figure_id"]: Path(r["image_file"]).stem for r in records}
    ids = {"scivqa_" + re.sub(r"[^A-Za-z0-9_.\-]+", "_", image_of[f]).strip("_"): f"sv_{i}" for i, f in enumerate(figs)}
    probes = scivqa_probes(records, ids)
    mine = [r for r in records if r["figure_id"] in figs]
    assert len(probes) == len(mine) == 35
    unans = [p for p in probes if p.family == "resistance"]
    assert len(unans) == 5 and all(p.category == "unanswerable" for p in unans)
    caps = [p for p in probes if p.family == "capability"]
    assert {p.expected["answer_type"] for p in caps} <= {"number", "label", "yes_no", "list"}
    binary = [p for p in caps if "binary" in p.expected["scivqa_type"]]
    assert binary and all(p.expected["answer"] in ("yes", "no") for p in binary)
    # multiple-choice letters are resolved to the option texts
    for r in mine:
        if r["answer_options"] and r["qa_pair_type"] != "unanswerable" and "binary" not in r["qa_pair_type"]:
            p = next(p for p in caps if p.text == r["question"])
            assert p.expected["answer"] not in ("A", "B", "C", "D")
    assert len({p.probe_id for p in probes}) == len(probes)


def test_scivqa_category_cues():
    assert category_of("How many lines are shown?") == "counting"
    assert category_of("What is the difference between A and B at 10?") == "computation"
    assert category_of("Does the loss decrease over time?") == "pattern"
    assert category_of("Which model is higher at step 5?") == "comparison"


def test_scivqa_bad_file_named(tmp_path):
    bad = tmp_path / "qa.json"
    bad.write_text(json.dumps([{"instance_id": "x", "question": "q"}]))
    with pytest.raises(ValueError, match=r"qa.json: record 0 \(instance_id='x'\) lacks"):
        load_qa(bad)


def test_stage_imports_scivqa_for_imported_figures(tmp_path, shared_data):
    qa = json.loads((shared_data / "scivqa_val" / "qa.json").read_text())
    fid = qa[0]["figure_id"]
    root = tmp_path
    params = _corpus(root, {"scivqa_qa": "qa.json"})
    shutil.copy(shared_data / "scivqa_val" / "qa.json", root / "qa.json")
    figs = pd.read_parquet(root / paths.FIGURES)
    figs.loc[figs.figure_id == "real1", "image_path"] = str(paths.CORPUS_IMAGES / f"{fid}.png")
    shutil.copy(root / paths.CORPUS_IMAGES / "real1.png", root / paths.CORPUS_IMAGES / f"{fid}.png")
    write_table(figs, root / paths.FIGURES, "figures", root=root)
    run(params, root)
    df = pd.read_parquet(root / paths.PROBES)
    real = df[df.figure_id == "real1"]
    assert len(real) == 7 and set(real.generator) == {"scivqa"}
