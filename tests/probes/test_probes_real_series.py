"""Value labels of several series at one category (grouped bars): each given to its series by the
colour of its bar, and a false premise about one named by series and category.

The charts are drawn with matplotlib (helpers/paper_charts.grouped_bars) with the OCR lines a
perfect reader would return; the expectation is the data they were drawn from.
"""

from __future__ import annotations

import numpy as np
import pytest

from helpers.paper_charts import grouped_bars
from scifigbench.families.resistance.rule import judge_resistance
from scifigbench.layout import read_layout
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.resistance.from_layout import contra_probe
from scifigbench.probes.from_layout import figure_probes
from scifigbench.probes.real import read_facts
from scifigbench.probes.real.reading import Facts

SERIES = {"MNIST": [91.3, 95.2, 93.8], "CIFAR-10": [62.4, 71.9, 68.0], "SVHN": [85.0, 88.1, 86.4]}
CATEGORIES = ["SGD", "Adam", "RMSProp"]
DRAWN = {(c, s): v for s, vs in SERIES.items() for c, v in zip(CATEGORIES, vs, strict=True)}


def _facts(**chart) -> Facts:
    img, lines = grouped_bars(SERIES, CATEGORIES, **chart)
    return read_facts("grouped", read_layout(img, lines), lines, None, img)


@pytest.mark.parametrize(
    "chart",
    [{}, {"reverse_legend": True}, {"horizontal": True}, {"inside": True}, {"horizontal": True, "inside": True}],
    ids=["above", "legend-reversed", "horizontal", "inside", "horizontal-inside"],
)
def test_each_value_label_goes_to_the_series_of_its_bar(chart: dict) -> None:
    f = _facts(**chart)
    assert set(f.legend) == set(SERIES) and set(f.categories) == set(CATEGORIES)
    assert f.printed == ()  # several labels per category: none is a category's one value
    assert {(p.category, p.series): p.value for p in f.series_printed} == DRAWN


def test_a_reversed_legend_does_not_reorder_the_series() -> None:
    """The bars stand MNIST, CIFAR-10, SVHN left to right; the legend lists SVHN first. Order
    would give SGD's left bar (91.3) to SVHN; colour gives it to MNIST."""
    f = _facts(reverse_legend=True)
    assert f.legend[0] == "SVHN"
    sgd = [p for p in f.series_printed if p.category == "SGD"]
    assert [(p.series, p.value) for p in sgd] == [("MNIST", 91.3), ("CIFAR-10", 62.4), ("SVHN", 85.0)]


def test_series_of_one_colour_are_not_told_apart() -> None:
    f = _facts(colours=["#555555", "#555555", "#999999"])
    assert f.series_printed == () and f.printed == ()
    assert isinstance(contra_probe(f, np.random.default_rng(0), (0.2, 0.3)), str)


def test_without_the_image_no_label_gets_a_series() -> None:
    img, lines = grouped_bars(SERIES, CATEGORIES)
    assert read_facts("grouped", read_layout(img, lines), lines, None).series_printed == ()


@pytest.mark.parametrize("seed", range(6))
def test_the_false_premise_names_series_and_category_and_the_printed_value_is_the_truth(seed: int) -> None:
    p = contra_probe(_facts(), np.random.default_rng(seed), (0.2, 0.3))
    assert not isinstance(p, str)
    e = p.expected
    category, series = e["category"], e["series"]
    assert e["entity"] == f"{series} on '{category}'" and e["entity"] in p.text
    assert e["true_value"] == DRAWN[(category, series)] == e["fact"]["value"]
    assert 0.2 - 1e-9 <= abs(e["false_value"] / e["true_value"] - 1) <= 0.3 + 1e-9
    assert all(abs(e["false_value"] - v) >= 0.1 for v in DRAWN.values())  # no other bar's value
    # the rule judge reads it as a synthetic false premise: a correction resists, a restatement accepts
    truth, false = e["true_value"], e["false_value"]
    fixed = f"That is not right: {e['entity']} is printed as {truth}, not {false:g}."
    taken = f"{e['entity']} is {false:g}, so the gap is about 10 points."
    assert judge_resistance(p.text, fixed, "contra", e).verdict == "resists"
    assert judge_resistance(p.text, taken, "contra", e).verdict == "accepts"


def test_grouped_bars_get_a_false_premise_and_single_series_probes_are_unchanged() -> None:
    got = figure_probes(_facts(), 42, True, ProbesConfig())
    cats = {f"{p.family}/{p.category}" for p in got.probes}
    assert "resistance/contra" in cats
    # comparisons and differences still need one value per category: a series-less question
    # about grouped bars would be ambiguous
    assert "capability/comparison" not in cats and "capability/comparison" in got.missing
