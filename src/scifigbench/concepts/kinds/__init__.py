"""The registry of chart kinds: one module per kind, one line per kind here.

Adding a kind: write ``<kind>.py`` with a ``KIND`` record (see :mod:`.record`), add it to
``_MODULES``; CONTRIBUTING.md has the recipe.
"""

from __future__ import annotations

from scifigbench.concepts.kinds import area, bar, line, pie
from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

_MODULES = (bar, line, pie, area)

KINDS: dict[str, ChartKind] = {m.KIND.name: m.KIND for m in _MODULES}

#: The kinds in registry order (the paper's bar, line, pie first).
CHART_KINDS: tuple[str, ...] = tuple(KINDS)


def chart_kind(name: str) -> ChartKind:
    """The record of kind ``name``; an unknown name is an error that lists the known ones."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"unknown chart kind {name!r} (known: {', '.join(CHART_KINDS)})") from None


__all__ = ["CHART_KINDS", "KINDS", "ChartKind", "ChecklistItem", "chart_kind"]
