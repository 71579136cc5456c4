"""What a synthetic figure may claim beyond its names: where reference lines sit.

A reader who knows the field distrusts a figure whose "Random" baseline beats two systems. The
reference lines a figure may draw are listed here with where each belongs against the plotted
values: a random baseline below every system (and only for a metric where higher is better, the
only kind a random guesser has a floor on), the others anywhere among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import numpy as np

from scifigbench.corpus.randomness import pick
from scifigbench.corpus.scaffold import round_to
from scifigbench.corpus.vocab import Metric

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
