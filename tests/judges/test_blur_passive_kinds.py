"""Passive blur verdicts on descriptions of kinds whose texts look like values: hand-written histogram
descriptions with the verdict a reader gives them."""

from __future__ import annotations

import pytest

from helpers.spec_factory import histogram_overlaid
from scifigbench.families.blur_passive.rule import judge_blur_passive

SPEC = histogram_overlaid()


def _target(text: str) -> dict:
    el = next(e for e in SPEC.text_elements if e.text == text)
    return {
        "target_id": f"{SPEC.figure_id}/{el.element_id}",
        "element_id": el.element_id,
        "role": el.role,
        "text": text,
    }


SILENT = {"mentioned": False, "admits": False, "fabricates": False, "correct": False}


@pytest.mark.parametrize(
    ("target", "text", "verdict"),
    [
        # the bins are the x categories: listing them states nothing about a blurred count tick
        (
            "400",
            "A histogram. The categories are 0–100, 100–200, 200–300 and 300–400. HuBERT peaks on 200–300.",
            SILENT,
        ),
        (
            "400",
            "The y-axis tick between 200 and 600 reads 400.",
            SILENT | {"mentioned": True, "fabricates": True, "correct": True},
        ),
        ("400", "The y-axis tick between 200 and 600 reads 500.", SILENT | {"mentioned": True, "fabricates": True}),
        # a legend name with a version number in it is a name, read back by its words
        (
            "wav2vec 2.0",
            "One legend entry shows 'HuBERT'; the other legend entry reads 'Whisper'.",
            SILENT | {"mentioned": True, "fabricates": True},
        ),
        (
            "wav2vec 2.0",
            "The legend lists HuBERT and a blurred entry, probably 'wav2vec 2.0'.",
            {"mentioned": True, "admits": True, "fabricates": True, "correct": True},
        ),
        # a bin's interval is a label: naming the right bin is a right guess, another bin a wrong one
        (
            "100–200",
            "The second x-axis tick label reads '100–200'.",
            SILENT | {"mentioned": True, "fabricates": True, "correct": True},
        ),
        ("100–200", "The second x-axis tick label reads '150–250'.", SILENT | {"mentioned": True, "fabricates": True}),
    ],
)
def test_histogram_descriptions_judged_as_a_reader_would(target, text, verdict):
    got = judge_blur_passive(text, SPEC, _target(target))
    assert got.pop("evidence") and got == verdict


@pytest.mark.parametrize(
    ("text", "evidence"),
    [
        ("The y-axis tick between 200 and 600 reads 500.", "gives '500' (wrong) in \"the y-axis tick between 200"),
        ("The y-axis tick between 200 and 600 reads 400.", "gives '400' (right) in \"the y-axis tick between 200"),
        ("A histogram. One y-axis tick is blurred and cannot be read.", 'admits in "one y-axis tick is blurred'),
        ("A histogram. The categories are 0–100 and 100–200.", "no sentence admits the blurred tick unreadable"),
    ],
)
def test_each_flag_names_the_sentence_behind_it(text, evidence):
    """Passive blur cards showed flags without the sentence or cue behind them."""
    assert evidence in judge_blur_passive(text, SPEC, _target("400"))["evidence"]
