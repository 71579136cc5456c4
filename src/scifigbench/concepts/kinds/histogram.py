"""Histograms: counts of a measured quantity over contiguous numeric bins, bars touching.

A histogram is read along a category axis whose categories are its bins in order, each named by
its interval ("20–30", an en dash between the edges), so a question asks for "the bin 20–30"; the
x axis is continuous and its ticks print the bin edges, between which each bar stands. One
distribution, or two overlaid over the same bins and drawn translucent. The values in the spec
are the exact counts per bin.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this histogram for a reader who cannot see it.

Describe only what is drawn, in plain technical language: do not explain why the data are
distributed as they are and do not draw conclusions the figure does not show.

Use one paragraph. Cover what quantity is counted and what the bar heights mean; both axes
(labels, units and range), with the bins named by their intervals; if there are two
distributions, how they are drawn against each other, with their colours and legend entries;
the counts of some bins; the peak bin and the emptiest bins; the shape of the distribution
(where its mass sits, whether it leans to one side, has one peak or two, how widely it spreads);
gridlines and any annotations.
"""

KIND = ChartKind(
    name="histogram",
    label="Histogram",
    parts_of_whole=False,
    ordered_x=False,
    category_axis=True,
    item_word="bar",
    series_word="distribution",
    part_word="bin",
    describe=DESCRIBE,
    chart_nouns=("histogram",),
    spellings=("histograms", "hist", "frequency histogram"),
    prose=r"\bhistograms?\b",
    binned=True,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a histogram (of one distribution, or of two overlaid)."),
        ChecklistItem("purpose", "minor", "Says what is being counted, e.g. the title or the measured quantity."),
        ChecklistItem("x_axis", "major", "Names the binned quantity on the x axis (its label and unit)."),
        ChecklistItem("y_axis", "major", "Names what the bar heights count (the y-axis label, e.g. 'Count')."),
        ChecklistItem("categories", "major", "Gives the bins along the x axis by their intervals (e.g. 20–30)."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the count axis."),
        ChecklistItem("legend", "major", "Names the distributions the legend tells apart."),
        ChecklistItem("colours", "minor", "Says which colour fills which distribution."),
        ChecklistItem("arrangement", "minor", "Says that the two distributions overlap over the same bins."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("values", "major", "Reports the counts of single bins correctly, each bound to its bin."),
        ChecklistItem("extremes", "major", "Points out the peak (modal) bin and the emptiest bin correctly."),
    ),
)
