"""The corpus stage: determinism, table contents, subsets, and atomic replacement on failure."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner
from PIL import Image

from scifigbench.contracts import ContractError
from scifigbench.corpus import generate, stage, subsets
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.synthetic import build_figure
from scifigbench.spec import FigureSpec

pytestmark = pytest.mark.long


def _digests(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_same_params_give_byte_identical_files(tiny_corpus, tmp_path) -> None:
    """Rebuilt in one process (no pool) instead of two workers: every PNG and spec is identical."""
    cfg = CorpusConfig(n_bar=2, n_line=2, n_pie=2, primary={"bar": 1, "line": 1, "pie": 1},
                       ablation={"bar": 1, "line": 0, "pie": 1}, workers=1)
    stage.run(cfg, 42, tmp_path)
    first = _digests(tiny_corpus / "data/corpus")
    second = _digests(tmp_path / "data/corpus")
    files = [k for k in first if k.startswith(("images/", "specs/"))]
    assert len(files) == 12
    assert {k: first[k] for k in files} == {k: second[k] for k in files}
    for name in ("figures.parquet", "text_elements.parquet"):
        pd.testing.assert_frame_equal(pd.read_parquet(tiny_corpus / "data/corpus" / name),
                                      pd.read_parquet(tmp_path / "data/corpus" / name))


def test_other_seed_changes_figures() -> None:
    a, _ = build_figure((42, "bar", 0, 100))
    b, _ = build_figure((43, "bar", 0, 100))
    assert json.loads(a)["panels"] != json.loads(b)["panels"]


def test_tables_match_files_and_specs(tiny_corpus) -> None:
    root = tiny_corpus
    figures = pd.read_parquet(root / "data/corpus/figures.parquet")
    text = pd.read_parquet(root / "data/corpus/text_elements.parquet")
    assert list(figures["figure_id"]) == ["syn_bar_001", "syn_bar_002", "syn_line_001", "syn_line_002",
                                          "syn_pie_001", "syn_pie_002"]
    assert set(figures["source"]) == {"synthetic"}
    for row in figures.itertuples():
        png = root / row.image_path
        assert hashlib.sha256(png.read_bytes()).hexdigest() == row.image_sha256
        with Image.open(png) as im:
            assert im.size == (row.width, row.height)
        spec = FigureSpec.load(root / row.spec_path)
        assert (spec.width, spec.height, spec.chart_type, spec.variant) == (row.width, row.height, row.chart_type, row.variant)
        assert spec.caption == row.caption and spec.reference_description == row.reference_description
        mine = text[text["figure_id"] == row.figure_id]
        assert len(mine) == len(spec.text_elements) > 5
        for el in spec.text_elements:
            assert 0 <= el.x0 < el.x1 <= spec.width and 0 <= el.y0 < el.y1 <= spec.height, el
        # every series, category and title named in the spec is drawn as some text element
        texts = set(mine["text"])
        for panel in spec.panels:
            if spec.chart_type == "bar":
                assert set(panel.categories) <= texts
            if len(panel.series) > 1 or spec.chart_type == "pie":
                names = panel.categories if spec.chart_type == "pie" else [s.name for s in panel.series]
                assert set(names) <= texts
        if spec.title:
            assert spec.title in texts


def test_reference_description_covers_the_figure(tiny_corpus) -> None:
    for path in sorted((tiny_corpus / "data/corpus/specs").glob("*.json")):
        spec = FigureSpec.load(path)
        ref = spec.reference_description
        for panel in spec.panels:
            for name in (panel.categories if spec.chart_type != "line" else [s.name for s in panel.series]):
                assert name in ref, (spec.figure_id, name)
            if spec.chart_type == "pie":
                for v in panel.series[0].values:
                    assert f"{v:.1f}%" in ref
        if spec.title:
            assert spec.title in ref


def test_subsets_are_stratified_nested_and_seeded() -> None:
    ids = [f"syn_{t}_{i:03d}" for t, n in (("bar", 99), ("line", 99), ("pie", 52)) for i in range(1, n + 1)]
    df = pd.DataFrame({"figure_id": ids, "chart_type": [i.split("_")[1] for i in ids]})
    out = subsets.assign(df, {"bar": 40, "line": 40, "pie": 20}, {"bar": 20, "line": 20, "pie": 10}, 42)
    assert out[out.subset_primary].chart_type.value_counts().to_dict() == {"bar": 40, "line": 40, "pie": 20}
    assert out[out.subset_ablation].chart_type.value_counts().to_dict() == {"bar": 20, "line": 20, "pie": 10}
    assert not (out.subset_ablation & ~out.subset_primary).any()
    shuffled = subsets.assign(df.sample(frac=1, random_state=1), {"bar": 40, "line": 40, "pie": 20},
                              {"bar": 20, "line": 20, "pie": 10}, 42).sort_index()
    assert (shuffled.subset_primary == out.subset_primary).all()
    other = subsets.assign(df, {"bar": 40, "line": 40, "pie": 20}, {"bar": 20, "line": 20, "pie": 10}, 7)
    assert (other.subset_primary != out.subset_primary).any()


def test_contract_violation_keeps_previous_output(tmp_path, monkeypatch) -> None:
    cfg = CorpusConfig(n_bar=1, n_line=1, n_pie=1, primary={"bar": 1}, ablation={"bar": 1}, workers=1)
    stage.run(cfg, 42, tmp_path)
    before = _digests(tmp_path / "data/corpus")

    real_tables = stage.tables

    def broken(records, cfg, seed):
        figures, text = real_tables(records, cfg, seed)
        figures.loc[0, "chart_type"] = "radar"
        return figures, text

    monkeypatch.setattr(stage, "tables", broken)
    with pytest.raises(ContractError) as err:
        stage.run(CorpusConfig(n_bar=2, n_line=1, n_pie=1, workers=1), 42, tmp_path)
    assert "chart_type" in str(err.value) and "syn_bar_001" in str(err.value)
    assert _digests(tmp_path / "data/corpus") == before
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["corpus"]  # no staging folder left


def test_cli_reports_bad_params(tmp_path, monkeypatch) -> None:
    from scifigbench.cli import main

    (tmp_path / "params.yaml").write_text("seed: 42\ncorpus:\n  n_bars: 3\n")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["corpus"])
    assert result.exit_code == 1
    assert "n_bars" in result.output and "params.yaml" in result.output
    assert not (tmp_path / "data" / "corpus").exists()


def test_default_corpus_has_variety_and_no_duplicates() -> None:
    from scifigbench.corpus.generate import generate

    specs = [generate(42, t, i, 150) for t, n in (("bar", 99), ("line", 99), ("pie", 52)) for i in range(n)]
    signatures = {json.dumps([[p.categories, [s.values for s in p.series]] for p in sp.panels]) for sp in specs}
    assert len(signatures) == 250
    variants = Counter((sp.chart_type, sp.variant) for sp in specs)
    assert set(variants) == {("bar", v) for v in ("grouped", "simple", "stacked", "horizontal")} | {
        ("line", v) for v in ("multi_series", "log", "shared_x")} | {("pie", "pie"), ("pie", "donut")}
    assert {len(sp.panels) for sp in specs} == {1, 2, 3, 4}
    assert len({sp.domain for sp in specs}) >= 5
    assert any(p.value_labels for sp in specs for p in sp.panels)
    assert {p.pct_position for sp in specs for p in sp.panels if p.kind == "pie"} == {"inside", "outside"}
    legend_places = {sp.legend_outside for sp in specs} | {sp.panels[0].legend_loc for sp in specs}
    assert len(legend_places - {None}) >= 6


def test_seed_codes_of_the_paper_kinds_stay_put() -> None:
    """A kind's figures are seeded by its place in the registry: the paper's kinds keep 1, 2, 3."""
    assert [generate.seed_code(k) for k in ("bar", "line", "pie")] == [1, 2, 3]


def test_a_spec_of_an_unknown_kind_is_refused() -> None:
    """The chart kind is checked against the registry where a spec is loaded, not later in a stage."""
    spec = json.loads(build_figure((42, "bar", 0, 72))[0])
    with pytest.raises(ValueError, match="unknown chart kind 'radar'"):
        FigureSpec.from_dict({**spec, "chart_type": "radar"})
    spec["panels"][0]["kind"] = "radar"
    with pytest.raises(ValueError, match="unknown chart kind 'radar'"):
        FigureSpec.from_dict(spec)
