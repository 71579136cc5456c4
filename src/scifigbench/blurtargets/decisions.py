"""Reviewers' decisions on proposed blur targets: a git-tracked CSV the stage reads on every run.

``review/blur_targets.csv`` has one row per decided target. Because the stage proposes targets
deterministically and applies these rows afterwards, a decision survives reruns; a ``confirm``
records the text it confirmed, so if a later run proposes something else for that target the
old decision is not silently carried over (the target goes back to ``proposed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING

from scifigbench.decisions.store import DecisionFile, ReviewFileError
from scifigbench.ocr.matching import match_text

if TYPE_CHECKING:  # the review commands import this module and must stay free of OpenCV and numpy
    from scifigbench.blurtargets.candidates import BlurTarget
    from scifigbench.ocr.engine import OcrBox


@dataclass(frozen=True)
class Decision:
    target_id: str
    decision: str
    proposed_text: str = ""      # the proposal the reviewer saw
    text: str = ""               # replace: the string to blur instead
    expected_answer: str = ""    # optional override of the expected answer
    reasoning_path: str = ""     # optional override of the reasoning path
    note: str = ""


STORE = DecisionFile("target_id", tuple(f.name for f in fields(Decision)), "the replacement string to blur")


def read_decisions(path: Path | str) -> dict[str, Decision]:
    """All decisions by target id; an absent file means no decisions yet."""
    return {tid: Decision(**{c: row[c] for c in STORE.columns}) for tid, row in STORE.read(path).items()}


def record(path: Path | str, *decision: Decision) -> None:
    """Add or replace decisions in the file (one read and one write for a whole batch)."""
    STORE.record(path, *(asdict(d) for d in decision))


def unmatched_replacement(text: str, boxes: Sequence[OcrBox], threshold: float) -> str | None:
    """Why a replacement text cannot be blurred (it matches no OCR box), or None if it can."""
    if match_text(text, boxes, threshold) is not None:
        return None
    return (f"replacement text {text!r} matches no OCR box (exact, normalised or similarity >= {threshold}); "
            f"OCR read: {sorted({b.text for b in boxes})[:30]}")


def apply(target: BlurTarget, decision: Decision | None, boxes: Sequence[OcrBox], threshold: float, where: str) -> BlurTarget:
    """The target after the reviewer's decision (unchanged if there is none or it is stale)."""
    if decision is None:
        return target
    if decision.decision == "reject":
        return target.with_(status="rejected")
    if decision.decision == "confirm":
        if decision.proposed_text and decision.proposed_text != target.text:
            return target.with_(status="proposed")  # the proposal changed since it was confirmed
        overridden = bool(decision.expected_answer) and decision.expected_answer != target.expected_answer
        return target.with_(
            status="confirmed",
            accept=None if overridden else target.accept,  # a reviewer's own answer is read exactly
            expected_answer=decision.expected_answer or target.expected_answer,
            reasoning_path=decision.reasoning_path or target.reasoning_path,
        )
    match = match_text(decision.text, boxes, threshold)
    if match is None:
        raise ReviewFileError(f"{where}: {decision.target_id}: {unmatched_replacement(decision.text, boxes, threshold)}")
    return target.with_(
        text=decision.text, box=match.box.box, element_id=match.box.element_id, role=None, status="confirmed",
        question=None, neighbours_json=None, also=(), accept=None,
        match_tier=match.tier, match_score=match.score, rule="reviewer",
        expected_answer=decision.expected_answer or decision.text,
        reasoning_path=decision.reasoning_path or f"Chosen by a reviewer in place of '{target.text}'.",
    )
