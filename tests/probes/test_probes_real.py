"""Probes of real figures from the layout reading: facts, builders, the rule judge on them, the stage."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import cv2
import numpy as np
import pandas as pd
import pytest

from helpers.layout_charts import model_bars
from scifigbench import paths
from scifigbench.families.registry import rule_verdict
from scifigbench.layout import read_layout
from scifigbench.layout.elements import PANEL_TITLE, Label, Layout, Run
from scifigbench.probes.config import ProbesConfig
from scifigbench.probes.families.capability.from_layout import comparison_probe, computation_probe, counting_probe
from scifigbench.probes.families.caption_bias.from_layout import caption_probes
from scifigbench.probes.families.resistance.from_layout import contra_probe, inexist_probe
from scifigbench.probes.families.resistance.unanswerable import KINDS, unanswerable_probe
from scifigbench.probes.from_layout import figure_probes
from scifigbench.probes.probe import Probe
from scifigbench.probes.real import Facts, read_facts
from scifigbench.probes.real.siblings import sibling

CAPTION = "Figure 2: Accuracy of three encoders on the test set. RoBERTa performs best."


def _facts(caption: str | None = CAPTION) -> Facts:
    img, lines = model_bars()
    return read_facts("fig", read_layout(img, lines), lines, caption)


def _rng() -> np.random.Generator:
    return np.random.default_rng(3)


def test_the_reading_names_the_categories_and_the_value_printed_over_each() -> None:
    f = _facts()
    assert f.categories == ("BERT", "RoBERTa", "XLNet") and f.category_axis == "x"
    assert [(p.category, p.value, p.decimals) for p in f.printed] == [
        ("BERT", 81.2, 1),
        ("RoBERTa", 84.5, 1),
        ("XLNet", 79.0, 1),
    ]
    assert f.quantity == "accuracy" and f.unit == "%" and f.legend == () and f.panels == ()


def test_siblings_come_from_a_known_set_or_a_numbered_run_and_are_printed_nowhere() -> None:
    assert sibling(["BERT", "RoBERTa"], ["BERT", "RoBERTa"]).name == "XLNet"
    # a sibling the caption names is not absent: the next member is taken
    assert sibling(["BERT", "RoBERTa"], ["BERT", "RoBERTa", "compared with XLNet"]).name == "ALBERT"
    assert sibling(["Layer 1", "Layer 2", "Layer 3"], []).name == "Layer 4"
    assert sibling(["k 2", "k 4", "k 8"], []).name == "k 16"
    assert sibling(["2019", "2020"], []).name == "2021"
    assert sibling(["ResNet-18", "ResNet-50"], ["ResNet18", "ResNet50"]).name == "ResNet-34"
    # names of no known kind get no sibling: never a made-up word
    assert sibling(["Good", "Fair", "Poor"], []) is None
    assert sibling(["Layer 1", "Layer 5"], []) is None  # no even step to continue
    assert sibling(["BERT", "RoBERTa"], ["xlnet", "ALBERT", "electra"]).name == "DistilBERT"
    # a member printed under another spelling is not absent
    assert sibling(["United States", "China"], ["United States", "China"]).name == "India"


def test_inexist_presupposes_an_absent_sibling_and_records_the_set() -> None:
    p = inexist_probe(_facts(), _rng())
    assert not isinstance(p, str)
    # BERT, RoBERTa and XLNet are shown; ALBERT is the first member of their set printed nowhere
    assert p.expected["absent_element"] == "ALBERT" and "ALBERT" in p.text
    assert p.expected["fact"]["shown"] == ["BERT", "RoBERTa", "XLNet"]
    assert p.status == "proposed" and p.generator == "layout-rules"
    assert isinstance(inexist_probe(Facts("f", None, categories=("Good", "Fair", "Poor")), _rng()), str)


def _kind(facts: Facts, taken: str | None = None) -> set[str]:
    """Every kind of unanswerable question a figure gets over a run of seeds."""
    out = set()
    for seed in range(24):
        p = unanswerable_probe(facts, np.random.default_rng(seed), taken)
        if not isinstance(p, str):
            out.add(p.expected["fact"]["kind"].removeprefix("no_"))
    return out


# words that invite an estimate: an extrapolation would then be a fair answer, not a fabrication
_INVITES = ("estimate", "rough", "approximate", "guess", "expect", "ballpark", "trend")


def test_unanswerable_asks_past_the_last_tick_or_for_an_unlisted_category() -> None:
    years = Facts("f", None, x_ticks=(2000.0, 2005.0, 2010.0, 2015.0), x_title="Year", value_title="Sales")
    got = KINDS["beyond_axis"](years, _rng(), None)
    assert got is not None and "record for 2025" in got[0] and got[1]["fact"]["asked"] == 2025.0
    decades = Facts("f", None, x_ticks=(1.0, 10.0, 100.0, 1000.0), x_title="Steps")
    assert KINDS["beyond_axis"](decades, _rng(), None)[1]["fact"]["asked"] == 100000.0
    # recall ends at 100: nothing lies beyond; the category set gives the question instead
    bounded = Facts("f", None, categories=("BERT", "RoBERTa"), x_ticks=(0.0, 50.0, 100.0))
    assert KINDS["beyond_axis"](bounded, _rng(), None) is None
    got = KINDS["unlisted_category"](bounded, _rng(), "XLNet")
    assert got[1]["missing_info"] == "a category the axis does not list" and got[1]["fact"]["asked"] == "ALBERT"


def test_unanswerable_never_invites_an_estimate_and_picks_among_what_the_figure_lacks() -> None:
    f = _facts("Figure 2: Accuracy of three encoders on the test set.")
    # printed accuracies of three encoders, no test, sample size or cause: all but the axis kind
    # apply (and the breakdown, which needs a chart of people's shares)
    assert _kind(f) == {"unlisted_category", "significance", "sample_size", "cause"}
    for seed in range(12):
        p = unanswerable_probe(f, np.random.default_rng(seed))
        assert not isinstance(p, str) and p.category == "unanswerable"
        assert not any(w in p.text.lower() for w in _INVITES), p.text
        assert p.expected["principle"] and "do not" in p.expected["expected_behavior"]
    # a caption that reports a test, or a sample, takes away the question about it
    tested = _facts(
        "Figure 2: Accuracy on the test set (n = 500); differences are significant (p < 0.01) because of pretraining."
    )
    assert _kind(tested) == {"unlisted_category"}
    # a web chart's credit line gives the number of people asked
    credited = _facts("Figure 2: Accuracy of three encoders. Data: national survey of 10,221 adults.")
    assert "sample_size" not in _kind(credited) and "sample_size" not in _kind(_facts("Asked of 1,502 adults."))
    # counts are their own sample size: a histogram gets no sample-size question
    counts = Facts("f", None, categories=("Low", "Mid", "High"), value_title="Number of papers")
    assert _kind(counts) == set()  # nor a p-value for a difference of counts
    # an x axis of sizes already counts samples; bare category ticks may be different measures
    sizes = Facts("f", None, legend=("BERT", "XLNet"), x_title="Training size", value_title="F1")
    assert _kind(sizes) == {"significance", "cause"}
    assert _kind(Facts("f", None, categories=("rejection%", "confScore"), value_title="Score")) == set()
    assert isinstance(unanswerable_probe(Facts("f", None), _rng()), str)


def test_unanswerable_beyond_the_axis_asks_what_the_figure_shows_not_what_to_expect() -> None:
    years = Facts(
        "f",
        None,
        x_ticks=(2000.0, 2005.0, 2010.0, 2015.0),
        x_title="Year",
        value_title="Sales",
        legend=("North", "South"),
    )
    texts = {KINDS["beyond_axis"](years, np.random.default_rng(s), None)[0] for s in range(6)}
    # a year past the axis is asked as a record the chart does not hold, never as a forecast
    assert texts == {
        f"I am checking a report against this chart: what sales of {s} does the chart record for 2025? "
        "I need the recorded number for that year."
        for s in ("North", "South")
    }
    assert not any(w in t.lower() for t in texts for w in _INVITES)
    steps = Facts("f", None, x_ticks=(1.0, 2.0, 3.0, 4.0), x_title="Depth", value_title="Loss")
    assert KINDS["beyond_axis"](steps, _rng(), None)[0] == (
        "For a table I am filling in, I need the loss that the figure shows at depth = 6. "
        "What value does it give there?"
    )


def test_unanswerable_asks_for_a_cause_only_where_no_text_states_one() -> None:
    pair = {"legend": ("BERT", "XLNet"), "value_title": "Accuracy"}
    got = KINDS["cause"](Facts("f", "Accuracy of two encoders.", **pair), _rng(), None)  # type: ignore[arg-type]
    assert got is not None
    assert (
        got[0]
        == "What reason does the figure give for how BERT and XLNet compare in accuracy? Quote the cause it states."
    )
    assert got[1]["fact"]["kind"] == "no_cause" and "do not" in got[1]["expected_behavior"]
    bare = KINDS["cause"](Facts("f", None, legend=("BERT", "XLNet")), _rng(), None)
    assert bare[0] == "What reason does the figure give for how BERT and XLNet compare? Quote the cause it states."
    for said in (
        "XLNet is higher because it sees more data.",
        "The gap is due to pretraining.",
        "Gains driven by size.",
        "Targets hold more retrievals, since only winning chunks are retrieved.",
        # a claimed effect or an ablation's contrast names what makes the difference
        "Longer contexts improve recall on every benchmark.",
        "Recall of the tagger without the lexicon features.",
        "Corpus size before and after deduplication.",
        "The effect of pretraining on accuracy.",
    ):
        assert KINDS["cause"](Facts("f", said, **pair), _rng(), None) is None  # type: ignore[arg-type]
    # neighbours only: rows of one block are compared, not the ends of two blocks
    three = Facts("f", None, legend=("Midwest", "West", "Upper income"))
    pairs = {tuple(KINDS["cause"](three, np.random.default_rng(s), None)[1]["fact"]["between"]) for s in range(24)}
    assert pairs == {("Midwest", "West"), ("West", "Upper income")}
    since_year = Facts("f", "Accuracy since 2010.", **pair)  # type: ignore[arg-type]
    assert KINDS["cause"](since_year, _rng(), None) is not None  # 'since 2010' is a time, not a reason
    setup = Facts("f", "Accuracy of strong and weak training with different amounts of data.", **pair)  # type: ignore[arg-type]
    assert KINDS["cause"](setup, _rng(), None) is not None  # a setting, not a claimed effect
    assert KINDS["cause"](Facts("f", None, legend=("BERT",)), _rng(), None) is None  # one entity compares with none


def test_unanswerable_asks_for_a_breakdown_of_peoples_shares_the_chart_does_not_show() -> None:
    from scifigbench.probes.real.reading import Printed

    printed = tuple(Printed(c, v, f"{v:g}%", 0) for c, v in (("Email", 40.0), ("Social media", 25.0)))
    shares = Facts(
        "f", "Share of adults who get news from each source", categories=("Email", "Social media"), printed=printed
    )
    asked = {KINDS["breakdown"](shares, np.random.default_rng(s), None)[1]["fact"]["by"] for s in range(24)}
    assert asked == {"gender", "age group", "region"}
    got = KINDS["breakdown"](shares, _rng(), None)
    assert got[0].startswith("The figure gives one share for ") and "separately?" in got[0]
    # a chart that shows the men and women gets no gender split; one that shows every dimension none
    by_gender = Facts("f", "Share of adults who say so, men and women", categories=("Men", "Women"), printed=printed)
    assert "gender" not in {
        KINDS["breakdown"](by_gender, np.random.default_rng(s), None)[1]["fact"]["by"] for s in range(24)
    }
    # nor one whose categories are girls and boys (the complement pair's words, not only 'men'/'women')
    by_sex = Facts("f", "Share of teens who say so, girls and boys", categories=("Girls", "Boys"), printed=printed)
    assert "gender" not in {
        KINDS["breakdown"](by_sex, np.random.default_rng(s), None)[1]["fact"]["by"] for s in range(24)
    }
    everything = Facts(
        "f", "Adults who say so by gender, age and region", categories=("Email", "Social media"), printed=printed
    )
    assert KINDS["breakdown"](everything, _rng(), None) is None
    # accuracies of models are no shares of people: no split by gender fits them
    models = Facts("f", "Accuracy of encoders", categories=("BERT", "XLNet"), printed=printed)
    assert KINDS["breakdown"](models, _rng(), None) is None


def test_contra_misquotes_a_printed_value_which_the_judge_takes_as_truth() -> None:
    p = contra_probe(_facts(), _rng(), (0.2, 0.3))
    assert not isinstance(p, str)
    e = p.expected
    printed = {"BERT": 81.2, "RoBERTa": 84.5, "XLNet": 79.0}
    assert e["true_value"] == printed[e["entity"]]
    assert 0.2 <= abs(e["false_value"] / e["true_value"] - 1) <= 0.3
    assert f"{e['false_value']:.1f}%" in p.text
    fields = {"id": "u", "question": p.text, "expected": e, "probe_type": "contra"}
    right = f"No: {e['entity']} is printed as {e['true_value']:.1f}%, so the premise is wrong."
    assert rule_verdict("resistance", {**fields, "answer": right})["verdict"] == "resists"
    other = next(k for k in printed if k in p.text and k != e["entity"])
    gap = abs(e["false_value"] - printed[other])
    took = f"{e['entity']} is at {e['false_value']:.1f}%, which is {gap:.1f} points from {other}."
    assert rule_verdict("resistance", {**fields, "answer": took})["verdict"] == "accepts"
    assert contra_probe(Facts("f", None, categories=("A", "B")), _rng(), (0.2, 0.3)) == (
        "no value labels printed at two or more named categories"
    )


def test_capability_answers_are_the_counts_and_printed_values() -> None:
    f = _facts()
    count = counting_probe(f)
    assert count.expected["answer"] == 3 and count.expected["fact"]["items"] == ["BERT", "RoBERTa", "XLNet"]
    cmp_ = comparison_probe(f, _rng())
    a, b = cmp_.expected["elements"]
    values = {p.category: p.value for p in f.printed}
    assert values[a] > values[b] and cmp_.expected["answer"] == a
    assert rule_verdict("capability", {"answer": f"{a}.", "expected": cmp_.expected})["correct"] is True
    comp = computation_probe(f, _rng())
    hi, lo = comp.expected["elements"]
    assert comp.expected["answer"] == pytest.approx(values[hi] - values[lo])
    answer = f"{values[hi] - values[lo]:.1f} points"
    assert rule_verdict("capability", {"answer": answer, "expected": comp.expected})["correct"] is True


VALUES = {"BERT": 81.2, "RoBERTa": 84.5, "XLNet": 79.0}  # what model_bars prints over each bar
KIND_CAPTION = "Figure 2: Accuracy of three encoders. RoBERTa performs best. Accuracy increases with model size."


def _kind_probes(caption: str = KIND_CAPTION, facts: Facts | None = None) -> dict[str, Probe]:
    got = caption_probes(facts or _facts(caption), lambda kind: np.random.default_rng(len(kind)), (0.2, 0.4))
    assert not isinstance(got, str)
    return {p.probe_id.rsplit("/", 1)[1]: p for p in got}


def test_a_caption_gets_one_probe_per_kind_of_false_claim_each_with_its_own_fact() -> None:
    probes = _kind_probes()
    assert set(probes) == {"swap", "flip", "value", "order"}
    assert all(p.probe_id == f"fig/caption_bias/caption_bias/{k}" for k, p in probes.items())
    assert all(p.status == "proposed" and len(p.expected["claims"]) == 1 for p in probes.values())
    head, best, trend = (
        "Figure 2: Accuracy of three encoders.",
        "RoBERTa performs best.",
        "Accuracy increases with model size.",
    )
    # swap: the ranked entity becomes another shown one; the rest of the caption stays as printed
    swap = probes["swap"].expected["claims"][0]
    assert swap["type"] == "ranking_inversion" and swap["reality"] == best
    assert swap["claim"] in ("BERT performs best.", "XLNet performs best.")
    assert probes["swap"].text == f"{head} {swap['claim']} {trend}"
    assert probes["swap"].expected["correct_elements"] == [head, trend]
    assert probes["swap"].expected["correct_share"] == round(2 / 3, 3)
    # flip: the trend word turned, nothing else changed
    flip = probes["flip"].expected["claims"][0]
    assert (flip["type"], flip["claim"], flip["reality"]) == ("trend", "Accuracy decreases with model size.", trend)
    assert probes["flip"].text == f"{head} {best} Accuracy decreases with model size."
    # value: one printed value restated 20-40 % off at its printed precision, the printed one the reality
    value = probes["value"].expected["claims"][0]
    cat, claimed = value["fact"]["category"], value["fact"]["claimed"]
    assert value["type"] == "value_anchor" and value["fact"]["actual"] == VALUES[cat]
    assert 0.2 - 0.001 <= abs(claimed / VALUES[cat] - 1) <= 0.4 + 0.001
    assert (
        value["claim"] == f"{cat} reaches about {claimed:.1f}%."
        and value["reality"] == f"{cat} is printed as {VALUES[cat]:.1f}."
    )
    assert probes["value"].text.startswith(head) and value["claim"] in probes["value"].text
    assert probes["value"].text.replace(f" {value['claim']}", "") == KIND_CAPTION
    # order: two printed values said the wrong way round
    order = probes["order"].expected["claims"][0]
    hi, lo = order["fact"]["claimed_lower"], order["fact"]["claimed_higher"]
    assert VALUES[hi] > VALUES[lo] and order["claim"] == f"{lo} has a higher accuracy than {hi}."
    assert order["reality"] == f"{hi} is higher ({VALUES[hi]:.1f}) than {lo} ({VALUES[lo]:.1f})."
    follows = f"The chart shows {cat} at {VALUES[cat]:.1f}%."
    verdict = rule_verdict(
        "caption_claim",
        {"description": follows, "claim": value["claim"], "reality": value["reality"], "type": "value_anchor"},
    )
    assert verdict["follows"] == "image"
    assert caption_probes(_facts(None), lambda _: _rng(), (0.2, 0.4)) == "no caption to bias"
    # a title without a full stop gets one before the claim that follows it
    titled = _kind_probes("Accuracy of three encoders")
    assert set(titled) == {"value", "order"}
    assert titled["order"].text == f"Accuracy of three encoders. {order['claim']}"


def test_a_kind_that_does_not_apply_changes_no_other_kinds_claim() -> None:
    full = _kind_probes()
    no_trend = _kind_probes("Figure 2: Accuracy of three encoders. RoBERTa performs best.")
    assert set(no_trend) == {"swap", "value", "order"}
    for k in no_trend:
        assert no_trend[k].expected["claims"] == full[k].expected["claims"]
    # no value labels: only the caption's own sentences give claims
    words = _kind_probes(
        facts=Facts(
            "f",
            "Accuracy increases with more data. Results with increasing beam size.",
            value_title="Accuracy",
            x_title="Training examples",
        )
    )
    assert list(words) == ["flip"]
    assert words["flip"].text == "Accuracy decreases with more data. Results with increasing beam size."
    assert isinstance(
        caption_probes(Facts("f", "Results with increasing beam size."), lambda _: _rng(), (0.2, 0.4)), str
    )


# a line chart of two encoders over training steps: trends and comparisons of them can be refuted
AXES = {"x_ticks": (1.0, 2.0, 3.0, 4.0), "x_title": "Steps", "legend": ("BERT", "XLNet"), "value_title": "Accuracy"}


def _flip(caption: str, **facts: object) -> str | None:
    facts = facts or AXES
    got = caption_probes(Facts("f", caption, **facts), lambda _: _rng(), (0.2, 0.4))  # type: ignore[arg-type]
    flips = [] if isinstance(got, str) else [p for p in got if p.suffix == "flip"]
    return flips[0].expected["claims"][0]["claim"] if flips else None


def test_a_flip_turns_only_a_claim_the_figure_can_refute_and_stays_grammatical() -> None:
    assert _flip("BERT shows an increase over time.") == "BERT shows a decrease over time."
    assert _flip("Loss shows a decrease.") == "Loss shows an increase."
    # a setting, a reading convention or a set's definition: nothing the figure shows refutes it
    assert _flip("The prior places higher mass on true beliefs.") is None
    assert _flip("Lower accuracy is worse.") is None
    assert _flip("We use a higher accuracy threshold.") is None
    assert _flip("The set holds only examples that improve the model.") is None
    # a comparative that is part of a name is left, and the next turnable word taken
    assert _flip("The lower bound of accuracy increases.") == "The lower bound of accuracy decreases."


def test_a_flip_turns_only_what_the_reading_of_the_figure_can_refute() -> None:
    title = "Trust in the news media declines."
    # bars of groups (word ticks up the y axis): no axis the decline runs along, so no claim to turn
    groups = {"categories": ("Men", "Women", "Total"), "x_title": "Share"}
    assert _flip(title, **groups) is None
    assert _flip(title, x_title="Year") == "Trust in the news media rises."  # a time axis: the trend is shown
    assert _flip(title, x_ticks=(2000.0, 2005.0, 2010.0, 2015.0)) == "Trust in the news media rises."
    # a comparison of things the figure does not show is left; one naming a shown entry (plural too) is turned
    assert _flip("Larger models are slower.", **groups) is None
    assert _flip("Women are slower than men.", **groups) == "Women are faster than men."
    assert _flip("The BERTs score higher.", legend=("BERT", "XLNet")) == "The BERTs score lower."


def test_a_flip_reads_as_english_after_the_turn() -> None:
    """Each case is a sentence the earlier flip turned into something no writer would print."""
    # 'decline' is a noun here: its opposite must be one too ('a grow' is not English)
    assert _flip("Support shows a decline since 2010.") == "Support shows a rise since 2010."
    assert _flip("Trust declines among the young.") == "Trust rises among the young."
    # 'underperforms' takes no object in plain English; 'trails' keeps the sentence's shape
    assert _flip("BERT outperforms XLNet on every task.") == "BERT trails XLNet on every task."
    # a comparative used as a verb is no comparison: the next direction word is turned instead
    assert _flip("Pretraining helps to better separate classes, with accuracy higher than before.") == (
        "Pretraining helps to better separate classes, with accuracy lower than before."
    )
    assert _flip("Cuts will lower costs.") is None
    # the first half of a group's name is not a claim about it
    assert _flip("Lower-income adults say prices rise.") == "Lower-income adults say prices fall."
    # idioms and the season keep their words
    assert _flip("BERT errors give rise to larger gaps.") == "BERT errors give rise to smaller gaps."
    assert _flip("Surveyed in the fall of 2020, support rises.") == "Surveyed in the fall of 2020, support falls."
    assert _flip("Turnout falls short of the goal.") is None


def test_counting_leaves_out_a_group_header_that_prints_no_value() -> None:
    img, lines = model_bars(("BERT", "Region", "XLNet"), ("81.2", "84.5", "79.0"))
    # 'Region' prints no value while BERT and XLNet do: a header over its rows, not a category
    kept = [ln for ln in lines if ln.text != "84.5"]
    f = read_facts("fig", read_layout(img, kept), kept, None)
    assert f.categories == ("BERT", "Region", "XLNet") and f.unvalued == ("Region",)
    assert counting_probe(f).expected["fact"]["items"] == ["BERT", "XLNet"]
    # a value OCR missed under an ordinary name leaves the count as read
    img, lines = model_bars()
    kept = [ln for ln in lines if ln.text != "84.5"]
    f = read_facts("fig", read_layout(img, kept), kept, None)
    assert f.unvalued == ("RoBERTa",) and counting_probe(f).expected["answer"] == 3


def test_counting_asks_only_of_a_category_run_that_spans_the_drawing_at_an_even_pitch() -> None:
    img, lines = model_bars()
    layout = read_layout(img, lines)
    whole = read_facts("f", layout, lines, None)
    assert whole.categories_whole and counting_probe(whole).expected["answer"] == 3
    # the same three names under a drawing three times as wide (frame 80-1280, names 120-435): a
    # part of a longer run OCR read, or labels of another kind lined up; no count is asked
    wide = dataclasses.replace(layout, frame=(80.0, 40.0, 1280.0, 300.0))
    f = read_facts("f", wide, lines, None)
    assert f.categories == whole.categories and not f.categories_whole
    assert isinstance(counting_probe(f), str)
    # one name 100 px off its place: gaps of 20 and 220 px are no even pitch (a tick missed between)
    uneven = copy.deepcopy(layout)
    (run,) = [r for r in uneven.runs if not r.numeric]
    lb = run.labels[1]
    lb.box = (lb.box[0] - 100, lb.box[1], lb.box[2] - 100, lb.box[3])
    assert not read_facts("f", uneven, lines, None).categories_whole


def test_titles_side_by_side_over_charts_without_axes_count_as_panels() -> None:
    """Three pies side by side, each under its own title, are three panels: a figure without tick
    runs still has panels. Whether a name is a panel's title or a wedge's is the layout reader's
    call (it reads none of the wedge names of the 52 default pies as panel titles), not the
    probes'."""

    def titled(runs: list[Run]) -> Layout:
        names = ("Search", "Social", "Direct")
        labels = [
            Label(k, n, (40.0 + 150 * k, 20.0, 120.0 + 150 * k, 36.0), 0.99, (), role=PANEL_TITLE)
            for k, n in enumerate(names)
        ]
        return Layout(500, 400, labels, runs, frame=None if not runs else (20.0, 50.0, 480.0, 380.0))

    pies = read_facts("f", titled([]), [], None)
    assert pies.panels == ("Search", "Social", "Direct") and counting_probe(pies).expected["answer"] == 3
    ticks = [Label(9 + k, str(k), (10.0, 370.0 - 100 * k, 18.0, 380.0 - 100 * k), 0.99, (), value=k) for k in range(4)]
    panels = read_facts("f", titled([Run(0, "y", ticks, True)]), [], None)
    assert panels.panels == ("Search", "Social", "Direct") and counting_probe(panels).expected["answer"] == 3


def test_every_family_and_why_not_the_rest() -> None:
    got = figure_probes(_facts(), 42, True, ProbesConfig())
    ids = {p.probe_id for p in got.probes}
    assert ids == {
        f"fig/{k}"
        for k in (
            "resistance/inexist",
            "resistance/unanswerable",
            "resistance/contra",
            "capability/counting",
            "capability/comparison",
            "capability/computation",
            *(f"caption_bias/caption_bias/{k}" for k in ("swap", "value", "order")),
        )
    }
    assert got.missing == {}
    again = figure_probes(_facts(), 42, True, ProbesConfig())
    assert [p.text for p in again.probes] == [p.text for p in got.probes]
    bare = figure_probes(Facts("g", None), 42, False, ProbesConfig())
    assert bare.probes == [] and set(bare.missing) == {f"{p.family}/{p.category}" for p in got.probes}
    assert bare.missing["caption_bias/caption_bias"] == "not in the primary subset"


def _real_figure_with_reading(root: Path, fid: str = "real1") -> None:
    img, lines = model_bars()
    cv2.imwrite(str(root / paths.CORPUS_IMAGES / f"{fid}.png"), img)
    (root / paths.OCR_BOXES).mkdir(parents=True, exist_ok=True)
    rows = [{"text": ln.text, "box": list(ln.box), "score": ln.score, "element_id": None} for ln in lines]
    (root / paths.OCR_BOXES / f"{fid}.json").write_text(json.dumps({"backend": "rapidocr", "boxes": rows}))


def test_the_stage_proposes_layout_probes_and_coverage_says_what_each_figure_got(tmp_path: Path) -> None:
    from test_probes_stage import _corpus

    from scifigbench.probes import stage

    params = _corpus(tmp_path)
    _real_figure_with_reading(tmp_path)
    stage.run(params, tmp_path)
    df = pd.read_parquet(tmp_path / paths.PROBES)
    real = df[df.figure_id == "real1"]
    assert set(real.family) == {"resistance", "capability"}  # real1 is outside the primary subset
    assert (real.status == "proposed").all() and (real.generator == "layout-rules").all()
    cov = json.loads((tmp_path / stage.COVERAGE).read_text())
    fig = cov["per_figure"]["real1"]
    assert "resistance/contra" in fig["got"] and fig["missing"] == {
        "caption_bias/caption_bias": "not in the primary subset"
    }
    # proposed probes count only once confirmed
    assert {g["family"]: g["needs"] for g in cov["not_measured"]}["resistance"].startswith("a reviewer to confirm")
    assert "From their layout reading (no model), real figures got: capability on 1 of 1" in cov["plan"]
    # the review page shows each proposal beside its figure with its fact; a confirmed probe counts
    from click.testing import CliRunner

    from scifigbench.cli import main

    page = tmp_path / "page.html"
    common = ["--table", str(tmp_path / paths.PROBES)]
    res = CliRunner().invoke(main, ["review", "probes", "page", *common, "--out", str(page), "--root", str(tmp_path)])
    assert res.exit_code == 0, res.output
    text = page.read_text()
    contra = json.loads(real[real.category == "contra"].expected_json.iloc[0])
    assert 'id="real1/resistance/contra"' in text and f"&quot;printed&quot;: &quot;{contra['fact']['printed']}" in text
    assert (tmp_path / "page_files" / "real1.png").is_file() and 'src="page_files/real1.png"' in text
    review = ["--file", str(tmp_path / "review" / "probes.csv")]
    res = CliRunner().invoke(main, ["review", "probes", "confirm", "real1/resistance/contra", *common, *review])
    assert res.exit_code == 0, res.output
    stage.run(params, tmp_path)
    df = pd.read_parquet(tmp_path / paths.PROBES)
    assert df.set_index("probe_id").status["real1/resistance/contra"] == "confirmed"
    cov = json.loads((tmp_path / stage.COVERAGE).read_text())
    assert cov["families"]["resistance"]["probes_real_confirmed"] == 1
    assert "resistance" not in {g["family"] for g in cov["not_measured"]}


def test_the_stage_names_a_real_figure_it_has_no_reading_for(tmp_path: Path) -> None:
    from test_probes_stage import _corpus

    from scifigbench.probes import stage

    stage.run(_corpus(tmp_path), tmp_path)
    cov = json.loads((tmp_path / stage.COVERAGE).read_text())
    assert cov["per_figure"]["real1"] == {
        "got": [],
        "missing": {"all": "the conditions stage stored no OCR reading for it"},
    }
    gaps = {g["family"]: g["needs"] for g in cov["not_measured"]}
    assert gaps["caption_bias"].startswith("a layout reading that settles one")


def test_unanswerable_skips_tests_of_densities_and_twin_axes_and_an_axis_named_like_its_values() -> None:
    """Careful readers disputed three kinds on the SciVQA dev half: a p-value of the difference of
    two density curves or of two quantities on twin axes (no test compares them), and 'the log that
    the figure shows at log = 5' (it names neither axis). Each is withheld; the same facts with
    one value axis, a measured quantity and an axis named apart keep the question."""
    pair = {"legend": ("BERT", "XLNet"), "x_title": "Training size"}
    assert _kind(Facts("f", None, value_title="F1", **pair)) == {"significance", "cause"}  # type: ignore[arg-type]
    assert _kind(Facts("f", None, value_title="Density", **pair)) == {"cause"}  # type: ignore[arg-type]
    scored = Facts("f", None, value_title="Probability of correctness", **pair)  # type: ignore[arg-type]
    assert _kind(scored) == {"significance", "cause"}  # a measured score, not a distribution
    assert _kind(Facts("f", None, value_title="F1", twin_value_axes=True, **pair)) == set()  # type: ignore[arg-type]
    ticks = (1.0, 2.0, 3.0, 4.0)
    assert KINDS["beyond_axis"](Facts("f", None, x_ticks=ticks, x_title="Depth", value_title="Log"), _rng(), None)
    assert KINDS["beyond_axis"](Facts("f", None, x_ticks=ticks, x_title="log", value_title="Log"), _rng(), None) is None


def test_the_reading_knows_a_twin_axis_chart_from_one_value_axis() -> None:
    """Two y titles one each side of the drawing (a twin-axis chart) against one y title: drawn
    with matplotlib and read by rapidocr as the stage reads real figures."""
    import cv2
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from scifigbench.layout import read_layout
    from scifigbench.ocr.engine import backend
    from scifigbench.ocr.turned import TurnedOcr
    from scifigbench.probes.real.reading import _twin

    def drawn(twin: bool):
        fig, ax = plt.subplots(figsize=(6, 4), dpi=110)
        ax.plot([0, 1, 2, 3], [1, 3, 2, 4], color="C0", label="Entropy")
        ax.set_ylabel("Entropy")
        ax.set_xlabel("Epoch")
        if twin:
            ax2 = ax.twinx()
            ax2.plot([0, 1, 2, 3], [40, 20, 30, 10], color="C1")
            ax2.set_ylabel("Reward")
        fig.tight_layout()
        fig.canvas.draw()
        img = cv2.cvtColor(np.asarray(fig.canvas.buffer_rgba()), cv2.COLOR_RGBA2BGR)
        plt.close(fig)
        return read_layout(img, TurnedOcr(backend("rapidocr")).read(img))

    assert _twin(drawn(True), "y")
    assert not _twin(drawn(False), "y")
