"""A sibling of a set of printed names: one more member of the same kind that the figure lacks.

An absent-element probe is only a test of reading when the absent name is one a reader would
expect beside the ones shown: another transformer next to BERT and RoBERTa, "Layer 4" after
layers 1-3, Sunday after the weekdays. A nonsense word tests nothing. A sibling is drawn from a
known set two or more of the shown names belong to, or continues a numbered run of them, and it
is kept only if it is printed nowhere in the figure and not named in the caption.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

# Sets of names that stand side by side in figures of papers (and of web charts): each is one
# kind of thing, so any member is a plausible neighbour of the others.
SETS: dict[str, tuple[str, ...]] = {
    "pretrained language models": (
        "BERT",
        "RoBERTa",
        "XLNet",
        "ALBERT",
        "ELECTRA",
        "DistilBERT",
        "DeBERTa",
        "GPT-2",
        "T5",
        "BART",
        "XLM-R",
        "mBERT",
        "SpanBERT",
    ),
    "neural architectures": ("LSTM", "GRU", "CNN", "RNN", "Transformer", "BiLSTM", "MLP"),
    "classical classifiers": (
        "SVM",
        "Random Forest",
        "Logistic Regression",
        "Naive Bayes",
        "Decision Tree",
        "KNN",
        "XGBoost",
        "AdaBoost",
    ),
    "word embeddings": ("word2vec", "GloVe", "fastText", "ELMo"),
    "optimisers": ("SGD", "Adam", "AdaGrad", "RMSProp", "AdamW", "Adadelta"),
    "image datasets": ("MNIST", "CIFAR-10", "CIFAR-100", "ImageNet", "SVHN", "Fashion-MNIST", "CelebA"),
    "GLUE tasks": ("SST-2", "MNLI", "QNLI", "QQP", "RTE", "CoLA", "MRPC", "STS-B"),
    "QA datasets": ("SQuAD", "TriviaQA", "HotpotQA", "NaturalQuestions", "NewsQA", "SearchQA"),
    "languages": (
        "English",
        "German",
        "French",
        "Spanish",
        "Chinese",
        "Japanese",
        "Russian",
        "Arabic",
        "Italian",
        "Portuguese",
        "Hindi",
        "Korean",
        "Dutch",
        "Turkish",
    ),
    "countries": (
        "USA",
        "China",
        "India",
        "Germany",
        "France",
        "UK",
        "Japan",
        "Brazil",
        "Canada",
        "Italy",
        "Russia",
        "Australia",
        "Spain",
        "Mexico",
    ),
    "continents": ("Africa", "Asia", "Europe", "North America", "South America", "Oceania"),
    "text generation metrics": ("BLEU", "ROUGE", "METEOR", "CIDEr", "BERTScore", "chrF"),
    "classification measures": ("Precision", "Recall", "F1", "Accuracy"),
    "activation functions": ("ReLU", "Tanh", "Sigmoid", "GELU", "ELU", "Swish"),
    "ResNet depths": ("ResNet-18", "ResNet-34", "ResNet-50", "ResNet-101", "ResNet-152"),
    "VGG depths": ("VGG-11", "VGG-13", "VGG-16", "VGG-19"),
    "sentiment classes": ("Positive", "Negative", "Neutral"),
    "weekdays": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "months": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    "seasons": ("Spring", "Summer", "Autumn", "Winter"),
}
# Other spellings of a member: it is printed (or shown) when any of them is.
ALIASES: dict[str, tuple[str, ...]] = {
    "USA": ("United States", "U.S.", "US"),
    "UK": ("United Kingdom", "Britain", "U.K."),
    "Russia": ("Russian Federation",),
}
_NUMBERED = re.compile(r"^(?P<pre>.*?[A-Za-z][^0-9]*?)(?P<n>\d+)(?P<post>[^0-9]*)$|^(?P<n2>(?:19|20)\d\d)$")


@dataclass(frozen=True)
class Sibling:
    """An absent member and the set it was drawn from (with the shown members it continues)."""

    name: str
    set_name: str
    shown: tuple[str, ...]


def compact(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def printed_anywhere(name: str, texts: Sequence[str]) -> bool:
    """Whether ``name`` appears in any of ``texts``, however spaced or hyphenated ("GPT-2" in
    "GPT2"); a short name (three characters or fewer) only as a word of its own."""
    key = compact(name)
    if len(key) <= 3:
        return any(key in _words(t) for t in texts)
    return any(key in compact(t) for t in texts)


def _spellings(member: str) -> tuple[str, ...]:
    return (member, *ALIASES.get(member, ()))


def _from_sets(names: Sequence[str], texts: Sequence[str]) -> Sibling | None:
    keys = {compact(n): n for n in names}
    for set_name, members in SETS.items():
        shown = tuple(keys[compact(a)] for member in members for a in _spellings(member) if compact(a) in keys)
        if len(shown) < 2:
            continue
        for m in members:
            spelled = _spellings(m)
            if all(compact(a) not in keys and not printed_anywhere(a, texts) for a in spelled):
                return Sibling(m, set_name, shown)
    return None


def _numbered(names: Sequence[str], texts: Sequence[str]) -> Sibling | None:
    """The next member of names that differ only in one integer, when the integers step by one or
    double ("Layer 1, Layer 2, Layer 3" -> "Layer 4"; "k 2, k 4, k 8" -> "k 16"; "2019, 2020" -> "2021")."""
    groups: dict[tuple[str, str], list[int]] = {}
    for n in names:
        if m := _NUMBERED.match(n.strip()):  # a name with a number in it, or a year
            groups.setdefault((m["pre"] or "", m["post"] or ""), []).append(int(m["n"] or m["n2"]))
    for (pre, post), ns in groups.items():
        ns = sorted(set(ns))
        if len(ns) < 2:
            continue
        steps = {b - a for a, b in pairwise(ns)}
        ratios = {b / a for a, b in pairwise(ns) if a}
        nxt = ns[-1] + 1 if steps == {1} else ns[-1] * 2 if ratios == {2.0} and len(ns) >= 3 else None
        if nxt is None:
            continue
        name = f"{pre}{nxt}{post}"
        if not printed_anywhere(name, texts):
            return Sibling(name, f"numbered run {pre.strip() or 'of numbers'}", tuple(f"{pre}{k}{post}" for k in ns))
    return None


def sibling(names: Sequence[str], texts: Sequence[str], avoid: Sequence[str] = ()) -> Sibling | None:
    """An absent sibling of ``names`` (a known set two of them belong to, else the next of a
    numbered run), printed in none of ``texts`` and not in ``avoid``; None if there is none."""
    searched = (*texts, *avoid)
    return _from_sets(names, searched) or _numbered(names, searched)
