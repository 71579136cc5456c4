"""From a figure (spec or OCR) to its admittance and inductance blur targets.

Three paths, one result type:
- spec + ``renderer``: the first ranked spec candidate, boxed by the renderer; confirmed by
  construction (the spec proves the rule holds).
- spec + an OCR backend: spec candidates in rank order, each matched (three tiers) to an OCR box
  lying on the element; the first that matches is used. This reproduces the paper's pipeline on
  figures whose truth is known.
- no spec (real figures): proposals from the layout reading (``layout_targets``); each is the box
  of the label it is about, so the box blurred is the one proposed, never another box with the
  same text. Status ``proposed`` until a reviewer decides.
Decisions from the review file are applied last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import numpy as np

from scifigbench.conditions import decisions as review
from scifigbench.conditions import layout_targets, targets
from scifigbench.conditions.candidates import MODES, BlurTarget, Candidate, overlaps
from scifigbench.conditions.matching import match_text
from scifigbench.conditions.ocr import OcrBox
from scifigbench.layout import Layout, read_layout
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


def select_targets(
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
) -> list[BlurTarget]:
    """At most one target per mode (none if no rule applies), with reviewers' decisions applied
    (``decided``, read from the review file ``where``; none: the targets as proposed).

    ``img`` (BGR) is needed for figures without a spec: their layout is read from OCR and pixels,
    unless the caller has read it already (``layout``, from the same image and ``boxes``).
    """
    out = []
    if spec is None and layout is None:
        if img is None:
            raise ValueError(f"{figure_id}: a figure without a spec needs its image to read the layout")
        layout = read_layout(img, boxes or [])
    for mode in MODES:
        if spec is not None:
            cands = targets.ranked_candidates(spec, caption, mode, seed, pad)
            if backend == "renderer":
                t = (
                    _target(figure_id, cands[0], cands[0].box, "confirmed", "renderer", "renderer", 1.0)
                    if cands
                    else None
                )
            else:
                t = _first_matched(figure_id, cands, boxes or [], backend, "confirmed", threshold, near_pad=2.0)
        elif layout is not None:  # no spec
            cands = layout_targets.ranked_candidates(layout, caption, mode, seed, figure_id, pad)
            t = _target(figure_id, cands[0], cands[0].box, "proposed", backend, "exact", 1.0) if cands else None
        if t is not None:
            out.append(review.apply(t, decided.get(t.target_id), boxes or [], threshold, where))
    return out
