"""Blur-target proposals for real figures, which have no spec: the same rules on OCR output.

Without roles, the rules lean on geometry: numbers stacked in a column (y-axis) or lined up in a
row (x-axis) are ticks; strings ending in '%' that add up to about 100 are pie shares; a word that
OCR reads exactly once and the caption never mentions is an admittance candidate. These land as
``proposed`` for a person to confirm, replace or reject (``scifigbench review blur``).
"""

from __future__ import annotations

import re
from typing import Sequence

from scifigbench.conditions.candidates import ADMITTANCE, INDUCTANCE, Candidate, overlaps, rank
from scifigbench.conditions.numbers import decimals, infer_missing, parse_number, same_number, sequence_kind
from scifigbench.conditions.ocr import OcrBox
from scifigbench.conditions.text import fold, mentions

ADMITTANCE_RULES = ("aligned_label", "short_label", "long_label")
INDUCTANCE_RULES = ("pie_remainder", "tick_sequence", "repeated_label")
MIN_SCORE = 0.8
ADMIT_SCORE = 0.9
_LABEL = re.compile(r"^[A-Za-z0-9(][\w\s()./%+,:'&\-]*$")
_SUPERSCRIPT_POWER = re.compile(r"^10([-\u2212]?\d)$")  # '10' + a lost superscript exponent
_TRAILING_TICK = re.compile(r"\s*[-\u2013\u2014_]+$")


def _cx(b: OcrBox) -> float:
    return (b.box[0] + b.box[2]) / 2


def _cy(b: OcrBox) -> float:
    return (b.box[1] + b.box[3]) / 2


def _height(b: OcrBox) -> float:
    return b.box[3] - b.box[1]


def _ascii_letters(text: str) -> int:
    return sum(ch.isascii() and ch.isalpha() for ch in text)


def _aligned(b: OcrBox, boxes: Sequence[OcrBox]) -> bool:
    """Shares a left edge (legend column) or a centre line (category row) with another word label."""
    tol = max(4.0, 0.4 * _height(b))
    return any(
        o is not b and _ascii_letters(o.text) >= 2 and parse_number(o.text) is None
        and (abs(o.box[0] - b.box[0]) <= tol or abs(_cy(o) - _cy(b)) <= tol)
        for o in boxes
    )


def admittance_candidates(boxes: Sequence[OcrBox], caption: str | None) -> list[Candidate]:
    out = []
    for b in boxes:
        text = b.text.strip()
        if b.score < ADMIT_SCORE or _ascii_letters(text) < 3 or not _LABEL.match(text) or parse_number(text) is not None or len(text) > 40:
            continue
        others = [o.text for o in boxes if o is not b]
        if any(mentions(o, text) or (sum(ch.isalpha() for ch in o) >= 3 and mentions(text, o)) for o in others):
            continue
        if caption and mentions(caption, text):
            continue
        words = len(text.split())
        rule = "long_label" if words > 3 else "aligned_label" if _aligned(b, boxes) else "short_label"
        out.append(Candidate(
            mode=ADMITTANCE, rule=rule, text=text, box=b.box, expected_answer=text,
            reasoning_path=(f"OCR reads '{text}' once in the figure; no other text contains it and the caption does not "
                            "mention it, so once blurred it cannot be recovered (to be confirmed by a reviewer)."),
        ))
    return out


def tick_value(text: str) -> float | None:
    """A tick's number, ignoring a tick mark OCR read as a trailing dash ('0.020-')."""
    return parse_number(_TRAILING_TICK.sub("", text.strip()))


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


def _runs(line: list[tuple[OcrBox, float]]) -> list[list[tuple[OcrBox, float]]]:
    """Maximal stretches of at least four neighbours whose values form one sequence.

    A row of ticks can hold two panels' axes (0..6000 then 0..5000) or a stray number; the
    stretches split it where the sequence breaks.
    """
    out, i = [], 0
    while i + 3 < len(line):
        j = i + 3
        if sequence_kind([v for _, v in line[i:j]]) is None:
            i += 1
            continue
        while j < len(line) and sequence_kind([v for _, v in line[i:j + 1]]) is not None:
            j += 1
        if j - i >= 4:
            out.append(line[i:j])
        i = j - 1 if j - i >= 4 else i + 1
    return out


def _as_powers(line: list[tuple[OcrBox, float]]) -> tuple[list[float], list[str]] | None:
    """Log-axis ticks 10^0, 10^1, ... that OCR flattened to '100', '101', ...: their values and labels."""
    exps = [_SUPERSCRIPT_POWER.match(_TRAILING_TICK.sub("", b.text.strip())) for b, _ in line]
    if not all(exps):
        return None
    ks = [int(m.group(1).replace("\u2212", "-")) for m in exps]
    if any(b - a != 1 for a, b in zip(ks, ks[1:])):
        return None
    return [10.0 ** k for k in ks], [f"10^{k}" for k in ks]


def _tick_sequence(boxes: Sequence[OcrBox]) -> list[Candidate]:
    numeric = [(b, v) for b in boxes if b.score >= MIN_SCORE and (v := tick_value(b.text)) is not None]
    out = []
    for axis in ("y", "x"):
        for line in (run for ln in _lines(numeric, axis) for run in _runs(ln)):
            values = [v for _, v in line]
            labels = [_TRAILING_TICK.sub("", b.text.strip()) for b, _ in line]
            powers = _as_powers(line)
            if powers is not None:
                values, labels = powers
            kind = sequence_kind(values)
            for i in range(1, len(line) - 1):  # interior ticks: bracketed on both sides
                b, v = line[i][0], values[i]
                if not same_number(infer_missing(values[:i] + [None] + values[i + 1:]), v):
                    continue
                shown = ", ".join("[blurred]" if j == i else labels[j] for j in range(len(line)))
                answer = labels[i]
                out.append(Candidate(
                    mode=INDUCTANCE, rule="tick_sequence", text=b.text.strip(), box=b.box, expected_answer=answer,
                    reasoning_path=(f"Numbers aligned along the {axis}-axis read {shown}; the visible ones form an {kind} "
                                    f"sequence, so the blurred one is {answer}."),
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


def ranked_candidates(boxes: Sequence[OcrBox], caption: str | None, mode: str, seed: int, figure_id: str) -> list[Candidate]:
    if mode == ADMITTANCE:
        cands, order, shuffle = admittance_candidates(boxes, caption), ADMITTANCE_RULES, False
    elif mode == INDUCTANCE:
        cands, order, shuffle = _pie_remainder(boxes) + _tick_sequence(boxes) + _repeated(boxes), INDUCTANCE_RULES, False
    else:
        raise ValueError(f"unknown blur mode {mode!r}")
    # OCR boxes carry their own margin, so only a real intersection with another box disqualifies;
    # boxes without a Latin letter or digit are marker glyphs OCR misread, not text to protect.
    texts = [o for o in boxes if any(ch.isascii() and ch.isalnum() for ch in o.text)]
    usable = [c for c in cands if not any(o.box != c.box and overlaps(c.box, o.box) for o in texts)]
    return rank(usable, order, seed, f"{figure_id}/{mode}", shuffle_rules=shuffle)
