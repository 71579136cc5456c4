"""Scatter plots: points of one or more groups against two numeric axes, with or without a fitted line.

A scatter is an ``ordered_x`` kind (its x axis is numeric) whose points are not joined: a group's
direction is a relation between the two quantities (read off the cloud or its least-squares
line), not the path of a trace, so it declares ``connects_points=False``.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this scatter plot for a reader who cannot see it.

Say only what is drawn, in plain technical language: do not explain why the points fall where
they do and do not draw conclusions the figure does not show.

Use one paragraph. Cover which two quantities are plotted against each other; both axes (labels,
units and range); every group of points with its colour, marker shape and legend entry; whether
y rises or falls with x in each group and how tightly the points follow that relation; any
fitted line, which points it is fitted to and its slope; the highest and lowest points and any
point far from the others; the names printed beside points, if any; gridlines and annotations.
"""

KIND = ChartKind(
    name="scatter",
    label="Scatter",
    parts_of_whole=False,
    ordered_x=True,
    category_axis=False,
    item_word="point",
    series_word="group",
    part_word="x value",
    describe=DESCRIBE,
    chart_nouns=("scatter plot", "scatter chart", "scatter graph", "scatterplot"),
    spellings=("scatterplot", "xy"),
    type_words=("scatterplot",),
    prose=r"\b(?:scatter ?(?:plot|chart|graph|diagram)s?|scatterplots?|point clouds?)\b",
    connects_points=False,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a scatter plot."),
        ChecklistItem("purpose", "minor", "Says which two quantities are plotted against each other, or the title."),
        ChecklistItem("x_axis", "major", "Names the x-axis label."),
        ChecklistItem("y_axis", "major", "Names the y-axis label."),
        ChecklistItem("x_range", "minor", "Gives where the x axis starts and ends."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the y axis."),
        ChecklistItem("legend", "major", "Names the groups the points belong to."),
        ChecklistItem("colours", "minor", "Says which colour marks which group."),
        ChecklistItem("markers", "minor", "Notes the marker shapes of the points."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem(
            "trend",
            "major",
            "Says correctly whether y rises or falls with x in each group (and, where a line is fitted, its slope).",
        ),
        ChecklistItem("values", "major", "Reports the y value of points at given x positions, bound to their group."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest points and any outlier correctly."),
        ChecklistItem("layout", "minor", "Describes the fitted lines, the printed point names and other annotations."),
    ),
)
