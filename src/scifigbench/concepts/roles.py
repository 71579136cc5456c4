"""One record per role a printed text plays in a figure (the ``role`` of the text-elements table).

A role's name is stored data (text elements, blur targets, admittance rule names), so the names
stay as they are; what stages need to know of a role is a trait here. Code asks "is this a share
label?", never "is this role called pie_pct?", so a new chart kind that prints shares or part
labels reuses the traits and no stage learns its name.

Figures without a spec carry the layout reader's own role names (:mod:`scifigbench.layout`); they
are not records here, and every trait set below is simply false for them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TextRole:
    """What the pipeline knows of one text role."""

    name: str
    called: str  # what a person calls one, as the admittance reasoning names it
    # a name printed once: once blurred nothing visible identifies it (an admittance rule of its own)
    admittance: bool = False
    names_category: bool = False  # its text is a category's name (an axis category, a part's label)
    key: bool = False  # tells a reader which series or part a mark is (legend entries, part labels)
    share: bool = False  # prints one part's percentage share of a whole


ROLES: tuple[TextRole, ...] = (
    TextRole("title", "figure title", admittance=True),
    TextRole("panel_title", "panel title", admittance=True),
    TextRole("axis_label", "axis label"),
    TextRole("tick", "tick label", names_category=True),
    TextRole("legend_entry", "legend entry", admittance=True, key=True),
    TextRole("value_label", "value label"),
    TextRole("pie_label", "wedge label", admittance=True, names_category=True, key=True),
    TextRole("pie_pct", "share label", share=True),
    TextRole("annotation", "annotation"),
    TextRole("point_label", "point name", admittance=True),
    # page text around the chart a corpus style prints (credits, links): never a target
    TextRole("furniture", "page text"),
)

TEXT_ROLES: dict[str, TextRole] = {r.name: r for r in ROLES}

#: Role names by trait (a layout reader's role is in none of them).
ADMITTANCE_ROLES = frozenset(r.name for r in ROLES if r.admittance)
CATEGORY_ROLES = frozenset(r.name for r in ROLES if r.names_category)
KEY_ROLES = frozenset(r.name for r in ROLES if r.key)
SHARE_ROLES = frozenset(r.name for r in ROLES if r.share)


def text_role(name: str) -> TextRole:
    """The record of role ``name``; an unknown name is an error that lists the known ones."""
    try:
        return TEXT_ROLES[name]
    except KeyError:
        raise ValueError(f"unknown text role {name!r} (known: {', '.join(TEXT_ROLES)})") from None
