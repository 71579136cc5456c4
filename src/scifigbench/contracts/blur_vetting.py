"""Schema of ``data/vetting/blur_vetting.parquet``: a model's word on each ranked blur candidate.

One row per row of ``blur_candidates`` when ``conditions.vetting`` names a model (none without
it): the role it says the text plays, whether it says the text can be inferred once blurred, and
the candidate's place after the re-ranking rule of ``conditions.vetting``. The review page lists
the candidates in that order, each with the model's answer beside it.
"""

from scifigbench.contracts.blur_targets import BLUR_MODES
from scifigbench.contracts.core import Column, ForeignKey, TableSchema

#: What the model may say the text is, and whether a reader can say it once blurred (the reply's schema).
VETTING_ROLES = (
    "legend_entry",
    "category",
    "panel_title",
    "axis_title",
    "chart_title",
    "tick_value",
    "value_label",
    "annotation",
    "furniture",
    "other",
)
INFERABLE = ("yes", "narrowed", "no")

BLUR_VETTING = TableSchema(
    name="blur_vetting",
    key="candidate_id",
    columns=(
        Column("candidate_id", "str", unique=True, doc="<figure_id>/<mode>/<rank> of blur_candidates"),
        Column("figure_id", "str"),
        Column("mode", "str", allowed=BLUR_MODES),
        Column("rank", "int", min=1, doc="the conditions stage's rank"),
        Column("vetted_rank", "int", nullable=True, min=1, doc="the place after vetting; null: dropped (furniture)"),
        Column("role", "str", nullable=True, allowed=frozenset(VETTING_ROLES), doc="what the model says the text is"),
        Column("inferable", "str", nullable=True, allowed=frozenset(INFERABLE), doc="can a reader say it once blurred"),
        Column("reason", "str", nullable=True, doc="the model's reason, in its words"),
        Column("model", "str", doc="the services key asked"),
        Column("error", "str", nullable=True, doc="why there is no answer (the call or its reply failed)"),
    ),
    foreign_keys=(ForeignKey("candidate_id", "blur_candidates", "candidate_id"),),
)
