"""How far this run's judge can be trusted, shown beside the tables its verdicts feed.

Two sources: the judge card (:mod:`scifigbench.report.judge_card`: each judge id's agreement with
GPT-4o on real answers, measured once for the judge) and ``metrics/validity.json`` (the metrics
stage's :mod:`scifigbench.metrics.validity`: a person's agreement with the judge on a reviewed
sample of this run, and a second judge's agreement and Cohen's kappa on an audited share). Each
table gets a card for the families feeding it, and the report has one table of all families. A
corrected verdict appears only as a second value next to the judge's own label counts; no table
value is ever replaced by it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from scifigbench.concepts.families import FAMILIES
from scifigbench.contracts.judge_card import Measurement
from scifigbench.report.judge_card import NOT_VALIDATED, family_card
from scifigbench.report.tables import Cell, Table


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f} %"


def _share(cell: dict[str, Any]) -> str:
    """``13 of 15 (87 %, 95 % CI 62–96 %)``: agreement with its Wilson interval."""
    if not cell.get("n"):
        return "nothing compared"
    return (
        f"{cell['agree']} of {cell['n']} ({_pct(cell['value'])}, 95 % CI "
        f"{_pct(cell['ci_low']).removesuffix(' %')}–{_pct(cell['ci_high'])})"
    )


def _counts(labels: dict[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in labels.items()) or "–"


def _corrected(cell: dict[str, Any]) -> str:
    """The judge's label counts on the reviewed units, and the person's beside them when they differ."""
    judge, person = cell.get("judge_labels", {}), cell.get("reviewed_labels", {})
    return f"judge: {_counts(judge)}" + ("" if judge == person else f"; reviewed: {_counts(person)}")


def _audit_failures(cell: dict[str, Any]) -> str:
    """ "the audit judge failed on 3 of 3 audited units (reason (2), other reason (1))"; "" when none failed."""
    failed = cell.get("audit_failed") or 0
    if not failed:
        return ""
    audited = cell.get("n", 0) + cell.get("not_compared", 0)
    reasons = ", ".join(
        f"{r} ({k})" for r, k in sorted((cell.get("audit_failures") or {}).items(), key=lambda x: -x[1])
    )
    return f"the audit judge failed on {failed} of {audited} audited units" + (f" ({reasons})" if reasons else "")


def run_check(validity: dict[str, Any], family: str) -> str:
    """What the review and the audit of this run say of one family's verdicts ("" when neither covers it)."""
    parts = []
    review = validity.get("review", {}).get("by_family", {}).get(family)
    if review and review.get("n"):
        parts.append(f"a person agreed on {_share(review)} reviewed ({_corrected(review)})")
    if review and (rejected := review.get("rejected")):
        units = "unit" if rejected == 1 else "units"
        parts.append(f"{rejected} reviewed {units} rejected (no verdict applies; left out of the agreement)")
    audit = validity.get("audit", {}).get("by_family", {}).get(family)
    if audit and audit.get("n"):
        kappa = "" if audit.get("kappa") is None else f", κ {audit['kappa']:.2f}"
        parts.append(f"the audit judge agreed on {_share(audit)}{kappa}")
    if audit and (failed := _audit_failures(audit)):
        parts.append(failed)
    return "; ".join(parts)


@dataclass(frozen=True)
class Trust:
    """Everything the judge cards read: this run's validity figures, its judge ids, the card's measurements."""

    validity: dict[str, Any]
    judge_ids: list[str]
    measured: list[Measurement]


def beside(table: Table, trust: Trust, families: tuple[str, ...]) -> Table:
    """``table`` with the judge card of each family feeding it."""
    cards = tuple(family_card(f, trust.judge_ids, trust.measured, run_check(trust.validity, f)) for f in families)
    return dataclasses.replace(table, cards=cards)


def card_table(trust: Trust) -> Table | None:
    """Every family's card in one table: per judge id, the measured samples and this run's own check."""
    rows = []
    for family in (f.name for f in FAMILIES):
        card = family_card(family, trust.judge_ids, trust.measured, run_check(trust.validity, family))
        for e in card.entries:
            by_sample = {s.sample: s for s in e.samples}
            cells = [Cell(e.judge_id)]
            for sample in ("dev", "held", "full"):
                s = by_sample.get(sample)
                cells.append(Cell(s.text.split(": ", 1)[1], mark="text") if s else Cell("–", mark="na"))
            cells.append(Cell(card.run_check, mark="text" if card.run_check != NOT_VALIDATED else "na"))
            rows.append((family, cells))
    if not rows:
        return None
    measured = sorted({f"{m.source}, measured {m.measured}" for m in trust.measured})
    return Table(
        "How far to trust the judge",
        "agreement with GPT-4o verdicts on real answers, and this run's own checks",
        ["Judge", "Dev half", "Held-out half", "Full release", "This run"],
        rows,
        "Compared with the release's GPT-4o verdicts on: "
        + ("; ".join(measured) or "no measurement found")
        + ". Exact agreement and Cohen's κ over the units the judge decided. The dev half is the one the rules "
        "were developed on: read the held-out half. '–': no measurement for this judge id and family. "
        f"This run: {NOT_VALIDATED} until a person reviews a seeded sample (scifigbench review verdicts) or a "
        "second judge audits a share (judge.audit).",
        row_header="Family",
    )


def validity_table(validity: dict[str, Any]) -> Table | None:
    """One row per family: the reviewed sample and the audit side by side; None when neither ran."""
    review = validity.get("review", {}).get("by_family", {})
    audit = validity.get("audit", {}).get("by_family", {})
    if not review and not audit:
        return None
    rows = []
    for family in [f.name for f in FAMILIES if f.name in review or f.name in audit]:
        r, a = review.get(family, {}), audit.get(family, {})
        rows.append(
            (
                family,
                [
                    Cell(_share(r) if r else "–", title=f"{r.get('rejected', 0)} reviewed units had no verdict"),
                    Cell(_corrected(r) if r.get("n") else "–", mark="text"),
                    Cell(
                        "; ".join(x for x in (_share(a), _audit_failures(a)) if x) if a else "–",
                        title=f"{a.get('not_compared', 0)} audited units not decided by both",
                        mark="text",
                    ),
                    Cell("–" if a.get("kappa") is None else f"{a['kappa']:.2f}"),
                ],
            )
        )
    judges = ", ".join(validity.get("audit", {}).get("judges", [])) or "none"
    return Table(
        "How often the judge agrees with a person and with a second judge",
        "units agreeing of those compared",
        ["Person (reviewed sample)", "Verdicts: judge's, then reviewed", "Audit judge", "Cohen's κ"],
        rows,
        "Person: review/verdicts.csv (scifigbench review verdicts), Wilson 95 % CI. Reviewed verdicts are a second "
        f"value only: every table above keeps the judge's own. Audit judge: {judges} on a seeded share of units "
        "(judge.audit); κ is agreement beyond chance.",
        row_header="Family",
    )
