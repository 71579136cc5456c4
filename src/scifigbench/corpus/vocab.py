"""Vocabularies that make synthetic figures read like ML/NLP paper figures.

Each domain bundles names that belong together (models, datasets, metrics, methods, x-axis
quantities and part-of-whole breakdowns), so one figure never mixes, say, speech WER with
retrieval nDCG.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Metric:
    name: str
    unit: str | None          # shown in the axis label, e.g. "Accuracy (%)"
    low: float                # typical range of values
    high: float
    higher_better: bool = True
    decimals: int = 1


@dataclass(frozen=True)
class XAxis:
    """A numeric x quantity of line plots: its label, values and how ticks print them."""

    label: str
    values: tuple[float, ...]
    labels: tuple[str, ...]


@dataclass(frozen=True)
class Breakdown:
    """A part-of-whole breakdown for pie charts."""

    title: str
    parts: tuple[str, ...]


@dataclass(frozen=True)
class Domain:
    name: str
    models: tuple[str, ...]
    datasets: tuple[str, ...]
    metrics: tuple[Metric, ...]
    methods: tuple[str, ...]
    breakdowns: tuple[Breakdown, ...]
    log_metrics: tuple[Metric, ...]
    cost_parts: tuple[str, ...]     # stacked-bar components
    cost_metric: Metric


def _steps(n: int, step: int) -> XAxis:
    vals = tuple(float(step * (i + 1)) for i in range(n))
    return XAxis("Training steps", vals, tuple(f"{int(v) // 1000}k" for v in vals))


X_AXES: tuple[XAxis, ...] = (
    _steps(8, 1000),
    _steps(10, 2000),
    _steps(6, 5000),
    XAxis("Epoch", tuple(float(v) for v in range(1, 11)), tuple(str(v) for v in range(1, 11))),
    XAxis("Epoch", tuple(float(v) for v in range(2, 21, 2)), tuple(str(v) for v in range(2, 21, 2))),
    XAxis("Layer", tuple(float(v) for v in range(0, 25, 4)), tuple(str(v) for v in range(0, 25, 4))),
    XAxis("Layer index", tuple(float(v) for v in range(2, 33, 5)), tuple(str(v) for v in range(2, 33, 5))),
    XAxis("Year", tuple(float(v) for v in range(2018, 2025)), tuple(str(v) for v in range(2018, 2025))),
    XAxis("Number of retrieved passages", tuple(float(v) for v in range(1, 11)), tuple(str(v) for v in range(1, 11))),
    XAxis("Sparsity (%)", tuple(float(v) for v in range(0, 91, 15)), tuple(str(v) for v in range(0, 91, 15))),
    XAxis("Sampling temperature", tuple(round(0.2 * v, 1) for v in range(0, 7)), tuple(f"{0.2 * v:.1f}" for v in range(0, 7))),
    XAxis("Number of in-context examples", tuple(float(v) for v in range(0, 17, 2)), tuple(str(v) for v in range(0, 17, 2))),
    XAxis("Noise ratio (%)", tuple(float(v) for v in range(0, 51, 10)), tuple(str(v) for v in range(0, 51, 10))),
    XAxis("Beam size", tuple(float(v) for v in range(1, 9)), tuple(str(v) for v in range(1, 9))),
)

DOMAINS: tuple[Domain, ...] = (
    Domain(
        name="llm-reasoning",
        models=("GPT-4o", "Claude 3.5", "Llama-3-70B", "Llama-3-8B", "Mistral-7B", "Qwen2-72B", "Gemma-2-9B",
                "Phi-3-mini", "DeepSeek-V2", "Mixtral-8x7B"),
        datasets=("GSM8K", "MATH", "ARC-C", "HellaSwag", "MMLU", "BBH", "StrategyQA", "CSQA", "SVAMP", "AQuA"),
        metrics=(Metric("Accuracy", "%", 35, 92), Metric("Exact match", "%", 20, 80),
                 Metric("Pass@1", "%", 15, 75)),
        methods=("Zero-shot", "Few-shot", "CoT", "Self-Consistency", "ToT", "PAL", "Ours"),
        breakdowns=(Breakdown("Error types", ("Calculation error", "Wrong reasoning step", "Misread question",
                                              "Hallucinated fact", "Format error", "Other")),
                    Breakdown("Question categories", ("Arithmetic", "Algebra", "Geometry", "Probability",
                                                      "Number theory", "Other"))),
        log_metrics=(Metric("Perplexity", None, 4, 400, higher_better=False),
                     Metric("Training loss", None, 0.8, 12, higher_better=False, decimals=2)),
        cost_parts=("Prompt encoding", "Reasoning tokens", "Answer decoding", "Verification"),
        cost_metric=Metric("Inference time", "s", 0.5, 9),
    ),
    Domain(
        name="machine-translation",
        models=("mBART-50", "NLLB-200", "M2M-100", "mT5-XL", "Transformer-Big", "MarianMT", "GPT-3.5", "Tower-7B"),
        datasets=("WMT14 En-De", "WMT14 En-Fr", "WMT16 En-Ro", "IWSLT14 De-En", "FLORES-200", "WMT19 Zh-En"),
        metrics=(Metric("BLEU", None, 18, 45), Metric("chrF", None, 40, 70), Metric("COMET", None, 70, 89)),
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
        models=("CLIP ViT-L/14", "BLIP-2", "LLaVA-1.5", "InstructBLIP", "Qwen-VL", "MiniGPT-4", "Flamingo-9B",
                "PaLI-X", "CogVLM"),
        datasets=("VQAv2", "OK-VQA", "TextVQA", "ChartQA", "DocVQA", "ScienceQA", "COCO Captions", "NoCaps"),
        metrics=(Metric("Accuracy", "%", 30, 85), Metric("CIDEr", None, 60, 140), Metric("ANLS", "%", 30, 90)),
        methods=("Linear probe", "Prompt tuning", "LoRA", "Full fine-tuning", "Zero-shot", "Ours"),
        breakdowns=(Breakdown("Image sources", ("Natural images", "Charts", "Documents", "Diagrams",
                                                "Screenshots", "Infographics")),
                    Breakdown("Failure modes", ("Object hallucination", "OCR error", "Counting error",
                                                "Spatial relation", "Attribute error"))),
        log_metrics=(Metric("Contrastive loss", None, 0.3, 8, higher_better=False, decimals=2),),
        cost_parts=("Vision encoder", "Projector", "Language model", "Decoding"),
        cost_metric=Metric("GPU memory", "GB", 4, 60, higher_better=False),
    ),
    Domain(
        name="efficiency",
        models=("BERT-base", "BERT-large", "RoBERTa-base", "DistilBERT", "ALBERT-xxl", "DeBERTa-v3", "ELECTRA",
                "T5-base"),
        datasets=("SST-2", "MNLI", "QNLI", "QQP", "RTE", "MRPC", "CoLA", "STS-B"),
        metrics=(Metric("Accuracy", "%", 55, 95), Metric("F1", "%", 60, 92), Metric("Speed-up", "x", 1, 6)),
        methods=("Dense", "Pruning", "Quantisation (INT8)", "Distillation", "Early exit", "LoRA", "Ours"),
        breakdowns=(Breakdown("Parameter share", ("Embeddings", "Attention", "Feed-forward", "Layer norm",
                                                  "Classifier head")),
                    Breakdown("FLOPs breakdown", ("Self-attention", "Feed-forward", "Embedding lookup",
                                                  "Softmax", "Other"))),
        log_metrics=(Metric("Latency", "ms", 2, 900, higher_better=False),
                     Metric("Energy", "J", 0.5, 300, higher_better=False)),
        cost_parts=("Forward pass", "Backward pass", "Optimizer step", "Communication", "Data loading"),
        cost_metric=Metric("Time per step", "ms", 40, 600, higher_better=False),
    ),
    Domain(
        name="retrieval",
        models=("BM25", "DPR", "ColBERTv2", "Contriever", "SPLADE", "E5-large", "BGE-base", "GTR-XL"),
        datasets=("MS MARCO", "Natural Questions", "TriviaQA", "HotpotQA", "FiQA", "SciFact", "NFCorpus",
                  "TREC-COVID"),
        metrics=(Metric("nDCG@10", None, 20, 75), Metric("Recall@100", "%", 50, 98), Metric("MRR@10", None, 15, 45)),
        methods=("Sparse", "Dense", "Hybrid", "Re-ranking", "Query expansion", "Ours"),
        breakdowns=(Breakdown("Query types", ("Factoid", "List", "Definition", "Comparison", "Procedural",
                                              "Opinion")),
                    Breakdown("Corpus composition", ("Wikipedia", "News", "Scientific articles", "Forums",
                                                     "Product pages"))),
        log_metrics=(Metric("Index size", "MB", 5, 9000, higher_better=False),
                     Metric("Query latency", "ms", 1, 800, higher_better=False)),
        cost_parts=("Encoding", "ANN search", "Re-ranking", "Post-processing"),
        cost_metric=Metric("Latency", "ms", 5, 250, higher_better=False),
    ),
    Domain(
        name="speech",
        models=("Whisper-large", "Whisper-small", "wav2vec 2.0", "HuBERT", "Conformer", "WavLM", "Data2vec",
                "SeamlessM4T"),
        datasets=("LibriSpeech clean", "LibriSpeech other", "CommonVoice", "TED-LIUM 3", "VoxPopuli",
                  "Switchboard", "AMI"),
        metrics=(Metric("WER", "%", 2, 25, higher_better=False), Metric("CER", "%", 1, 12, higher_better=False),
                 Metric("Accuracy", "%", 60, 96)),
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
