"""Known-answer test of the rule caption-claim judge on simulated descriptions of generated figures.

Claims come from the probes stage's own generator on rendered synthetic figures; the simulated
respondents record per claim whether they followed the image, the caption or neither. Issue 6
requires >= 97 % agreement per family; with abstention, on the decided claims (issue 14), deciding >= 95 %.
"""

from __future__ import annotations

from collections import Counter

import pytest

from scifigbench.validation.caption_known_answer import capbias_units

pytestmark = pytest.mark.long


def test_caption_claim_verdicts_recover_simulated_behaviour():
    rows = capbias_units(20, 42)  # 50 figures x 4 profiles
    assert len(rows) >= 400
    assert {want for *_, want, _ in rows} == {"image", "caption", "none"}
    assert len({claim["type"] for _, claim, *_ in rows}) >= 4
    # the rule judge may abstain ("undecided"): agreement is over the claims it decides, and it must decide nearly all
    decided = [r for r in rows if r[3] != "undecided"]
    assert len(decided) / len(rows) >= 0.95, (len(decided), len(rows))
    misses = [(claim["claim"], got, want) for _, claim, _, got, want, a in decided if not a]
    rate = 1 - len(misses) / len(decided)
    assert rate >= 0.97, (rate, len(decided), Counter((g, w) for _, g, w in misses), misses[:5])
