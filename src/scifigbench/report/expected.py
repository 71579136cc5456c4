"""What a unit's verdict was checked against, in words a reader can compare with the answer.

A verdict can only be checked against what the judge expected: the true value of a capability
question, the false premise of a resistance question and what the figure really shows, the
caption's false claim and the reality, the blurred element and the answer it should (or cannot)
be recovered as, and a description's MQM reference and checklist. These live in the probes, blur
targets and corpus tables (and the claim in the judgment's own details); this module turns one
unit's pieces into lines of text, and a description's findings into lines with the penalty each
cost and the character span of the answer it points at.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from scifigbench.rubric.penalties import MAX_WEIGHT, WEIGHTS


def loads(raw: Any) -> dict[str, Any]:
    """A JSON object cell as a dict ({} when null, not JSON or not an object)."""
    if not isinstance(raw, str):
        return {}
    try:
        d = json.loads(raw)
    except json.JSONDecodeError:
        return {}
    return d if isinstance(d, dict) else {}


@dataclass(frozen=True)
class FindingLine:
    """One checklist finding as shown: its text (penalty included) and the answer span it points at."""

    text: str
    start: int | None
    end: int | None


def _span(span: Any) -> tuple[int | None, int | None]:
    """``sent:<start>-<end>`` -> character offsets in the answer; an item or global span has none."""
    if isinstance(span, str) and span.startswith("sent:"):
        a, _, b = span[5:].partition("-")
        if a.isdigit() and b.isdigit():
            return int(a), int(b)
    return None, None


def finding_lines(details: dict[str, Any]) -> list[FindingLine]:
    """Every finding of a description: kept ones with their penalty, then merged and undecided ones at 0.

    Only the kept findings cost points (the score is 100 minus their sum, scaled); a finding merged
    into a costlier one on the same span, or one the judge could not settle, is listed with why it
    costs nothing, so the list adds up to the penalty columns.
    """
    out = []
    for kind, why in (
        ("findings", None),
        ("merged", "merged into a costlier finding on this span"),
        ("undecided", None),
    ):
        for f in details.get(kind) or []:
            if not isinstance(f, dict):
                continue
            where = f"{f.get('dimension')}/{f.get('subtype')}, {f.get('severity')}"
            if kind == "findings":
                cost = f"−{WEIGHTS.get((str(f.get('dimension')), str(f.get('severity'))), 0.0):g}"
            else:
                cost = f"0 ({why or 'undecided: ' + str(f.get('undecided'))})"
            item = f" [item {f['item']}]" if f.get("item") else ""
            out.append(FindingLine(f"{cost} · {where}: {f.get('note', '')}{item}", *_span(f.get("span"))))
    return out


def penalty_summary(details: dict[str, Any], score: float | None) -> str | None:
    """How the findings make the score: penalty points against the checklist's maximum (paper, Appendix B.1)."""
    items = [i for i in details.get("items") or [] if isinstance(i, dict)]
    if not items or score is None:
        return None
    total = sum(
        WEIGHTS.get((str(f.get("dimension")), str(f.get("severity"))), 0.0) for f in details.get("findings") or []
    )
    most = len(items) * MAX_WEIGHT
    return (
        f"{total:g} penalty points of at most {most:g} ({len(items)} checklist items × {MAX_WEIGHT:g}): "
        f"score = 100 − {total:g} × 100 / {most:g} = {score:.2f}"
    )


def checklist_lines(details: dict[str, Any]) -> list[str]:
    """The MQM checklist as the judge graded it: one line per item (coverage, correctness, severity)."""
    return [
        f"{i.get('key')}: {i.get('coverage')}, {i.get('correctness')} ({i.get('severity')})"
        for i in details.get("items") or []
        if isinstance(i, dict)
    ]
