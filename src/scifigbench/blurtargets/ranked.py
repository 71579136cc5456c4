"""Ranked blur candidates of a figure without a spec: up to k per mode, each with a score and its reasons.

The layout rules (``layout_targets``) order a figure's candidates; this module states that order
as a score a reviewer can read, and gives each candidate's reasons:

    score = 1 - 0.8 [narrowed to a few guesses: a well-known group's sibling, a naming pattern,
                     a stock name or the caption's wording in view]
              - 0.4 [a weak role: text in the plot area, an axis title]
              - 0.2 [printed in several panels: every copy must be found and blurred]
              - 0.1 [the caption names it: the caption shown with the blur is redacted]
              - 0.01 x (the rule's place in its mode's rule order)
              - 2.0 [the OCR reading is doubtful: the readings disagree, ``reread``]

The weights are lexicographic (each outweighs every smaller one together), so without doubts the
score reproduces the rules' order exactly and candidates of equal score keep the rules' seeded
order. Candidates are checked in order (a doubtful reading, and every admittance label, is read
again) until ``k`` usable ones are found; the doubtful ones met on the way are kept, ranked last,
so a reviewer sees why a label was passed over. The stage's target is rank 1 when it is neither
doubtful nor held back.

**Held back** (``held_back``): an admittance candidate carrying a sign that a reader narrows it
(``kin``: a visible sibling of a well-known group, a name patterned like a sibling's, a stock name,
the caption as shown naming a part of it) is never proposed as the target by itself. A model that
names such a label from its siblings is not failing to admit anything, so no probe is better than
this one. As the ranking puts every such candidate after every one without a sign, the stage holds
back exactly when its best candidate carries one; the candidates are still listed (with the reason)
for a reviewer, who may pick one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace

from scifigbench.blurtargets import from_layout as layout_targets
from scifigbench.blurtargets.candidates import ADMITTANCE, Candidate
from scifigbench.blurtargets.text import fold
from scifigbench.layout import Label, Layout
from scifigbench.ocr import reread
from scifigbench.ocr.geometry import shared_area

# An admittance answer is a whole word label, judged letter by letter: a confident first reading
# can still be garbled ('Cumu lative', 'Citroēn'), so every one is read again, and dropped when
# the readings disagree. A tick (inductance) is a number its neighbours check, read once.
ALWAYS_READ_TWICE = "an admittance answer is read twice"
WEIGHTS = {"kin": 0.8, "weak": 0.4, "copies": 0.2, "named": 0.1, "rule_place": 0.01, "doubt": 2.0}
_ROLE_NAMES = {
    "legend_entry": "a legend entry",
    "category": "a category label",
    "panel_title": "a panel title",
    "series_label": "a word label inside the plot area (read with less certainty)",
    "axis_title": "an axis title (read with less certainty)",
}


@dataclass(frozen=True)
class Ranked:
    """One candidate with its place, score, reasons and (when its reading disagrees) its doubt."""

    figure_id: str
    rank: int  # 1-based
    score: float
    reasons: tuple[str, ...]
    candidate: Candidate
    ocr_score: float | None = None
    doubt: str | None = None
    held_back: str | None = None

    def row(self) -> dict:
        c = self.candidate
        x0, y0, x1, y1 = c.box if c.box is not None else (0.0, 0.0, 0.0, 0.0)
        return {
            "candidate_id": f"{self.figure_id}/{c.mode}/{self.rank}",
            "figure_id": self.figure_id,
            "mode": c.mode,
            "rank": self.rank,
            "score": round(self.score, 4),
            "reasons": "; ".join(self.reasons),
            "text": c.text,
            "x0": x0,
            "y0": y0,
            "x1": x1,
            "y1": y1,
            "also_json": json.dumps([list(b) for b in c.also]) if c.also else None,
            "rule": c.rule,
            "role": c.role,
            "expected_answer": c.expected_answer,
            "reasoning_path": c.reasoning_path,
            "question": c.question,
            "neighbours_json": c.neighbours_json,
            "accept_low": c.accept[0] if c.accept else None,
            "accept_high": c.accept[1] if c.accept else None,
            "ocr_score": self.ocr_score,
            "doubt": self.doubt,
            "held_back": self.held_back,
        }


def held_back(c: Candidate) -> str | None:
    """Why the stage proposes no target from ``c`` by itself (a reader narrows it), else None."""
    if c.mode != ADMITTANCE or not c.kin:
        return None
    return f"a reader narrows it to a few guesses ({c.kin}): no target proposed from it unless a reviewer picks it"


def score(c: Candidate, rule_order: Sequence[str]) -> tuple[float, list[str]]:
    """The candidate's score before any doubt, and the reasons for it (see the module doc)."""
    reasons = [f"rule {c.rule}" + (f": {_ROLE_NAMES[c.rule]}" if c.rule in _ROLE_NAMES else "")]
    s = 1.0
    if c.kin:
        s -= WEIGHTS["kin"]
        reasons.append(f"-{WEIGHTS['kin']:g} narrowed to a few guesses ({c.kin})")
    if c.mode == ADMITTANCE and c.rule in layout_targets.WEAK_ADMITTANCE:
        s -= WEIGHTS["weak"]
        reasons.append(f"-{WEIGHTS['weak']:g} weak role")
    if c.also:
        s -= WEIGHTS["copies"]
        reasons.append(f"-{WEIGHTS['copies']:g} printed in {len(c.also) + 1} panels")
    if c.redacts_caption:
        s -= WEIGHTS["named"]
        reasons.append(f"-{WEIGHTS['named']:g} the caption names it (redacted in the blurred condition)")
    place = list(rule_order).index(c.rule) if c.rule in rule_order else len(rule_order)
    if place:
        s -= WEIGHTS["rule_place"] * place
        reasons.append(f"-{WEIGHTS['rule_place'] * place:g} rule tried in place {place + 1}")
    return s, reasons


def _label_of(c: Candidate, layout: Layout) -> Label | None:
    """The label a candidate blurs: the one sharing most of its box, preferring the same text."""
    if c.box is None:
        return None
    hits = [(fold(lb.text) == fold(c.text), shared_area(lb.box, c.box), lb) for lb in layout.labels]
    hits = [h for h in hits if h[1] > 0]
    return max(hits, key=lambda h: (h[0], h[1]))[2] if hits else None


def ranked(
    figure_id: str,
    layout: Layout,
    caption: str | None,
    mode: str,
    *,
    seed: int,
    pad: float,
    k: int,
    rereader: reread.Rereader | None = None,
    reread_below: float = 0.9,
) -> list[Ranked]:
    """Up to ``k`` usable candidates of ``mode``, best first, then the doubtful ones met before the
    ``k``-th (``rereader``: reads a box again; None: no second look, nothing is doubtful)."""
    ordered = layout_targets.ranked_candidates(layout, caption, mode, seed, figure_id, pad)
    rule_order = layout_targets.ADMITTANCE_RULES if mode == ADMITTANCE else layout_targets.INDUCTANCE_RULES
    numbers = [lb.text for lb in layout.labels if lb.value is not None]
    usable: list[Ranked] = []
    doubtful: list[Ranked] = []
    for c in ordered:
        if len(usable) >= k:
            break
        s, reasons = score(c, rule_order)
        lb = _label_of(c, layout)
        conf = lb.score if lb is not None else None
        if conf is not None:
            reasons.append(f"OCR confidence {conf:.2f}")
        why = reread.doubts(
            c.text, conf if conf is not None else 1.0, [n for n in numbers if n != c.text], reread_below
        )
        if mode == ADMITTANCE and not why:
            why = [ALWAYS_READ_TWICE]
        if why and rereader is not None and c.box is not None:
            check = reread.settle(c.text, rereader(c.box))
            reasons.append("read again (" + "; ".join(why) + ")")
            if check.doubt:
                doubtful.append(
                    Ranked(
                        figure_id,
                        0,
                        s - WEIGHTS["doubt"],
                        (*reasons, f"-{WEIGHTS['doubt']:g} doubtful"),
                        c,
                        conf,
                        check.doubt,
                    )
                )
                continue
            if check.note:
                reasons.append(check.note)
                c = replace(c, expected_answer=check.answer)
        usable.append(Ranked(figure_id, 0, s, tuple(reasons), c, conf, held_back=held_back(c)))
    out = sorted(usable, key=lambda r: -r.score) + sorted(doubtful, key=lambda r: -r.score)
    return [replace(r, rank=i + 1) for i, r in enumerate(out)]
