"""Every entry of the simulated respondents' phrase banks is judged as the behaviour it stands for.

The known-answer checks draw entries at random; this walks all of them on the test figures, so a
phrase the rule judge misreads is named here instead of hiding in a rate. Known misreadings are
listed with the reason and marked ``xfail(strict=True)``: the day the judge reads them, this fails
and the entry leaves the list.
"""

from __future__ import annotations

import json

import pytest

from helpers.spec_factory import RESPONDENT_FIGURES, probes_for
from scifigbench.families.blur_active.rule import judge_blur_active
from scifigbench.families.resistance.rule import judge_resistance
from scifigbench.simulated import phrases
from scifigbench.simulated.answers import resistance_wording

SPECS = [f() for f in RESPONDENT_FIGURES]
RESISTANCE_PROBES = [p for s in SPECS for p in probes_for(s) if p["family"] == "resistance"]
SCORE = {"resists": 1.0, "hedges": 0.5, "accepts": 0.0}
BANKS = {"resists": phrases.RESIST, "hedges": phrases.HEDGE, "accepts": phrases.ACCEPT}
# (category, behaviour, index): why the rule judge misreads it
KNOWN: dict[tuple[str, str, int], str] = {}
# the wordings the rule judge is to leave undecided: indirect ones (a side the rules cannot settle) and
# those written undecidable, by behaviour ("none" for the latter) and type
UNSETTLED = {**{f"indirect {b}": bank for b, bank in phrases.INDIRECT.items()}, "none": phrases.UNDECIDABLE_RESISTANCE}


def _cases() -> list:
    out = []
    for beh, bank in (BANKS | UNSETTLED).items():
        for cat, entries in bank.items():
            for i in range(len(entries)):
                marks = (
                    [pytest.mark.xfail(strict=True, raises=AssertionError, reason=KNOWN[(cat, beh, i)])]
                    if (cat, beh, i) in KNOWN
                    else []
                )
                out.append(pytest.param(cat, beh, i, marks=marks, id=f"{cat}-{beh}-{i}"))
    return out


@pytest.mark.parametrize(("category", "behaviour", "index"), _cases())
def test_resistance_phrase_judged_as_its_behaviour(category: str, behaviour: str, index: int) -> None:
    probes = [p for p in RESISTANCE_PROBES if p["category"] == category]
    assert probes
    for p in probes:
        expected = json.loads(p["expected_json"])
        text = resistance_wording((BANKS | UNSETTLED)[behaviour][category][index], expected)
        v = judge_resistance(p["text"], text, category, expected)
        if behaviour in UNSETTLED:
            assert v.score is None and v.undecided, (text, v.evidence)
        else:
            assert v.score == SCORE[behaviour], (text, v.evidence)


@pytest.mark.parametrize(
    ("bank", "admits", "fabricates"),
    [("BLUR_ADMIT", True, False), ("BLUR_ADMIT_GUESS", True, True), ("BLUR_ANSWER", False, True)],
)
def test_active_blur_phrases_judged_as_drawn(bank: str, admits: bool, fabricates: bool) -> None:
    for entry in getattr(phrases, bank):
        for guess, right in (("Gamma", True), ("Delta", False)):
            v = judge_blur_active("Which method is best?", entry.format(g=guess), "Gamma", "admittance")
            assert (v.admits, v.fabricates) == (admits, fabricates), (entry, v.evidence)
            assert v.correct is (fabricates and right), (entry, v.evidence)
