"""Dense curves: a few series drawn through hundreds of points along a continuous x axis.

Training curves, learning-rate schedules, spectra and scaling laws as papers plot them: the line
runs through every computed point, and markers sit only at the labelled round ticks. Those tick
positions are the figure's x positions (``Panel.categories`` and ``x_values``, the values there
read from the generating function); the line between them is ``Panel.x_dense`` and
``Series.dense``, drawn so that it never tells a reader something the tick values do not (no
extreme between ticks, no crossing the ticks do not show).
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this plot of curves for a reader who cannot see it.

Keep to what is drawn and use plain technical language: do not explain why the results came out
as they did and do not draw conclusions beyond the figure.

Use one paragraph. Cover what the plot is for; both axes (labels, units, scale — linear or
logarithmic — and range); every curve with its colour, marker and legend entry; where each curve
starts and ends, the direction of its trend and how noisy it is; its values at the labelled x
ticks; where curves cross, peak or level off; the panels and their titles if there are several;
gridlines and any annotations.
"""

KIND = ChartKind(
    name="curve",
    label="Curve",
    parts_of_whole=False,
    ordered_x=True,
    category_axis=False,
    item_word="point",
    series_word="curve",
    part_word="x value",
    describe=DESCRIBE,
    spellings=("curves", "dense line", "training curve", "learning curve", "loss curve"),
    prose=r"\b(?:curves?|line (?:chart|graph|plot|diagram)s?|lines)\b",
    chart_nouns=("line plot", "line chart", "curve plot"),
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a line plot of curves."),
        ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title or measured quantity."),
        ChecklistItem("x_axis", "major", "Gives the x-axis label."),
        ChecklistItem("y_axis", "major", "Gives the y-axis label."),
        ChecklistItem("x_range", "minor", "Gives the span of the x axis."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the y axis."),
        ChecklistItem("legend", "major", "Names the plotted curves."),
        ChecklistItem("colours", "minor", "Says which colour encodes which curve."),
        ChecklistItem("markers", "minor", "Notes the markers at the labelled ticks."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("trend", "major", "Describes the direction of each curve correctly."),
        ChecklistItem("values", "major", "Reports values at labelled x positions correctly, bound to the right curve."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest points correctly."),
        ChecklistItem("intersections", "minor", "Notes where curves cross."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
