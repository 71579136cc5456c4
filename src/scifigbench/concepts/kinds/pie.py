"""Pie and donut charts: one whole cut into named shares that sum to 100 %."""

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

DESCRIBE = """\
Write a description of this pie chart for a reader who cannot see it.

Keep to what is drawn and use plain technical language: do not explain why the results came out
as they did and do not draw conclusions beyond the figure.

Use one paragraph. Cover what the chart is for; whether it is a full pie or a donut; how many
segments there are; each segment's label, colour and percentage; where labels and percentages are
placed (inside, outside, in a legend); the largest and smallest segments and the order in which
segments appear; the panels and their titles if there are several.
"""

KIND = ChartKind(
    name="pie",
    label="Pie",
    parts_of_whole=True,
    ordered_x=False,
    category_axis=False,
    item_word="wedge",
    series_word="series",
    part_word="segment",
    describe=DESCRIBE,
    spellings=("donut", "doughnut", "ring"),
    type_words=("donut", "doughnut"),
    prose=r"\b(?:pie(?: chart)?|donut|doughnut|ring chart)\b",
    checklist=(
        ChecklistItem("chart_type", "major", "Says it is a pie (or donut) chart."),
        ChecklistItem("purpose", "minor", "States what the figure is about, e.g. its title."),
        ChecklistItem("segment_count", "major", "Gives the number of segments correctly."),
        ChecklistItem("categories", "major", "Names the segments."),
        ChecklistItem("values", "major", "Reports segment percentages correctly, bound to the right segment."),
        ChecklistItem("extremes", "major", "Points out the largest segment correctly."),
        ChecklistItem("smallest", "minor", "Points out the smallest segment correctly."),
        ChecklistItem("colours", "minor", "Says which colour each segment has."),
        ChecklistItem("label_placement", "minor", "Says where labels and percentages are placed."),
        ChecklistItem("ordering", "minor", "Describes the order of the segments."),
        ChecklistItem("legend", "minor", "Notes the legend."),
    ),
)
