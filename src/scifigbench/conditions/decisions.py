"""Reviewers' decisions on proposed blur targets: a git-tracked CSV the stage reads on every run.

``review/blur_targets.csv`` has one row per decided target. Because the stage proposes targets
deterministically and applies these rows afterwards, a decision survives reruns; a ``confirm``
records the text it confirmed, so if a later run proposes something else for that target the
old decision is not silently carried over (the target goes back to ``proposed``).
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Sequence

from scifigbench.conditions.candidates import BlurTarget
from scifigbench.conditions.matching import match_text
from scifigbench.conditions.ocr import OcrBox
from scifigbench.tableio import atomic_write_text

DECISIONS = ("confirm", "replace", "reject")


class ReviewFileError(ValueError):
    """The review file has a row that cannot be applied; the message names file, line and field."""


@dataclass(frozen=True)
class Decision:
    target_id: str
    decision: str
    proposed_text: str = ""      # the proposal the reviewer saw
    text: str = ""               # replace: the string to blur instead
    expected_answer: str = ""    # optional override of the expected answer
    reasoning_path: str = ""     # optional override of the reasoning path
    note: str = ""


COLUMNS = [f.name for f in fields(Decision)]


def read_decisions(path: Path | str) -> dict[str, Decision]:
    """All decisions by target id; an absent file means no decisions yet."""
    path = Path(path)
    if not path.exists():
        return {}
    out: dict[str, Decision] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in ("target_id", "decision") if c not in (reader.fieldnames or [])]
        if missing:
            raise ReviewFileError(f"{path}: missing column(s) {missing}; expected {COLUMNS}")
        for line, row in enumerate(reader, start=2):
            row = {k: (v or "").strip() for k, v in row.items() if k in COLUMNS}
            where = f"{path}, line {line} (target_id={row.get('target_id')!r})"
            if not row.get("target_id"):
                raise ReviewFileError(f"{where}: field 'target_id' is empty")
            if row["decision"] not in DECISIONS:
                raise ReviewFileError(f"{where}: field 'decision' is {row['decision']!r}, expected one of {list(DECISIONS)}")
            if row["decision"] == "replace" and not row.get("text"):
                raise ReviewFileError(f"{where}: field 'text' must hold the replacement string for decision 'replace'")
            if row["target_id"] in out:
                raise ReviewFileError(f"{where}: duplicate target_id")
            out[row["target_id"]] = Decision(**row)
    return out


def write_decisions(path: Path | str, decisions: dict[str, Decision]) -> None:
    """Write all decisions sorted by target id (stable diffs in git), atomically."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for tid in sorted(decisions):
        writer.writerow(asdict(decisions[tid]))
    atomic_write_text(path, buf.getvalue())


def record(path: Path | str, decision: Decision) -> None:
    """Add or replace one decision in the file."""
    decisions = read_decisions(path)
    decisions[decision.target_id] = decision
    write_decisions(path, decisions)


def apply(target: BlurTarget, decision: Decision | None, boxes: Sequence[OcrBox], threshold: float, where: str) -> BlurTarget:
    """The target after the reviewer's decision (unchanged if there is none or it is stale)."""
    if decision is None:
        return target
    if decision.decision == "reject":
        return target.with_(status="rejected")
    if decision.decision == "confirm":
        if decision.proposed_text and decision.proposed_text != target.text:
            return target.with_(status="proposed")  # the proposal changed since it was confirmed
        return target.with_(
            status="confirmed",
            expected_answer=decision.expected_answer or target.expected_answer,
            reasoning_path=decision.reasoning_path or target.reasoning_path,
        )
    match = match_text(decision.text, boxes, threshold)
    if match is None:
        raise ReviewFileError(
            f"{where}: replacement text {decision.text!r} for {decision.target_id} matches no OCR box "
            f"(exact, normalised or similarity >= {threshold}); OCR read: {sorted({b.text for b in boxes})[:30]}"
        )
    return target.with_(
        text=decision.text, box=match.box.box, element_id=match.box.element_id, role=None, status="confirmed",
        match_tier=match.tier, match_score=match.score, rule="reviewer",
        expected_answer=decision.expected_answer or decision.text,
        reasoning_path=decision.reasoning_path or f"Chosen by a reviewer in place of '{target.text}'.",
    )
