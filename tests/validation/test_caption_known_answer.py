"""Known-answer test of the rule caption-claim judge on simulated descriptions of generated figures.

Claims come from the probes stage's own generator on rendered synthetic figures; the simulated
respondents record per claim whether they followed the image, the caption or neither. Issue 6
requires >= 97 % agreement per family; with abstention, on the decided claims (issue 14), deciding >= 95 %.

Two sizes: 5 figures of each kind (52 figures, about the 50 the test was written for when there were
three kinds) in the fast suite, and 20 of each (210 figures: 60 s of rendering and judging in one
`make test` worker under load 3) in `make test-slow`, by CONTRIBUTING's rule for a test that takes
over ~20 s on its own.

The fast size took ~22 s of one worker. Each figure's units depend on that figure alone, so its
figures are cut into two interleaved shares, each built once per run (``helpers.built_once``), and
two test classes (xdist's ``loadscope`` hands each class to a worker of its own) each build their
own share first and then take the other's: on two workers both shares are built at once, and each
class checks the whole, with the thresholds unchanged.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from helpers.built_once import built_once
from scifigbench.concepts.kinds import CHART_KINDS, chart_kind
from scifigbench.validation.caption_known_answer import capbias_units, figure_jobs

pytestmark = pytest.mark.long

FAST_PER_KIND, SEED, SHARES = 5, 42, 2


def check_recovers_simulated_behaviour(rows: list) -> None:
    """The known-answer checks on every caption claim of a run (x 4 profiles)."""
    assert len(rows) >= 400
    assert {want for *_, want, _ in rows} == {"image", "caption", "none"}
    assert len({claim["type"] for _, claim, *_ in rows}) >= 4
    # the rule judge may abstain ("undecided"): agreement is over the claims it decides, and it must decide nearly all
    decided = [r for r in rows if r[3] != "undecided"]
    assert len(decided) / len(rows) >= 0.95, (len(decided), len(rows))
    misses = [(claim["claim"], got, want) for _, claim, _, got, want, a in decided if not a]
    rate = 1 - len(misses) / len(decided)
    assert rate >= 0.97, (rate, len(decided), Counter((g, w) for _, g, w in misses), misses[:5])


def test_the_shares_cut_the_figures_without_overlap_and_keep_every_kind() -> None:
    whole = {(kind, i) for kind in CHART_KINDS for i in range(2 if chart_kind(kind).parts_of_whole else FAST_PER_KIND)}
    shares = [figure_jobs(FAST_PER_KIND, (k, SHARES)) for k in range(SHARES)]
    assert set(figure_jobs(FAST_PER_KIND)) == whole and len(figure_jobs(FAST_PER_KIND)) == len(whole)
    assert sum(len(s) for s in shares) == len(whole) and set().union(*shares) == whole
    assert all({kind for kind, _ in s} == set(CHART_KINDS) for s in shares)


def share_rows(tmp_path_factory: pytest.TempPathFactory, k: int) -> list:
    """The units of the k-th share of the fast size's figures, built once in the run."""

    def build(root: Path) -> None:
        (root / "rows.json").write_text(json.dumps(capbias_units(FAST_PER_KIND, SEED, (k, SHARES))), encoding="utf-8")

    root = built_once(tmp_path_factory, f"capbias-{FAST_PER_KIND}-per-kind-{k}-of-{SHARES}", build)
    return json.loads((root / "rows.json").read_text(encoding="utf-8"))


class _FastSize:
    """The fast size's check; ``share`` is the share this class builds first."""

    share: int

    def test_caption_claim_verdicts_recover_simulated_behaviour(self, tmp_path_factory) -> None:
        order = [self.share, *(k for k in range(SHARES) if k != self.share)]
        check_recovers_simulated_behaviour([r for k in order for r in share_rows(tmp_path_factory, k)])


class TestFirstShareBuiltFirst(_FastSize):
    share = 0


class TestSecondShareBuiltFirst(_FastSize):
    share = 1


@pytest.mark.slow
def test_caption_claim_verdicts_recover_simulated_behaviour_at_20_per_kind() -> None:
    check_recovers_simulated_behaviour(capbias_units(20, SEED))
