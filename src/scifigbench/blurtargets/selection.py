"""From a figure (spec or OCR) to its admittance and inductance blur targets.

Three paths, one result type:
- spec + ``renderer``: the first ranked spec candidate, boxed by the renderer; confirmed by
  construction (the spec proves the rule holds).
- spec + an OCR backend: spec candidates in rank order, each matched (three tiers) to an OCR box
  lying on the element; the first that matches is used. This reproduces the paper's pipeline on
  figures whose truth is known.
- no spec (real figures): up to k ranked proposals from the layout reading (``ranked``), each
  the box of the label it is about, so the box blurred is the one proposed, never another box
  with the same text. The first, unless its OCR reading is doubtful or it is held back (a reader
  narrows it, ``ranked.held_back``: the figure then has no target of that mode, and its
  candidates record why), is the target, status ``proposed`` until a reviewer decides. A
  reviewer may pick another candidate (it keeps its rule, question and reasoning) or any label
  OCR read, for either mode (it is asked about by its role and position in the layout,
  ``layout.questions``).
Decisions from the review file are applied last.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

import numpy as np

from scifigbench.blurtargets import decisions as review
from scifigbench.blurtargets import from_spec as targets
from scifigbench.blurtargets.candidates import MODES, BlurTarget, Candidate
from scifigbench.blurtargets.ranked import Ranked, ranked
from scifigbench.decisions.store import ReviewFileError
from scifigbench.layout import Layout, read_layout
from scifigbench.layout.questions import question_for
from scifigbench.ocr.engine import OcrBox
from scifigbench.ocr.geometry import Box, overlaps, shared_area
from scifigbench.ocr.matching import match_text
from scifigbench.ocr.reread import Rereader
from scifigbench.spec import FigureSpec


def _target(
    figure_id: str, c: Candidate, box, status: str, backend: str, tier: str, score: float, element_id=None
) -> BlurTarget:
    return BlurTarget(
        figure_id=figure_id,
        mode=c.mode,
        text=c.text,
        box=tuple(float(v) for v in box),
        reasoning_path=c.reasoning_path,
        expected_answer=c.expected_answer,
        status=status,
        ocr_backend=backend,
        match_tier=tier,
        match_score=score,
        element_id=element_id if element_id is not None else c.element_id,
        role=c.role,
        rule=c.rule,
        question=c.question,
        neighbours_json=c.neighbours_json,
        also=c.also,
        accept=c.accept,
    )


def _first_matched(
    figure_id: str,
    cands: Sequence[Candidate],
    boxes: Sequence[OcrBox],
    backend: str,
    status: str,
    threshold: float,
    near_pad: float,
) -> BlurTarget | None:
    for c in cands:
        m = match_text(c.text, [b for b in boxes if overlaps(b.box, c.box, near_pad)], threshold)
        if m is not None:
            return _target(figure_id, c, m.box.box, status, backend, m.tier, m.score)
    return None


@dataclass(frozen=True)
class Selection:
    """A figure's targets (at most one per mode) and, for a figure without a spec, its ranked candidates."""

    targets: list[BlurTarget]
    candidates: list[Ranked] = field(default_factory=list)


def _picked(
    figure_id: str,
    mode: str,
    decision: review.Decision,
    cands: Sequence[Ranked],
    layout: Layout,
    boxes: Sequence[OcrBox],
    backend: str,
    threshold: float,
    where: str,
) -> BlurTarget:
    """The target a reviewer picked for a figure without a spec (a ``replace``): one of the ranked
    candidates, kept whole, or any label OCR read, asked about by its role and position."""
    own = next((r.candidate for r in cands if r.candidate.text == decision.text), None)
    if own is not None and own.box is not None:
        t = _target(figure_id, own, own.box, "confirmed", backend, "exact", 1.0)
        return t.with_(
            expected_answer=decision.expected_answer or t.expected_answer,
            accept=None if decision.expected_answer else t.accept,
            reasoning_path=decision.reasoning_path or t.reasoning_path,
        )
    match = match_text(decision.text, boxes, threshold)
    if match is None:
        why = review.unmatched_replacement(decision.text, boxes, threshold)
        raise ReviewFileError(f"{where}: {decision.target_id}: {why}")
    box: Box = match.box.box
    label = max(layout.labels, key=lambda lb: shared_area(lb.box, box), default=None)
    if label is not None and shared_area(label.box, box) <= 0:
        label = None
    question, neighbours = question_for(layout, label) if label is not None else (None, [])
    return BlurTarget(
        figure_id=figure_id,
        mode=mode,
        text=decision.text,
        box=box,
        reasoning_path=decision.reasoning_path or "Chosen by a reviewer from the labels OCR read.",
        expected_answer=decision.expected_answer or decision.text,
        status="confirmed",
        ocr_backend=backend,
        match_tier=match.tier,
        match_score=match.score,
        role=label.role if label is not None else None,
        rule="reviewer",
        question=question,
        neighbours_json=json.dumps(neighbours, ensure_ascii=False) if question else None,
    )


def select(
    figure_id: str,
    spec: FigureSpec | None,
    caption: str | None,
    boxes: Sequence[OcrBox] | None,
    backend: str,
    img: np.ndarray | None = None,
    *,
    seed: int,
    pad: float,
    threshold: float,
    decided: Mapping[str, review.Decision] = MappingProxyType({}),
    where: str = "-",
    layout: Layout | None = None,
    k: int = 3,
    rereader: Rereader | None = None,
    reread_below: float = 0.9,
) -> Selection:
    """At most one target per mode (none if no rule applies and no reviewer picked one), with
    reviewers' decisions applied (``decided``, read from the review file ``where``; none: the
    targets as proposed), and the ranked candidates of a figure without a spec (``k`` per mode;
    ``rereader`` reads a doubtful label again, ``reread``).

    ``img`` (BGR) is needed for figures without a spec: their layout is read from OCR and pixels,
    unless the caller has read it already (``layout``, from the same image and ``boxes``).
    """
    out: list[BlurTarget] = []
    every: list[Ranked] = []
    if spec is None and layout is None:
        if img is None:
            raise ValueError(f"{figure_id}: a figure without a spec needs its image to read the layout")
        layout = read_layout(img, boxes or [])
    for mode in MODES:
        t: BlurTarget | None = None
        decision = decided.get(f"{figure_id}/{mode}")
        if spec is not None:
            cands = targets.ranked_candidates(spec, caption, mode, seed, pad)
            if backend == "renderer":
                if cands:
                    t = _target(figure_id, cands[0], cands[0].box, "confirmed", "renderer", "renderer", 1.0)
            else:
                t = _first_matched(figure_id, cands, boxes or [], backend, "confirmed", threshold, near_pad=2.0)
        elif layout is not None:  # no spec
            found = ranked(
                figure_id, layout, caption, mode, seed=seed, pad=pad, k=k, rereader=rereader, reread_below=reread_below
            )
            every += found
            if decision is not None and decision.decision == "replace":
                out.append(_picked(figure_id, mode, decision, found, layout, boxes or [], backend, threshold, where))
                continue
            top = found[0] if found and found[0].doubt is None and found[0].held_back is None else None
            if top is not None and top.candidate.box is not None:
                t = _target(figure_id, top.candidate, top.candidate.box, "proposed", backend, "exact", 1.0)
        if t is not None:
            out.append(review.apply(t, decision, boxes or [], threshold, where))
    return Selection(out, every)


def select_targets(*args, **kwargs) -> list[BlurTarget]:
    """The targets of :func:`select` alone."""
    return select(*args, **kwargs).targets
