"""Dual-axis line charts: series over one ordered x axis, read on a left or a right y axis.

Papers plot two quantities of different units against the same x (accuracy and latency against
model size, accuracy and loss against epochs) with one y axis on each side, each coloured like its
series. The kind is ``ordered_x`` and declares ``two_value_axes``: a series says which axis it is
read on (``Series.axis``), and the right axis has its own label, unit, ticks and range.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this line chart with two y-axes for a reader who cannot see it.

Say only what is drawn, in plain technical language: do not explain why the quantities move as
they do and do not compare numbers read on different axes as if they shared one scale.

Use one paragraph. Cover what the chart plots against what; the shared x-axis (label and range);
the left and the right y-axis, each with its label, unit, range and colour, and which lines are
read on which of them; every line with its colour, marker and legend entry; where each line starts
and ends and the direction of its trend; the highest and lowest points of each line, quoted in its
own axis' unit; gridlines and any annotations.
"""

KIND = ChartKind(
    name="dualaxis",
    label="Dual axis",
    parts_of_whole=False,
    ordered_x=True,
    category_axis=False,
    item_word="point",
    series_word="line",
    part_word="x value",
    describe=DESCRIBE,
    chart_nouns=("dual-axis line chart", "dual axis chart", "line chart with two y-axes", "twin-axis plot"),
    spellings=("dual axis", "dual-axis", "twin axis", "two axis", "double y axis", "secondary axis"),
    type_words=("dual-axis", "twin-axis", "dual axis"),
    prose=r"\b(?:dual[- ]?axis|twin[- ]axis|two y[- ]axes|(?:secondary|second|right) (?:y[- ])?axis)\b",
    two_value_axes=True,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a line chart with two y axes, one on each side."),
        ChecklistItem("purpose", "minor", "Says which quantities are plotted against x, or the title."),
        ChecklistItem("x_axis", "major", "Names the shared x-axis label."),
        ChecklistItem("y_axis", "major", "Names both y axes, left and right, and which series is read on each."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the y axes."),
        ChecklistItem("legend", "major", "Names the plotted series."),
        ChecklistItem("colours", "minor", "Says which colour marks which series (and its axis)."),
        ChecklistItem("trend", "major", "Describes the direction of each series correctly."),
        ChecklistItem("values", "major", "Reports values at given x positions correctly, with the right axis' unit."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest points of each series correctly."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("layout", "minor", "Describes annotations and markers."),
    ),
)
