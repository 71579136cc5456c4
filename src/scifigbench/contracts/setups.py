"""Schema of ``data/setups/setups.parquet``: one row per model request, model-agnostic."""

from scifigbench.concepts.families import UNIT_FAMILIES
from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.concepts.names import CONDITION_ORDER
from scifigbench.contracts.core import Column, ForeignKey, TableSchema

TASKS = frozenset(f.task for f in UNIT_FAMILIES.values())  # the tasks whose replies some unit family judges
SETUP_CONDITIONS = frozenset(CONDITION_ORDER)  # capbias included: the base image with the caption-bias caption

SETUPS = TableSchema(
    name="setups",
    key="setup_id",
    columns=(
        Column("setup_id", "str", unique=True, doc="<figure_id>/<condition>/<task>[/<caption-bias kind>]"),
        Column("figure_id", "str"),
        Column("condition", "str", allowed=SETUP_CONDITIONS),
        Column("task", "str", allowed=TASKS),
        Column("chart_type", "str", allowed=frozenset(CHART_KINDS)),
        Column("prompt_id", "str"),
        Column("prompt_version", "str", regex=r"^[0-9a-f]{12}$", doc="sha256 prefix of the template"),
        Column("system_text", "str", nullable=True),
        Column("user_text", "str", doc="the task prompt; the request builder adds the caption (if any) and the image"),
        Column("image_path", "str", is_path=True),
        Column("image_sha256", "str", regex=r"^[0-9a-f]{64}$"),
        Column("caption", "str", nullable=True),
        Column("probe_ids", "str", doc="JSON list of probe ids answered by this request, in order"),
        Column("blur_target_id", "str", nullable=True),
    ),
    foreign_keys=(ForeignKey("figure_id", "figures", "figure_id"),),
)
