"""Schema of ``data/probes/probes.parquet``: one row per probe.

``expected_json`` holds the structured expected outcome, by family:
- capability: {"answer": <number|str|bool|list>, "answer_type": "number|label|yes_no|list",
  "tolerance": <abs tolerance for numbers or null>, "reasoning": str, "elements": [str]}
- resistance: {"expected_behavior": str, "principle": str, plus per category
  inexist: {"absent_element": str}; contra: {"entity": str, "true_value": float,
  "false_value": float, "offset": float}; unanswerable: {"missing_info": str}}
- caption_bias: {"claims": [{"claim": str, "reality": str, "type": str}], "original_caption": str}
- blur: {"target_id": str, "mode": str, "expected_answer": str, "reasoning_path": str}
"""

from scifigbench.contracts.core import Column, ForeignKey, TableSchema

FAMILIES = frozenset({"capability", "resistance", "caption_bias", "blur"})
CATEGORIES = frozenset(
    {
        "counting", "computation", "comparison", "pattern",
        "inexist", "contra", "unanswerable",
        "caption_bias",
        "admittance", "inductance",
    }
)
CLAIM_TYPES = frozenset({"value_anchor", "trend", "comparison_swap", "ranking_inversion", "rate"})

PROBES = TableSchema(
    name="probes",
    key="probe_id",
    columns=(
        Column("probe_id", "str", unique=True, doc="<figure_id>/<family>/<category>[/<n>]"),
        Column("figure_id", "str"),
        Column("family", "str", allowed=FAMILIES),
        Column("category", "str", allowed=CATEGORIES),
        Column("text", "str", doc="the question, or the modified caption for caption_bias"),
        Column("expected_json", "str", doc="structured expected outcome, see module docstring"),
        Column("status", "str", allowed=frozenset({"confirmed", "proposed", "rejected"})),
        Column("generator", "str", doc="generator id, e.g. spec-rules or llm:<model>"),
        Column("generator_version", "str"),
    ),
    foreign_keys=(ForeignKey("figure_id", "figures", "figure_id"),),
)
