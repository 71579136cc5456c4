"""The rank agreement's interval on the judge card resamples whole figures, not pairs: the four
descriptions of one figure share its reference and annotators, so pairs are not independent."""

from __future__ import annotations

import pytest
from scipy import stats

from helpers.benchmark_module import benchmark_module


@pytest.fixture(scope="module")
def bench():
    return benchmark_module("mqm_human_agreement")


def test_every_resample_is_made_of_whole_figures(bench):
    """Two figures, A = pairs (1,1), (2,2) and B = (3,4), (4,3): a resample of whole figures is AA, AB,
    BA or BB, whose rho is 1, 0.8, 0.8 or -1 (worked out by hand); a resample of single pairs could
    give any other value (e.g. one pair of A and one of B: 1.0 with two rows, other mixes 0.5)."""
    seen: list[list[float]] = []

    def record(judge: list[float], people: list[float]) -> float:
        seen.append(judge)
        return stats.spearmanr(judge, people).statistic

    lo, hi = bench.figure_bootstrap_ci(["A", "A", "B", "B"], [1, 2, 3, 4], [1, 2, 4, 3], record, resamples=400)
    blocks = {(1, 2), (3, 4)}
    assert all(len(j) == 4 and {tuple(j[:2]), tuple(j[2:])} <= blocks for j in seen)
    values = {round(float(stats.spearmanr(j, [{1: 1, 2: 2, 3: 4, 4: 3}[x] for x in j]).statistic), 6) for j in seen}
    assert values == {1.0, 0.8, -1.0}
    assert (lo, hi) == (-1.0, 1.0)  # a quarter of the resamples at each end


def test_agreement_everywhere_gives_a_point_and_one_figure_gives_no_interval(bench):
    figures = [f for f in "ABC" for _ in range(4)]
    judge = list(range(12))
    assert bench.figure_bootstrap_ci(
        figures, judge, [2 * x for x in judge], lambda a, b: stats.spearmanr(a, b).statistic
    ) == (
        pytest.approx(1.0),
        pytest.approx(1.0),
    )
    assert bench.figure_bootstrap_ci(["A"] * 4, [1, 2, 3, 4], [1, 2, 3, 4], lambda a, b: 0.0) is None


def test_the_interval_is_seeded(bench):
    figures = [f for f in "ABCDEF" for _ in range(4)]
    judge = [(7 * i) % 11 for i in range(24)]
    people = [(5 * i) % 13 for i in range(24)]
    rho = lambda a, b: stats.spearmanr(a, b).statistic  # noqa: E731
    assert bench.figure_bootstrap_ci(figures, judge, people, rho) == bench.figure_bootstrap_ci(
        figures, judge, people, rho
    )
