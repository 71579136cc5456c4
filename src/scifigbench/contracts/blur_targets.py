"""Schema of ``data/conditions/blur_targets.parquet``: selective-blur targets per figure and mode."""

from collections.abc import Mapping
from typing import Any

from scifigbench.contracts.core import Column, ForeignKey, TableSchema

BLUR_MODES = frozenset({"admittance", "inductance"})
TARGET_STATUS = frozenset({"confirmed", "proposed", "rejected"})
MATCH_TIERS = frozenset({"renderer", "exact", "normalised", "fuzzy", "release"})  # release: the paper's own target

BLUR_TARGETS = TableSchema(
    name="blur_targets",
    key="target_id",
    columns=(
        Column("target_id", "str", unique=True, doc="<figure_id>/<mode>"),
        Column("figure_id", "str"),
        Column("mode", "str", allowed=BLUR_MODES),
        Column("element_id", "str", nullable=True, doc="text element (synthetic) or null for OCR boxes"),
        Column("role", "str", nullable=True),
        Column("text", "str", doc="the text that is blurred"),
        Column("x0", "float", min=0),
        Column("y0", "float", min=0),
        Column("x1", "float", min=0),
        Column("y1", "float", min=0),
        Column("rule", "str", doc="selection rule, e.g. legend_entry, tick_sequence, value_label_axis, pie_remainder, repeated_label, reviewer"),
        Column("reasoning_path", "str", doc="how the text can (inductance) or cannot (admittance) be recovered"),
        Column("expected_answer", "str"),
        Column("status", "str", allowed=TARGET_STATUS),
        Column("ocr_backend", "str", doc="renderer, rapidocr or easyocr"),
        Column("match_tier", "str", allowed=MATCH_TIERS),
        Column("match_score", "float", min=0, max=1),
        Column("question", "str", nullable=True,
               doc="figures without a spec: a question pointing at the blurred label by role and position"),
        Column("neighbours_json", "str", nullable=True,
               doc="JSON list of the visible labels of the same kind (an answer naming one is wrong, not fabricated)"),
        Column("also_json", "str", nullable=True,
               doc="JSON list of further [x0, y0, x1, y1] boxes blurred with this one: the other copies of a label "
                   "printed in every panel (null: the one box above)"),
        Column("accept_low", "float", nullable=True,
               doc="a value inferred by estimate (read off a scale): the lowest answer counted correct"),
        Column("accept_high", "float", nullable=True,
               doc="... and the highest (both null: the expected answer exactly)"),
    ),
    foreign_keys=(ForeignKey("figure_id", "figures", "figure_id"),),
)


def accept_range(row: Any) -> tuple[float, float] | None:
    """A row's range of answers counted correct (``accept_low`` to ``accept_high``), or None when the
    answer is read exactly: both null, NaN as parquet returns them, or absent. ``row`` is a record
    dict or a named tuple of the table."""
    def field(name: str) -> Any:
        return row.get(name) if isinstance(row, Mapping) else getattr(row, name, None)

    low, high = field("accept_low"), field("accept_high")
    if low is None or high is None or low != low or high != high:
        return None
    return float(low), float(high)
