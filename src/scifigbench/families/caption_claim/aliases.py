"""A series the claim names by its colour, found in a description that names it by its legend label.

Claims often say "the light pink bar for 'Descriptive'" while a description keys its values by the
legend ("the 'Cons.' bar is at 100") and states the colour once, in its legend sentence ("the
light pink bars represent the 'Cons.' category"). The description itself binds colour and label:
a clause with one colour family and one quoted label. When the description binds the claim's
colour to exactly one label, each later mention of that label is marked with the claim's colour
words, so the entity rules see the colour where the value is.
"""

from __future__ import annotations

import re

from scifigbench.freetext.colours import colours
from scifigbench.freetext.text import fold, quoted_pattern

_QUOTED = re.compile(quoted_pattern(40))
_CLAUSE = re.compile(r"[,;:.!?()](?=\s|$)|\band\b|\bwhile\b|\bwhereas\b", re.IGNORECASE)


def _bindings(description: str) -> dict[str, set[str]]:
    """Colour family -> the quoted labels a clause of ``description`` gives that colour alone."""
    out: dict[str, set[str]] = {}
    for clause in _CLAUSE.split(description):
        families = {family for _, _, family in colours(fold(clause))}
        labels = {m.group(1).strip() for m in _QUOTED.finditer(clause)}
        if len(families) == 1 and len(labels) == 1:
            out.setdefault(families.pop(), set()).update(labels)
    return out


def with_colour_aliases(description: str, claim: str) -> str:
    """``description`` with the claim's colour words after each mention of the one label bound to that colour."""
    found = colours(fold(claim))
    if len(found) != 1:
        return description
    start, end, family = found[0]
    labels = _bindings(description).get(family, set())
    if len(labels) != 1:
        return description
    words = fold(claim)[start:end]
    light = re.search(r"\b(?:light|dark|pale|bright)\s+$", fold(claim)[:start])
    words = (light.group(0) if light else "") + words
    label = labels.pop()
    pattern = re.compile(rf"(['\"\u2018\u201c]?{re.escape(label)}['\"\u2019\u201d]?)(?!\w)")
    return pattern.sub(lambda m: f"{m.group(1)} {words}", description)
