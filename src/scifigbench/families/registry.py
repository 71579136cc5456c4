"""The registry of unit families: one line per family package.

The judges stage, the LLM judge, ``judge-file`` and the table columns look a family up here
instead of branching on its name. Each family's ``judge`` module holds its
:class:`~scifigbench.families.family.Family` record, built on the family's facts in
:data:`scifigbench.concepts.families.UNIT_FAMILIES` (``tests/test_concepts.py`` checks the two
agree). Adding a family: its facts in ``concepts/families.py``, its folder here, one line below.
"""

from __future__ import annotations

from collections.abc import Callable

from scifigbench.families.blur_active import judge as blur_active
from scifigbench.families.blur_passive import judge as blur_passive
from scifigbench.families.capability import judge as capability
from scifigbench.families.caption_claim import judge as caption_claim
from scifigbench.families.description import judge as description
from scifigbench.families.family import Asked, Family, FileRecord
from scifigbench.families.resistance import judge as resistance
from scifigbench.families.rule_version import JUDGE_ID

_MODULES = (description, capability, resistance, caption_claim, blur_active, blur_passive)

REGISTRY: dict[str, Family] = {m.FAMILY.name: m.FAMILY for m in _MODULES}

#: Families ``judge-file`` reads records of.
FILE_FAMILIES: tuple[str, ...] = tuple(name for name, f in REGISTRY.items() if f.file is not None)

#: Each unit family's rule: a unit's fields (as the units and ``judge-file`` records carry them)
#: -> its verdict fields and evidence.
RULES: dict[str, Callable[[dict], dict]] = {name: f.rule for name, f in REGISTRY.items()}

#: Each headline cell (``Family.cells``: a metrics name) -> the family whose verdicts build it.
CELL_FAMILY: dict[str, str] = {cell: name for name, f in REGISTRY.items() for cell, _ in f.cells}


def registered(name: str) -> Family:
    """The behaviour of family ``name``; an unknown name is an error that lists the known ones."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown unit family {name!r} (known: {', '.join(REGISTRY)})") from None


def feeding(cell: str) -> str:
    """The family that declares headline cell ``cell``: metrics code that needs the rows behind a
    cell (the MQM scores, the resistance scores) asks by the cell, a name of the metrics files,
    rather than by a family's name. An unknown cell is an error that lists the known ones."""
    try:
        return CELL_FAMILY[cell]
    except KeyError:
        raise ValueError(f"no family declares cell {cell!r} (declared: {', '.join(CELL_FAMILY)})") from None


def rule_verdict(family: str, f: dict) -> dict:
    """The rule judge's output record for one unit of ``family`` (fields as judge-file reads them)."""
    return {"id": f.get("id"), "judge_id": JUDGE_ID, **RULES[family](f), "error": None}


__all__ = [
    "CELL_FAMILY",
    "FILE_FAMILIES",
    "REGISTRY",
    "RULES",
    "Asked",
    "FileRecord",
    "Family",
    "feeding",
    "registered",
    "rule_verdict",
]
