"""Box plots: per category, one box per series summarising a sample of runs.

How results papers show the whole spread of many runs rather than a mean: the median as a line,
a box from the first to the third quartile, whiskers to the most extreme runs within 1.5 times
the interquartile range, and the runs beyond drawn as single dots. ``Series.values`` are the
medians; the quartiles, whisker ends and outliers are late ``Series`` fields, and what one box
summarises is ``Panel.summary``.
"""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this box plot for a reader who cannot see it.

Describe only what is drawn, in plain technical language: do not explain why the results are as
they are and do not draw conclusions the figure does not show.

Use one paragraph. Cover what the chart is for and what one box summarises (for example the runs
of one method over several seeds, when the figure or its caption says so); both axes (labels,
units and range); every category along the axis; every series with its colour and legend entry;
the median of several boxes with the series and category it belongs to; which medians are
highest and lowest; what the boxes and whiskers mark (the quartiles and how far the whiskers
reach); any points drawn beyond the whiskers, or that there are none; the panels and their
titles if there are several; gridlines and any annotations.
"""

KIND = ChartKind(
    name="box",
    label="Box",
    parts_of_whole=False,
    ordered_x=False,
    category_axis=True,
    item_word="box",
    series_word="series",
    part_word="category",
    describe=DESCRIBE,
    chart_nouns=("box plot", "box-and-whisker plot", "boxplot"),
    spellings=("box plot", "boxplot", "box plots", "box-and-whisker", "box and whisker", "box-whisker"),
    type_words=("box-and-whisker", "boxplot"),
    prose=r"\b(?:box[- ]?(?:plots?|charts?)|box[- ]and[- ]whiskers?|boxes)\b",
    value_is_median=True,
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a box plot (box-and-whisker plot)."),
        ChecklistItem("purpose", "minor", "Says what the figure shows, e.g. its title or measured quantity."),
        ChecklistItem("x_axis", "major", "Names the x-axis label."),
        ChecklistItem("y_axis", "major", "Names the y-axis label."),
        ChecklistItem("value_range", "minor", "Gives the range or ticks of the value axis."),
        ChecklistItem("categories", "major", "Names the categories along the category axis."),
        ChecklistItem("legend", "major", "Names the series shown in the legend."),
        ChecklistItem("colours", "minor", "Says which colour marks which series."),
        ChecklistItem("arrangement", "minor", "Says that each category holds one box per series side by side."),
        ChecklistItem("values", "major", "Reports the medians of individual boxes correctly, bound to the right box."),
        ChecklistItem("extremes", "major", "Points out the highest and lowest medians correctly."),
        ChecklistItem(
            "boxes", "major", "Says what a box summarises: its runs, the median line, quartiles and whiskers."
        ),
        ChecklistItem("outliers", "minor", "Notes the points drawn beyond the whiskers, or that there are none."),
        ChecklistItem("grid", "minor", "Notes the grid lines."),
        ChecklistItem("layout", "minor", "Describes panels and visible annotations."),
    ),
)
