"""Schema of ``data/corpus/text_elements.parquet``: one row per text element drawn in a figure."""

from scifigbench.concepts.roles import TEXT_ROLES
from scifigbench.contracts.core import Column, ForeignKey, TableSchema

ROLES = frozenset(TEXT_ROLES)  # the role records (scifigbench.concepts.roles) are the allowed values

TEXT_ELEMENTS = TableSchema(
    name="text_elements",
    key="element_id",
    doc="Every text element with its pixel box (x0, y0 top-left; x1, y1 bottom-right) in PNG coordinates.",
    columns=(
        Column("element_id", "str", unique=True),
        Column("figure_id", "str"),
        Column("role", "str", allowed=ROLES),
        Column("text", "str"),
        Column("panel", "int", nullable=True, min=0),
        Column("axis", "str", nullable=True, allowed=frozenset({"x", "y"})),
        Column("series", "str", nullable=True, doc="series the element names or labels"),
        Column("category", "str", nullable=True, doc="category the element names or labels"),
        Column("value", "float", nullable=True, doc="numeric value the element shows, if any"),
        Column("x0", "float", min=0),
        Column("y0", "float", min=0),
        Column("x1", "float", min=0),
        Column("y1", "float", min=0),
    ),
    foreign_keys=(ForeignKey("figure_id", "figures", "figure_id"),),
)
