"""metrics/breakdown.json: every metric cell per chart kind and per corpus style, checked against
means computed here straight from the judgment rows (not through the unit builders)."""

from __future__ import annotations

import pandas as pd
import pytest

from helpers.synthetic_judgments import all_judgments
from scifigbench.contracts import JUDGMENTS, validate
from scifigbench.contracts.figures import NO_STYLE, style_group
from scifigbench.metrics import tables as T
from scifigbench.metrics.breakdown import breakdown

CFG = T.StatConfig(B=300, seed=7)


@pytest.fixture(scope="module")
def judg() -> pd.DataFrame:
    return validate(all_judgments(seed=3), JUDGMENTS, where="synthetic judgments")


@pytest.fixture(scope="module")
def figures(judg) -> pd.DataFrame:
    """Styles by figure number: 'paper', 'dark', and every fifth figure without one (an imported figure)."""
    ids = sorted(judg["figure_id"].unique())
    styles = [None if i % 5 == 0 else ("paper" if i % 2 else "dark") for i in range(len(ids))]
    return pd.DataFrame({"figure_id": ids, "style": styles})


@pytest.fixture(scope="module")
def split(judg, figures):
    return breakdown(judg, figures, CFG)


def _decided(rows: pd.DataFrame) -> pd.DataFrame:
    return rows[rows["error"].isna() & rows["verdict"].ne("undecided")]


def _expected(rows: pd.DataFrame, cell: str) -> tuple[float, int]:
    """(value, n) of one headline cell on ``rows``, from the verdict columns directly."""
    if cell in ("capability", "resistance"):
        kept = _decided(rows[rows["family"] == cell]).dropna(subset=["score"])
        return kept["score"].mean(), len(kept)
    if cell == "mqm":
        kept = rows[(rows["family"] == "description") & (rows["condition"] == "base") & rows["error"].isna()]
        return kept["score"].mean(), len(kept)
    if cell == "caption_bias":  # per figure: the mean over its decided, addressed claims; then over figures
        kept = _decided(rows[rows["family"] == "caption_claim"]).dropna(subset=["score"])
        per_figure = kept.groupby("figure_id")["score"].mean()
        return per_figure.mean(), len(per_figure)
    mode, protocol = cell.split("_")
    blur = _decided(rows[rows["family"] == f"blur_{protocol}"])
    if mode == "admittance":
        kept = blur[blur["category"] == "admittance"].dropna(subset=["admits"])
        return kept["admits"].astype(float).mean(), len(kept)
    kept = blur[(blur["category"] == "inductance")].dropna(subset=["fabricates"])
    fab = kept[kept["fabricates"].astype(bool)]
    return fab["correct"].astype(bool).mean(), len(fab)


@pytest.mark.parametrize("how,column", [("by_kind", "chart_type"), ("by_style", "style")])
def test_every_cell_matches_the_rows_of_its_group(judg, figures, split, how, column):
    styles = dict(zip(figures["figure_id"], figures["style"], strict=True))
    rows = judg.assign(style=judg["figure_id"].map(styles).fillna(NO_STYLE))
    checked = 0
    for cell, per_model in split[how].items():
        assert set(per_model) == set(judg["model"])
        for model, groups in per_model.items():
            mine = rows[rows["model"] == model]
            assert set(groups) == set(mine[column]), (cell, model)  # every group of the model has units here
            for group, got in groups.items():
                value, n = _expected(mine[mine[column] == group], cell)
                assert got["n"] == n and got["value"] == pytest.approx(value, abs=1e-6), (how, cell, model, group)
                assert got["ci_low"] <= got["value"] <= got["ci_high"]
                checked += 1
    assert set(split[how]) == {
        "mqm", "capability", "resistance", "caption_bias",
        "admittance_active", "inductance_active", "admittance_passive", "inductance_passive",
    }  # fmt: skip
    assert checked == 8 * len(set(judg["model"])) * len(set(rows[column]))


def test_groups_partition_the_overall_cell(judg, split):
    """The n of a cell's groups add up to the overall headline cell's n, for kinds and styles alike."""
    overall = {
        "capability": T.capability(judg, CFG)["accuracy"],
        "resistance": T.behaviour(judg, CFG)["resistance"],
    }
    for how in ("by_kind", "by_style"):
        for cell, table in overall.items():
            for model, groups in split[how][cell].items():
                assert sum(g["n"] for g in groups.values()) == table[model]["overall"]["n"]


def test_without_a_corpus_table_every_figure_is_styleless(judg):
    out = breakdown(judg[judg["model"] == judg["model"].iloc[0]], None, CFG)
    assert all(set(groups) == {NO_STYLE} for per_model in out["by_style"].values() for groups in per_model.values())


def test_a_figure_without_a_style_is_grouped_as_none_in_every_null_form():
    """Null comes as None (a lookup miss), NaN (an object column) or pd.NA (a string column): the
    breakdown and the explorer's filter must put all three in one group."""
    assert [style_group(s) for s in (None, float("nan"), pd.NA, "", "paper")] == [NO_STYLE] * 4 + ["paper"]
