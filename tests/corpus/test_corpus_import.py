"""Importers for real figures: generic manifest and SciVQA; bad input names the row."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest

from scifigbench.corpus import importers, stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.importers import ManifestError
from scifigbench.corpus.synthetic import build_figure


@pytest.fixture(scope="module")
def chart_png() -> bytes:
    return build_figure((42, "bar", 0, 60))[1]


@pytest.fixture()
def data_root(tmp_path: Path, chart_png: bytes) -> Path:
    root = tmp_path / "figs"
    (root / "img").mkdir(parents=True)
    for name in ("a.png", "b.png", "c.png"):
        (root / "img" / name).write_bytes(chart_png)
    return root


def _write_csv(root: Path, rows: list[dict]) -> Path:
    path = root / "manifest.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


GOOD = [
    {"id": "fig_a", "image": "img/a.png", "chart_type": "bar chart", "caption": "Accuracy per model.",
     "reference_description": "A bar chart."},
    {"id": "fig_b", "image": "img/b.png", "chart_type": "Line", "caption": "Loss curves.", "reference_description": ""},
    {"id": "", "image": "img/c.png", "chart_type": "pie", "caption": "", "reference_description": ""},
]


def test_manifest_import_builds_tables_without_inventing_ground_truth(data_root: Path, tmp_path: Path) -> None:
    manifest = _write_csv(data_root, GOOD)
    repo = tmp_path / "repo"
    cfg = CorpusConfig(source="manifest", manifest=str(manifest), primary={"bar": 1}, ablation={}, workers=1)
    figures = stage.run(cfg, 42, repo)
    assert list(figures["figure_id"]) == ["fig_a", "fig_b", "img_c"]
    assert list(figures["chart_type"]) == ["bar", "line", "pie"]
    assert set(figures["source"]) == {"manifest"}
    assert figures["spec_path"].isna().all()
    assert figures.loc[0, "reference_description"] == "A bar chart."
    assert figures.loc[1:, "reference_description"].isna().all()
    assert pd.isna(figures.loc[2, "caption"])
    assert list(figures["subset_primary"]) == [True, False, False]
    assert (repo / figures.loc[0, "image_path"]).read_bytes() == (data_root / "img/a.png").read_bytes()
    assert len(pd.read_parquet(repo / "data/corpus/text_elements.parquet")) == 0


def test_manifest_json_is_accepted(data_root: Path) -> None:
    path = data_root / "manifest.json"
    path.write_text(json.dumps({"figures": GOOD[:2]}))
    assert [e.figure_id for e in importers.manifest_entries(path).entries] == ["fig_a", "fig_b"]


@pytest.mark.parametrize(
    "row_index, change, expected",
    [
        (1, {"image": "img/missing.png"}, "row 2 (id='fig_b'): image not found"),
        (1, {"image": "img/corrupt.png"}, "row 2 (id='fig_b'): corrupt or unreadable image"),
        (1, {"chart_type": "radar plot"}, "row 2 (id='fig_b'): field 'chart_type': unknown chart type 'radar plot'"),
        (2, {"id": "fig_a"}, "row 3 (id='fig_a'): duplicate id 'fig_a' (first used in row 1)"),
        (1, {"image": "../outside.png"}, "row 2 (id='fig_b'): image path '../outside.png' is outside the data root"),
        (2, {"image": "img/text.png"}, "row 3 (image='img/text.png'): corrupt or unreadable image"),
    ],
)
def test_manifest_bad_row_is_named_and_the_others_are_imported(data_root: Path, row_index: int, change: dict,
                                                               expected: str) -> None:
    (data_root / "img" / "corrupt.png").write_bytes((data_root / "img" / "a.png").read_bytes()[:200])
    (data_root / "img" / "text.png").write_text("not an image")
    (data_root.parent / "outside.png").write_bytes((data_root / "img" / "a.png").read_bytes())
    rows = [dict(r) for r in GOOD]
    rows[row_index].update(change)
    manifest = _write_csv(data_root, rows)
    found = importers.manifest_entries(manifest)
    records, failed = importers.import_entries(found.entries, "manifest", data_root / "out", Path("c"), 10**8)
    failures = found.failures + failed
    assert len(failures) == 1 and len(records) == 2
    assert expected in failures[0].error
    assert str(manifest) in failures[0].error


def test_one_bad_row_keeps_the_others_and_is_recorded(data_root: Path, tmp_path: Path) -> None:
    bad = [dict(r) for r in GOOD]
    bad[1]["image"] = "img/missing.png"
    repo = tmp_path / "repo"
    figures, failures = stage.build(CorpusConfig(source="manifest", manifest=str(_write_csv(data_root, bad)),
                                                 workers=1), 42, repo)
    assert list(figures["figure_id"]) == ["fig_a", "img_c"]
    errors = json.loads((repo / "data/corpus/errors.json").read_text())
    assert errors["failed"] == 1
    assert errors["failures"][0]["item"] == "fig_b" and errors["failures"][0]["step"] == "import image"
    assert "row 2 (id='fig_b'): image not found" in errors["failures"][0]["error"]


def test_manifest_with_no_good_row_leaves_previous_corpus(data_root: Path, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    stage.run(CorpusConfig(source="manifest", manifest=str(_write_csv(data_root, GOOD)), workers=1), 42, repo)
    before = (repo / "data/corpus/figures.parquet").read_bytes()
    bad = [dict(r) | {"chart_type": "radar"} for r in GOOD]
    with pytest.raises(ManifestError, match="row 1") as err:
        stage.run(CorpusConfig(source="manifest", manifest=str(_write_csv(data_root, bad)), workers=1), 42, repo)
    assert "3 of 3 rows failed" in str(err.value)
    assert (repo / "data/corpus/figures.parquet").read_bytes() == before


def test_scivqa_import_of_the_shared_sample(shared_data: Path, tmp_path: Path) -> None:
    folder = shared_data / "scivqa_val"
    if not (folder / "qa.json").is_file():
        pytest.skip("scivqa_val not in shared data")
    records = json.loads((folder / "qa.json").read_text())
    first = {}
    for r in records:
        first.setdefault(r["image_file"], r)
    mapping = {"line chart": "line", "bar chart": "bar", "histogram": "histogram", "pie chart": "pie"}
    expected = Counter(mapping[r["figure_type"].lower()] for r in first.values())

    cfg = CorpusConfig(source="scivqa", scivqa_dir=str(folder), workers=1)
    figures = stage.run(cfg, 42, tmp_path)
    assert len(figures) == len(first) == 173
    assert Counter(figures["chart_type"]) == expected
    assert set(figures["source"]) == {"scivqa"}
    assert figures["reference_description"].isna().all() and figures["spec_path"].isna().all()
    by_id = figures.set_index("figure_id")
    sample = next(iter(first.values()))
    row = by_id.loc["scivqa_" + Path(sample["image_file"]).stem]
    assert row["caption"] == sample["caption"]
    assert (tmp_path / row["image_path"]).read_bytes() == (folder / "images" / sample["image_file"]).read_bytes()
    # primary subset: as many as each stratum allows, up to 40/40/20; other kinds (histograms) only when asked for
    prim = Counter(figures[figures["subset_primary"]]["chart_type"])
    quota = {"bar": 40, "line": 40, "pie": 20}
    assert prim == {k: min(v, quota[k]) for k, v in expected.items() if k in quota}


def test_unquoted_comma_in_a_caption_is_that_rows_error(data_root: Path) -> None:
    manifest = data_root / "manifest.csv"
    manifest.write_text("id,image,chart_type,caption\nfig_a,img/a.png,bar,Accuracy, per model.\n"
                        "fig_b,img/b.png,line,\"Loss, quoted.\"\n")
    rows = importers.manifest_entries(manifest)
    assert [e.figure_id for e in rows.entries] == ["fig_b"] and rows.entries[0].caption == "Loss, quoted."
    assert len(rows.failures) == 1
    assert "row 1 (id='fig_a'): 5 fields but the header has 4; quote a caption that contains a comma" in rows.failures[0].error
