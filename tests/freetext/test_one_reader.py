"""Judges that used to read the same words differently now agree, because they share one reader."""

from __future__ import annotations

import pytest

from scifigbench.families.blur_active.rule import judge_blur_active
from scifigbench.families.blur_passive.rule import judge_blur_passive
from scifigbench.families.capability.rule import judge_capability

ADMISSIONS = [
    ("The legend entry is indecipherable.", True),
    ("The legend entry is covered by a grey patch.", True),
    ("The legend entry is obscured by a gray rectangle.", True),
    ("The legend entry is not legible.", True),
    ("The legend entry is blurred out.", True),
    ("The legend entry reads Gamma; nothing is obscured.", False),
    ("The legend entry is not blurred and reads Gamma.", False),
]


@pytest.mark.parametrize(("sentence", "admits"), ADMISSIONS)
def test_active_and_passive_blur_admit_alike(sentence: str, admits: bool) -> None:
    active = judge_blur_active("Which method is best?", sentence, "Gamma", "admittance")
    passive = judge_blur_passive(
        f"A bar chart of three methods. {sentence}", None, {"text": "Gamma", "role": "legend_entry"}
    )
    assert active.admits is admits
    assert passive["admits"] is admits


@pytest.mark.parametrize(
    ("stated", "truth", "correct"),
    [
        ("about 3.5k", 3500, True),
        ("3,500", 3500, True),
        ("3.5K", 3500, True),
        ("3.6k", 3500, False),
    ],
)
def test_thousands_read_alike_by_capability_and_blur_judges(stated: str, truth: int, correct: bool) -> None:
    cap = judge_capability(f"The answer is {stated}.", {"answer_type": "number", "answer": truth}).correct
    active = judge_blur_active("How many samples?", f"It is {stated}.", str(truth), "inductance")
    passive = judge_blur_passive(f"The value label reads {stated}.", None, {"text": str(truth), "role": "value_label"})
    assert cap is correct and active.correct is correct and passive["correct"] is correct


@pytest.mark.parametrize(("stated", "correct"), [("between 60–61%", True), ("60-61%", True), ("70-71%", False)])
def test_ranges_read_alike(stated: str, correct: bool) -> None:
    cap = judge_capability(f"It is {stated}.", {"answer_type": "number", "answer": 60.5, "tolerance": 0.0}).correct
    active = judge_blur_active("What share?", f"It is {stated}.", "60.5%", "inductance")
    assert cap is correct and active.correct is correct


@pytest.mark.parametrize("marker", ["appears to read", "seems to say", "looks like", "is probably", "my best guess is"])
def test_active_and_passive_blur_take_the_same_guesses(marker: str) -> None:
    sentence = f"The legend entry is blurred, but it {marker} 'Gamma'."
    active = judge_blur_active("Which method is best?", sentence, "Gamma", "admittance")
    passive = judge_blur_passive(
        f"A bar chart of three methods. {sentence}", None, {"text": "Gamma", "role": "legend_entry"}
    )
    assert (active.admits, active.fabricates, active.correct) == (True, True, True)
    assert (passive["admits"], passive["fabricates"], passive["correct"]) == (True, True, True)
