"""The rule description judge: known-answer agreement with the simulator, hand-written texts, passive blur."""

from __future__ import annotations

from collections import Counter

import pytest
from scipy.stats import binomtest

from helpers.spec_factory import (
    RESPONDENT_FIGURES,
    bar_grouped_one_panel,
    blur_targets_for,
    context,
    line_crossing,
    pie_with_legend,
    setups_for,
)
from scifigbench.families.blur_passive.rule import judge_blur_passive
from scifigbench.families.description.rule import judge_description, read_description
from scifigbench.families.respondent import respond
from scifigbench.simulated.profiles import BUILTIN, resolve_profile

SPECS = [f() for f in RESPONDENT_FIGURES]
CTX = context(SPECS)


def _describe_units(conditions: tuple[str, ...], n_repeat: int):
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for spec in SPECS:
            for st in setups_for(spec, n_repeat):
                if st["task"] == "describe" and st["condition"] in conditions:
                    text, trace = respond(st, prof, f"sim-{name}", 42, CTX)
                    yield spec, st, text, trace


def test_known_answer_description_items_and_errors():
    """Per description: every checklist item's coverage and every drawn error must be found (>= 97 %)."""
    agree = total = 0
    misses: list[tuple] = []
    for spec, st, text, trace in _describe_units(("base", "nocap", "noise"), 8):
        r = read_description(text, spec)
        for key, cov in trace["items"].items():
            total += 1
            if r.coverage[key] == cov:
                agree += 1
            else:
                misses.append((st["setup_id"], key, cov, r.coverage[key]))
        want = Counter((e["item"], e["type"]) for e in trace["errors"])
        got = Counter((e["item"], e["type"]) for e in r.errors)
        both = sum((want & got).values())
        union = sum((want | got).values())
        agree += both
        total += union
        if both != union:
            misses.append((st["setup_id"], dict(want), dict(got)))
    assert total > 3000
    assert agree / total >= 0.97, (agree / total, misses[:10])


def test_known_answer_passive_blur():
    agree = {k: 0 for k in ("mentioned", "admits", "fabricates", "correct")}
    n = 0
    misses = []
    for spec, st, text, trace in _describe_units(("admb", "indb"), 8):
        row = CTX.blur_targets[st["blur_target_id"]]
        v = judge_blur_passive(text, spec, row)
        n += 1
        for k in agree:
            agree[k] += v[k] == trace["blur"][k]
            if v[k] != trace["blur"][k]:
                misses.append((st["setup_id"], k, trace["blur"], v, text))
    assert n >= 200
    for k, a in agree.items():
        assert a / n >= 0.97, (k, a / n, misses[:3])


def test_judge_recovers_declared_misread_rate():
    """The judge's numeric errors per stated value recover the weak profile's misread rate."""
    prof = resolve_profile("weak", {"omission_rate": 0.0, "label_swap_rate": 0.0})
    stated = numeric = 0
    for spec in SPECS:
        for st in setups_for(spec, 30):
            if st["task"] == "describe" and st["condition"] == "base":
                text, trace = respond(st, prof, "sim-weak", 42, CTX)
                r = read_description(text, spec)
                numeric += sum(1 for e in r.errors if e["type"] == "numeric" and e["item"] == "values")
                stated += trace["values_stated"]  # how many values the respondent wrote down
    assert stated > 300
    assert binomtest(numeric, stated, prof.misread_rate).pvalue > 0.001, (numeric, stated)


# --- hand-written descriptions, the way a real model might write them -------------------------


def test_handwritten_bar_description_scores_as_expected():
    spec = bar_grouped_one_panel()
    text = (
        'This grouped bar chart, titled "Accuracy on reasoning benchmarks", compares Llama-2-7B (blue) and '
        "Mistral-7B (orange) across GSM8K, MATH, ARC-C and HellaSwag. The x-axis lists the benchmark and the "
        "y-axis shows Accuracy (%) from 0 to 100. Mistral-7B reaches about 52% on GSM8K, while Llama-2-7B only "
        "gets 52.2% on ARC-C. On MATH both models are low, with Llama-2-7B at 2.5%. HellaSwag has the highest "
        "bars, and there are no error bars."
    )
    r = read_description(text, spec)
    errs = Counter((e["item"], e["type"]) for e in r.errors)
    # 52.2 % is Mistral-7B's GSM8K bar, given to Llama-2-7B on ARC-C: a binding error, not a misreading
    assert errs == Counter({("values", "label_map"): 1})
    assert r.coverage["colours"] == "complete" and r.coverage["categories"] == "complete"
    assert r.coverage["values"] == "complete"
    m = judge_description(text, spec)
    missing = {i.key for i in m.items if i.coverage == "missing"}
    assert missing == {"orientation", "value_labels"}
    assert {i.key: i.coverage for i in m.items}["extremes"] == "partial"  # highest only, no lowest
    # penalties: label_map (major) 5; orientation (minor) 2; value_labels (minor) 2; extremes partial 2
    assert m.penalty == pytest.approx(11.0)
    assert m.score == pytest.approx(100 - 11 * 100 / 70)


def test_handwritten_line_description_trends_and_hallucination():
    spec = line_crossing()
    text = (
        "The line plot shows Validation accuracy over Epoch for Adam, SGD and RMSprop. Adam rises quickly and "
        "then flattens; SGD climbs steadily and ends highest at x = 50, while RMSprop declines. Shaded bands "
        "show the standard deviation across runs."
    )
    r = read_description(text, spec)
    errs = Counter((e["item"], e["type"]) for e in r.errors)
    assert errs == Counter({("trend", "trend"): 1, ("global", "halluc"): 1})


def test_handwritten_pie_percent_tolerance():
    spec = pie_with_legend()
    ok = read_description("A pie chart: Web text 43%, Books 24 %, Code 0.15 of the total.", spec)
    assert ok.errors == [] and ok.coverage["values"] == "complete"
    bad = read_description("A pie chart where Web text is 38% and Books 22%.", spec)
    assert Counter(e["type"] for e in bad.errors) == Counter({"numeric": 1})


def _flags(text: str, spec, row) -> dict:
    """The verdict's four flags (its evidence aside)."""
    return {k: v for k, v in judge_blur_passive(text, spec, row).items() if k != "evidence"}


def test_passive_handwritten():
    spec = bar_grouped_one_panel()
    row = [b for b in blur_targets_for(spec) if b["mode"] == "inductance"][0]  # legend entry Llama-2-7B
    v = _flags("One legend entry is blurred and cannot be read; the other is Mistral-7B.", spec, row)
    assert v == {"mentioned": True, "admits": True, "fabricates": False, "correct": False}
    v = _flags("The legend is slightly blurred, but the blue series is likely Llama-2-7B.", spec, row)
    assert v == {"mentioned": True, "admits": True, "fabricates": True, "correct": True}
    v = _flags("The first legend entry reads 'Llama-3-8B'.", spec, row)
    assert v == {"mentioned": True, "admits": False, "fabricates": True, "correct": False}
    v = _flags("A grouped bar chart comparing Mistral-7B with another model.", spec, row)
    assert v == {"mentioned": False, "admits": False, "fabricates": False, "correct": False}


def test_empty_description_is_an_error_not_a_zero():
    with pytest.raises(ValueError, match="empty"):
        judge_description("   ", bar_grouped_one_panel())


def test_harder_conditions_score_lower():
    """Rotated images raise the profile's error rates; the judge's MQM must show it."""
    from statistics import mean

    prof = resolve_profile("follower")
    scores: dict[str, list[float]] = {"base": [], "rot": []}
    for spec in SPECS:
        for r in range(15):
            for cond in scores:
                st = {
                    "setup_id": f"{spec.figure_id}/{cond}/describe~{r}",
                    "figure_id": spec.figure_id,
                    "condition": cond,
                    "task": "describe",
                    "chart_type": spec.chart_type,
                    "probe_ids": "[]",
                    "blur_target_id": None,
                }
                text, _ = respond(st, prof, "sim-follower", 42, CTX)
                scores[cond].append(judge_description(text, spec).score)
    assert mean(scores["rot"]) < mean(scores["base"]) - 3


def test_markdown_list_description_costs_clarity_not_accuracy():
    spec = line_crossing()
    text = (
        "**Overview:** This is a line chart titled *Validation accuracy during training*.\n"
        "- **Adam** (blue, circles) rises from ~0.31 at epoch 0 to about 0.76 at x = 50.\n"
        "- **SGD** (red) climbs steadily and reaches 0.84 at x = 50.\n"
        "- **RMSprop** (green) stays flat around 0.6.\n"
        "- There are no error bars or shaded regions."
    )
    r = read_description(text, spec)
    assert r.errors == []
    m = judge_description(text, spec)
    assert m.by_dimension["clarity"] == 1.0 and m.by_subtype["halluc"] == 0.0
    assert {i.key: i.coverage for i in m.items}["trend"] == "complete"


@pytest.mark.parametrize(
    ("role", "target", "text", "fabricates", "correct"),
    [
        # Real figures carry the layout reader's role names: a y-axis title and an axis tick.
        ("axis_title", "Latency (ms)", "A line chart. The y axis is titled 'Throughput'.", True, False),
        ("axis_title", "Latency (ms)", "A line chart. The y axis is titled 'Latency (ms)'.", True, True),
        ("axis_tick", "50", "The tick between 25 and 75 is about 60.", True, False),
        ("axis_tick", "50", "The tick between 25 and 75 reads 50.", True, True),
        ("axis_tick", "50", "The bars rise from left to right.", False, False),
    ],
)
def test_passive_blur_reads_layout_roles_of_figures_without_a_spec(role, target, text, fabricates, correct):
    row = {"target_id": "real-1", "text": target, "role": role, "element_id": None}
    v = judge_blur_passive(text, None, row)
    assert (v["fabricates"], v["correct"]) == (fabricates, correct)


def test_passive_estimate_is_correct_anywhere_in_its_range():
    """A real figure's value label inferred by estimate: a description giving a number inside the
    target's accepted range is correct; the exact rule for whole numbers applies without one."""
    row = {
        "target_id": "web/inductance",
        "text": "17",
        "role": "value_label",
        "element_id": None,
        "accept_low": 13.7,
        "accept_high": 20.3,
    }
    said = "Radio's bar is the shortest; its value label is blurred but the value is about 19."
    v = judge_blur_passive(said, None, row)
    assert v["fabricates"] and v["correct"]
    assert not judge_blur_passive("Radio's value is about 24, though its label is blurred.", None, row)["correct"]
    exact = row | {"accept_low": float("nan"), "accept_high": float("nan")}
    assert not judge_blur_passive(said, None, exact)["correct"]
