"""What a blur target is before and after it is matched to a box, and how candidates are ranked.

Selectors (from a spec, or from OCR for real figures) produce :class:`Candidate` strings with a
reasoning path; a candidate becomes a :class:`BlurTarget` once a box for it is known.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from scifigbench.contracts.blur_targets import accept_range
from scifigbench.ocr.geometry import Box
from scifigbench.seeded import figure_seed

ADMITTANCE = "admittance"
INDUCTANCE = "inductance"
MODES = (ADMITTANCE, INDUCTANCE)


@dataclass(frozen=True)
class Candidate:
    mode: str
    rule: str  # which selection rule produced it (see targets.py / layout_targets.py)
    text: str  # the string to blur
    reasoning_path: str  # why it cannot (admittance) or can (inductance) be recovered
    expected_answer: str
    element_id: str | None = None
    role: str | None = None
    box: Box | None = None  # known for spec elements and OCR-derived candidates
    redacts_caption: bool = False  # the caption names it, so the caption shown with the blur drops it
    question: str | None = None  # figures without a spec: a question locating it by role and position
    neighbours_json: str | None = None  # ... and the visible look-alike labels an answer might name (JSON list)
    also: tuple[Box, ...] = ()  # other copies of the label (one per panel), blurred with it
    # an inferred value is read to the precision the drawing allows: the answers counted correct
    accept: tuple[float, float] | None = None
    # admittance: what narrows it to a few guesses, so that it is tried after every label without
    # such a sign: its well-known group and visible siblings ('BERT variants: RoBERTa'), or a sign
    # the labels of its kind or the caption give ("named like 'CNN-based Classifier'", ``narrowed``)
    kin: str | None = None


@dataclass(frozen=True)
class BlurTarget:
    figure_id: str
    mode: str
    text: str
    box: Box
    reasoning_path: str
    expected_answer: str
    status: str  # confirmed | proposed | rejected
    ocr_backend: str
    match_tier: str  # renderer | exact | normalised | fuzzy
    match_score: float
    element_id: str | None = None
    role: str | None = None
    rule: str = ""
    question: str | None = None
    neighbours_json: str | None = None
    also: tuple[Box, ...] = ()
    accept: tuple[float, float] | None = None  # numeric answers counted correct (inductance by estimate)

    @property
    def boxes(self) -> tuple[Box, ...]:
        """Every box the blur covers: the target's own and its copies'."""
        return (self.box, *self.also)

    @property
    def target_id(self) -> str:
        return f"{self.figure_id}/{self.mode}"

    def with_(self, **changes) -> BlurTarget:
        return replace(self, **changes)

    def row(self) -> dict:
        x0, y0, x1, y1 = self.box
        return {
            "target_id": self.target_id,
            "figure_id": self.figure_id,
            "mode": self.mode,
            "element_id": self.element_id,
            "role": self.role,
            "text": self.text,
            "x0": x0,
            "y0": y0,
            "x1": x1,
            "y1": y1,
            "rule": self.rule,
            "reasoning_path": self.reasoning_path,
            "expected_answer": self.expected_answer,
            "status": self.status,
            "ocr_backend": self.ocr_backend,
            "match_tier": self.match_tier,
            "match_score": self.match_score,
            "question": self.question,
            "neighbours_json": self.neighbours_json,
            "also_json": json.dumps([list(b) for b in self.also]) if self.also else None,
            "accept_low": self.accept[0] if self.accept else None,
            "accept_high": self.accept[1] if self.accept else None,
        }


def accepted_note(row) -> str:
    """' (any answer from 13.7 to 20.3)' for a row of the blur_targets table whose answer is an
    estimate, else ''."""
    accept = accept_range(row)
    return f" (any answer from {accept[0]:g} to {accept[1]:g})" if accept else ""


def row_boxes(row) -> tuple[Box, ...]:
    """Every box a row of the blur_targets table blurs (its own, then ``also_json``'s copies)."""
    own = (float(row.x0), float(row.y0), float(row.x1), float(row.y1))
    also = getattr(row, "also_json", None)
    copies = (
        [(float(a), float(b), float(c), float(d)) for a, b, c, d in json.loads(also)] if isinstance(also, str) else []
    )
    return (own, *copies)


def rank(
    candidates: Iterable[Candidate], rule_order: Sequence[str], seed: int, figure_id: str, shuffle_rules: bool
) -> list[Candidate]:
    """Order candidates: those the caption does not name first; then by rule (fixed priority, or a
    per-figure seeded order for variety); seeded within a rule."""
    rng = random.Random(figure_seed(seed, figure_id, "blur-rank"))
    rules = list(rule_order)
    if shuffle_rules:
        rng.shuffle(rules)
    groups: dict[str, list[Candidate]] = {r: [] for r in rules}
    for c in candidates:
        groups.setdefault(c.rule, []).append(c)
    ordered: list[Candidate] = []
    for r in groups:
        group = sorted(groups[r], key=lambda c: (c.text, c.element_id or "", c.box or ()))
        rng.shuffle(group)
        ordered += group
    return sorted(ordered, key=lambda c: c.redacts_caption)  # stable: keeps the order within each part
