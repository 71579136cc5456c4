"""Error-bar charts: means over runs with symmetric whiskers, grouped over several series.

The way results papers most often show run-to-run spread: a bar (or a point, without bars) per
series and category at the mean, and a whisker of ± one standard deviation or of a 95 %
confidence interval. The whisker half-widths are ``Series.errors``; what they mean is
``Panel.spread`` (the caption says it as well).
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this chart of means with error bars for a reader who cannot see it.

Describe only what is drawn, in plain technical language: do not explain why the results are as
they are and do not draw conclusions the figure does not show.

Use one paragraph. Cover what the chart is for; whether each mean is drawn as a bar or as a point;
both axes (labels, units and range); every category along the axis; every series with its colour
and legend entry; the mean of several bars or points with the series and category it belongs to;
which means are highest and lowest; what the whiskers show (a standard deviation, a confidence
interval, over how many runs) when the figure or its caption says so; which whiskers are widest
or narrowest and which intervals overlap; the panels and their titles if there are several;
gridlines and any annotations.
"""

KIND = ChartKind(
    name="errorbar",
    label="Error bar",
    parts_of_whole=False,
    ordered_x=False,
    category_axis=True,
    item_word="bar",
    series_word="series",
    part_word="category",
    describe=DESCRIBE,
    chart_nouns=("error bar chart", "bar chart with error bars", "error bar plot"),
    spellings=("error bar", "error bars", "errorbars", "bar with error bars", "bars with error bars"),
    type_words=("error-bar",),
    prose=r"\b(?:error[- ]?bars?|whiskers?)\b",
    shows_spread=True,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a chart of means with error bars (bars or points)."),
        ChecklistItem("purpose", "minor", "Says what the figure shows, e.g. its title or measured quantity."),
        ChecklistItem("x_axis", "major", "Names the x-axis label."),
        ChecklistItem("y_axis", "major", "Names the y-axis label."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the value axis."),
        ChecklistItem("categories", "major", "Names the categories along the category axis."),
        ChecklistItem("legend", "major", "Names the series shown in the legend."),
        ChecklistItem("colours", "minor", "Says which colour marks which series."),
        ChecklistItem("arrangement", "minor", "Says that the series stand side by side in each category."),
        ChecklistItem("values", "major", "Reports the means of individual marks correctly, bound to the right mark."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest means correctly."),
        ChecklistItem(
            "whiskers", "major", "Says what the whiskers show (a standard deviation or a confidence interval)."
        ),
        ChecklistItem("spread", "minor", "Says which whiskers are widest or narrowest, or which intervals overlap."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
