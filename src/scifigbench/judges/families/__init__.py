"""The registry of unit families' behaviour in the judges stage: one module per family.

Each module holds a :class:`~.base.JudgeFamily` record built on the family's facts in
:data:`scifigbench.concepts.families.UNIT_FAMILIES`; the stage, the LLM judge, ``judge-file`` and
the table columns look a family up here instead of branching on its name. Adding a family: its
facts in ``concepts/families.py``, its rule in ``judges/rules``, a module here, one line below.
"""

from __future__ import annotations

from scifigbench.judges.families import blur_active, blur_passive, capability, caption_claim, description, resistance
from scifigbench.judges.families.base import Asked, FileRecord, JudgeFamily

_MODULES = (description, capability, resistance, caption_claim, blur_active, blur_passive)

REGISTRY: dict[str, JudgeFamily] = {m.FAMILY.name: m.FAMILY for m in _MODULES}

#: Families ``judge-file`` reads records of.
FILE_FAMILIES: tuple[str, ...] = tuple(name for name, f in REGISTRY.items() if f.file is not None)


def judge_family(name: str) -> JudgeFamily:
    """The behaviour of family ``name``; an unknown name is an error that lists the known ones."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown unit family {name!r} (known: {', '.join(REGISTRY)})") from None


__all__ = ["FILE_FAMILIES", "REGISTRY", "Asked", "FileRecord", "JudgeFamily", "judge_family"]
