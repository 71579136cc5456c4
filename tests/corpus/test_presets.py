"""Corpus presets: the paper's design as committed, and `extended` drawing every registered kind."""

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.cli import preset
from scifigbench.corpus.config import CorpusConfig
from scifigbench.corpus.presets import apply_preset, preset_corpus
from scifigbench.params import ParamsError, read_yaml, with_section_values

REPO = Path(__file__).resolve().parents[2]


def test_paper_preset_is_the_committed_design():
    committed = yaml.safe_load((REPO / "params.yaml").read_text())["corpus"]
    paper = preset_corpus("paper")
    assert paper == {
        "n_bar": 99,
        "n_line": 99,
        "n_pie": 52,
        "kinds": {},
        "primary": {"bar": 40, "line": 40, "pie": 20},
        "ablation": {"bar": 20, "line": 20, "pie": 10},
        "styles": ["paper"],
    }
    assert {k: committed[k] for k in paper} == paper


def test_extended_draws_every_kind_with_subsets_in_the_papers_proportions():
    cfg = CorpusConfig(**{**preset_corpus("extended", per_kind=10)})
    assert cfg.counts() == dict.fromkeys(CHART_KINDS, 10)
    assert cfg.primary == dict.fromkeys(CHART_KINDS, 5)  # ceil(10 * 40/99)
    assert cfg.ablation == dict.fromkeys(CHART_KINDS, 3)  # ceil(5 / 2)


def test_apply_keeps_the_rest_of_the_params():
    params = {"seed": 7, "corpus": {"dpi": 80, "n_bar": 1}, "judge": {"kind": "rule"}}
    out = apply_preset(params, "extended", per_kind=2)
    assert out["seed"] == 7 and out["judge"] == {"kind": "rule"} and out["corpus"]["dpi"] == 80
    assert out["corpus"]["n_bar"] == 2


def test_bad_preset_arguments_are_refused():
    with pytest.raises(ValueError, match="known: paper, extended"):
        preset_corpus("huge")
    with pytest.raises(ValueError, match="at least 1"):
        preset_corpus("extended", per_kind=0)


def test_command_writes_a_params_file_the_corpus_reads(tmp_path: Path):
    src = tmp_path / "params.yaml"
    src.write_text((REPO / "params.yaml").read_text())
    res = CliRunner().invoke(preset, ["extended", "--per-kind", "4", "--params", str(src), "-o", str(src)])
    assert res.exit_code == 0, res.output
    corpus = yaml.safe_load(src.read_text())["corpus"]
    assert CorpusConfig(**corpus).counts() == dict.fromkeys(CHART_KINDS, 4)


def _comments(text: str) -> list[str]:
    return [line.partition("#")[2].strip() for line in text.splitlines() if "#" in line]


def test_command_keeps_the_params_comments_and_every_other_value(tmp_path: Path):
    original = (REPO / "params.yaml").read_text()
    src = tmp_path / "params.yaml"
    src.write_text(original)
    res = CliRunner().invoke(preset, ["extended", "--per-kind", "4", "--params", str(src), "-o", str(src)])
    assert res.exit_code == 0, res.output
    text = src.read_text()
    assert _comments(text) == _comments(original)
    # The changed keys keep their own comment on their own line.
    styles_line = next(line for line in text.splitlines() if line.strip().startswith("styles:"))
    assert "looks drawn in" in styles_line and "dark" in styles_line.split("#")[0]
    # The values are exactly those of a plain rewrite, read as DVC reads them (nulls stay nulls).
    assert read_yaml(text) == apply_preset(read_yaml(original), "extended", per_kind=4)
    assert "manifest: null" in text
    # Keys the preset leaves alone keep their text byte for byte.
    untouched = [line for line in original.splitlines() if line.startswith(("  dpi:", "  seed", "  noise_sigma:"))]
    assert untouched and all(line in text.splitlines() for line in untouched)


def test_paper_preset_on_the_committed_file_leaves_its_corpus_text_alone(tmp_path: Path):
    original = (REPO / "params.yaml").read_text()
    out = with_section_values(original, "corpus", preset_corpus("paper"))
    section = original.split("\ncorpus:", 1)[1].split("\n\n", 1)[0]
    assert section in out


def test_round_trip_names_a_bad_section():
    with pytest.raises(ParamsError, match="section 'corpus' must be a mapping"):
        with_section_values("corpus: [1, 2]\n", "corpus", {"n_bar": 1})
