"""The MQM engine: findings -> typed penalties -> deduplicated total -> score (paper, Appendix B.1).

A *finding* is one thing a judge noticed about a description: a checklist item missing or only
partly covered, a wrong value, a value or colour bound to the wrong entity, a hallucinated
element, a clarity problem. The engine maps each finding to a penalty by dimension and severity

    Accuracy     Major 5.0  Minor 2.0
    Completeness Major 5.0  Minor 2.0
    Clarity      Major 2.5  Minor 1.0

then merges findings that point at the same span (the same sentence, or the same checklist item
for omissions) keeping only the most severe one, because one misreading reported twice is one
error. The score is ``max(0, 100 - P * 100 / (N * 5))`` with ``P`` the total penalty and ``N`` the
checklist size of the chart type. Accuracy penalties are also summed by sub-type (numeric, trend,
axis_legend, label_map, halluc); completeness penalties are the ``missing`` sub-type.

**Undecided findings.** A judge may notice something it cannot settle (the rule reader binds a
value that belongs to another entity the same sentence names, so it cannot tell a swapped value
from its own wrong binding). Such a finding carries ``undecided`` (the reason in plain words). It
costs no penalty and takes no part in the deduplication (it can neither displace nor be displaced
by a decided finding on its span), so the score counts decided findings only and stays a number;
the findings are listed apart under ``undecided`` in the details, so a reader sees what the score
leaves out. A checklist item whose only errors are undecided keeps the correctness its decided
readings give it.

The engine is shared: the rule judge (:func:`scifigbench.families.description.rule.judge_description`)
and the LLM judge both turn what they noticed into findings and score them here.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Literal

from scifigbench.rubric.penalties import MAX_WEIGHT, WEIGHTS

Dimension = Literal["accuracy", "completeness", "clarity"]
Severity = Literal["major", "minor"]
SubType = Literal["numeric", "trend", "axis_legend", "label_map", "halluc", "missing", "clarity"]

SUBTYPES: tuple[str, ...] = ("numeric", "trend", "axis_legend", "label_map", "missing", "halluc")
#: The judgments columns a description's verdict fills, as :meth:`MQMResult.judgment_fields` writes them.
JUDGMENT_COLUMNS: tuple[str, ...] = (
    "score",
    "verdict",
    "pen_accuracy",
    "pen_completeness",
    "pen_clarity",
    *(f"pen_{s}" for s in SUBTYPES),
    "details_json",
)


@dataclass(frozen=True)
class Finding:
    dimension: Dimension
    severity: Severity
    subtype: SubType
    span: str  # dedup key: "sent:<start>-<end>" or "item:<key>" or "global:<kind>"
    item: str | None = None  # checklist item, if the finding belongs to one
    note: str = ""
    undecided: str | None = None  # why the judge cannot settle it: then it costs nothing (see above)

    @property
    def weight(self) -> float:
        return WEIGHTS[(self.dimension, self.severity)]


@dataclass(frozen=True)
class ItemVerdict:
    key: str
    severity: Severity
    coverage: str  # complete | partial | missing | n.a. (feature absent from the figure)
    correctness: str  # correct | partial | wrong | n.a.


@dataclass
class MQMResult:
    score: float
    n_items: int
    penalty: float
    by_dimension: dict[str, float]
    by_subtype: dict[str, float]
    items: list[ItemVerdict] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # kept after dedup
    merged: list[Finding] = field(default_factory=list)  # dropped by dedup
    rules: str | None = None  # version of the rules that made the findings
    undecided: list[Finding] = field(default_factory=list)  # noticed but not settled: no penalty

    def judgment_fields(self) -> dict[str, object]:
        """The verdict columns of a ``description`` row of the judgments table."""
        return {
            "score": self.score,
            "verdict": None,
            "pen_accuracy": self.by_dimension["accuracy"],
            "pen_completeness": self.by_dimension["completeness"],
            "pen_clarity": self.by_dimension["clarity"],
            **{f"pen_{s}": self.by_subtype[s] for s in SUBTYPES},
            "details_json": self.details_json(),
        }

    def details_json(self) -> str:
        return json.dumps(
            {
                "items": [asdict(i) for i in self.items],
                "findings": [asdict(f) for f in self.findings],
                "merged": [asdict(f) for f in self.merged],
                "rules": self.rules,
                "undecided": [asdict(f) for f in self.undecided],
            },
            sort_keys=True,
        )


def dedup(findings: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """Keep the most severe finding per span (first one on ties); return (kept, merged away)."""
    best: dict[str, Finding] = {}
    order: list[str] = []
    for f in findings:
        if f.span not in best:
            best[f.span] = f
            order.append(f.span)
        elif f.weight > best[f.span].weight:
            best[f.span] = f
    kept = [best[s] for s in order]
    kept_ids = {id(f) for f in kept}
    return kept, [f for f in findings if id(f) not in kept_ids]


def score(findings: list[Finding], n_items: int, items: list[ItemVerdict] | None = None) -> MQMResult:
    """Penalties, sub-type totals and the 0-100 score of a description's findings (undecided ones apart)."""
    if n_items <= 0:
        raise ValueError(f"MQM needs a positive checklist size, got {n_items}")
    kept, merged = dedup([f for f in findings if f.undecided is None])
    by_dim = {"accuracy": 0.0, "completeness": 0.0, "clarity": 0.0}
    by_sub = {s: 0.0 for s in SUBTYPES}
    for f in kept:
        by_dim[f.dimension] += f.weight
        if f.subtype in by_sub:
            by_sub[f.subtype] += f.weight
    total = sum(by_dim.values())
    value = max(0.0, 100.0 - total * 100.0 / (n_items * MAX_WEIGHT))
    unsettled = [f for f in findings if f.undecided is not None]
    return MQMResult(value, n_items, total, by_dim, by_sub, list(items or []), kept, merged, undecided=unsettled)
