"""The record of a chart kind, and of one item of its MQM checklist.

A chart kind says what the stages need to know of it through *traits* (is the chart a whole cut
into shares? are its categories positions on an ordered x axis? along a named category axis?)
rather than through its name, so a stage written against the traits serves a new kind that
declares them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Severity = Literal["major", "minor"]


@dataclass(frozen=True)
class ChecklistItem:
    """One MQM checklist item: ``key`` names the rule that checks it; ``what`` is in our words."""

    key: str
    severity: Severity
    what: str


@dataclass(frozen=True)
class ChartKind:
    """Everything the pipeline needs of one chart kind, declared once.

    Traits (exactly one of the three layouts holds for each kind):

    - ``parts_of_whole``: one series of shares summing to 100 cut into named parts (pie, donut);
      the parts are the categories, there is no value axis, a legend names parts, not series.
    - ``ordered_x``: categories are tick labels of positions on an ordered x axis
      (``Panel.x_values``); series are traces with a direction (trend), can cross, are read "at x".
    - ``category_axis``: categories are named items along a category axis that may be vertical or
      horizontal; values can be printed on the marks.

    Drawing traits (default right for the paper's kinds):

    - ``filled``: each series is a filled area under its trace (stacked or overlapping), not a
      bare line; a legend fitted inside must keep clear of the filling, and a description names
      the colours of the areas.
    - ``shows_spread``: each value carries a symmetric whisker (``Series.errors``, the half-width
      of a mean ± std or a confidence interval over runs); a probe never presupposes absent error
      bars or asks for the seed variance, questions may ask about the intervals, a description
      says what the whiskers mean.
    - ``value_by_colour_scale``: a cell's value is shown by its colour on a colour scale with a
      colour bar, not by a position on an axis; the series are the grid's rows (named by tick
      labels, not a legend) and their colours encode nothing, so no stage asks for or judges a
      series' colour or legend entry.
    - ``connects_points``: consecutive points of a series are joined by a drawn line (line, area),
      so a series reads as a trace that can cross another; False for a scatter, whose points
      stand alone and whose direction is a relation between two quantities, not a path.
    - ``binned``: the categories are contiguous numeric bins in order and the values are counts
      (a histogram): the bars touch, several series are overlaid over the same bins rather than
      grouped, and a value is not a run's result (no sample size stands behind it: it is one).
    - ``value_is_median``: each value is the median of a drawn sample shown as a box (quartiles,
      whiskers to the last points within 1.5 IQR, outliers as dots; late ``Series`` fields): a
      question names a value a median, a probe never presupposes absent error bars or asks for
      the spread over runs the box shows, a description says what the boxes summarise.
    - ``two_value_axes``: a panel has a left and a right value axis, each with its own label, unit
      and scale, and every series is read on one of them (``spec.value_axis``); values of series on
      different axes are never compared as if on one scale, and a right y axis is drawn, not absent.
    """

    name: str
    label: str  # how tables and prose name it ("Bar")
    parts_of_whole: bool
    ordered_x: bool
    category_axis: bool
    item_word: str  # one mark: "bar", "point", "wedge"
    series_word: str  # one series: "series", "line"
    part_word: str  # one category in a description: "category", "x value", "segment"
    checklist: tuple[ChecklistItem, ...]
    # The describe task's prompt template, in our own words (a module constant ``DESCRIBE``). It lives
    # in the record, not in prompts/, so that a kind is its own module; its id is ``describe_prompt_id``.
    describe: str
    chart_nouns: tuple[str, ...] = ()  # what prose calls such a chart ("bar graph"); empty: "<name> chart"
    # Spellings of the kind in a manifest or a release file, normalised by ``kinds.normalise_spelling``
    # ("Bar_Chart" -> "bar"); the name itself always counts.
    spellings: tuple[str, ...] = ()
    # Words that name the kind right before "chart", "graph" or "plot" in an answer ("donut chart").
    type_words: tuple[str, ...] = ()
    # A regular expression (searched in lower-cased, masked text) a description matching names the kind
    # at least loosely ("bars", "curves"); empty: any of its nouns.
    prose: str = ""
    filled: bool = False  # marks are filled areas under each series (see the class docstring)
    shows_spread: bool = False  # values carry error whiskers (see the class docstring)
    value_by_colour_scale: bool = False  # cells coloured on a colour scale (see the class docstring)
    connects_points: bool = True  # a series is drawn as a joined trace (see the class docstring)
    binned: bool = False  # categories are bins of a numeric quantity, values counts (see the class docstring)
    value_is_median: bool = False  # values are medians of samples drawn as boxes (see the class docstring)
    two_value_axes: bool = False  # series read on a left or a right y axis (see the class docstring)

    def __post_init__(self) -> None:
        layouts = (self.parts_of_whole, self.ordered_x, self.category_axis)
        if sum(layouts) != 1:
            raise ValueError(
                f"chart kind {self.name!r}: exactly one of parts_of_whole, ordered_x, "
                f"category_axis must hold (got {layouts})"
            )
        keys = [i.key for i in self.checklist]
        if len(set(keys)) != len(keys):
            raise ValueError(f"chart kind {self.name!r}: checklist keys repeat: {keys}")

    @property
    def describe_prompt_id(self) -> str:
        """The id setups record for the describe prompt (``describe_bar``), as when it was a prompt file."""
        return f"describe_{self.name}"

    @property
    def nouns(self) -> tuple[str, ...]:
        """The ways a description may name the chart, at least its plain "<name> chart"."""
        return self.chart_nouns or (f"{self.name} chart",)

    @property
    def prose_pattern(self) -> str:
        """What a description naming this kind, at least loosely, matches."""
        return self.prose or r"\b(?:" + "|".join(re.escape(n) + "s?" for n in self.nouns) + r")\b"

    @property
    def words(self) -> tuple[str, ...]:
        """Words naming the kind before "chart/graph/plot", the name first."""
        return (self.name, *self.type_words)

    @property
    def has_value_axis(self) -> bool:
        """Values are read off an axis (not printed shares of a whole)."""
        return not self.parts_of_whole

    @property
    def legend_names_series(self) -> bool:
        """A legend entry names a series (bar, line) rather than a part (pie)."""
        return not self.parts_of_whole
