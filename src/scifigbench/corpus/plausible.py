"""What a synthetic figure may claim beyond its names: where reference lines sit, and which
metrics keep an order in every cell.

A reader who knows the field distrusts a figure whose "Random" baseline beats two systems. The
reference lines a figure may draw are listed here with where each belongs against the plotted
values: a random baseline below every system (and only for a metric where higher is better, the
only kind a random guesser has a floor on), the others anywhere among them.

The same reader distrusts a model whose Pass@1 on a benchmark is above its Pass@10: some metrics
are ordered by definition, and :data:`AT_MOST` lists them. A figure that shows two of them for the
same systems on the same cells draws the second from the first (:class:`OrderedCells`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from scifigbench.corpus.randomness import pick
from scifigbench.corpus.scaffold import round_to
from scifigbench.corpus.vocab import Metric

#: Pairs of metrics ordered by definition, (at most, at least): a problem solved by one sample is
#: solved by ten. Only names a domain reports belong here (a test checks it).
AT_MOST: tuple[tuple[str, str], ...] = (("Pass@1", "Pass@10"),)

# A higher metric drawn from its lower partner closes this share of the gap to its ceiling
# (HumanEval-like: Pass@1 50 -> Pass@10 60-80); a lower one drawn from its higher partner keeps
# this share of it. One factor per row (a system), jittered per cell by the spread below.
GAP_CLOSED = (0.15, 0.6)
SHARE_KEPT = (0.45, 0.85)
CELL_JITTER = 0.03

Placement = Literal["below", "among"]

REFERENCE_LINES: dict[str, Placement] = {
    "Random": "below",
    "Random baseline": "below",
    "Baseline": "among",
    "Human": "among",
    "Previous SOTA": "among",
    "Zero-shot": "among",
}


def reference_line(
    rng: np.random.Generator, names: Sequence[str], metric: Metric, values: np.ndarray, floor: float, among_q: float
) -> tuple[str, float]:
    """A reference line's name (one of ``names``) and value for a panel of ``values`` on an axis
    from ``floor``: a "below" line between the floor and the lowest value, an "among" line at the
    ``among_q`` quantile of the values. A "below" name is left out where it cannot sit below
    (a lower-is-better metric, or no room above the floor)."""
    lowest = float(np.min(values))
    room = metric.higher_better and lowest - floor >= 2 * 10.0**-metric.decimals
    usable = [n for n in names if REFERENCE_LINES[n] == "among" or room]
    name = pick(rng, usable)
    if REFERENCE_LINES[name] == "below":
        value = round_to(floor + (lowest - floor) * rng.uniform(0.35, 0.75), metric.decimals)
        value = min(max(value, floor + 10.0**-metric.decimals), lowest - 10.0**-metric.decimals)
    else:
        value = round_to(float(np.quantile(values, among_q)), metric.decimals)
    return name, float(round(value, metric.decimals))


def _partner(name: str, drawn: Sequence[str]) -> tuple[str, bool] | None:
    """The drawn metric ``name`` is ordered against, and whether ``name`` is the higher of the two."""
    for low, high in AT_MOST:
        if name == high and low in drawn:
            return low, True
        if name == low and high in drawn:
            return high, False
    return None


@dataclass
class OrderedCells:
    """One figure's metric cells drawn so far (rows = systems, columns = cells), per context (a
    split; ``None`` where panels differ by metric alone), so that the next metric keeps the order
    :data:`AT_MOST` states against a partner already drawn.

    The partner's cells are the only ones a reader can set side by side, so the later metric is
    derived from them rather than drawn apart and clipped (clipping would print ties). A metric
    with no drawn partner keeps its own cells and draws nothing from ``rng``, so figures without
    an ordered pair are drawn exactly as before.
    """

    cells: dict[tuple[str, str | None], np.ndarray] = field(default_factory=dict)
    factors: dict[str, np.ndarray] = field(default_factory=dict)

    def keep(self, rng: np.random.Generator, metric: Metric, own: np.ndarray, context: str | None = None) -> np.ndarray:
        """``own`` (the metric's cells as drawn) or, when an ordered partner is drawn in the same
        context, cells derived from the partner's that keep the order in every cell."""
        drawn = [name for name, ctx in self.cells if ctx == context]
        found = _partner(metric.name, drawn)
        if found is None:
            self.cells[(metric.name, context)] = own
            return own
        partner, higher = found
        base = self.cells[(partner, context)]
        if metric.name not in self.factors:  # one factor per system, shared by every context
            self.factors[metric.name] = rng.uniform(*(GAP_CLOSED if higher else SHARE_KEPT), size=(base.shape[0], 1))
        share = np.clip(self.factors[metric.name] + rng.normal(0, CELL_JITTER, size=base.shape), 0.0, 1.0)
        if higher:
            top = metric.ceiling if metric.ceiling is not None else metric.high
            out = np.maximum(np.round(base + (top - base) * share, metric.decimals), base)
        else:
            out = np.minimum(np.round(base * share, metric.decimals), base)
        self.cells[(metric.name, context)] = out
        return out
