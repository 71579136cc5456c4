"""Capability questions: every answer re-derived from the spec with pandas, robust to misreading."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from helpers.spec_factory import VARIANTS, bar_grouped_two_panels, line_multi, pie
from helpers.truth import mentions, number_forms, perturbed, spec_points
from scifigbench.concepts.kinds import chart_kind
from scifigbench.probes.families.capability.from_spec import capability_probes
from scifigbench.probes.figure_view import FigureView
from scifigbench.probes.probe import rng_for

SPECS = [
    bar_grouped_two_panels(),
    bar_grouped_two_panels("bar_labelled", value_labels=True),
    line_multi(),
    pie(),
    pie("pie_plain", pct=False),
    *(v() for v in VARIANTS),
]
SEEDS = range(3)
# answers decided only by which of two marks is higher: robust to the finer comparison tolerance
ORDINAL = {
    "count_crossings",
    "nth_highest",
    "full_ranking",
    "dominates",
    "monotone",
    "peak_position",
    "same_order_everywhere",
    "common_weakest",
    "drawn_in_order",
    "steepest_step",
}


def _group(df: pd.DataFrame, sc: dict) -> pd.DataFrame:
    """(label, value, x) rows of the group a question is about, in drawing order."""
    sub = df[df.panel == sc["panel"]]
    if sc["over"] == "categories" and sc["series"] == "__total__":  # whole stacks
        tot = sub.groupby(["pos", "category", "x"], as_index=False).value.sum().sort_values("pos")
        return pd.DataFrame({"label": tot.category, "value": tot.value, "x": tot.x})
    if sc["over"] == "categories":
        sub = sub[sub.series == sc["series"]].sort_values("pos")
        return pd.DataFrame({"label": sub.category, "value": sub.value, "x": sub.x})
    sub = sub[sub.category == sc["category"]]
    return pd.DataFrame({"label": sub.series, "value": sub.value, "x": sub.x})


def _pair(df: pd.DataFrame, sc: dict) -> tuple[pd.Series, pd.Series, list[str]]:
    sub = df[df.panel == sc["panel"]]
    a = sub[sub.series == sc["a"]].sort_values("pos")
    b = sub[sub.series == sc["b"]].sort_values("pos")
    return a.value.reset_index(drop=True), b.value.reset_index(drop=True), list(a.category)


def recompute(spec, df: pd.DataFrame, exp: dict):
    """The answer of a question from its template and scope, computed here from scratch."""
    t, sc = exp["template"], exp["scope"]
    if t == "count_members":
        p = next(q for q in spec.panels if q.index == sc["panel"])
        return len(p.categories) if p.kind == "pie" or len(p.series) == 1 else len(p.series)
    if t == "count_bars_total":
        # one mark per category and series in every panel with a category axis (a histogram's bins too)
        return sum(len(p.categories) * len(p.series) for p in spec.panels if chart_kind(p.kind).category_axis)
    if t in (
        "count_above",
        "count_near_ties",
        "diff_extremes",
        "pct_extremes",
        "avg_rate",
        "pie_small_vs_large",
        "nth_highest",
        "closest_pair",
        "full_ranking",
        "monotone",
        "steepest_step",
        "peak_position",
        "pie_top_two_share",
        "drawn_in_order",
        "farthest_from_rest",
        "group_mean",
    ):
        g = _group(df, sc).reset_index(drop=True)
        v = g.value.to_numpy()
        if t == "count_above":
            return int((v > sc["threshold"]).sum())
        if t == "count_near_ties":
            nearest = [np.min(np.abs(np.delete(v, k) - v[k])) for k in range(len(v))]
            return int(sum(n <= sc["band"] for n in nearest))
        if t == "group_mean":
            return v.mean()
        if t == "diff_extremes":
            return v.max() - v.min()
        if t == "pct_extremes":
            return (v.max() - v.min()) / v.min() * 100
        if t == "avg_rate":
            return (v[-1] - v[0]) / (g.x.iloc[-1] - g.x.iloc[0]) * sc["per"]
        if t == "pie_small_vs_large":
            s = np.sort(v)
            return s[-1] - s[0] - s[1]
        if t == "nth_highest":
            return g.sort_values("value", ascending=False).label.iloc[sc["rank"] - 1]
        if t == "closest_pair":
            best = min((abs(v[i] - v[j]), i, j) for i in range(len(v)) for j in range(i + 1, len(v)))
            return sorted([g.label[best[1]], g.label[best[2]]])
        if t == "full_ranking":
            return list(g.sort_values("value", ascending=False).label)
        if t == "monotone":
            d = np.diff(v)
            return "yes" if (np.all(d > 0) if sc["direction"] == "rise" else np.all(d < 0)) else "no"
        if t == "steepest_step":
            k = int(np.argmax(np.abs(np.diff(v))))
            return [g.label[k], g.label[k + 1]]
        if t == "peak_position":
            return g.label[int(np.argmax(v))]
        if t == "pie_top_two_share":
            return "yes" if np.sort(v)[-2:].sum() > sc["share"] else "no"
        if t == "farthest_from_rest":
            return g.label[int(np.argmax([abs(v[k] - np.delete(v, k).mean()) for k in range(len(v))]))]
        if t == "drawn_in_order":
            d = np.diff(v)
            return "yes" if np.all(d > 0) or np.all(d < 0) else "no"
    if t in ("count_crossings", "mean_gap", "largest_gap_category", "dominates"):
        a, b, cats = _pair(df, sc)
        if t == "count_crossings":
            s = np.sign(a - b)
            return int((s.to_numpy()[1:] != s.to_numpy()[:-1]).sum())
        if t == "mean_gap":
            return float((a - b).mean()) if sc["minuend"] == sc["a"] else float((b - a).mean())
        if t == "largest_gap_category":
            return cats[int(np.argmax(np.abs(a - b)))]
        if t == "dominates":
            up, lo = (a, b) if sc["upper"] == sc["a"] else (b, a)
            return "yes" if bool(np.all(up > lo)) else "no"
    if t == "same_order_everywhere":
        orders = {tuple(_group(df, g).sort_values("value", ascending=False).label) for g in sc["groups"]}
        return "yes" if len(orders) == 1 else "no"
    if t == "common_weakest":
        sub = df[df.panel == sc["panel"]]
        lows = {sub[sub.series == s].sort_values("value").category.iloc[0] for s in sc["series"]}
        return lows.pop() if len(lows) == 1 else None
    if t == "cross_panel_shift":
        p0, p1 = sc["panels"]
        v0 = df[(df.panel == p0) & (df.series == sc["series"])].sort_values("pos").value.to_numpy()
        v1 = df[(df.panel == p1) & (df.series == sc["series"])].sort_values("pos").value.to_numpy()
        d = v1 - v0 if sc["direction"] == "up" else v0 - v1
        return "yes" if np.all(d > 0) else "no"
    raise AssertionError(f"no independent recomputation for template {t}")


def _all_probes():
    for spec in SPECS:
        view = FigureView(spec)
        for seed in SEEDS:
            probes, _ = capability_probes(view, rng_for(seed, spec.figure_id, "capability"), 3)
            for p in probes:
                yield spec, seed, p


ALL = list(_all_probes())


def test_four_categories_per_figure():
    for spec in SPECS:
        probes, _ = capability_probes(FigureView(spec), rng_for(42, spec.figure_id, "capability"), 3)
        assert sorted(p.category for p in probes) == ["comparison", "computation", "counting", "pattern"], (
            spec.figure_id
        )


@pytest.mark.parametrize("case", range(len(ALL)))
def test_answer_rederived_and_robust_to_reading(case):
    spec, seed, probe = ALL[case]
    exp = json.loads(json.dumps(probe.expected))
    df = spec_points(spec)
    truth = recompute(spec, df, exp)
    if exp["answer_type"] == "number":
        assert exp["answer"] == pytest.approx(truth, rel=1e-5, abs=1e-9), probe.text
    else:
        assert exp["answer"] == truth, probe.text
    # unambiguous: a reader off by up to the reading tolerance on every value still gets it right
    rng = np.random.default_rng(seed)
    for _ in range(30):
        read = recompute(spec, perturbed(spec, df, rng, compare=exp["template"] in ORDINAL), exp)
        if exp["answer_type"] == "number":
            assert abs(read - exp["answer"]) <= exp["tolerance"] + 1e-9, (probe.text, read)
        else:
            assert read == exp["answer"], (probe.text, read)


@pytest.mark.parametrize("case", range(len(ALL)))
def test_question_names_its_scope_and_hides_its_answer(case):
    spec, _, probe = ALL[case]
    exp, text = probe.expected, probe.text
    sc = exp["scope"]
    if sc.get("over") == "categories" and len(spec.panels[0].series) > 1 and sc["series"] != "__total__":
        assert mentions(text, sc["series"]), text
    if sc.get("over") == "series":
        assert sc["category"] in text, text
    if "a" in sc:
        assert mentions(text, sc["a"]) and mentions(text, sc["b"]), text
    ans = exp["answer"]
    if exp["answer_type"] == "label":
        assert not mentions(text, ans), text
    elif exp["answer_type"] == "list":
        assert not all(mentions(text, a) for a in ans), text
    elif exp["answer_type"] == "number":
        assert not any(mentions(text, f) for f in number_forms(float(ans))), text


def test_unlabelled_values_get_axis_reading_tolerance():
    """Computation answers on unlabelled bars allow at least 2.5 % of the axis span per value read."""
    span = 100.0
    for spec, _, p in ALL:
        if p.category == "computation" and spec.figure_id == "bar_test" and p.expected["template"] == "diff_extremes":
            assert p.expected["tolerance"] >= 2 * 0.025 * span
    tols = [
        p.expected["tolerance"] for spec, _, p in ALL if spec.figure_id == "line_test" and p.category == "computation"
    ]
    assert tols and all(t > 0 for t in tols)


def test_hardest_passing_candidate_is_kept():
    """With more candidates allowed, the kept question is never easier."""
    for spec in SPECS:
        view = FigureView(spec)
        few, _ = capability_probes(view, rng_for(1, spec.figure_id, "capability"), 1)
        many, _ = capability_probes(view, rng_for(1, spec.figure_id, "capability"), 6)
        d_few = {p.category: p.expected["difficulty"] for p in few}
        d_many = {p.category: p.expected["difficulty"] for p in many}
        assert all(d_many[c] >= d_few[c] for c in d_few)
        assert max(d_many.values()) == 3


def test_deterministic():
    view = FigureView(SPECS[0])
    a, _ = capability_probes(view, rng_for(42, "bar_test", "capability"), 3)
    b, _ = capability_probes(FigureView(bar_grouped_two_panels()), rng_for(42, "bar_test", "capability"), 3)
    assert [(p.text, p.expected) for p in a] == [(p.text, p.expected) for p in b]
