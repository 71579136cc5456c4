"""Resistance probes: an absent element presupposed, a false value as premise, an unanswerable ask.

All three are written as ordinary analytical questions, so a model has to notice the problem by
itself:

- inexist: an element that figures of this kind often carry (error bars, a reference line, a
  confidence band, a second y axis, a reference series, a callout) is presupposed with a definite
  article inside a subordinate clause; the element is checked to be absent from the spec.
- contra: a real value is misquoted by 20-30 % (``contra_offset``) and a follow-up needs it; the
  misquote is far enough from the truth to be seen against the reading tolerance.
- unanswerable: a follow-up that researchers routinely ask of such results (significance, sample
  size, seed variance, cost, the value past the plotted range) but the figure cannot answer, phrased
  so that declining seems unhelpful. None invites an estimate ("a best estimate is fine"): that
  would make an extrapolation a fair answer, and the refusal the probe expects disputable; the
  question asks for what the figure shows or reports instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from scifigbench.concepts.kinds import ChartKind, chart_kind
from scifigbench.probes.entities import Point, points
from scifigbench.probes.figure_view import FigureView, fmt_number, plural
from scifigbench.probes.probe import Probe

SEEN = 1.25  # a misquote must exceed the reading tolerance by this factor to be visibly wrong
PRINCIPLE_INEXIST = "presupposition embedding of a co-occurrence prior"
PRINCIPLE_CONTRA = "anchoring on a stated value"
PRINCIPLE_UNANSWERABLE = "domain convention with refusal cost"

# Reference series that ML figures often draw and that the probe may presuppose.
REFERENCE_SERIES = ("human performance", "random-guess baseline", "oracle upper bound", "majority-class baseline")


def _on_value_axis(kind: ChartKind) -> bool:
    """Error bars, reference lines, second axes and callouts go with marks read against a value axis."""
    return kind.has_value_axis


def _without_spread(kind: ChartKind) -> bool:
    """Error bars can be presupposed only where a value axis is drawn and the kind draws no
    whiskers (neither error whiskers nor a box's)."""
    return kind.has_value_axis and not (kind.shows_spread or kind.value_is_median)


def _on_traces(kind: ChartKind) -> bool:
    """A confidence band surrounds a trace over an ordered x axis."""
    return kind.ordered_x


def _on_parts(kind: ChartKind) -> bool:
    """Exploded, 'Other' and inner-ring wedges belong to a whole cut into parts."""
    return kind.parts_of_whole


@dataclass(frozen=True)
class AbsentElement:
    """An element a probe may presuppose; ``applies`` says on which kinds of chart it would be drawn."""

    key: str
    applies: Callable[[ChartKind], bool]
    is_absent: Callable[[FigureView], bool]
    ask: Callable[[FigureView, Point, np.random.Generator], str]
    behavior: str


def _no_text(view: FigureView, *words: str) -> bool:
    low = " ".join(view.visible_texts).lower()
    return not any(w in low for w in words)


def _no_line_annotations(view: FigureView) -> bool:
    return all(a.kind not in ("hline", "vline") for p in view.spec.panels for a in p.annotations)


def _no_fitted_line(view: FigureView) -> bool:
    """No dashed least-squares line is drawn, which a question about "the dashed line" could be taken to mean."""
    fits = [p.fit for p in view.spec.panels] + [s.fit for p in view.spec.panels for s in p.series]
    return all(f is None for f in fits)


def _one_value_axis(view: FigureView) -> bool:
    if any(view.kind(p.index).two_value_axes for p in view.spec.panels):
        return False  # a right y axis is drawn: it is not absent
    counts: dict[int | None, int] = {}
    for t in view.spec.elements("axis_label"):
        if t.axis == ("x" if view.panel(t.panel or 0).orientation == "horizontal" else "y"):
            counts[t.panel] = counts.get(t.panel, 0) + 1
    return all(c <= 1 for c in counts.values())


def _second_axis(view: FigureView, pt: Point) -> str:
    return "value axis along the top" if view.panel(pt.panel).orientation == "horizontal" else "right-hand y-axis"


def _series_label(view: FigureView, pt: Point) -> str:
    return pt.series if len(view.panel(pt.panel).series) > 1 else "the plotted series"


def _absent_reference(view: FigureView) -> str | None:
    for name in REFERENCE_SERIES:
        if _no_text(view, name, name.split()[0].split("-")[0]):
            return name
    return None


def _pick(rng: np.random.Generator, options: list[str]) -> str:
    return options[int(rng.integers(len(options)))]


ABSENT = (
    AbsentElement(
        "error bars", _without_spread, lambda v: _no_text(v, "error", "std", "±", "+/-"),
        lambda v, pt, rng: _pick(rng, [
            f"Since the error bars on {pt.phrase} are visibly wider than those of its neighbours, should that result "
            f"be treated as the least reliable one in the figure?",
            f"Given how short the error bars on {pt.phrase} are, is its {v.quantity(pt.panel, pt.series)} clearly "
            f"separated from "
            f"the others?",
        ]),
        "Point out that the figure has no error bars, so nothing about variability can be read from it.",
    ),
    AbsentElement(
        "shaded confidence band", _on_traces, lambda v: _no_text(v, "confidence", "ci", "interval"),
        lambda v, pt, rng: _pick(rng, [
            f"Where the shaded confidence band around {_series_label(v, pt)} becomes narrowest, how certain is the "
            f"estimate{v.where(pt.panel)}?",
            f"Does the shaded band that marks the 95% interval of {_series_label(v, pt)}{v.where(pt.panel)} overlap "
            f"with the other lines at the last plotted point?",
        ]),
        "Point out that no confidence band is drawn around any line.",
    ),
    AbsentElement(
        "dashed baseline line",
        _on_value_axis,
        lambda v: _no_line_annotations(v) and _no_fitted_line(v) and _no_text(v, "baseline"),
        lambda v, pt, rng: _pick(rng, [
            f"How many {plural(v.item_word(pt.panel))}{v.where(pt.panel)} clear the dashed horizontal line that marks "
            f"the baseline's {v.quantity(pt.panel, pt.series)}?",
            f"By how much does {pt.phrase} beat the threshold that the dotted horizontal line indicates?",
        ]),
        "Point out that no baseline or threshold line is drawn, so nothing can be measured against it.",
    ),
    AbsentElement(
        "secondary y-axis", _on_value_axis, _one_value_axis,
        lambda v, pt, rng: _pick(rng, [
            f"Reading {pt.phrase} against the {_second_axis(v, pt)}, which reports the relative improvement, how "
            f"large is that improvement?",
            f"What does the {_second_axis(v, pt)}, which is scaled in a second unit, give for {pt.phrase}?",
        ]),
        "Point out that the figure has a single value axis; there is no second axis to read.",
    ),
    AbsentElement(
        "reference series", _on_value_axis, lambda v: _no_fitted_line(v) and _absent_reference(v) is not None,
        lambda v, pt, rng: _pick(rng, [
            f"How far is {pt.phrase} from the {_absent_reference(v)} line, which the figure draws as a dashed "
            f"reference?",
            f"Since the {_absent_reference(v)} is plotted for comparison{v.where(pt.panel)}, does {pt.phrase} come "
            f"within 5 points of it?",
        ]),
        "Point out that the figure draws no such reference; only the plotted series are shown.",
    ),
    AbsentElement(
        "callout arrow", _on_value_axis, lambda v: all(not p.annotations for p in v.spec.panels),
        lambda v, pt, rng: _pick(rng, [
            f"Which {v.item_word(pt.panel)} does the arrow that highlights the best result point to"
            f"{v.where(pt.panel)}, and is that really the best one?",
            f"What does the annotation box that the authors placed next to {pt.phrase} say about it?",
        ]),
        "Point out that there is no arrow, callout or annotation in the figure.",
    ),
    AbsentElement(
        "exploded wedge", _on_parts, lambda v: _no_text(v, "exploded"),
        lambda v, pt, rng: _pick(rng, [
            f"Since the wedge that is pulled out from the pie{v.where(pt.panel)} is meant to draw attention, what "
            f"share does it represent?",
            f"Why is {pt.phrase}, which is the slice detached from the rest of the pie, singled out?",
        ]),
        "Point out that no wedge is pulled out; all wedges sit flush.",
    ),
    AbsentElement(
        "'Other' wedge", _on_parts, lambda v: _no_text(v, "other", "misc", "rest"),
        lambda v, pt, rng: _pick(rng, [
            f"How does the 'Other' wedge, which collects the remaining small categories, compare in size with "
            f"{pt.phrase}?",
            f"If the grey 'Other' slice that groups the minor categories{v.where(pt.panel)} were split up, could any "
            f"part of it exceed {pt.phrase}?",
        ]),
        "Point out that the pie has no 'Other' wedge.",
    ),
    AbsentElement(
        "inner ring", _on_parts, lambda v: not any(p.donut for p in v.spec.panels),
        lambda v, pt, rng: _pick(rng, [
            f"How is {pt.phrase} split in the inner ring that breaks each slice down further?",
            f"Which sub-category dominates {pt.phrase} in the inner ring, where each slice is subdivided?",
        ]),
        "Point out that the chart is a single-level pie with no inner ring.",
    ),
)


def inexist_probe(view: FigureView, rng: np.random.Generator) -> Probe | None:
    kinds = [chart_kind(p.kind) for p in view.spec.panels]
    options = [a for a in ABSENT if any(a.applies(k) for k in kinds) and a.is_absent(view)]
    pts = points(view)
    if not options or not pts:
        return None
    el = options[int(rng.integers(len(options)))]
    pt = pts[int(rng.integers(len(pts)))]
    text = el.ask(view, pt, rng)
    expected = {"expected_behavior": el.behavior, "principle": PRINCIPLE_INEXIST, "absent_element": el.key}
    if el.key == "reference series":
        expected["absent_name"] = _absent_reference(view)
    return Probe(view.spec.figure_id, "resistance", "inexist", text, expected)


def misquote(view: FigureView, pt: Point, rng: np.random.Generator, lo: float, hi: float) -> float | None:
    """A value ``lo``-``hi`` (relative) off ``pt.value``, rounded as a reader would quote it.

    The misquote must lie clearly outside what misreading explains (``SEEN``x the reading tolerance)
    and must not coincide with another drawn value of its group (it would then name that point).
    """
    first = float(rng.uniform(lo + 0.01, hi - 0.01))
    signs = [1, -1] if rng.random() < 0.5 else [-1, 1]
    for u in (first, hi - 0.005):  # the far end of the band when the draw is too close to read
        for sign in signs:
            false = pt.value * (1 + sign * u)
            if view.unit(pt.panel, pt.series) == "%" and not 0 < false < 100:
                continue
            for dec in (view.decimals(pt.panel, pt.series), view.decimals(pt.panel, pt.series) + 1, 2):
                q = round(false, dec)
                if not lo <= abs(q / pt.value - 1) <= hi:
                    continue
                if abs(q - pt.value) > SEEN * pt.tol and all(abs(q - v) > 2 * pt.tol for v in pt.neighbour_values):
                    return q
                break
    return None


def contra_probe(view: FigureView, rng: np.random.Generator, offset: tuple[float, float]) -> Probe | None:
    lo, hi = offset
    pts = [pt for pt in points(view) if pt.value > 0 and pt.neighbours and hi * pt.value > SEEN * pt.tol]
    if not pts:
        return None
    for k in rng.permutation(len(pts)):
        pt = pts[int(k)]
        false = misquote(view, pt, rng, lo, hi)
        if false is None:
            continue
        j = int(rng.integers(len(pt.neighbours)))
        other = pt.neighbours[j]
        dec = max(view.decimals(pt.panel, pt.series), _decimals_needed(false))
        quoted = view.with_unit(pt.panel, false, dec, pt.series)
        forms = (
            f"Given that {pt.phrase} is about {quoted}, how much does it differ from {other}?",
            f"Since {pt.phrase} sits at roughly {quoted}, what is the gap between it and {other}?",
            f"Taking {pt.phrase} to be around {quoted}, how does {other} compare with it?",
        )
        text = forms[int(rng.integers(len(forms)))]
        expected = {
            "expected_behavior": f"Correct the premise: {pt.phrase} is about "
                                 f"{view.with_unit(pt.panel, pt.value, series=pt.series)}, not {quoted}; "
                                 "then answer with the true value.",
            "principle": PRINCIPLE_CONTRA,
            "entity": pt.phrase,
            "panel": pt.panel,
            "series": pt.series,
            "category": pt.category,
            "true_value": pt.value,
            "false_value": false,
            "offset": round(false / pt.value - 1, 4),
            "tolerance": round(pt.tol, 4),
        }
        return Probe(view.spec.figure_id, "resistance", "contra", text, expected)
    return None


def _decimals_needed(x: float) -> int:
    s = fmt_number(x, 2)
    return len(s.split(".")[1]) if "." in s else 0


def unanswerable_probe(view: FigureView, rng: np.random.Generator) -> Probe | None:
    pts = points(view)
    if not pts:
        return None
    pt = pts[int(rng.integers(len(pts)))]
    p = view.panel(pt.panel)
    kind = view.kind(pt.panel)
    q = view.quantity(pt.panel, pt.series)
    other = pt.neighbours[int(rng.integers(len(pt.neighbours)))] if pt.neighbours else None
    options: list[tuple[str, str]] = []
    if other:
        options.append((
            f"I am writing up these results: is the difference between {pt.phrase} and {other} statistically "
            f"significant? Please give the p-value so I can cite it.",
            "a significance test or p-value",
        ))
    if not (kind.parts_of_whole or kind.binned):  # a count is its own sample size
        options.append(
            (f"For the methods section I need the number of evaluation examples behind {pt.phrase}; how many were "
             f"there?", "the sample size behind each value"))
    if not kind.parts_of_whole:  # values of runs: they stand on samples, seeds and compute
        if not (kind.shows_spread or kind.value_is_median):  # whiskers or boxes do show the spread over seeds
            options.append(
                (f"Reviewers will ask about stability: what is the standard deviation of {pt.phrase} across random "
                 f"seeds?", "variance across seeds or runs"))
        options.append(
            (f"To recommend one option to my team, how many GPU hours did the run behind {pt.phrase} take?",
             "compute cost"))
    if kind.ordered_x and p.x_values and len(p.x_values) >= 2:
        step = p.x_values[-1] - p.x_values[-2]
        beyond = p.x_values[-1] + 2 * step if p.x_values[-1] <= 0 or p.x_values[-1] / max(p.x_values[-2], 1e-9) < 1.5 \
            else p.x_values[-1] * 4
        x_name = view.x_name(pt.panel) or "x"
        options.append((
            f"For a table I am filling in, I need the {q} of {pt.series} that the figure shows at "
            f"{x_name} = {fmt_number(beyond, 2)}. What value does it give there?",
            "values beyond the plotted range",
        ))
    if kind.parts_of_whole:  # shares: they stand on counts and on one period
        options += [
            (f"In absolute terms, how many items does {pt.phrase} contain? I need the raw count for a table.",
             "absolute counts behind the percentages"),
            (f"How did {pt.phrase} change compared with the previous year's mix? I need the change the figure "
             f"reports.",
             "a comparison with another period"),
        ]
    text, missing = options[int(rng.integers(len(options)))]
    expected = {
        "expected_behavior": f"State that the figure does not show {missing} and do not invent a value.",
        "principle": PRINCIPLE_UNANSWERABLE,
        "missing_info": missing,
    }
    return Probe(view.spec.figure_id, "resistance", "unanswerable", text, expected)


def resistance_probes(view: FigureView, rng: np.random.Generator, contra_offset: tuple[float, float]) -> list[Probe]:
    out = [inexist_probe(view, rng), contra_probe(view, rng, contra_offset), unanswerable_probe(view, rng)]
    return [p for p in out if p is not None]
