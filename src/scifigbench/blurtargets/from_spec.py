"""Blur-target selection from a synthetic figure's spec (paper §3.2 Behaviour, Appendix B.6).

Admittance: a text whose identity nothing else visible gives away — a legend entry, category
name, pie label or title that occurs in no other text element (in either direction of
containment), is not a number and does not follow another label's numbered pattern ("Layer 2"
beside "Layer 1"). Texts the caption does not name come first; one the caption names is still a
candidate, because the caption shown with the blurred image is redacted (``text.redact``).

Inductance: a text that a stated reasoning path recovers from what stays visible:
- ``tick_sequence``: a tick among at least three other visible ticks of the same axis that form
  an arithmetic (linear axis, years) or geometric (log axis) sequence;
- ``value_label_axis``: a value printed on a (non-stacked, linear) bar, readable from the bar's
  height against the value axis ticks;
- ``pie_remainder``: a wedge percentage equal to 100 minus the other printed percentages;
- ``repeated_label``: a label printed again elsewhere (pie label and legend, shared categories).

A candidate whose padded box touches another text element is skipped, so blurring it never
hides anything else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE, Candidate, rank
from scifigbench.blurtargets.numbers import decimals, infer_missing, parse_number, same_number, sequence_kind
from scifigbench.blurtargets.text import fold, mentions
from scifigbench.concepts.kinds import chart_kind
from scifigbench.concepts.roles import ADMITTANCE_ROLES, CATEGORY_ROLES, SHARE_ROLES, text_role
from scifigbench.ocr.geometry import overlaps
from scifigbench.spec import FigureSpec, Panel, TextElement

ADMITTANCE_RULES = ("legend_entry", "category", "pie_label", "panel_title", "title", "point_label")
INDUCTANCE_RULES = ("value_label_axis", "pie_remainder", "tick_sequence", "repeated_label")

_DIGITS = re.compile(r"\d+")


def _template(text: str) -> str:
    return _DIGITS.sub("#", fold(text))


def _box(e: TextElement) -> tuple[float, float, float, float]:
    return (e.x0, e.y0, e.x1, e.y1)


def _of_element(
    e: TextElement, mode: str, rule: str, reasoning: str, text: str | None = None, redacts_caption: bool = False
) -> Candidate:
    """A candidate that blurs spec element ``e``: its text is both what is blurred and the expected answer."""
    text = e.text if text is None else text
    return Candidate(
        mode=mode,
        rule=rule,
        text=text,
        element_id=e.element_id,
        role=e.role,
        box=_box(e),
        expected_answer=text,
        redacts_caption=redacts_caption,
        reasoning_path=reasoning,
    )


def _admittance_rule(e: TextElement) -> tuple[str, str] | None:
    """The admittance rule that may blur ``e`` (a name printed once), and what the reasoning calls it."""
    if e.role in ADMITTANCE_ROLES:  # a role that is a rule of its own: the rule has the role's name
        return e.role, text_role(e.role).called
    if e.role in CATEGORY_ROLES and (e.category is not None or e.series is not None):  # a heatmap's rows name series
        return "category", "category name"
    return None


def _copies(spec: FigureSpec, e: TextElement) -> list[TextElement]:
    """The other prints of ``e`` itself: a legend repeated in every panel prints each entry once per
    panel (same role, same text, same series or category). Blurring ``e`` alone would leave its
    name readable in a copy, so an admittance target blurs every copy with it."""
    return [
        o
        for o in spec.text_elements
        if o.element_id != e.element_id
        and o.role == e.role
        and fold(o.text) == fold(e.text)
        and (o.series, o.category) == (e.series, e.category)
    ]


def admittance_candidates(spec: FigureSpec, caption: str | None) -> list[Candidate]:
    out = []
    seen: set[str] = set()  # a copy's element id: its text is proposed once, from its first print
    for e in spec.text_elements:
        ruled = _admittance_rule(e)
        text = e.text.strip()
        if (
            ruled is None
            or e.element_id in seen
            or parse_number(text) is not None
            or sum(ch.isalpha() for ch in text) < 2
        ):
            continue
        copies = _copies(spec, e)
        seen |= {o.element_id for o in copies}
        own = {e.element_id} | {o.element_id for o in copies}
        others = [o.text for o in spec.text_elements if o.element_id not in own and o.text.strip()]
        if any(mentions(o, text) or (sum(ch.isalpha() for ch in o) >= 3 and mentions(text, o)) for o in others):
            continue
        named = bool(caption) and mentions(caption, text)
        if _DIGITS.search(text) and any(_template(o) == _template(text) for o in others):
            continue
        rule, what = ruled
        what = "row name" if e.role == "tick" and e.series is not None else what
        cap = "the caption shown with the blurred image has it removed" if named else "the caption does not mention it"
        where = (
            f"is printed once in each of {len(copies) + 1} panels, every copy blurred"
            if copies
            else "is printed only here"
        )
        cand = _of_element(
            e,
            ADMITTANCE,
            rule,
            text=text,
            redacts_caption=named,
            reasoning=(
                f"The {what} '{text}' {where}: no other text in the figure contains it or is "
                f"contained in it, {cap} and it follows no numbered pattern, so once blurred nothing "
                "visible identifies it."
            ),
        )
        out.append(replace(cand, also=tuple(_box(o) for o in copies)))
    return out


def _axis_ticks(spec: FigureSpec, panel: int | None, axis: str) -> list[TextElement]:
    ticks = [e for e in spec.text_elements if e.role == "tick" and e.panel == panel and e.axis == axis]
    key = (lambda e: (e.x0 + e.x1) / 2) if axis == "x" else (lambda e: -(e.y0 + e.y1) / 2)
    return sorted(ticks, key=key)


def _tick_sequence(spec: FigureSpec) -> list[Candidate]:
    out = []
    groups = {(e.panel, e.axis) for e in spec.text_elements if e.role == "tick" and e.axis in ("x", "y")}
    for panel, axis in sorted(groups, key=lambda g: (g[0] if g[0] is not None else -1, g[1])):
        # a heatmap's row names share the y axis with its colour bar's value ticks
        ticks = [t for t in _axis_ticks(spec, panel, axis) if t.series is None]
        values = [parse_number(t.text) for t in ticks]
        if len(ticks) < 4 or any(v is None for v in values) or sequence_kind(values) is None:
            continue
        kind = sequence_kind(values)
        for i, t in enumerate(ticks):
            visible = values[:i] + [None] + values[i + 1 :]
            if not same_number(infer_missing(visible), values[i]):
                continue
            shown = ", ".join("[blurred]" if j == i else ticks[j].text for j in range(len(ticks)))
            step = f"step {values[1] - values[0]:g}" if kind == "arithmetic" else f"ratio {values[1] / values[0]:g}"
            out.append(
                _of_element(
                    t,
                    INDUCTANCE,
                    "tick_sequence",
                    reasoning=(
                        f"The {axis}-axis ticks of panel {panel} read {shown} in order; the visible ticks form an "
                        f"{kind} sequence ({step}), so the blurred tick is {t.text}."
                    ),
                )
            )
    return out


def _panel(spec: FigureSpec, index: int | None) -> Panel | None:
    return next((p for p in spec.panels if p.index == index), None)


def _value_labels(spec: FigureSpec) -> list[Candidate]:
    out = []
    for e in spec.elements("value_label"):
        p = _panel(spec, e.panel)
        if p is None or not chart_kind(p.kind).category_axis or p.stacked or p.y_scale != "linear" or e.value is None:
            continue
        if chart_kind(p.kind).value_by_colour_scale:
            continue  # a cell's colour gives its value far less precisely than a bar's end on an axis
        value_axis = "x" if p.orientation == "horizontal" else "y"
        ticks = [t for t in _axis_ticks(spec, e.panel, value_axis) if parse_number(t.text) is not None]
        if len(ticks) < 2:
            continue
        tick_vals = [parse_number(t.text) for t in ticks]
        if not min(tick_vals) <= e.value <= max(tick_vals) * 1.25:
            continue
        out.append(
            _of_element(
                e,
                INDUCTANCE,
                "value_label_axis",
                reasoning=(
                    f"The label sits on the bar of series '{e.series}' at category '{e.category}'; that bar ends at "
                    f"{e.value:g} on the {value_axis}-axis (ticks {', '.join(t.text for t in ticks)}), so the label "
                    f"reads {e.text} (within the precision of reading the axis)."
                ),
            )
        )
    return out


def _pie_remainder(spec: FigureSpec) -> list[Candidate]:
    out = []
    for p in spec.panels:
        if not chart_kind(p.kind).parts_of_whole:
            continue
        pcts = [e for e in spec.text_elements if e.role in SHARE_ROLES and e.panel == p.index]
        if len(pcts) != len(p.categories) or len(pcts) < 2:
            continue
        values = [parse_number(e.text) for e in pcts]
        if any(v is None for v in values):
            continue
        for i, e in enumerate(pcts):
            rest = sum(v for j, v in enumerate(values) if j != i)
            if not same_number(round(100.0 - rest, decimals(e.text)), values[i]):
                continue  # rounding of the printed shares breaks the identity for this wedge
            others = " + ".join(x.text for j, x in enumerate(pcts) if j != i)
            out.append(
                _of_element(
                    e,
                    INDUCTANCE,
                    "pie_remainder",
                    reasoning=(
                        f"The wedges' printed shares sum to 100%; the visible ones are {others}, so the blurred "
                        f"share of '{e.category}' is 100 - {rest:g} = {e.text}."
                    ),
                )
            )
    return out


def _repeated(spec: FigureSpec) -> list[Candidate]:
    out = []
    for e in spec.text_elements:
        text = e.text.strip()
        if parse_number(text) is not None or sum(ch.isalpha() for ch in text) < 2:
            continue
        twins = [o for o in spec.text_elements if o.element_id != e.element_id and fold(o.text) == fold(text)]
        if not twins:
            continue
        out.append(
            _of_element(
                e,
                INDUCTANCE,
                "repeated_label",
                text=text,
                reasoning=(
                    f"The {e.role.replace('_', ' ')} '{text}' is printed again as a {twins[0].role.replace('_', ' ')}"
                    " that stays visible and is linked to it by colour or position, so it can be read there."
                ),
            )
        )
    return out


def inductance_candidates(spec: FigureSpec) -> list[Candidate]:
    return _value_labels(spec) + _pie_remainder(spec) + _tick_sequence(spec) + _repeated(spec)


def isolated(c: Candidate, elements: Sequence[TextElement], pad: float) -> bool:
    """True if blurring ``c``'s padded box, and each of its copies' (``also``), covers no other text element."""
    assert c.box is not None
    blurred = (c.box, *c.also)
    return not any(
        e.element_id != c.element_id and _box(e) not in blurred and overlaps(box, _box(e), pad)
        for box in blurred
        for e in elements
    )


def ranked_candidates(spec: FigureSpec, caption: str | None, mode: str, seed: int, pad: float) -> list[Candidate]:
    """Candidates of ``mode`` in the order they should be tried; the first usable one is the target."""
    if mode == ADMITTANCE:
        cands, order, shuffle = admittance_candidates(spec, caption), ADMITTANCE_RULES, False
    elif mode == INDUCTANCE:
        cands, order, shuffle = inductance_candidates(spec), INDUCTANCE_RULES, True
    else:
        raise ValueError(f"unknown blur mode {mode!r}")
    usable = [c for c in cands if isolated(c, spec.text_elements, pad)]
    return rank(usable, order, seed, f"{spec.figure_id}/{mode}", shuffle_rules=shuffle)
