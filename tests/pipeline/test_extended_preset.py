"""The `extended` preset through the real dvc pipeline at a small size: every registered chart kind
gets figures, every condition, probes of every family, judged units, and its own MQM row."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from helpers.tiny_pipeline import DVC, make_repo, sh, tiny_params
from scifigbench import paths
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.presets import apply_preset
from scifigbench.corpus.styles import STYLES
from scifigbench.metrics.tables import StatConfig
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile
from scifigbench.validation.family_wise import ALPHA
from scifigbench.validation.known_answer import check_cells, kind_check, simulate_ari

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    params = apply_preset(tiny_params(("sim-careful",)), "extended", per_kind=2)
    root = make_repo(tmp_path_factory.mktemp("extended") / "repo", params)
    sh(root, str(DVC), "repro", "-q")
    return root


def test_every_kind_is_drawn_and_shown_under_every_condition(run: Path) -> None:
    figures = pd.read_parquet(run / "data/corpus/figures.parquet")
    assert sorted(figures["chart_type"].unique()) == sorted(CHART_KINDS)
    styles = {json.loads((run / path).read_text()).get("style", "paper") for path in figures["spec_path"]}
    assert styles == set(STYLES)
    conditions = pd.read_parquet(run / "data/conditions/conditions.parquet").merge(figures, on="figure_id")
    expected = {"base", "nocap", "noise", "lowc", "rot", "inpaper", "inpaper_blur"}
    for kind in CHART_KINDS:
        assert expected <= set(conditions.loc[conditions["chart_type"] == kind, "condition"]), kind


def test_every_kind_gets_probes_judged_units_and_an_mqm_row(run: Path) -> None:
    figures = pd.read_parquet(run / "data/corpus/figures.parquet")[["figure_id", "chart_type"]]
    probes = pd.read_parquet(run / "data/probes/probes.parquet").merge(figures, on="figure_id")
    judged = pd.read_parquet(run / "data/judgments/sim-careful.parquet")
    mqm = json.loads((run / "metrics/perception.json").read_text())["mqm_by_chart"]["sim-careful"]
    for kind in CHART_KINDS:
        families = set(probes.loc[probes["chart_type"] == kind, "family"])
        assert {"capability", "resistance", "caption_bias"} <= families, (kind, families)
        units = judged[judged["chart_type"] == kind]
        assert {"description", "capability", "resistance", "caption_claim"} <= set(units["family"]), kind
        assert units["error"].isna().mean() > 0.9, kind
        assert mqm[kind]["n"] > 0, kind


def test_known_answer_cells_of_every_kind_hold_the_declared_rates_family_wise(run: Path) -> None:
    """Every profile answers each A-R-I setup of the run 6 times; no cell's value nor its bounds is
    rejected against the declared rate at a family-wise 5 % over the whole test: Holm over each kind's
    cells at 5 % / the number of kinds (Bonferroni across kinds). At 5 % per kind, twelve kinds would
    fail a correct pipeline about 46 % of the time (1 - 0.95^12)."""
    profiles = {f"sim-{name}": resolve_profile(name) for name in sorted(BUILTIN)}
    setups = pd.read_parquet(run / paths.SETUPS).to_dict("records")
    judgments, traces = simulate_ari(setups, SimContext.from_data(run), profiles, 6)
    assert (judgments["verdict"] == "undecided").any()  # abstentions are exercised
    lines = []
    for kind in CHART_KINDS:
        rows = judgments[judgments["chart_type"] == kind]
        result = kind_check(kind, check_cells(rows, traces, profiles, StatConfig(B=100)), ALPHA / len(CHART_KINDS))
        lines.append(result.line())
        assert len(result.checks) >= 4 * 4, result.line()  # at least the resistance and caption cells
        assert result.passes, "\n".join(c.line() for c in result.rejected + result.bounds_rejected)
    print("\n".join(lines))
