"""Capability questions whose answers the layout reading settles, and nothing else.

- counting: the legend's entries, else the categories of the one category run, else the panels;
  the answer is the number of distinct names read, and the names are the fact. A category that
  prints no value where most do and names a demographic dimension is a group header ("Region"
  over its rows) and is not counted. (Refusing every count with an unvalued row lost six right
  counts of web charts for two header miscounts: OCR misses values too.) Categories are counted
  only when their ticks stand at an even pitch across the drawing (``Facts.categories_whole``),
  and panels only on a figure with axes: the titles over a pie are its wedges.
- comparison: which of two printed value labels is higher (their values differ by at least one
  unit of the printed precision);
- computation: the difference of two printed value labels, within one unit of their precision.
"""

from __future__ import annotations

import numpy as np

from scifigbench.freetext.label_words import names_a_dimension
from scifigbench.probes.figure_view import fmt_number
from scifigbench.probes.probe import Probe
from scifigbench.probes.real.probe import real_probe
from scifigbench.probes.real.reading import Facts, Printed

Outcome = Probe | str


def counting_probe(facts: Facts) -> Outcome:
    if len(facts.legend) >= 2:
        of, names, text = "legend entries", facts.legend, "How many entries does the legend list?"
    elif len(facts.categories) >= 2 and facts.categories_whole:
        axis = facts.category_axis or "x"
        headers = {c for c in facts.unvalued if names_a_dimension(c)}  # 'Region' over its rows, no bar of its own
        names = tuple(c for c in facts.categories if c not in headers)
        of, text = "categories", f"How many categories are labelled along the {axis}-axis?"
    elif len(facts.panels) >= 2:
        of, names, text = "panels", facts.panels, "How many titled panels does the figure have?"
    else:
        return "no legend, category run or panel titles to count"
    expected = {
        "answer": len(names),
        "answer_type": "number",
        "tolerance": 0,
        "elements": list(names),
        "reasoning": f"count the {of}: {', '.join(names)}",
        "fact": {"kind": "count", "of": of, "items": list(names)},
    }
    return real_probe(facts.figure_id, "capability", "counting", text, expected)


def _pair(facts: Facts, rng: np.random.Generator) -> tuple[Printed, Printed] | None:
    """Two printed values, the higher first, at least one printed unit apart (seeded choice)."""
    pts = list(facts.printed)
    pairs = [
        (a, b)
        for a in pts
        for b in pts
        if a.value - b.value >= 10.0 ** -min(a.decimals, b.decimals) and a.category != b.category
    ]
    return pairs[int(rng.integers(len(pairs)))] if pairs else None


def comparison_probe(facts: Facts, rng: np.random.Generator) -> Outcome:
    pair = _pair(facts, rng)
    if pair is None:
        return "no two value labels printed at named categories"
    hi, lo = pair
    first, second = (hi, lo) if rng.random() < 0.5 else (lo, hi)
    text = f"Which has the higher {facts.quantity}: {first.category} or {second.category}?"
    expected = {
        "answer": hi.category,
        "answer_type": "label",
        "tolerance": None,
        "elements": [hi.category, lo.category],
        "reasoning": f"{hi.category} is printed as {hi.text}, {lo.category} as {lo.text}",
        "fact": {
            "kind": "printed_order",
            "higher": {"category": hi.category, "printed": hi.text},
            "lower": {"category": lo.category, "printed": lo.text},
        },
    }
    return real_probe(facts.figure_id, "capability", "comparison", text, expected)


def computation_probe(facts: Facts, rng: np.random.Generator) -> Outcome:
    pair = _pair(facts, rng)
    if pair is None:
        return "no two value labels printed at named categories"
    hi, lo = pair
    decimals = max(hi.decimals, lo.decimals)
    gap = round(hi.value - lo.value, decimals)
    what = "percentage points" if facts.unit == "%" else facts.quantity
    text = f"By how much does {hi.category} exceed {lo.category} in {facts.quantity}? Answer in {what}."
    expected = {
        "answer": gap,
        "answer_type": "number",
        "tolerance": 10.0**-decimals,
        "elements": [hi.category, lo.category],
        "reasoning": f"{hi.text} - {lo.text} = {fmt_number(gap, decimals)}",
        "fact": {
            "kind": "printed_difference",
            "from": {"category": hi.category, "printed": hi.text},
            "minus": {"category": lo.category, "printed": lo.text},
        },
    }
    return real_probe(facts.figure_id, "capability", "computation", text, expected)
