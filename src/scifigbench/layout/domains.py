"""Closed sets of names a reader supplies from the field or the drawing: task metrics, drawn conventions.

Two kinds of label carry no information a model could not produce without reading it:

- the standard measure of a task the figure names elsewhere. A y-axis on a translation figure
  is scored in BLEU unless it says otherwise; a summarisation figure in ROUGE; a speech
  recognition figure in word error rate. Each task below lists the words that name it (task
  names and the benchmark suites known by the task's name) and the measures its papers report
  by default. A measure counts only when the task is named, by its name or by another of its
  measures printed beside it: 'BLEU' beside a classifier is specific information.
- (a sign, not a refusal) an evaluation measure as an axis title: the measures a results plot
  reports are few across the field (accuracy, F1, BLEU, error, loss ...), so a reader of any
  results axis narrows it to a few guesses even when no task is named (``evaluation_measure``).
- the name of what the drawing itself shows: a slope triangle labelled 'slope', a dashed
  horizontal line labelled 'chance' or 'baseline', a curve labelled 'logistic function' beside
  its S shape. The shape gives the word away.
"""

from __future__ import annotations

import re

from scifigbench.freetext.label_words import tokens

# task: (words or word prefixes that name it, its default measures), all as ``tokens`` returns them
_TASK_METRICS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "machine translation": (
        frozenset("translation translate nmt smt wmt iwslt".split()),
        frozenset("bleu sacrebleu meteor ter chrf".split()),
    ),
    "simultaneous translation": (
        frozenset("simultaneous simulmt simulst".split()),
        frozenset("lagging al dal latency".split()),
    ),
    "summarisation": (
        frozenset("summarization summarisation summary summarizer dailymail xsum gigaword".split()),
        frozenset("rouge".split()),
    ),
    "speech recognition": (
        frozenset("asr librispeech switchboard".split()),
        frozenset("wer cer".split()),
    ),
    "language modelling": (
        frozenset("lm wikitext ptb".split()),
        frozenset("perplexity ppl".split()),
    ),
    "reinforcement learning": (
        frozenset("reinforcement rl atari mujoco".split()),
        frozenset("reward return".split()),
    ),
    "question answering": (
        frozenset("squad qa".split()),
        frozenset("em f1".split()),
    ),
    "sequence tagging": (
        frozenset("ner tagging tagger chunking conll".split()),
        frozenset("f1".split()),
    ),
    "image generation": (
        frozenset("gan gans".split()),
        frozenset("fid".split()),
    ),
    "link prediction and ranking": (
        frozenset("kg kgc retrieval ranking".split()),
        frozenset("mrr hit ndcg".split()),
    ),
}
# task names of two words: ('speech', 'recognition') names the task, 'recognition' alone does not;
# '#' stands for any number
_TASK_PHRASES: dict[str, tuple[tuple[str, ...], ...]] = {
    "speech recognition": (("speech", "recognition"),),
    "language modelling": (("language", "model"), ("language", "modeling"), ("language", "modelling")),
    "question answering": (("question", "answering"),),
    "sequence tagging": (("named", "entity"),),
    "link prediction and ranking": (("link", "prediction"), ("knowledge", "graph")),
    "simultaneous translation": (("wait", "k"), ("wait", "#")),  # the wait-k policy, 'wait-1', 'wait-7'
}
# words that go with a measure without changing it: 'BLEU score', 'ROUGE-L', 'test perplexity (%)'
_MEASURE_FILLER = frozenset("score l n su dev test validation valid val average avg mean".split())


# measures reported across tasks, besides each task's own (a stated prior, not a list of the dev figures'):
# classification, ranking and regression scores, agreement with people, and training loss
_EVALUATION_MEASURES = frozenset(m for _, measures in _TASK_METRICS.values() for m in measures) | frozenset(
    "accuracy acc error err precision recall auc roc eer correlation pearson spearman mae mse rmse loss map "
    "cider spice bertscore".split()
)
# words a measure's axis title adds without naming another quantity: its averaging, its split, its
# variant ('ROUGE-SU4 F', 'Micro F1 score', 'Top-1 accuracy', 'Error rate')
_MEASURE_QUALIFIERS = _MEASURE_FILLER | frozenset("micro macro weighted rate top train training f su4 at".split())
_BRACKETED = re.compile(r"\([^()]*\)")


def evaluation_measure(text: str) -> str | None:
    """The evaluation measure an axis title names when every other word of it only qualifies the
    measure (a bracketed unit or data set aside: 'EER(%)', 'Validation BLEU score (WMT18)'), else None."""
    words = tokens(_BRACKETED.sub(" ", text))
    named = [w for w in words if w in _EVALUATION_MEASURES]
    rest = [w for w in words if w not in _EVALUATION_MEASURES and w not in _MEASURE_QUALIFIERS and not w.isdigit()]
    return named[0] if named and not rest else None


def _names_task(task: str, words: list[str]) -> bool:
    """``words`` name the task: by a cue ('iwslt', 'wmt14'), a two-word name, or another of its
    measures ('Hits@10' printed beside an 'MRR' axis)."""
    cues, measures = _TASK_METRICS[task]
    if any(w in cues or w in measures or any(w.startswith(c) and w[len(c) :].isdigit() for c in cues) for w in words):
        return True
    pairs = {(a, "#" if b.isdigit() else b) for a, b in zip(words, words[1:], strict=False)}
    return any(p in pairs for p in _TASK_PHRASES.get(task, ()))


def task_measure(text: str, context: str) -> str | None:
    """The task whose default measure ``text`` names, when ``context`` (the rest of the figure and
    its caption) names that task; else None. Every word of ``text`` must be the measure or filler."""
    words = tokens(text)
    known = tokens(context)
    for task, (_, measures) in _TASK_METRICS.items():
        named = [w for w in words if w in measures]
        rest = [w for w in words if w not in measures and w not in _MEASURE_FILLER and not w.isdigit()]
        if named and not rest and _names_task(task, known):
            return task
    return None


# What a drawing shows by its shape: reference lines, fitted lines, the kind of curve.
_DRAWN = frozenset(
    "slope baseline chance oracle optimal optimum ideal bound upper lower threshold identity diagonal "
    "reference fit fitted trend trendline line curve function linear logistic sigmoid exponential quadratic "
    "cubic logarithmic polynomial gaussian y x".split()
)


def names_the_drawing(text: str) -> bool:
    """Every word of ``text`` names a drawing convention or a curve's shape ('slope', 'Upper bound',
    'Logistic function', 'y = x'): what is drawn tells the word."""
    words = [w for w in tokens(text) if not w.isdigit()]
    return bool(words) and all(w in _DRAWN for w in words)
