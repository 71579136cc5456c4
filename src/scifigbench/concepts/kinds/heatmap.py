"""Heatmaps: a grid of cells coloured by value on a colour scale, with a colour bar.

The columns are the categories (tick labels along the x axis) and the rows are the series (tick
labels along the y axis), so a cell is a (series, category) point like a bar of a grouped bar
chart. A cell's colour stands for its value on the colour scale; the rows have no colours of their
own and no legend. Some heatmaps print each cell's value inside it (annotated), some do not.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this heatmap for a reader who cannot see it.

Describe only what is drawn, in plain technical language: do not explain why the results are as
they are and do not draw conclusions the figure does not show.

Use one paragraph. Cover what the heatmap is for; what its rows and its columns are, naming each
of them; how colour stands for value (which colours mark low and high values on the colour bar,
what the colour bar measures and the range it spans); the values of some cells, each tied to its
row and column; the highest and the lowest cell; any pattern that stands out, such as a row or a
column that is higher than the rest or a bright diagonal; and whether the cells print their values.
"""

KIND = ChartKind(
    name="heatmap",
    label="Heatmap",
    parts_of_whole=False,
    ordered_x=False,
    category_axis=True,
    item_word="cell",
    series_word="row",
    part_word="column",
    describe=DESCRIBE,
    chart_nouns=("heatmap", "heat map"),
    spellings=("heat map", "heat-map", "confusion matrix"),
    value_by_colour_scale=True,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a heatmap, a grid of cells coloured by value."),
        ChecklistItem(
            "purpose", "minor", "Says what the figure shows, e.g. its title or the quantity the colours stand for."
        ),
        ChecklistItem("x_axis", "minor", "Says what the columns are (the label under them)."),
        ChecklistItem("y_axis", "minor", "Says what the rows are (the label beside them)."),
        ChecklistItem("categories", "major", "Names the columns."),
        ChecklistItem("rows", "major", "Names the rows."),
        ChecklistItem(
            "colour_scale",
            "major",
            "Says how colour maps to value: the colours of low and high values on the colour bar.",
        ),
        ChecklistItem("value_range", "minor", "Gives the range of the colour scale (the colour bar's ticks)."),
        ChecklistItem("values", "major", "Reports cell values correctly, each bound to its row and column."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest cells correctly."),
        ChecklistItem(
            "pattern", "minor", "Points out a pattern, such as a row or column that stands out or a bright diagonal."
        ),
        ChecklistItem("value_labels", "minor", "Notes that every cell prints its value."),
    ),
)
