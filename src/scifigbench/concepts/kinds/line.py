"""Line plots: one or more series over an ordered x axis, with or without markers."""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this line plot for a reader who cannot see it.

Keep to what is drawn and use plain technical language: do not explain why the results came out
as they did and do not draw conclusions beyond the figure.

Use one paragraph. Cover what the plot is for; both axes (labels, units, scale — linear or
logarithmic — and range); every line with its colour, marker and legend entry; where each line
starts and ends and the direction of its trend; where lines cross, peak or level off; the panels
and their titles if there are several; gridlines and any annotations.
"""

KIND = ChartKind(
    name="line",
    label="Line",
    parts_of_whole=False,
    ordered_x=True,
    category_axis=False,
    item_word="point",
    series_word="line",
    part_word="x value",
    describe=DESCRIBE,
    spellings=("lines", "time series", "multi line", "line vertical", "line horizontal"),
    prose=r"\b(?:line (?:chart|graph|plot|diagram)s?|curves?|lines)\b",
    chart_nouns=("line plot", "line chart", "line graph"),
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a line plot."),
        ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title or measured quantity."),
        ChecklistItem("x_axis", "major", "Gives the x-axis label."),
        ChecklistItem("y_axis", "major", "Gives the y-axis label."),
        ChecklistItem("x_range", "minor", "Gives the span of the x axis."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the y axis."),
        ChecklistItem("legend", "major", "Names the plotted series."),
        ChecklistItem("colours", "minor", "Says which colour encodes which series."),
        ChecklistItem("markers", "minor", "Notes the point markers."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("trend", "major", "Describes the direction of each series correctly."),
        ChecklistItem(
            "values", "major", "Reports values at specific x positions correctly, bound to the right series."
        ),
        ChecklistItem("extremes", "major", "Points out the highest and lowest points correctly."),
        ChecklistItem("intersections", "minor", "Notes where series cross."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
