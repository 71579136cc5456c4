"""Known-answer test of the rule caption-claim judge on simulated descriptions of generated figures.

Claims come from the probes stage's own generator on rendered synthetic figures; the simulated
respondents record per claim whether they followed the image, the caption or neither. Issue 6
requires >= 97 % agreement per family.
"""

from __future__ import annotations

from collections import Counter

from scifigbench.validation.caption_known_answer import capbias_units


def test_caption_claim_verdicts_recover_simulated_behaviour():
    rows = capbias_units(20, 42)  # 50 figures x 4 profiles
    assert len(rows) >= 400
    assert {want for *_, want, _ in rows} == {"image", "caption", "none"}
    assert len({claim["type"] for _, claim, *_ in rows}) >= 4
    misses = [(claim["claim"], got, want) for _, claim, _, got, want, a in rows if not a]
    rate = 1 - len(misses) / len(rows)
    assert rate >= 0.97, (rate, len(rows), Counter((g, w) for _, g, w in misses), misses[:5])
