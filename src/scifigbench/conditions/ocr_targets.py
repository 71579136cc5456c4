"""Blur-target proposals for real figures, which have no spec: the same rules on OCR output.

Without roles, the rules lean on geometry: numbers stacked in a column (y-axis) or lined up in a
row (x-axis) are ticks; strings ending in '%' that add up to about 100 are pie shares; a word that
OCR reads exactly once and the caption never mentions is an admittance candidate. These land as
``proposed`` for a person to confirm, replace or reject (``scifigbench review blur``).
"""

from __future__ import annotations

from typing import Sequence

from scifigbench.conditions.candidates import ADMITTANCE, INDUCTANCE, Candidate, overlaps, rank
from scifigbench.conditions.numbers import decimals, infer_missing, parse_number, same_number, sequence_kind
from scifigbench.conditions.ocr import OcrBox
from scifigbench.conditions.text import fold, mentions

ADMITTANCE_RULES = ("short_label", "long_label")
INDUCTANCE_RULES = ("pie_remainder", "tick_sequence", "repeated_label")
MIN_SCORE = 0.8


def _cx(b: OcrBox) -> float:
    return (b.box[0] + b.box[2]) / 2


def _cy(b: OcrBox) -> float:
    return (b.box[1] + b.box[3]) / 2


def _height(b: OcrBox) -> float:
    return b.box[3] - b.box[1]


def admittance_candidates(boxes: Sequence[OcrBox], caption: str | None) -> list[Candidate]:
    out = []
    for b in boxes:
        text = b.text.strip()
        letters = sum(ch.isalpha() for ch in text)
        if b.score < MIN_SCORE or letters < 3 or parse_number(text) is not None or len(text) > 40:
            continue
        others = [o.text for o in boxes if o is not b]
        if any(mentions(o, text) or (sum(ch.isalpha() for ch in o) >= 3 and mentions(text, o)) for o in others):
            continue
        if caption and mentions(caption, text):
            continue
        words = len(text.split())
        out.append(Candidate(
            mode=ADMITTANCE, rule="short_label" if words <= 3 else "long_label", text=text, box=b.box, expected_answer=text,
            reasoning_path=(f"OCR reads '{text}' once in the figure; no other text contains it and the caption does not "
                            "mention it, so once blurred it cannot be recovered (to be confirmed by a reviewer)."),
        ))
    return out


def _lines(numeric: list[tuple[OcrBox, float]], axis: str) -> list[list[tuple[OcrBox, float]]]:
    """Group numeric boxes into axis lines: a column sharing a right edge (y) or a row sharing a centre line (x)."""
    groups: list[list[tuple[OcrBox, float]]] = []
    key = (lambda b: b.box[2]) if axis == "y" else _cy
    for item in sorted(numeric, key=lambda it: key(it[0])):
        b = item[0]
        tol = max(6.0, 0.6 * _height(b))
        if groups and abs(key(groups[-1][-1][0]) - key(b)) <= tol:
            groups[-1].append(item)
        else:
            groups.append([item])
    order = (lambda it: -_cy(it[0])) if axis == "y" else (lambda it: _cx(it[0]))
    return [sorted(g, key=order) for g in groups if len(g) >= 4]


def _tick_sequence(boxes: Sequence[OcrBox]) -> list[Candidate]:
    numeric = [(b, v) for b in boxes if b.score >= MIN_SCORE and (v := parse_number(b.text)) is not None and not b.text.strip().endswith("%")]
    out = []
    for axis in ("y", "x"):
        for line in _lines(numeric, axis):
            values = [v for _, v in line]
            kind = sequence_kind(values)
            if kind is None:
                continue
            for i in range(1, len(line) - 1):  # interior ticks: bracketed on both sides
                b, v = line[i]
                if not same_number(infer_missing(values[:i] + [None] + values[i + 1:]), v):
                    continue
                shown = ", ".join("[blurred]" if j == i else line[j][0].text for j in range(len(line)))
                out.append(Candidate(
                    mode=INDUCTANCE, rule="tick_sequence", text=b.text.strip(), box=b.box, expected_answer=b.text.strip(),
                    reasoning_path=(f"Numbers aligned along the {axis}-axis read {shown}; the visible ones form an {kind} "
                                    f"sequence, so the blurred one is {b.text.strip()}."),
                ))
    return out


def _pie_remainder(boxes: Sequence[OcrBox]) -> list[Candidate]:
    pcts = [(b, parse_number(b.text)) for b in boxes if b.text.strip().endswith("%") and b.score >= MIN_SCORE]
    pcts = [(b, v) for b, v in pcts if v is not None]
    if len(pcts) < 2 or abs(sum(v for _, v in pcts) - 100.0) > 0.5 * len(pcts) * 10 ** -min(decimals(b.text) for b, _ in pcts):
        return []
    out = []
    for i, (b, v) in enumerate(pcts):
        rest = sum(w for j, (_, w) in enumerate(pcts) if j != i)
        if not same_number(round(100.0 - rest, decimals(b.text)), v):
            continue
        out.append(Candidate(
            mode=INDUCTANCE, rule="pie_remainder", text=b.text.strip(), box=b.box, expected_answer=b.text.strip(),
            reasoning_path=(f"The percentages printed in the figure add up to 100; the others sum to {rest:g}, so the "
                            f"blurred one is 100 - {rest:g} = {b.text.strip()}."),
        ))
    return out


def _repeated(boxes: Sequence[OcrBox]) -> list[Candidate]:
    out = []
    for b in boxes:
        text = b.text.strip()
        if b.score < MIN_SCORE or sum(ch.isalpha() for ch in text) < 3 or parse_number(text) is not None:
            continue
        if any(o is not b and fold(o.text) == fold(text) for o in boxes):
            out.append(Candidate(
                mode=INDUCTANCE, rule="repeated_label", text=text, box=b.box, expected_answer=text,
                reasoning_path=f"'{text}' is printed at least twice in the figure; the other copy stays readable.",
            ))
    return out


def ranked_candidates(boxes: Sequence[OcrBox], caption: str | None, mode: str, seed: int, figure_id: str, pad: float) -> list[Candidate]:
    if mode == ADMITTANCE:
        cands, order, shuffle = admittance_candidates(boxes, caption), ADMITTANCE_RULES, False
    elif mode == INDUCTANCE:
        cands, order, shuffle = _pie_remainder(boxes) + _tick_sequence(boxes) + _repeated(boxes), INDUCTANCE_RULES, False
    else:
        raise ValueError(f"unknown blur mode {mode!r}")
    usable = [c for c in cands if not any(o.box != c.box and overlaps(c.box, o.box, pad) for o in boxes)]
    return rank(usable, order, seed, f"{figure_id}/{mode}", shuffle_rules=shuffle)
