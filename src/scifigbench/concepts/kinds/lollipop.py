"""Lollipop charts: one value per named category drawn as a thin stem from zero ending in a dot.

A bar chart with the bar thinned to a line: the value is where the dot sits on the value axis, the
stem only leads the eye there. Stems stand up from the category axis or, as in a ranked list,
run right from it with the largest value on top. One series, so no legend.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this lollipop chart for a reader who cannot see it.

Keep to what is drawn and use plain technical language: do not explain why the results came out
as they did and do not draw conclusions beyond the figure.

Use one paragraph. Cover what the chart is for; both axes (labels, units, scale and range); whether
the stems stand up or run sideways; every category with the value its dot marks; the values shown
or readable from the axis; the panels and their titles if there are several; any printed values,
reference lines or ordering of the categories.
"""

KIND = ChartKind(
    name="lollipop",
    label="Lollipop",
    parts_of_whole=False,
    ordered_x=False,
    category_axis=True,
    item_word="dot",
    series_word="series",
    part_word="category",
    describe=DESCRIBE,
    chart_nouns=("lollipop chart", "lollipop plot", "stem plot"),
    spellings=("lollipops", "lollipop graph", "stem", "stem plot", "dot and stem"),
    prose=r"\b(?:lollipops?(?: (?:chart|plot|graph)s?)?|stems? (?:plot|chart)s?)\b",
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a lollipop chart (a stem and a dot per value)."),
        ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title or measured quantity."),
        ChecklistItem("orientation", "minor", "Says whether the stems stand up or run sideways."),
        ChecklistItem("x_axis", "major", "Gives the x-axis label."),
        ChecklistItem("y_axis", "major", "Gives the y-axis label."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the value axis."),
        ChecklistItem("categories", "major", "Names the categories the stems stand on."),
        ChecklistItem("values", "major", "Reports the values of single dots correctly, each bound to its category."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest dots correctly."),
        ChecklistItem("value_labels", "minor", "Notes the numbers printed beside the dots."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
