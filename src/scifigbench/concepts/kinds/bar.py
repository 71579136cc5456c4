"""Bar charts: vertical or horizontal, grouped or stacked, with or without printed values."""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this bar chart for a reader who cannot see it.

Keep to what is drawn and use plain technical language: do not explain why the results came out
as they did and do not draw conclusions beyond the figure.

Use one paragraph. Cover what the chart is for; both axes (labels, units, scale and range); the
orientation of the bars and how they are grouped or stacked; every category and series with its
colour and legend entry; the values shown or readable from the axis; the panels and their titles
if there are several; any value labels, annotations, highlighted bars or ordering of the bars.
"""

KIND = ChartKind(
    name="bar",
    label="Bar",
    parts_of_whole=False,
    ordered_x=False,
    category_axis=True,
    item_word="bar",
    series_word="series",
    part_word="category",
    describe=DESCRIBE,
    spellings=(
        "bars",
        "column",
        "columns",
        "bar vertical",
        "bar horizontal",
        "vertical bar",
        "horizontal bar",
        "barh",
        "hbar",
        "vbar",
        "stacked bar",
        "grouped bar",
        "stacked column",
        "grouped column",
        "clustered bar",
        "clustered column",
    ),
    prose=r"\b(?:bar (?:chart|graph|plot|diagram)s?|column chart|histogram|bars)\b",
    chart_nouns=("bar chart", "bar graph", "bar plot"),
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a bar chart (and which kind: grouped, stacked, horizontal)."),
        ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title or measured quantity."),
        ChecklistItem("orientation", "minor", "Says whether bars are vertical or horizontal."),
        ChecklistItem("x_axis", "major", "Gives the x-axis label."),
        ChecklistItem("y_axis", "major", "Gives the y-axis label."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the value axis."),
        ChecklistItem("categories", "major", "Names the categories along the category axis."),
        ChecklistItem("legend", "major", "Names the series shown in the legend."),
        ChecklistItem("colours", "minor", "Says which colour encodes which series."),
        ChecklistItem("arrangement", "minor", "Says how several series are arranged (side by side or stacked)."),
        ChecklistItem("values", "major", "Reports values of individual bars correctly, bound to the right bar."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest bars correctly."),
        ChecklistItem("value_labels", "minor", "Notes the numbers printed on the bars."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
