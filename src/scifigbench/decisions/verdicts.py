"""A person's decisions on a seeded sample of verdicts: ``review/verdicts.csv``, git-tracked.

One row per reviewed unit, keyed ``<model>/<unit_id>``: ``decision`` is ``confirm`` (the judge's
verdict is right), ``replace`` (``verdict`` holds the right one) or ``reject`` (no verdict applies:
the unit itself is broken; it leaves the sample). ``judge_verdict`` is the label the person saw, so
the right verdict of a ``confirm`` is known even after the judge changes: agreement is always the
*current* judge label against the person's. The file follows the rules of every review queue
(:mod:`scifigbench.decisions.store`); the metrics stage depends on it.

The sample is stratified by (family, model) and drawn by :mod:`scifigbench.seeded` ranks, so the
same judged units give the same sample and a new figure adds units without reshuffling the rest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scifigbench import paths, seeded
from scifigbench.concepts.verdict_labels import is_decided, label_choices
from scifigbench.decisions.store import DecisionFile, ReviewFileError

REVIEW_FILE = paths.REVIEW_VERDICTS
COLUMNS = ("unit_key", "decision", "model", "unit_id", "family", "judge_verdict", "verdict", "note", "reviewer")


def unit_key(model: str, unit_id: str) -> str:
    """The id of one model's unit in the review file (unit ids repeat across models)."""
    return f"{model}/{unit_id}"


def _check(row: dict[str, str], where: str) -> None:
    if row["unit_key"] != unit_key(row["model"], row["unit_id"]):
        raise ReviewFileError(f"{where}: field 'unit_key' must be <model>/<unit_id>")
    if row["decision"] == "replace":
        try:
            choices = label_choices(row["family"])
        except KeyError:
            raise ReviewFileError(f"{where}: field 'family' is {row['family']!r}, not a unit family") from None
        if row["verdict"] not in choices:
            raise ReviewFileError(f"{where}: field 'verdict' is {row['verdict']!r}, expected one of {list(choices)}")


STORE = DecisionFile("unit_key", COLUMNS, "the right verdict", _check, replace_column="verdict")
read_decisions = STORE.read
record = STORE.record


def person_verdict(decision: dict[str, str]) -> str | None:
    """The verdict the person says is right (None for a rejected unit)."""
    return {"confirm": decision["judge_verdict"], "replace": decision["verdict"]}.get(decision["decision"])


@dataclass(frozen=True)
class Judged:
    """One decided unit the sample may draw: its identity and the judge's label."""

    model: str
    unit_id: str
    family: str
    label: str

    @property
    def key(self) -> str:
        return unit_key(self.model, self.unit_id)


def draw(units: Iterable[Judged], per_stratum: int, seed: int) -> list[Judged]:
    """Up to ``per_stratum`` decided units of every (family, model), the lowest seeded ranks, sorted by key.

    Failed and undecided units carry no verdict to check and are never drawn.
    """
    strata: dict[tuple[str, str], dict[str, Judged]] = {}
    for u in units:
        if is_decided(u.label):
            strata.setdefault((u.family, u.model), {})[u.key] = u
    picked = [by_key[k] for by_key in strata.values() for k in seeded.first(by_key, per_stratum, seed)]
    return sorted(picked, key=lambda u: u.key)


def decision_row(u: Judged, decision: str, verdict: str = "", note: str = "", reviewer: str = "") -> dict[str, Any]:
    """A review-file row for unit ``u``."""
    return {
        "unit_key": u.key,
        "decision": decision,
        "model": u.model,
        "unit_id": u.unit_id,
        "family": u.family,
        "judge_verdict": u.label,
        "verdict": verdict,
        "note": note,
        "reviewer": reviewer,
    }
