"""Blur questions: one targeted question per confirmed blur target, answered by the blurred text.

The question asks for the element in the way a reader naturally would (the series drawn in a
colour, the category with the lowest bar, the quantity on the y axis) and never mentions that
anything was altered, so a model has to notice by itself that it cannot read the answer
(admittance) or work it out from what is still visible (inductance).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pandas as pd

from scifigbench.concepts.kinds import chart_kind
from scifigbench.concepts.roles import KEY_ROLES, SHARE_ROLES
from scifigbench.contracts.blur_targets import accept_range
from scifigbench.probes.figure_view import ORDINALS, FigureView
from scifigbench.probes.probe import Probe

# Words that would tell the model the image was tampered with.
ALTERATION_WORDS = ("blur", "hidden", "obscur", "unreadable", "illegible", "masked", "covered", "altered", "missing")


def _ordinal(k: int) -> str:
    return ORDINALS[k] if k < len(ORDINALS) else f"{k + 1}th"


def _unique_colour(view: FigureView, panel: int, series: str) -> str | None:
    p = view.panel(panel)
    fams = [s.color_family for s in p.series]
    mine = next(s for s in p.series if s.name == series)
    return mine.color_family if fams.count(mine.color_family) == 1 else None


def _extreme_category(view: FigureView, panel: int, category: str) -> str | None:
    """A question naming a series for which ``category`` is clearly the highest or lowest point."""
    p = view.panel(panel)
    pts = view.points[view.points.panel == panel]
    noun = view.x_name(panel) if view.kind(panel).category_axis and view.x_name(panel) else "category"
    for s in p.series:
        q = view.quantity(panel, s.name)
        sub = pts[pts.series == s.name].sort_values("value")
        if len(sub) < 3 or (len(p.series) > 1 and not view.series_named(s.name)):
            continue
        for rank, row, nxt in (("lowest", sub.iloc[0], sub.iloc[1]), ("highest", sub.iloc[-1], sub.iloc[-2])):
            gap = abs(row.value - nxt.value) - view.tol(panel, row.value, s.name) - view.tol(panel, nxt.value, s.name)
            if row.category == category and gap > 0:
                who = f" for {s.name}" if len(p.series) > 1 else ""
                return f"Which {noun}{who}{view.where(panel)} has the {rank} {q}?"
    return None


def _panel_of(view: FigureView | None, element: dict[str, Any]) -> int | None:
    """The panel an element belongs to; a figure-level legend entry belongs to its series' panel."""
    if view is None:
        return None
    panel = element.get("panel")
    if panel is not None and not pd.isna(panel):
        return int(panel)
    series, category = element.get("series"), element.get("category")
    for p in view.spec.panels:
        if series and any(s.name == series for s in p.series):
            return p.index
        if category and chart_kind(p.kind).parts_of_whole and category in p.categories:
            return p.index
    return None


def question_for(view: FigureView | None, element: dict[str, Any], width: int, height: int) -> str:
    """The targeted question for one blurred text element (spec element or OCR box)."""
    role = element.get("role")
    panel = _panel_of(view, element)
    # a panel title cannot locate its own panel: use the panel's position instead
    where = view.where(int(panel), by_title=role != "panel_title") if panel is not None else ""
    if view is not None and panel is not None:
        panel = int(panel)
        p = view.panel(panel)
        series, category = element.get("series"), element.get("category")
        if role == "legend_entry" and series:
            colour = _unique_colour(view, panel, series)
            if colour:
                return f"Which {view.series_word(panel)}{where} is drawn in {colour}?"
            k = [s.name for s in p.series].index(series)
            return f"What is the name of the {_ordinal(k)} entry in the legend{where}?"
        if role in KEY_ROLES and view.kind(panel).parts_of_whole and category in p.categories:
            k = p.categories.index(category)
            fams = p.series[0].color_families or []
            if fams and fams.count(fams[k]) == 1:
                return f"Which category does the {fams[k]} wedge{where} represent?"
            rank = sorted(p.series[0].values, reverse=True).index(p.series[0].values[k])
            return f"Which category does the {_ordinal(rank)}-largest wedge{where} represent?"
        if role in SHARE_ROLES and category:
            return f"What percentage is printed on the '{category}' wedge{where}?"
        if role == "value_label" and category:
            who = f"{series} " if series and len(p.series) > 1 else ""
            return f"What number is printed on the {who}{view.item_word(panel)} for '{category}'{where}?"
        if role == "tick" and category in p.categories and not view.kind(panel).ordered_x:
            q = _extreme_category(view, panel, category)
            if q:
                return q
            k = p.categories.index(category)
            side = "from the top" if p.orientation == "horizontal" else "from the left"
            return f"What is the label of the {_ordinal(k)} category {side}{where}?"
        if role == "tick" and series and not category and series in [s.name for s in p.series]:  # a heatmap's row
            k = [s.name for s in p.series].index(series)
            return f"What is the label of the {_ordinal(k)} {view.series_word(panel)} from the top{where}?"
        if role == "tick" and element.get("axis") == "x" and category in p.categories:
            k = p.categories.index(category)
            return f"What is the {_ordinal(k)} value along the x-axis{where}, counting from the left?"
        value = element.get("value")
        if role == "tick" and value is not None and not pd.isna(value) and float(value) in p.y_ticks:
            k = sorted(p.y_ticks).index(float(value))
            axis = "x" if p.orientation == "horizontal" else "y"
            start = "the left" if axis == "x" else "the bottom"
            scale = "colour bar" if view.kind(panel).value_by_colour_scale else f"{axis}-axis"
            return f"What value does the {_ordinal(k)} labelled tick of the {scale}{where} mark, counting from {start}?"
        if role == "point_label" and category:
            at = f"{view.x_name(panel)} = {category}" if view.x_name(panel) else f"x = {category}"
            return f"What name is printed beside the point at {at}{where}?"
        if role == "annotation":
            near = f" next to '{category}'" if category else ""
            return f"What does the note{near}{where} say?"
    if role == "axis_label":
        axis = element.get("axis")
        return f"What quantity is shown on the {axis}-axis{where}?" if axis else "What does the axis label say?"
    if role == "title":
        return "What is the title of the figure?"
    if role == "panel_title":
        return f"What is the title of{where.replace(' in the ', ' the ', 1)}?" if where else "What is the panel's title?"
    return f"What does the text in the {_region(element, width, height)} of the figure say?"


def _region(element: dict[str, Any], width: int, height: int) -> str:
    cx = (element["x0"] + element["x1"]) / 2 / max(width, 1)
    cy = (element["y0"] + element["y1"]) / 2 / max(height, 1)
    v = "upper" if cy < 1 / 3 else "lower" if cy > 2 / 3 else "middle"
    h = "left" if cx < 1 / 3 else "right" if cx > 2 / 3 else "centre"
    return "centre" if (v, h) == ("middle", "centre") else f"{v} {h}" if v != "middle" else f"{h} side"


def mentions_alteration(text: str) -> bool:
    return any(w in text.lower() for w in ALTERATION_WORDS)


def blur_probe(target: dict[str, Any], element: dict[str, Any], view: FigureView | None, width: int,
               height: int) -> Probe:
    """The probe for one confirmed target; ``element`` is its text element row (or the target itself).

    A target read from a real figure's layout brings its own question (by role and position) and
    the visible labels of the same kind, which the judge needs to tell a misreading from a guess.
    """
    located = target.get("question")
    has_question = isinstance(located, str) and bool(located)
    text: str = str(located) if has_question else question_for(view, element, width, height)
    answer = str(target["expected_answer"])
    if re.search(rf"(?<!\w){re.escape(answer.lower())}(?!\w)", text.lower()) or mentions_alteration(text):
        text = f"What does the text in the {_region(element, width, height)} of the figure say?"
    expected = {
        "target_id": target["target_id"],
        "mode": target["mode"],
        "expected_answer": answer,
        "reasoning_path": target["reasoning_path"],
        "role": element.get("role"),
        "element_id": target.get("element_id"),
    }
    neighbours = target.get("neighbours_json")
    if has_question and isinstance(neighbours, str):
        expected["neighbours"] = json.loads(neighbours)
    if accept := accept_range(target):
        expected["accept"] = list(accept)
    return Probe(target["figure_id"], "blur", target["mode"], text, expected, status="confirmed",
                 generator="blur-targets")


def blur_probes(targets: pd.DataFrame, elements: pd.DataFrame, views: dict[str, FigureView],
                sizes: dict[str, tuple[int, int]]) -> list[Probe]:
    """One probe per confirmed target of a known figure."""
    by_id = {r["element_id"]: r for r in elements.to_dict("records")} if len(elements) else {}
    out = []
    for t in targets[targets.status == "confirmed"].sort_values("target_id").to_dict("records"):
        if t["figure_id"] not in sizes:
            continue
        el = by_id.get(t["element_id"]) if t.get("element_id") is not None and not pd.isna(t["element_id"]) else None
        el = dict(el) if el is not None else {k: t[k] for k in ("role", "text", "x0", "y0", "x1", "y1")}
        w, h = sizes[t["figure_id"]]
        out.append(blur_probe(t, el, views.get(t["figure_id"]), w, h))
    return out
