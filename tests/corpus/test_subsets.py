"""Subset membership is a property of the figure, not of the other figures in the corpus."""

from __future__ import annotations

import hashlib

import pandas as pd

from scifigbench.corpus import subsets

PRIMARY = {"bar": 40, "line": 40, "pie": 20}
ABLATION = {"bar": 20, "line": 20, "pie": 10}


def corpus(n_bar: int, n_line: int = 99, n_pie: int = 52) -> pd.DataFrame:
    rows = [(f"syn_{ct}_{i:03d}", ct) for ct, n in (("bar", n_bar), ("line", n_line), ("pie", n_pie)) for i in range(n)]
    return pd.DataFrame(rows, columns=["figure_id", "chart_type"])


def members(df: pd.DataFrame, column: str) -> set[str]:
    return set(df.loc[df[column], "figure_id"])


def test_counts_nesting_and_independent_ranking() -> None:
    out = subsets.assign(corpus(99), PRIMARY, ABLATION, 42)
    for ct, n in PRIMARY.items():
        stratum = out[out.chart_type == ct]
        assert stratum.subset_primary.sum() == n and stratum.subset_ablation.sum() == ABLATION[ct]
        expected = sorted(stratum.figure_id, key=lambda f: hashlib.sha256(f"42\0{ct}\0{f}".encode()).hexdigest())[:n]
        assert set(stratum.figure_id[stratum.subset_primary]) == set(expected)
    assert members(out, "subset_ablation") <= members(out, "subset_primary")


def test_adding_figures_moves_at_most_the_boundary_figure() -> None:
    before = subsets.assign(corpus(99), PRIMARY, ABLATION, 42)
    moved_total = 0
    for n in range(100, 130):
        after = subsets.assign(corpus(n), PRIMARY, ABLATION, 42)
        old = set(before.figure_id)
        left = (members(before, "subset_primary") - members(after, "subset_primary")) & old
        new_in = members(after, "subset_primary") - old
        assert len(left) == len(new_in) <= 1  # only a new figure ranking inside can displace one
        moved_total += len(left)
        before = after
    assert moved_total < 30  # most added figures rank outside the first 40 and change nothing


def test_small_stratum_contributes_everything() -> None:
    out = subsets.assign(corpus(3, 2, 1), PRIMARY, ABLATION, 42)
    assert out.subset_primary.all()
