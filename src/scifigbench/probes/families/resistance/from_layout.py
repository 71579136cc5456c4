"""Resistance probes of a real figure from its layout reading, each resting on a recorded fact.

- inexist: a sibling of the shown legend entries, panel titles or categories (see probes/real/siblings.py)
  is presupposed; the fact is the set it comes from, the names shown and the texts searched.
- unanswerable: see unanswerable.py (a question for what the figure does not give).
- contra: a printed value label misquoted by ``contra_offset``; the printed value is the truth the
  judge reads (``true_value``), its last printed digit the tolerance. Where several series print a
  value at each category, a label the reading gave to its series is named by both ("CIFAR-10 on
  'Adam'"). No printed value, no probe.

Each builder returns a probe or the reason it wrote none, so coverage can say why a figure did
not get a family.
"""

from __future__ import annotations

import numpy as np

from scifigbench.probes.families.resistance.from_spec import PRINCIPLE_CONTRA, PRINCIPLE_INEXIST
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.probe import real_probe
from scifigbench.probes.real.reading import Facts, Printed
from scifigbench.probes.real.siblings import Sibling, sibling

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
