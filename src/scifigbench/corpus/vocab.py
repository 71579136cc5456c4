"""Vocabularies that make synthetic figures read like ML/NLP paper figures.

Each domain bundles names that belong together (models, datasets, metrics, methods, x-axis
quantities and part-of-whole breakdowns), so one figure never mixes, say, speech WER with
retrieval nDCG. Within a domain every metric is one that is reported on every one of its datasets
and every model can be scored on them (a captioner is scored in CIDEr on caption sets, never in
ANLS); what a figure may claim about its data beyond that (directions, baselines) is stated in
:mod:`scifigbench.corpus.plausible`. This module is the one place these facts are written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Metric:
    name: str
    unit: str | None          # shown in the axis label, e.g. "Accuracy (%)"
    low: float                # typical range of values
    high: float
    higher_better: bool = True
    decimals: int = 1
    bound: float | None = None  # the most the metric can be (100 for a score out of 100); see ceiling

    @property
    def ceiling(self) -> float | None:
        """The largest value the metric can take, where it has one: a percentage or a score out of
        100 never runs past 100, so neither does an axis of it."""
        return self.bound if self.bound is not None else (100.0 if self.unit == "%" else None)

    @property
    def phrase(self) -> str:
        """The name as it reads inside a sentence (:func:`in_sentence`)."""
        return in_sentence(self.name)


def in_sentence(label: str) -> str:
    """A name or label as it reads inside a sentence: ordinary capitalised words lower-cased
    ("Training compute" -> "training compute"), acronyms and names with their own casing kept
    ("GPU memory", "COMET", "chrF", "nDCG@10", "Pass@1")."""
    return " ".join(w.lower() if w[:1].isupper() and w[1:].islower() and w.isalpha() else w for w in label.split(" "))


@dataclass(frozen=True)
class XAxis:
    """A numeric x quantity of line plots: its label, values and how ticks print them.

    ``training``: the axis runs over a training run (steps, epochs), so only models one can
    train (open weights) or training recipes have curves along it, and a loss falls along it.
    ``costly``: the cost of a run grows along it (more passages, examples or beams to process).
    """

    label: str
    values: tuple[float, ...]
    labels: tuple[str, ...]
    training: bool = False
    costly: bool = False


@dataclass(frozen=True)
class Breakdown:
    """A part-of-whole breakdown for pie charts, and what it is a breakdown of: a model's errors
    or parameters (``model``), or a dataset's or corpus's make-up (``dataset``)."""

    title: str
    parts: tuple[str, ...]
    subject: Literal["model", "dataset"] = "model"


@dataclass(frozen=True)
class Domain:
    name: str
    models: tuple[str, ...]
    datasets: tuple[str, ...]
    metrics: tuple[Metric, ...]
    methods: tuple[str, ...]
    breakdowns: tuple[Breakdown, ...]
    log_metrics: tuple[Metric, ...]  # losses and perplexities: what falls over a training run
    cost_parts: tuple[str, ...]     # stacked-bar components
    cost_metric: Metric
    closed_models: tuple[str, ...] = ()  # served through an API only: no training curves of theirs

    @property
    def open_models(self) -> tuple[str, ...]:
        """The models whose training one can run and plot."""
        return tuple(m for m in self.models if m not in self.closed_models)


def _steps(n: int, step: int) -> XAxis:
    vals = tuple(float(step * (i + 1)) for i in range(n))
    return XAxis("Training steps", vals, tuple(f"{int(v) // 1000}k" for v in vals), training=True)


def _counted(label: str, values: range, **kinds: bool) -> XAxis:
    """An x quantity counted in whole numbers, each tick printing its number."""
    return XAxis(label, tuple(float(v) for v in values), tuple(str(v) for v in values), **kinds)


X_AXES: tuple[XAxis, ...] = (
    _steps(8, 1000),
    _steps(10, 2000),
    _steps(6, 5000),
    _counted("Epoch", range(1, 11), training=True),
    _counted("Epoch", range(2, 21, 2), training=True),
    _counted("Layer", range(0, 25, 4)),
    _counted("Layer index", range(2, 33, 5)),
    _counted("Year", range(2018, 2025)),
    _counted("Number of retrieved passages", range(1, 11), costly=True),
    _counted("Sparsity (%)", range(0, 91, 15)),
    XAxis(
        "Sampling temperature", tuple(round(0.2 * v, 1) for v in range(0, 7)), tuple(f"{0.2 * v:.1f}" for v in range(0, 7))
    ),
    _counted("Number of in-context examples", range(0, 17, 2), costly=True),
    _counted("Noise ratio (%)", range(0, 51, 10)),
    _counted("Beam size", range(1, 9), costly=True),
)

DOMAINS: tuple[Domain, ...] = (
    Domain(
        name="llm-reasoning",
        models=("GPT-4o", "Claude 3.5 Sonnet", "Llama-3-70B", "Llama-3-8B", "Mistral-7B", "Qwen2-72B", "Gemma-2-9B",
                "Phi-3-mini", "DeepSeek-V2", "Mixtral-8x7B"),
        closed_models=("GPT-4o", "Claude 3.5 Sonnet"),
        datasets=("GSM8K", "MATH", "ARC-C", "HellaSwag", "MMLU", "BBH", "StrategyQA", "CSQA", "SVAMP", "AQuA"),
        metrics=(Metric("Accuracy", "%", 35, 92),),
        methods=("Zero-shot", "Few-shot", "CoT", "Self-Consistency", "ToT", "PAL", "Ours"),
        breakdowns=(Breakdown("Error types", ("Calculation error", "Wrong reasoning step", "Misread question",
                                              "Hallucinated fact", "Format error", "Other")),
                    Breakdown("Question categories", ("Arithmetic", "Algebra", "Geometry", "Probability",
                                                      "Number theory", "Other"), "dataset")),
        log_metrics=(Metric("Perplexity", None, 4, 400, higher_better=False),
                     Metric("Training loss", None, 0.8, 12, higher_better=False, decimals=2)),
        cost_parts=("Prompt encoding", "Reasoning tokens", "Answer decoding", "Verification"),
        cost_metric=Metric("Inference time", "s", 0.5, 9, higher_better=False),
    ),
    Domain(
        name="code-generation",
        models=("GPT-4o", "Claude 3.5 Sonnet", "CodeLlama-34B", "DeepSeek-Coder-33B", "StarCoder2-15B",
                "Qwen2.5-Coder-7B", "WizardCoder-15B", "CodeGemma-7B"),
        closed_models=("GPT-4o", "Claude 3.5 Sonnet"),
        datasets=("HumanEval", "MBPP", "HumanEval+", "MBPP+", "DS-1000", "APPS"),
        metrics=(Metric("Pass@1", "%", 15, 85), Metric("Pass@10", "%", 30, 95)),
        methods=("Greedy", "Sampling", "Self-repair", "Reflexion", "Self-debug", "Ours"),
        breakdowns=(Breakdown("Failure types", ("Wrong answer", "Runtime error", "Timeout", "Syntax error",
                                                "Other")),
                    Breakdown("Problem topics", ("Strings", "Arrays", "Math", "Data frames", "Graphs",
                                                 "Other"), "dataset")),
        log_metrics=(Metric("Training loss", None, 0.3, 6, higher_better=False, decimals=2),),
        cost_parts=("Prompt encoding", "Generation", "Test execution", "Repair"),
        cost_metric=Metric("Time per problem", "s", 1, 40, higher_better=False),
    ),
    Domain(
        name="machine-translation",
        models=("mBART-50", "NLLB-200", "M2M-100", "mT5-XL", "Transformer-Big", "MarianMT", "GPT-3.5", "Tower-7B"),
        closed_models=("GPT-3.5",),
        datasets=("WMT14 En-De", "WMT14 En-Fr", "WMT16 En-Ro", "IWSLT14 De-En", "FLORES-200", "WMT19 Zh-En"),
        metrics=(Metric("BLEU", None, 18, 45, bound=100), Metric("chrF", None, 40, 70, bound=100),
                 Metric("COMET", None, 70, 89, bound=100)),
        methods=("Baseline", "Back-translation", "Knowledge distillation", "Adapter", "LoRA", "Full fine-tuning",
                 "Ours"),
        breakdowns=(Breakdown("Error categories", ("Mistranslation", "Omission", "Addition", "Grammar",
                                                   "Terminology", "Untranslated")),
                    Breakdown("Training data", ("News", "Web crawl", "Parliament", "Subtitles", "Wikipedia",
                                                "Patents"))),
        log_metrics=(Metric("Validation perplexity", None, 3, 250, higher_better=False),),
        cost_parts=("Encoder", "Decoder", "Beam search", "Detokenisation"),
        cost_metric=Metric("Latency", "ms", 20, 400, higher_better=False),
    ),
    Domain(
        name="vision-language",
        models=("BLIP-2", "LLaVA-1.5", "InstructBLIP", "Qwen-VL", "MiniGPT-4", "Flamingo-9B", "PaLI-X", "CogVLM",
                "IDEFICS-9B"),
        closed_models=("Flamingo-9B", "PaLI-X"),
        datasets=("VQAv2", "OK-VQA", "TextVQA", "GQA", "VizWiz", "ScienceQA", "ChartQA"),
        metrics=(Metric("Accuracy", "%", 30, 85),),
        methods=("Linear probe", "Prompt tuning", "LoRA", "Full fine-tuning", "Zero-shot", "Ours"),
        breakdowns=(Breakdown("Image sources", ("Natural images", "Charts", "Documents", "Diagrams",
                                                "Screenshots", "Infographics"), "dataset"),
                    Breakdown("Failure modes", ("Object hallucination", "OCR error", "Counting error",
                                                "Spatial relation", "Attribute error"))),
        log_metrics=(Metric("Training loss", None, 0.3, 8, higher_better=False, decimals=2),),
        cost_parts=("Vision encoder", "Projector", "Language model", "Decoding"),
        cost_metric=Metric("GPU memory", "GB", 4, 60, higher_better=False),
    ),
    Domain(
        name="image-captioning",
        models=("BLIP", "BLIP-2", "GIT-L", "OFA-L", "CoCa", "SimVLM", "LLaVA-1.5", "InstructBLIP"),
        closed_models=("CoCa", "SimVLM"),
        datasets=("COCO Captions", "NoCaps", "Flickr30k", "TextCaps", "VizWiz-Captions"),
        metrics=(Metric("CIDEr", None, 60, 140), Metric("SPICE", None, 14, 28, bound=100),
                 Metric("BLEU-4", None, 25, 42, bound=100)),
        methods=("Cross-entropy", "SCST", "Prefix tuning", "LoRA", "Full fine-tuning", "Ours"),
        breakdowns=(Breakdown("Error types", ("Object hallucination", "Wrong count", "Wrong attribute",
                                              "Missed object", "Grammar")),
                    Breakdown("Image domains", ("Indoor scenes", "Outdoor scenes", "People", "Animals", "Food",
                                                "Text in image"), "dataset")),
        log_metrics=(Metric("Captioning loss", None, 1.2, 9, higher_better=False, decimals=2),),
        cost_parts=("Vision encoder", "Cross-attention", "Text decoder", "Beam search"),
        cost_metric=Metric("Latency", "ms", 30, 600, higher_better=False),
    ),
    Domain(
        name="efficiency",
        models=("BERT-base", "BERT-large", "RoBERTa-base", "DistilBERT", "ALBERT-xxl", "DeBERTa-v3", "ELECTRA",
                "T5-base"),
        datasets=("SST-2", "MNLI", "QNLI", "QQP", "RTE", "MRPC", "BoolQ"),
        metrics=(Metric("Accuracy", "%", 55, 95),),
        methods=("Dense", "Pruning", "Quantisation (INT8)", "Distillation", "Early exit", "LoRA", "Ours"),
        breakdowns=(Breakdown("Parameter share", ("Embeddings", "Attention", "Feed-forward", "Layer norm",
                                                  "Classifier head")),
                    Breakdown("FLOPs breakdown", ("Self-attention", "Feed-forward", "Embedding lookup",
                                                  "Softmax", "Other"))),
        log_metrics=(Metric("Distillation loss", None, 0.05, 4, higher_better=False, decimals=2),),
        cost_parts=("Forward pass", "Backward pass", "Optimizer step", "Communication", "Data loading"),
        cost_metric=Metric("Time per step", "ms", 40, 600, higher_better=False),
    ),
    Domain(
        name="retrieval",
        models=("BM25", "DPR", "ColBERTv2", "Contriever", "SPLADE", "E5-large", "BGE-base", "GTR-XL"),
        datasets=("MS MARCO", "Natural Questions", "TriviaQA", "HotpotQA", "FiQA", "SciFact", "NFCorpus",
                  "TREC-COVID"),
        metrics=(Metric("nDCG@10", None, 20, 75, bound=100), Metric("Recall@100", "%", 50, 98)),
        methods=("Sparse", "Dense", "Hybrid", "Re-ranking", "Query expansion", "Ours"),
        breakdowns=(Breakdown("Query types", ("Factoid", "List", "Definition", "Comparison", "Procedural",
                                              "Opinion"), "dataset"),
                    Breakdown("Corpus composition", ("Wikipedia", "News", "Scientific articles", "Forums",
                                                     "Product pages"), "dataset")),
        log_metrics=(Metric("Contrastive loss", None, 0.05, 6, higher_better=False, decimals=2),),
        cost_parts=("Encoding", "ANN search", "Re-ranking", "Post-processing"),
        cost_metric=Metric("Latency", "ms", 5, 250, higher_better=False),
    ),
    Domain(
        name="speech",
        models=("Whisper-large", "Whisper-small", "wav2vec 2.0", "HuBERT", "Conformer", "WavLM", "Data2vec",
                "SeamlessM4T"),
        datasets=("LibriSpeech clean", "LibriSpeech other", "CommonVoice", "TED-LIUM 3", "VoxPopuli",
                  "Switchboard", "AMI"),
        metrics=(Metric("WER", "%", 2, 25, higher_better=False), Metric("CER", "%", 1, 12, higher_better=False)),
        methods=("CTC", "Attention", "Transducer", "Self-training", "SpecAugment", "Ours"),
        breakdowns=(Breakdown("Error types", ("Substitution", "Deletion", "Insertion", "Punctuation",
                                              "Named entity")),
                    Breakdown("Training hours by source", ("Audiobooks", "Podcasts", "Broadcast", "Meetings",
                                                           "Telephone"))),
        log_metrics=(Metric("CTC loss", None, 0.2, 60, higher_better=False, decimals=2),),
        cost_parts=("Feature extraction", "Encoder", "Decoder", "Language model rescoring"),
        cost_metric=Metric("Real-time factor", "x100", 1, 30, higher_better=False),
    ),
)

# Names of series in line plots that compare training recipes rather than models.
LINE_SERIES_EXTRA = ("Baseline", "Ours", "w/o pre-training", "w/o augmentation", "+ curriculum",
                     "Ours (frozen)", "Ours (full)")


@dataclass(frozen=True)
class DenseAxis:
    """A continuous x quantity of dense curves: the labelled round ticks (the x positions questions
    name) and how they print; ``log``: a logarithmic axis with one tick per decade; ``training``:
    the axis runs over a training run, so only trainable models or recipes have curves along it."""

    label: str
    ticks: tuple[float, ...]
    labels: tuple[str, ...]
    log: bool = False
    training: bool = False


def _step_ticks(last: int, every: int) -> DenseAxis:
    vals = tuple(float(v) for v in range(0, last + 1, every))
    labels = tuple("0" if v == 0 else f"{int(v) // 1000}k" for v in vals)
    return DenseAxis("Training steps", vals, labels, training=True)


def _decades(label: str, first: int, last: int, names: dict[int, str]) -> DenseAxis:
    exps = range(first, last + 1)
    return DenseAxis(label, tuple(float(10**e) for e in exps), tuple(names[e] for e in exps), log=True)


_SIZE_NAMES = {6: "1M", 7: "10M", 8: "100M", 9: "1B", 10: "10B", 11: "100B", 12: "1T"}

# Training runs, with ticks at round step counts (five to eleven of them, short labels that never collide).
TRAINING_STEP_AXES: tuple[DenseAxis, ...] = (
    _step_ticks(10_000, 2_000),
    _step_ticks(20_000, 4_000),
    _step_ticks(50_000, 10_000),
    _step_ticks(100_000, 20_000),
    _step_ticks(200_000, 50_000),
)
# Scaling laws: a loss against model size or data on log-log axes, one tick per decade.
SCALING_AXES: tuple[DenseAxis, ...] = (
    _decades("Parameters", 7, 10, _SIZE_NAMES),
    _decades("Parameters", 6, 10, _SIZE_NAMES),
    _decades("Training tokens", 9, 12, _SIZE_NAMES),
)
# Spectra: sorted singular values of a layer's weight matrix against their rank.
SPECTRUM_AXES: tuple[DenseAxis, ...] = (
    _decades("Singular value index", 0, 3, {0: "1", 1: "10", 2: "100", 3: "1000"}),
    _decades("Singular value index", 0, 2, {0: "1", 1: "10", 2: "100"}),
)

# The quantities on a dense curve's y axis that are not a domain's score or loss.
VALIDATION_LOSS = Metric("Validation loss", None, 1.8, 4.6, higher_better=False, decimals=2)
# in units of 1e-4, as an axis label states them ("x100" for real-time factors above): read off
# an axis as "3.0", not as "0.0003", which a reader or respondent rounds to 0
LEARNING_RATE = Metric("Learning rate", "x1e-4", 0.0, 10.0, decimals=1)  # no better direction: a setting
SINGULAR_VALUE = Metric("Singular value", None, 0.1, 60.0, decimals=2)  # no better direction: a measurement

# Learning-rate schedules (warm-up to a peak, then each its own decay) and what varies across a
# scaling study or a spectrum's layers.
LR_SCHEDULES = ("Cosine", "Linear decay", "Step decay", "Inverse sqrt", "Constant")
PEAK_LEARNING_RATES = (1.0, 2.0, 3.0, 5.0, 6.0)  # x1e-4
SCALING_SERIES = ("Dense", "MoE", "Dense + distillation", "Dense (deduplicated data)", "Ours")
SPECTRUM_LAYERS = ("Layer 1", "Layer 4", "Layer 8", "Layer 12", "Layer 16", "Layer 24")
