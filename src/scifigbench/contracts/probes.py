"""Schema of ``data/probes/probes.parquet``: one row per probe.

``expected_json`` holds the structured expected outcome (JSON, sorted keys), by family:

- capability: {"answer": <number|str|list[str]>, "answer_type": "number|label|yes_no|list",
  "tolerance": <absolute tolerance for numbers (0 for counts) or null>, "reasoning": str,
  "elements": [str], "difficulty": int (1-3, LLM: easy|hard|very_hard)}; yes_no answers are
  "yes"/"no". Spec-rule questions add "template" and "scope" (the panel/series/category, threshold
  etc. the answer is computed from); SciVQA imports add "scivqa_type".
- resistance: {"expected_behavior": str, "principle": str, plus per category
  inexist: {"absent_element": str, "absent_name": str (reference series only)};
  contra: {"entity": str, "true_value": float, "false_value": float, "offset": float
  (false/true - 1), "panel", "series", "category", "tolerance" (reading tolerance)};
  unanswerable: {"missing_info": str, "reference_answer" (SciVQA only)}}
- caption_bias: {"claims": [{"claim": str, "reality": str, "type": one of concepts.names.CLAIM_TYPES,
  "fact": {...points involved, claimed and actual quantity; spec-rule captions only}}],
  "original_caption": str, "correct_elements": [str], "correct_share": float, "principle": str}
- blur: {"target_id": str, "mode": str, "expected_answer": str, "reasoning_path": str,
  "role": str|null, "element_id": str|null, "neighbours": [str] (figures without a spec only: the
  visible labels of the same kind; an answer naming one is a wrong reading, not a fabrication),
  "accept": [low, high] (a value inferred by estimate, e.g. from where its label stands against
  the other values: any number in the range is correct)}

``category`` is the capability category, the resistance type, "caption_bias", or the blur mode.
Probe ids are ``<figure_id>/<family>/<category>`` with a ``/<n>`` suffix where one figure has
several probes of a category (SciVQA imports; the kind of false claim of a layout-read caption:
swap, flip, value, order).
"""

from scifigbench.concepts.probe_families import PROBE_FAMILY, PROBE_FAMILY_RECORDS
from scifigbench.contracts.core import Column, ForeignKey, TableSchema

FAMILIES = frozenset(PROBE_FAMILY)
# every category of every probe-family record (a caption-bias probe has one, named like its family)
CATEGORIES = frozenset(c for f in PROBE_FAMILY_RECORDS for c in f.categories)

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
