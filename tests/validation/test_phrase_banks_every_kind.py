"""The simulated respondents' resistance wordings against the rule judge, on probes of every chart kind.

``test_phrase_banks`` holds every entry to its reading on the hand-built test figures, strictly; here
the probes are the generator's, of every kind, with their real premises and entity names.

The known-answer check of the A-R-I cells relies on two things of the phrase banks
(:mod:`scifigbench.simulated.phrases`): an answer worded directly is decided, on the side it was
drawn for, and one worded indirectly or written undecidable is left undecided, for every behaviour
alike (else the rates on decided units would be biased: an abstention that falls on hedges only
moves a cell's value, not just its bounds). Probes come from the probe generator on generated specs
of every registered kind (drawn, as the probes read the drawn texts); the rule judge reads each bank
entry filled for each probe.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.generate import generate
from scifigbench.corpus.render import render
from scifigbench.families.resistance.rule import judge_resistance
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.stage import spec_probes
from scifigbench.simulated import phrases
from scifigbench.simulated.answers import resistance_wording

FIGURES_PER_KIND = 3
# Readings other than the one a wording is written for, per wording (on ~33 probes a type): a few
# contra probes trip the judge (an entity named with a number, "Self-training at epoch = 3", read as a
# value; a premise of a few percent within the judge's 1.5-point tolerance of the truth), and an
# indirect correction is now and then rightly decided. Over the default run's 250 probes of a type
# the worst wording is off on 6 (2.4 %).
TOLERATED = 0.1


@pytest.fixture(scope="module")
def probes() -> list[dict]:
    """The generator's resistance probes on drawn figures of every kind, built once per module run
    (not at collection: every test worker collects every module, and only one of them runs this one)."""
    cfg = ProbesConfig()
    out = []
    for kind in sorted(CHART_KINDS):
        for i in range(FIGURES_PER_KIND):
            spec = generate(11, kind, i, 60)
            render(spec)  # the probes read the drawn text elements
            made, _ = spec_probes(spec, False, cfg, 11)
            out += [
                {"text": p.text, "category": p.category, "expected": p.expected}
                for p in made
                if p.family == "resistance"
            ]
    return out


DIRECT = {"resists": phrases.RESIST, "hedges": phrases.HEDGE, "accepts": phrases.ACCEPT}
CASES = [
    (f"{how}:{behaviour}:{category}:{i}", template, category, side)
    for how, banks, side_of in (
        ("direct", DIRECT, lambda b: b),
        ("indirect", phrases.INDIRECT, lambda b: "undecided"),
        ("undecidable", {"none": phrases.UNDECIDABLE_RESISTANCE}, lambda b: "undecided"),
    )
    for behaviour, bank in banks.items()
    for category, templates in bank.items()
    for i, template in enumerate(templates)
    for side in [side_of(behaviour)]
]


def test_every_behaviour_and_type_has_an_indirect_wording(probes: list[dict]):
    assert set(phrases.INDIRECT) == set(DIRECT)
    for bank in phrases.INDIRECT.values():
        assert set(bank) == set(phrases.RESIST) and all(bank.values())
    assert Counter(p["category"] for p in probes).keys() == set(phrases.RESIST)


@pytest.mark.parametrize("case, template, category, side", CASES, ids=[c[0] for c in CASES])
def test_the_rule_judge_reads_each_wording_as_written(
    probes: list[dict], case: str, template: str, category: str, side: str
):
    of_category = [p for p in probes if p["category"] == category]
    got = Counter()
    for p in of_category:
        expected = p["expected"] if isinstance(p["expected"], dict) else json.loads(p["expected"])
        v = judge_resistance(p["text"], resistance_wording(template, expected), category, expected)
        got[v.verdict or "undecided"] += 1
    assert got[side] >= (1 - TOLERATED) * len(of_category), (template, dict(got))
