"""The registry of chart kinds: one module per kind, one line per kind here.

Adding a kind: write ``<kind>.py`` with a ``KIND`` record (see :mod:`.record`) and add its dotted
name as the last line of ``_MODULES``; CONTRIBUTING.md has the recipe. The modules are named in
full and imported by name so that a kind is one line, not an import plus a tuple entry; the
package's dependency scan (:mod:`scifigbench.caching.codedeps`) reads such names as imports.
"""

from __future__ import annotations

import re
from importlib import import_module

from scifigbench.concepts.kinds.record import ChartKind, ChecklistItem

# In registry order, which is also the order of the figures' seed codes: a new kind goes last.
_MODULES = (
    "scifigbench.concepts.kinds.bar",
    "scifigbench.concepts.kinds.line",
    "scifigbench.concepts.kinds.pie",
    "scifigbench.concepts.kinds.area",
    "scifigbench.concepts.kinds.errorbar",
    "scifigbench.concepts.kinds.heatmap",
    "scifigbench.concepts.kinds.scatter",
    "scifigbench.concepts.kinds.histogram",
    "scifigbench.concepts.kinds.box",
    "scifigbench.concepts.kinds.dualaxis",
    "scifigbench.concepts.kinds.lollipop",
    "scifigbench.concepts.kinds.curve",
)

KINDS: dict[str, ChartKind] = {k.name: k for k in (import_module(m).KIND for m in _MODULES)}

#: The kinds in registry order (the paper's bar, line, pie first).
CHART_KINDS: tuple[str, ...] = tuple(KINDS)


_SPELLING_SUFFIX = re.compile(r"\s+(?:chart|plot|graph|diagram)s?$")

#: Every accepted spelling of a kind (normalised) -> the kind's name.
SPELLINGS: dict[str, str] = {s: k.name for k in KINDS.values() for s in (k.name, *k.spellings)}


def normalise_spelling(raw: object) -> str:
    """A chart type as a file may write it, lower-cased, '_'/'-' as spaces, a trailing
    "chart"/"plot"/"graph"/"diagram" dropped: "Bar_Chart" -> "bar", "line plot" -> "line"."""
    key = re.sub(r"[\s_\-]+", " ", str(raw)).strip().lower() if raw is not None else ""
    return _SPELLING_SUFFIX.sub("", key)


def kind_from_spelling(raw: object) -> str | None:
    """The kind a manifest's or release's chart type names, or None when no kind is spelt so."""
    return SPELLINGS.get(normalise_spelling(raw))


def chart_kind(name: str) -> ChartKind:
    """The record of kind ``name``; an unknown name is an error that lists the known ones."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"unknown chart kind {name!r} (known: {', '.join(CHART_KINDS)})") from None


__all__ = [
    "CHART_KINDS",
    "KINDS",
    "SPELLINGS",
    "ChartKind",
    "ChecklistItem",
    "chart_kind",
    "kind_from_spelling",
    "normalise_spelling",
]
