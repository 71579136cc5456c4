"""``corpus.source: release``: the release's items become our tables, one row per released item,
with the release's ids, questions, expected answers, notes and statuses; a wrong layout is one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
from tests.helpers.release_layout import write_release

from scifigbench import paths
from scifigbench.corpus import stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.release.layout import ReleaseLayoutError
from scifigbench.tableio import read_table


def build(tmp: Path, n_clean: int = 0, n: int = 9):
    fx = write_release(tmp / "paper" / "release", n=n, clean_dir=tmp / "clean", n_clean=n_clean)
    cfg = CorpusConfig(source="release", release_dir="paper/release", release_images="clean" if n_clean else None)
    figures, failures = stage.build(cfg, 42, tmp)
    return fx, figures, failures


def test_every_released_item_is_one_probe_with_the_release_answer(tmp_path: Path):
    fx, figures, failures = build(tmp_path)
    assert not failures
    assert sorted(figures.figure_id) == fx.figures and set(figures.source) == {"release"}
    probes = read_table(tmp_path / paths.RELEASE_PROBES, "probes", root=tmp_path)
    for mode, want in fx.blur.items():
        got = probes[(probes.family == "blur") & (probes.category == mode)]
        assert {r.figure_id: json.loads(r.expected_json)["expected_answer"] for r in got.itertuples()} == want
    assert probes[probes.family == "resistance"].groupby("figure_id").size().to_dict() == fx.resistance
    assert set(probes[probes.family == "caption_bias"].figure_id) == fx.caption_bias
    assert probes[probes.family == "capability"].groupby("figure_id").size().to_dict() == fx.capability
    assert set(probes.generator) == {"release"} and set(probes.status) == {"confirmed"}
    note = json.loads(probes.set_index("probe_id").loc["fig_002/blur/admittance", "expected_json"])["reviewer_notes"]
    assert (
        note == f"'{fx.blur['admittance']['fig_002']}' and '{fx.blur['admittance']['fig_002']} method' are both correct"
    )
    cap = json.loads(probes.set_index("probe_id").loc["fig_001/capability/computation", "expected_json"])
    assert cap["answer"] == 12.5 and cap["tolerance"] == 0.5 and cap["answer_type"] == "number"
    assert "fig_001/capability/pattern" in set(probes.probe_id)  # pattern_analysis, mapped
    cb = json.loads(probes.set_index("probe_id").loc["fig_001/caption_bias/caption_bias", "expected_json"])
    assert [c["type"] for c in cb["claims"]] == ["value_anchor", "trend"]
    # the expert description is the figure's reference description; subsets are the release's own
    ref = figures.set_index("figure_id").loc["fig_003", "reference_description"]
    assert ref == "The pie chart compares four methods (3)."
    assert sorted(figures[figures.subset_primary].figure_id) == fx.figures[:4]
    assert figures[figures.subset_ablation].figure_id.tolist() == ["fig_001"]


def test_released_images_are_the_conditions_and_no_clean_image_means_no_base(tmp_path: Path):
    fx, figures, _ = build(tmp_path)
    conds = read_table(tmp_path / paths.RELEASE_CONDITIONS, "conditions", root=tmp_path)
    assert not (conds.condition == "base").any() and set(figures.variant) == {"release_no_clean"}
    for mode, cond in (("admittance", "admb"), ("inductance", "indb")):
        got = conds[conds.condition == cond]
        assert set(got.figure_id) == fx.blur_images[mode]
        assert set(got.blur_target_id) == {f"{f}/{mode}" for f in fx.blur_images[mode]}
    for cond, figs in fx.transforms.items():
        assert set(conds[conds.condition == cond].figure_id) == figs
    cover = json.loads((tmp_path / paths.RELEASE_COVERAGE).read_text())
    assert "clean images: 0 of 9 supplied" in cover["lines"]
    gaps = {g["family"]: g for g in cover["not_measured"]}
    assert gaps["resistance"]["needs"] == "clean images: 0 of 6 supplied (corpus.release_images)"
    assert gaps["resistance"]["figures"] == 6 and gaps["capability"]["figures"] == 4
    served = cover["by_family"]["blur/admittance"]
    assert served == {"released": len(fx.blur["admittance"]), "served": len(fx.blur_images["admittance"])}


def test_clean_images_give_base_and_nocap(tmp_path: Path):
    fx, figures, _ = build(tmp_path, n_clean=3)
    conds = read_table(tmp_path / paths.RELEASE_CONDITIONS, "conditions", root=tmp_path)
    assert set(conds[conds.condition == "base"].figure_id) == fx.clean == {"fig_001", "fig_002", "fig_003"}
    base = conds.set_index("condition_id").loc["fig_001/base"]
    assert base.caption == "Results of experiment 1." and pd.isna(
        conds.set_index("condition_id").loc["fig_001/nocap", "caption"]
    )
    fig = figures.set_index("figure_id")
    assert fig.loc["fig_001", "variant"] == "release" and fig.loc["fig_005", "variant"] == "release_no_clean"
    cover = json.loads((tmp_path / paths.RELEASE_COVERAGE).read_text())
    assert "clean images: 3 of 9 supplied" in cover["lines"]
    assert {g["family"]: g["needs"] for g in cover["not_measured"]}["capability"] == (
        "clean images: 3 of 4 supplied (corpus.release_images)"
    )


@pytest.mark.parametrize(
    ("breakage", "want"),
    [
        (lambda ds: shutil.rmtree(ds / "caption_bias"), "dataset/caption_bias: missing folder"),
        (
            lambda ds: _rename(ds / "adversarial/probes/fig_002.json", "blurred_text", "hidden_text"),
            "fig_002.json: selective_blur.admittance: missing field 'blurred_text'",
        ),
        (
            lambda ds: _rename(ds / "groundtruth/fig_003.json", "figure_type", "chart"),
            "fig_003.json: missing field 'figure_type'",
        ),
        (
            lambda ds: _rename(ds / "resistance_probes/fig_001.json", "probes", "items"),
            "fig_001.json: missing field 'probes'",
        ),
    ],
)
def test_a_wrong_layout_is_one_line_naming_path_and_field(tmp_path: Path, breakage, want):
    write_release(tmp_path / "paper" / "release", n=4)
    breakage(tmp_path / "paper" / "release" / "dataset")
    with pytest.raises(ReleaseLayoutError) as err:
        stage.build(CorpusConfig(source="release"), 42, tmp_path)
    assert want in str(err.value) and "\n" not in str(err.value)
    assert not (tmp_path / paths.CORPUS).exists()  # nothing half-written


def _rename(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert f'"{old}"' in text
    path.write_text(text.replace(f'"{old}"', f'"{new}"'))


def test_conditions_probes_and_setups_adopt_the_release(tmp_path: Path, monkeypatch):
    """Downstream stages take the release's items as they are: blur questions are asked on the
    released blurred images (also of figures without a clean image); the families that need the
    clean image are asked only where one was supplied."""
    import yaml

    from scifigbench import setups
    from scifigbench.conditions import stage as conditions_stage
    from scifigbench.conditions.config import ConditionsConfig
    from scifigbench.probes import stage as probes_stage

    fx, figures, _ = build(tmp_path, n_clean=3)
    params = tmp_path / "params.yaml"
    params.write_text(yaml.safe_dump({"seed": 42, "judge": {"kind": "rule"}, "models": {}}))
    conditions_stage.run(ConditionsConfig(workers=1), 42, tmp_path, progress=False)
    probes_stage.run(params, tmp_path)
    probes = read_table(tmp_path / paths.PROBES, "probes", root=tmp_path)
    released = read_table(tmp_path / paths.RELEASE_PROBES, "probes", root=tmp_path)
    assert probes.equals(released)
    cover = json.loads((tmp_path / paths.PROBES_COVERAGE).read_text())
    needs = {g["family"]: g["needs"] for g in cover["not_measured"]}
    assert needs["resistance"] == "clean images: 3 of 6 supplied (corpus.release_images)"
    assert "LLM judge" in needs["description"] and "real model" in needs["all"]

    monkeypatch.chdir(tmp_path)
    table = setups.run(params)
    blur = table[table.task == "blur_active"]
    want = {(f, m) for m, figs in fx.blur_images.items() for f in figs if f in fx.blur[m]}
    got = {(r.figure_id, "admittance" if r.condition == "admb" else "inductance") for r in blur.itertuples()}
    assert got == want  # every released target with its image, clean image or not
    assert all(json.loads(p)[0].startswith(f) for p, f in zip(blur.probe_ids, blur.figure_id, strict=True))
    assert set(table[table.task == "resistance"].figure_id) == set(fx.resistance) & fx.clean
    assert set(table[table.task == "capability"].figure_id) == set(fx.capability) & fx.clean
    assert set(table[table.condition == "capbias"].figure_id) == fx.caption_bias & fx.clean
