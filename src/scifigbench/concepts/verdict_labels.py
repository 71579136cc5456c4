"""One short verdict label per judged unit, the same whoever compares verdicts.

The explorer filters on it, a reviewer picks one, and the audit compares the primary judge's label
with a second judge's: defining it once, here, is what makes "agree" mean the same in all three.
"""

from __future__ import annotations

from typing import Any

from scifigbench.concepts.families import BOOLEAN_VERDICTS, unit_family

UNDECIDED = "undecided"
ERROR = "judge error"
MQM_BANDS = tuple(f"MQM {lo}-{lo + 10}" for lo in range(0, 100, 10))


def verdict_label(rec: dict[str, Any]) -> str:
    """One short label per unit (a judgments row as a dict, NA as None).

    Families with verdict words use the unit's; families judged by flags alone (blur) name the
    flags that are set (``mentioned``, ``admits``, ``fabricates``, ``correct``) or ``none``; a
    family judged by a score alone (descriptions) falls in 10-point MQM bands. A unit the judge
    left undecided says so whatever its family (a blur unit's flags are all null then, not "none").
    """
    if rec.get("error"):
        return ERROR
    if rec.get("verdict") == UNDECIDED:
        return UNDECIDED
    fam = unit_family(rec["family"])
    if fam.verdicts:
        return rec.get("verdict") or "not addressed"
    if fam.booleans:
        return "+".join(k for k in BOOLEAN_VERDICTS if rec.get(k) is True) or "none"
    s = rec.get("score")
    if s is None:
        return "no score"
    lo = min(90, int(s // 10) * 10)
    return f"MQM {lo}-{lo + 10}"


def label_choices(family: str) -> tuple[str, ...]:
    """The labels a person may give a unit of ``family`` (a reviewer's choices)."""
    fam = unit_family(family)
    if fam.verdicts:
        return tuple(v for v in fam.verdicts if v != UNDECIDED)
    if fam.booleans:
        flags = [k for k in BOOLEAN_VERDICTS if k in fam.booleans]
        combos = ["+".join(f for i, f in enumerate(flags) if mask >> i & 1) for mask in range(1, 2 ** len(flags))]
        return ("none", *sorted(combos, key=lambda c: (c.count("+"), flags.index(c.split("+")[0]))))
    return MQM_BANDS


def is_decided(label: str) -> bool:
    """Whether a label is a verdict at all (not a failure, an abstention or a missing score)."""
    return label not in (ERROR, UNDECIDED, "no score")
