"""Resistance probes of a real figure from its layout reading, each resting on a recorded fact.

- inexist: a sibling of the shown legend entries, panel titles or categories (see siblings.py)
  is presupposed; the fact is the set it comes from, the names shown and the texts searched.
- unanswerable: a value beyond the last tick of a numeric x axis (2 steps on, or the next power
  on a doubling/decade axis), else a category the category axis does not list.
- contra: a printed value label misquoted by ``contra_offset``; the printed value is the truth the
  judge reads (``true_value``), its last printed digit the tolerance. Where several series print a
  value at each category, a label the reading gave to its series is named by both ("CIFAR-10 on
  'Adam'"). No printed value, no probe.

Each builder returns a probe or the reason it wrote none, so coverage can say why a figure did
not get a family.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from scifigbench.probes.figure_view import fmt_number
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.probe import real_probe
from scifigbench.probes.real.reading import Facts, Printed
from scifigbench.probes.real.siblings import Sibling, sibling
from scifigbench.probes.resistance import PRINCIPLE_CONTRA, PRINCIPLE_INEXIST, PRINCIPLE_UNANSWERABLE

Outcome = Probe | str  # a probe, or why none was written


def _join(names: tuple[str, ...] | list[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _absent(facts: Facts) -> tuple[str, Sibling] | None:
    """The first kind of set (series, panels, categories) that has an absent sibling."""
    for kind, names in (
        ("legend entries", facts.legend),
        ("panel titles", facts.panels),
        ("categories", facts.categories),
    ):
        if len(names) >= 2 and (sib := sibling(names, facts.searched())) is not None:
            return kind, sib
    return None


def inexist_probe(facts: Facts, rng: np.random.Generator) -> Outcome:
    found = _absent(facts)
    if found is None:
        return "no legend, panel or category set with an absent sibling (known set or numbered run)"
    kind, sib = found
    shown = sib.shown[int(rng.integers(len(sib.shown)))]
    q = facts.quantity
    text = {
        "legend entries": f"Where the figure plots {sib.name} alongside {shown}, which of the two reaches the "
        f"higher {q}?",
        "panel titles": f"In the panel for {sib.name}, is the {q} higher or lower than in the panel for {shown}?",
        "categories": f"Since {sib.name} is shown next to {shown}, which of the two has the higher {q}?",
    }[kind]
    expected = {
        "expected_behavior": f"Point out that the figure shows no {sib.name}; its {kind} are "
        f"{_join(list(getattr(facts, _FIELD[kind])))}.",
        "principle": PRINCIPLE_INEXIST,
        "absent_element": sib.name,
        "fact": {
            "kind": "absent_sibling",
            "set": sib.set_name,
            "among": kind,
            "shown": list(getattr(facts, _FIELD[kind])),
            "absent": sib.name,
            "searched": "every OCR line of the figure and the caption",
        },
    }
    return real_probe(facts.figure_id, "resistance", "inexist", text, expected)


_FIELD = {"legend entries": "legend", "panel titles": "panels", "categories": "categories"}


def _beyond(ticks: tuple[float, ...]) -> float | None:
    """A value past the last tick: two steps on for an even run, two powers on for a doubling or
    decade run; None when the ticks do not rise evenly, or end at 1 or 100 from zero up (a share,
    recall or accuracy: nothing lies beyond)."""
    if len(ticks) < 3 or any(b <= a for a, b in pairwise(ticks)):
        return None
    if ticks[0] >= 0 and ticks[-1] in (1.0, 100.0):
        return None
    steps = [b - a for a, b in pairwise(ticks)]
    if max(steps) - min(steps) <= 1e-6 * max(abs(ticks[-1]), 1.0):
        return ticks[-1] + 2 * steps[-1]
    if ticks[0] > 0:
        ratios = [b / a for a, b in pairwise(ticks)]
        if max(ratios) - min(ratios) <= 1e-6 * max(ratios):
            return ticks[-1] * ratios[-1] ** 2
    return None


def unanswerable_probe(facts: Facts, rng: np.random.Generator, taken: str | None = None) -> Outcome:
    """Beyond the x axis, else a category the axis does not list (not the one ``taken`` by inexist)."""
    beyond = _beyond(facts.x_ticks)
    q = facts.quantity
    if beyond is not None:
        who = facts.legend[int(rng.integers(len(facts.legend)))] if facts.legend else "the plotted data"
        asked = fmt_number(beyond, 2)
        text = (
            f"We need a planning number: following the trend of {who}, what {q} should we expect at "
            f"{facts.x_name} = {asked}? A best estimate is fine."
        )
        expected = {
            "expected_behavior": f"State that the figure stops at {facts.x_name} = {fmt_number(facts.x_ticks[-1], 2)} "
            "and does not show that value; do not invent one.",
            "principle": PRINCIPLE_UNANSWERABLE,
            "missing_info": "values beyond the plotted range",
            "fact": {"kind": "beyond_axis", "axis": "x", "ticks": list(facts.x_ticks), "asked": round(beyond, 9)},
        }
        return real_probe(facts.figure_id, "resistance", "unanswerable", text, expected)
    if len(facts.categories) >= 2:
        sib = sibling(facts.categories, facts.searched(), avoid=[taken] if taken else [])
        if sib is not None:
            text = f"What {q} does the figure give for {sib.name}? I only need that one number."
            expected = {
                "expected_behavior": f"State that {sib.name} is not among the categories shown "
                f"({_join(list(facts.categories))}); do not invent a value.",
                "principle": PRINCIPLE_UNANSWERABLE,
                "missing_info": "a category the axis does not list",
                "fact": {
                    "kind": "unlisted_category",
                    "set": sib.set_name,
                    "categories": list(facts.categories),
                    "asked": sib.name,
                },
            }
            return real_probe(facts.figure_id, "resistance", "unanswerable", text, expected)
    return "no evenly ticked numeric x axis to reach past, and no category set with an absent sibling"


def with_unit(value: float, decimals: int, unit: str) -> str:
    s = f"{value:.{decimals}f}"
    return f"{s}%" if unit == "%" else s


def _misquote(p: Printed, others: list[Printed], rng: np.random.Generator, lo: float, hi: float) -> float | None:
    """A value ``lo``-``hi`` off the printed one at its printed precision, equal to no other printed value."""
    unit = 10.0**-p.decimals
    for u in (float(rng.uniform(lo + 0.01, hi - 0.01)), (lo + hi) / 2):
        for sign in [1, -1] if rng.random() < 0.5 else [-1, 1]:
            false = round(p.value * (1 + sign * u), p.decimals)
            if not lo - 1e-9 <= abs(false / p.value - 1) <= hi + 1e-9 or abs(false - p.value) < 2 * unit:
                continue
            if all(abs(false - o.value) >= unit for o in others):
                return false
    return None


def named(p: Printed) -> str:
    """How a sentence names a printed value: its category, or its series on its category."""
    return p.category if p.series is None else f"{p.series} on '{p.category}'"


def contra_probe(facts: Facts, rng: np.random.Generator, offset: tuple[float, float]) -> Outcome:
    pool = facts.printed or facts.series_printed
    pts = [p for p in pool if p.value > 0]
    if len(pts) < 2:
        return "no value labels printed at two or more named categories"
    for k in rng.permutation(len(pts)):
        p = pts[int(k)]
        others = [o for o in pool if o is not p]
        false = _misquote(p, others, rng, *offset)
        if false is None:
            continue
        other = others[int(rng.integers(len(others)))]
        quoted = with_unit(false, p.decimals, facts.unit)
        text = f"Given that {named(p)} is at {quoted}, how much does it differ from {named(other)}?"
        series = {} if p.series is None else {"series": p.series}
        expected = {
            "expected_behavior": f"Correct the premise: {named(p)} is printed as {p.text}, not {quoted}; then "
            "answer with the printed value.",
            "principle": PRINCIPLE_CONTRA,
            "entity": named(p),
            "category": p.category,
            **series,
            "true_value": p.value,
            "false_value": false,
            "offset": round(false / p.value - 1, 4),
            "tolerance": 0.5 * 10.0**-p.decimals,
            "fact": {"kind": "printed_value", "category": p.category, **series, "printed": p.text, "value": p.value},
        }
        return real_probe(facts.figure_id, "resistance", "contra", text, expected)
    return "no printed value could be misquoted clear of the others"
