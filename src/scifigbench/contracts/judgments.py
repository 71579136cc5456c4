"""Schema of ``data/judgments/<model>.parquet``: one row per judged unit.

Units: a description (family ``description``, MQM), one capability answer, one resistance answer,
one caption-bias claim, one active blur answer, one passive blur description. ``score`` is the
family's headline number (MQM 0-100; capability 1/0; resistance 1/0.5/0; caption_claim 1 = follows
image, 0 = follows caption, null = not addressed or undecided). In every family a row's verdict is
"undecided" when the rule judge found its evidence not decisive: score and booleans are null, the
reason is in ``details_json``, and the metrics count it apart (never a zero, never an error; a
caption claim's "none", not addressed, is another thing). A row with ``error`` set has no verdict
and is excluded from denominators (and counted). ``judge_id`` names the judge that decided the row.
"""

from scifigbench.concepts.families import FAMILIES, UNIT_FAMILIES, unit_family
from scifigbench.contracts.core import Column, TableSchema

CAPTION_VERDICTS = frozenset(unit_family("caption_claim").verdicts)
# every family's verdict words; "judged" marks an imported release blur verdict (its booleans carry it)
VERDICTS = frozenset(word for family in FAMILIES for word in family.verdicts) | {"judged"}
JUDGE_FAMILIES = frozenset(UNIT_FAMILIES)

JUDGMENTS = TableSchema(
    name="judgments",
    key="unit_id",
    columns=(
        Column("unit_id", "str", unique=True, doc="<setup_id>[#<part>]"),
        Column("setup_id", "str"),
        Column("model", "str"),
        Column("figure_id", "str"),
        Column("condition", "str"),
        Column("chart_type", "str"),
        Column("family", "str", allowed=JUDGE_FAMILIES),
        Column("category", "str", nullable=True, doc="probe category, claim type or blur mode"),
        Column("probe_id", "str", nullable=True),
        Column("judge_id", "str", doc="rule:<version> or llm:<model>:<prompt hash>"),
        Column("score", "float", nullable=True),
        Column("verdict", "str", nullable=True, allowed=VERDICTS,
               doc="correct/incorrect, resists/hedges/accepts, image/caption/none/undecided"),
        Column("mentioned", "bool", nullable=True),
        Column("admits", "bool", nullable=True),
        Column("fabricates", "bool", nullable=True),
        Column("correct", "bool", nullable=True),
        Column("pen_accuracy", "float", nullable=True, min=0),
        Column("pen_completeness", "float", nullable=True, min=0),
        Column("pen_clarity", "float", nullable=True, min=0),
        Column("pen_numeric", "float", nullable=True, min=0),
        Column("pen_trend", "float", nullable=True, min=0),
        Column("pen_axis_legend", "float", nullable=True, min=0),
        Column("pen_label_map", "float", nullable=True, min=0),
        Column("pen_missing", "float", nullable=True, min=0),
        Column("pen_halluc", "float", nullable=True, min=0),
        Column("details_json", "str", nullable=True, doc="the question or claim and the exact judged text (answer), then per-item findings or evidence"),
        Column("raw_output", "str", nullable=True, doc="the LLM judge's raw reply, if any"),
        Column("error", "str", nullable=True),
    ),
)
