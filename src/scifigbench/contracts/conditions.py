"""Schema of ``data/conditions/conditions.parquet``: one image (and caption) per figure x condition.

``capbias`` is not here: its image is the ``base`` image and its caption comes from the probes
stage, so the setups stage composes it.
"""

from scifigbench.concepts.names import CONDITION_MODE, IMAGE_CONDITIONS, MODE_CONDITION
from scifigbench.contracts.core import Column, ForeignKey, TableSchema

CONDITIONS = frozenset(IMAGE_CONDITIONS)

CONDITIONS_TABLE = TableSchema(
    name="conditions",
    key="condition_id",
    columns=(
        Column("condition_id", "str", unique=True, doc="<figure_id>/<condition>"),
        Column("figure_id", "str"),
        Column("condition", "str", allowed=CONDITIONS),
        Column("image_path", "str", is_path=True),
        Column("image_sha256", "str", regex=r"^[0-9a-f]{64}$"),
        Column("width", "int", min=16),
        Column("height", "int", min=16),
        Column("caption", "str", nullable=True, doc="caption shown with the image; null = none"),
        Column("blur_target_id", "str", nullable=True, doc="for admb/indb: the blurred target"),
    ),
    foreign_keys=(ForeignKey("figure_id", "figures", "figure_id"), ForeignKey("blur_target_id", "blur_targets", "target_id")),
)

# The blur modes' conditions are values this contract allows, so they are read from here too.
__all__ = ["CONDITIONS", "CONDITIONS_TABLE", "CONDITION_MODE", "MODE_CONDITION"]
