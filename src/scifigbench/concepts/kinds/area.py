"""Area charts: one or more series over an ordered x axis, each filled down to the axis.

Areas are either stacked (each series sits on the ones below it, so the top edge is a running
total) or overlapping (each filled from zero, translucent so the ones behind stay visible). The
values in the spec are each series' own values, as for stacked bars.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this area chart for a reader who cannot see it.

Describe only what is drawn, in plain technical language: do not explain why the results are as
they are and do not draw conclusions the figure does not show.

Use one paragraph. Cover what the chart is for; whether the areas are stacked on top of each
other or overlap; both axes (labels, units and range); every area with its fill colour and
legend entry; what each series is worth at the start and at the end and whether it grows or
shrinks; where a series (or the stacked total) is highest and lowest; the panels and their
titles if there are several; gridlines and any annotations.
"""

KIND = ChartKind(
    name="area",
    label="Area",
    parts_of_whole=False,
    ordered_x=True,
    category_axis=False,
    item_word="point",
    series_word="area",
    part_word="x value",
    describe=DESCRIBE,
    chart_nouns=("area chart", "area plot", "area graph"),
    filled=True,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is an area chart."),
        ChecklistItem("purpose", "minor", "Says what the figure shows, e.g. its title or the quantity on the y axis."),
        ChecklistItem("arrangement", "minor", "Says whether the areas are stacked on each other or overlap."),
        ChecklistItem("x_axis", "major", "Names the x-axis label."),
        ChecklistItem("y_axis", "major", "Names the y-axis label."),
        ChecklistItem("x_range", "minor", "Gives where the x axis starts and ends."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the y axis."),
        ChecklistItem("legend", "major", "Names the series the areas stand for."),
        ChecklistItem("colours", "minor", "Says which colour fills which area."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("trend", "major", "Says correctly whether each series grows or shrinks along x."),
        ChecklistItem(
            "values", "major", "Reports a series' own values at given x positions correctly, bound to that series."
        ),
        ChecklistItem("extremes", "major", "Points out the highest and lowest values (or stack totals) correctly."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
