"""The realism benchmark's kind-weighted sample (``benchmarks/realism.py``): the synthetic kinds
drawn in the real dev half's shares, so a statistic that differs by kind is compared like with
like."""

from __future__ import annotations

import pytest

from helpers.benchmark_module import benchmark_module


@pytest.fixture(scope="module")
def realism():
    return benchmark_module("realism")


def test_shares_count_only_figures_of_a_known_kind(realism):
    shares = realism.kind_shares(["line", "line", "line", "bar", None, None])
    assert shares == {"bar": 0.25, "line": 0.75}


def test_counts_sum_to_the_sample_and_round_by_largest_remainder(realism):
    # 60 figures at 90 / 4 / 4 / 2 %: 54, 2.4, 2.4, 1.2 -> the one left over goes to the largest
    # remainder (0.4, a tie between bar and pie, to bar: first in the registry)
    counts = realism.counts_for({"line": 0.9, "bar": 0.04, "pie": 0.04, "histogram": 0.02}, 60)
    assert counts == {"line": 54, "bar": 3, "pie": 2, "histogram": 1}
    assert sum(realism.counts_for({"line": 0.5, "bar": 0.3, "pie": 0.2}, 7).values()) == 7


def test_a_kind_whose_share_rounds_to_nothing_is_left_out(realism):
    assert realism.counts_for({"line": 0.99, "pie": 0.01}, 10) == {"line": 10}
