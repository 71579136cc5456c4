"""Schema of ``data/conditions/blur_candidates.parquet``: ranked blur candidates of figures without a spec.

For each figure read by OCR and each mode, up to ``conditions.candidates_k`` candidates best
first, then any whose OCR reading was doubtful (``doubt`` set), so the review page can offer
them. Rank 1, when neither doubtful nor held back, is the target the stage proposes in
``blur_targets``; a held-back rank 1 is the record of why a figure has no target of that mode.
"""

from scifigbench.contracts.blur_targets import BLUR_MODES
from scifigbench.contracts.core import Column, ForeignKey, TableSchema

BLUR_CANDIDATES = TableSchema(
    name="blur_candidates",
    key="candidate_id",
    columns=(
        Column("candidate_id", "str", unique=True, doc="<figure_id>/<mode>/<rank>"),
        Column("figure_id", "str"),
        Column("mode", "str", allowed=BLUR_MODES),
        Column("rank", "int", min=1, doc="1 = best"),
        Column("score", "float", doc="1 minus the stated penalties (conditions.ranked): higher is better"),
        Column("reasons", "str", doc="'; '-separated: the rule, each penalty, OCR confidence, a second reading"),
        Column("text", "str", doc="the text that would be blurred"),
        Column("x0", "float", min=0),
        Column("y0", "float", min=0),
        Column("x1", "float", min=0),
        Column("y1", "float", min=0),
        Column("also_json", "str", nullable=True, doc="JSON list of further boxes blurred with it (panel copies)"),
        Column("rule", "str"),
        Column("role", "str", nullable=True, doc="the layout reader's role of the label"),
        Column("expected_answer", "str"),
        Column("reasoning_path", "str"),
        Column("question", "str", nullable=True),
        Column("neighbours_json", "str", nullable=True),
        Column("accept_low", "float", nullable=True),
        Column("accept_high", "float", nullable=True),
        Column("ocr_score", "float", nullable=True, min=0, max=1, doc="the OCR confidence of the label"),
        Column(
            "doubt",
            "str",
            nullable=True,
            doc="why the OCR reading is doubtful (the readings disagree): never an expected answer by itself",
        ),
        Column(
            "held_back",
            "str",
            nullable=True,
            doc="why the stage proposes no target from it by itself (a reader narrows it): a reviewer may pick it",
        ),
    ),
    foreign_keys=(ForeignKey("figure_id", "figures", "figure_id"),),
)
