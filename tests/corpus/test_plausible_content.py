"""What the synthetic figures claim must be what a reader who knows the field would believe.

Many specs of every kind are sampled and every rule is checked against facts written here, in the
test, independently of the corpus's vocabulary: which way a metric is better and how high it can
go, which datasets a metric is reported on, which models are served only through an API (so no
training curves of theirs), where a random baseline sits, how metric names are cased. The texts
printed on drawn figures are checked for anything that says the figure was generated.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest

from scifigbench.concepts.kinds import CHART_KINDS
from scifigbench.corpus.generate import generate
from scifigbench.corpus.plausible import AT_MOST
from scifigbench.corpus.styles import STYLES
from scifigbench.corpus.synthetic import build_figure
from scifigbench.corpus.vocab import DOMAINS
from scifigbench.spec import FigureSpec, Panel

# metric name -> (higher is better, the most it can be or None)
METRICS = {
    "Accuracy": (True, 100),
    "Pass@1": (True, 100),
    "Pass@10": (True, 100),
    "BLEU": (True, 100),
    "chrF": (True, 100),
    "COMET": (True, 100),
    "CIDEr": (True, None),
    "SPICE": (True, 100),
    "BLEU-4": (True, 100),
    "nDCG@10": (True, 100),
    "Recall@100": (True, 100),
    "WER": (False, 100),
    "CER": (False, 100),
    "Perplexity": (False, None),
    "Training loss": (False, None),
    "Validation perplexity": (False, None),
    "Captioning loss": (False, None),
    "Latency": (False, None),
    "Distillation loss": (False, None),
    "Contrastive loss": (False, None),
    "CTC loss": (False, None),
    "Inference time": (False, None),
    "Time per problem": (False, None),
    "GPU memory": (False, None),
    "Time per step": (False, None),
    "Real-time factor": (False, None),
    "Validation loss": (False, None),
    "Learning rate": (None, 10),  # a setting, no better direction; in 1e-4, Adam's rates stay under 1e-3
    "Singular value": (None, None),  # a measurement, no better direction
}
# which datasets each task's metrics are reported on
CAPTION_SETS = {"COCO Captions", "NoCaps", "Flickr30k", "TextCaps", "VizWiz-Captions"}
MT_SETS = {"WMT14 En-De", "WMT14 En-Fr", "WMT16 En-Ro", "IWSLT14 De-En", "FLORES-200", "WMT19 Zh-En"}
SPEECH_SETS = {"LibriSpeech clean", "LibriSpeech other", "CommonVoice", "TED-LIUM 3", "VoxPopuli", "Switchboard", "AMI"}
CODE_SETS = {"HumanEval", "MBPP", "HumanEval+", "MBPP+", "DS-1000", "APPS"}
IR_SETS = {"MS MARCO", "Natural Questions", "TriviaQA", "HotpotQA", "FiQA", "SciFact", "NFCorpus", "TREC-COVID"}
ACCURACY_SETS = {
    "GSM8K",
    "MATH",
    "ARC-C",
    "HellaSwag",
    "MMLU",
    "BBH",
    "StrategyQA",
    "CSQA",
    "SVAMP",
    "AQuA",
    "VQAv2",
    "OK-VQA",
    "TextVQA",
    "GQA",
    "VizWiz",
    "ScienceQA",
    "ChartQA",
    "SST-2",
    "MNLI",
    "QNLI",
    "QQP",
    "RTE",
    "MRPC",
    "BoolQ",
}
REPORTED_ON = {
    "CIDEr": CAPTION_SETS,
    "SPICE": CAPTION_SETS,
    "BLEU-4": CAPTION_SETS,
    "BLEU": MT_SETS,
    "chrF": MT_SETS,
    "COMET": MT_SETS,
    "WER": SPEECH_SETS,
    "CER": SPEECH_SETS,
    "Pass@1": CODE_SETS,
    "Pass@10": CODE_SETS,
    "nDCG@10": IR_SETS,
    "Recall@100": IR_SETS,
    "Accuracy": ACCURACY_SETS,
}
ALL_SETS = set().union(*REPORTED_ON.values())
API_ONLY = {"GPT-4o", "GPT-4", "Claude 3.5", "Claude 3.5 Sonnet", "GPT-3.5", "PaLI-X", "Flamingo-9B", "CoCa", "SimVLM"}
NOT_GENERATIVE = {"CLIP", "CLIP ViT-L/14", "BERT-base", "RoBERTa-base"}  # encoders: never scored as generators
TRAINING_AXES = ("Training steps", "Epoch")
SCALING_AXES = ("Parameters", "Training tokens")  # a loss falls as either grows
# metrics ordered by definition: a problem solved in one sample is solved in ten (lower, higher)
AT_MOST_IN_TEST = (("Pass@1", "Pass@10"),)
GIVEAWAYS = re.compile(r"synthetic|scifigbench|generated|charting library|chart made with|lorem", re.IGNORECASE)

N_PER_KIND = 40


@pytest.fixture(scope="module")
def specs(figure_store) -> list[FigureSpec]:
    return [figure_store.generated(42, kind, i, 60) for kind in CHART_KINDS for i in range(N_PER_KIND)]


def _metric(label: str | None) -> str | None:
    """The metric an axis label names ("Accuracy (%)" -> "Accuracy"), or None for no label."""
    if not label:
        return None
    name = re.sub(r"\s*\([^)]*\)$", "", label)
    return name


def _value_metric(panel: Panel) -> str | None:
    if panel.kind == "heatmap":
        return _metric(panel.scale_label)
    horizontal = panel.orientation == "horizontal"
    return _metric(panel.x_label if horizontal else panel.y_label)


def _names(spec: FigureSpec) -> set[str]:
    out = set()
    for p in spec.panels:
        out.update(p.categories)
        out.update(s.name for s in p.series)
        out.update(filter(None, [p.title]))
        out.update(p.point_labels or [])
    return out


def _texts(spec: FigureSpec) -> list[str]:
    out = [spec.title or ""]
    for p in spec.panels:
        out += [p.title or "", p.x_label or "", p.y_label or "", p.y2_label or ""]
        out += [s.name for s in p.series] + list(p.categories) + [a.text for a in p.annotations]
    return [t for t in out if t]


def test_every_axis_metric_is_known_and_stays_in_its_range(specs):
    """Each value axis names a metric of the table; no value and no axis end runs past its ceiling
    (a percentage or a score out of 100 never above 100: no COMET axis to 120)."""
    for spec in specs:
        for p in spec.panels:
            if p.kind in ("pie", "histogram"):
                continue
            name = _value_metric(p)
            assert name in METRICS, (spec.figure_id, name)
            ceiling = METRICS[name][1]
            if ceiling is None or p.stacked:
                continue
            values = [v for s in p.series if s.axis != "right" for v in s.values]
            assert max(values) <= ceiling, (spec.figure_id, name)
            assert p.y_range is None or p.y_range[1] <= ceiling, (spec.figure_id, name, p.y_range)


def test_datasets_fit_the_metric_they_are_scored_in(specs):
    """A dataset shown with a metric is one that metric is reported on (no CIDEr on DocVQA, no
    ANLS on NoCaps), and no figure mixes datasets of two tasks."""
    for spec in specs:
        for p in spec.panels:
            name = _value_metric(p) if p.kind not in ("pie", "histogram") else None
            shown = (_names(spec) & ALL_SETS) | ({spec.title} & ALL_SETS)
            if name in REPORTED_ON:
                assert shown <= REPORTED_ON[name], (spec.figure_id, name, shown - REPORTED_ON[name])
            tasks = {m for m, sets in REPORTED_ON.items() if shown and shown <= sets}
            assert not shown or tasks, (spec.figure_id, shown)


def test_models_fit_the_task(specs):
    """No contrastive encoder or classifier is scored as a generator, and no API-only model has a
    training curve (a loss over steps, or any curve over training steps or epochs)."""
    for spec in specs:
        names = _names(spec)
        generating = {_value_metric(p) for p in spec.panels} & {"CIDEr", "SPICE", "BLEU-4", "Pass@1", "Pass@10"}
        vqa = bool(names & (ACCURACY_SETS & {"VQAv2", "OK-VQA", "TextVQA", "GQA", "VizWiz", "ScienceQA", "ChartQA"}))
        if generating or vqa:
            assert not (names & NOT_GENERATIVE), (spec.figure_id, names & NOT_GENERATIVE)
        for p in spec.panels:
            training = (p.x_label or "") in TRAINING_AXES or spec.shared_x
            lossy = (_value_metric(p) or "").lower().endswith(("loss", "perplexity"))
            if p.kind in ("line", "area", "dualaxis", "curve") and (training or lossy):
                drawn = {s.name for s in p.series} | {s.name.rsplit(" ", 1)[0] for s in p.series}
                assert not (drawn & API_ONLY), (spec.figure_id, drawn & API_ONLY)


def test_directions_are_those_of_the_metric(specs):
    """Quality rises and losses fall over training; a scatter's groups improve with the resource
    on x (a higher-is-better metric rises, an error rate falls)."""
    for spec in specs:
        for p in spec.panels:
            name = _value_metric(p)
            if name not in METRICS:
                continue
            better_up = METRICS[name][0]
            if better_up is None:
                continue
            if p.kind == "scatter":
                for s in p.series:
                    slope = np.polyfit(p.x_values, s.values, 1)[0]
                    assert (slope > 0) == better_up, (spec.figure_id, s.name, name, slope)
            elif p.kind in ("line", "curve") and (spec.panels[-1].x_label or "") in TRAINING_AXES + SCALING_AXES:
                for s in p.series:
                    assert (s.values[-1] > s.values[0]) == better_up, (spec.figure_id, s.name, name)


def test_the_authors_own_curve_ends_best(specs):
    """Over a training run or a scaling study, a series named "Ours" ends with the best value of
    its panel (a paper does not plot its own method as the worst)."""
    checked = 0
    for spec in specs:
        if spec.chart_type != "curve" or spec.variant not in ("training", "scaling"):
            continue
        for p in spec.panels:
            ours = [s for s in p.series if s.name.startswith("Ours")]
            if len(ours) != 1:
                continue
            better_up = METRICS[_value_metric(p)][0]
            ends = [s.values[-1] for s in p.series]
            assert ours[0].values[-1] == (max(ends) if better_up else min(ends)), (spec.figure_id, p.index)
            checked += 1
    assert checked >= 3


def test_a_random_baseline_sits_below_every_system(specs):
    checked = 0
    for spec in specs:
        for p in spec.panels:
            for a in p.annotations:
                if a.text.lower().startswith("random"):
                    checked += 1
                    lowest = min(v for s in p.series for v in s.values)
                    assert METRICS[_value_metric(p)][0] and a.value < lowest, (spec.figure_id, a.text, lowest)
    assert checked >= 3


def _cells(spec: FigureSpec, metric: str) -> dict[tuple[str, str, str], float]:
    """Every value a figure shows of ``metric``, keyed by what the cell is: the panel's title with
    the metric's name and a panel letter taken out (a split, a dataset, or nothing), the series
    and the category or x value."""
    out = {}
    for p in spec.panels:
        if _value_metric(p) != metric:
            continue
        context = re.sub(r"^\(\w\)\s*", "", (p.title or "").replace(metric, "")).strip(" ,")
        for s in p.series:
            for cat, v in zip(p.categories, s.values, strict=True):
                out[(context, s.name, cat)] = v
    return out


def test_metrics_ordered_by_definition_keep_their_order_in_every_cell():
    """Where a figure shows Pass@1 and Pass@10 of the same system on the same problems (two
    panels, two grids), Pass@1 is never above Pass@10. Sampled where such figures are drawn: the
    code-generation domain's multi-metric bars, heatmaps and shared-x line grids."""
    specs = [generate(42, kind, i, 60) for kind in ("bar", "line", "heatmap") for i in range(4 * N_PER_KIND)]
    compared = 0
    for spec in specs:
        for lower, higher in AT_MOST_IN_TEST:
            low, high = _cells(spec, lower), _cells(spec, higher)
            for key in low.keys() & high.keys():
                assert low[key] <= high[key], (spec.figure_id, key, low[key], high[key])
                compared += 1
    assert compared >= 50


def test_metric_names_keep_their_casing(specs):
    """An acronym or a name with its own casing is printed as it is spelled ("COMET", "chrF"),
    never lower-cased into a title or a legend entry."""
    special = [m for m in METRICS if not (m[:1].isupper() and m[1:] == m[1:].lower() and m.replace(" ", "").isalpha())]
    for spec in specs:
        for text in _texts(spec):
            for m in special:
                lowered = re.search(rf"(?<![\w@-]){re.escape(m)}(?![\w@+-])", text, re.IGNORECASE)
                if lowered:
                    assert lowered.group(0) == m, (spec.figure_id, text, m)


def test_pie_titles_are_not_repeated_in_the_paper_design():
    """The paper's 52 pies: no two share a title, and none repeats its own panel titles."""
    titles = []
    for i in range(52):
        spec = generate(42, "pie", i, 60)
        if spec.title:
            titles.append(spec.title)
            assert spec.title not in {p.title for p in spec.panels}, spec.figure_id
    repeated = [t for t, n in Counter(titles).items() if n > 1]
    assert len(titles) >= 20 and not repeated, repeated


def test_no_printed_text_says_the_figure_is_generated():
    """Every text drawn on a figure, in every style (credits included), reads like a real page's."""
    for kind in CHART_KINDS:
        for k, style in enumerate(STYLES):
            spec_json, _ = build_figure((42, kind, k, 50, style))
            printed = re.findall(r'"text": "([^"]*)"', spec_json)
            assert printed, (kind, style)
            bad = [t for t in printed if GIVEAWAYS.search(t)]
            assert not bad, (kind, style, bad)


def test_every_ordered_pair_names_metrics_one_domain_reports():
    """A rule of ``plausible.AT_MOST`` that no domain can draw would never be exercised above."""
    for pair in AT_MOST:
        assert any(set(pair) <= {m.name for m in d.metrics} for d in DOMAINS), pair
    assert set(AT_MOST) >= set(AT_MOST_IN_TEST), "the test's own pairs must be rules of the corpus"
