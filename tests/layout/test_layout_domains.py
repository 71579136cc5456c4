"""Closed sets of names: a task's default measure is guessable once the task is named; so is the
name of what a drawing shows; an evaluation measure on a results axis narrows to a few guesses."""

from __future__ import annotations

import pytest

from scifigbench.layout.domains import evaluation_measure, names_the_drawing, task_measure


@pytest.mark.parametrize(
    "label, context, task",
    [
        ("BLEU", "(a) IWSLT'14 De-En (b) IWSLT'15 En-Vi wait-k decoding", "machine translation"),
        ("BLEU score", "Results on WMT14 English-German", "machine translation"),
        ("ROUGE-L (%)", "abstractive summarization on XSum", "summarisation"),
        ("Test perplexity", "LSTM language model, 2 layers", "language modelling"),
        ("Average return", "Atari games, 10M frames", "reinforcement learning"),
        ("MRR", "Hits@10 K few-shot size", "link prediction and ranking"),
        ("Average lagging", "encoders trained on wait-1 and wait-7 decoding paths", "simultaneous translation"),
    ],
)
def test_a_task_s_default_measure_is_guessable_when_the_task_is_named(label, context, task):
    assert task_measure(label, context) == task


@pytest.mark.parametrize(
    "label, context",
    [
        ("BLEU", "sentiment classifier accuracy on SST"),  # the task is not named: BLEU says something
        ("BLEU on held-out pairs", "WMT14 English-German"),  # 'held-out pairs' is specific
        ("Inference speed", "WMT14 English-German"),  # not a measure of the task at all
        ("F1", "image classification on CIFAR"),  # no task whose default is F1 is named
        ("Average lagging", "we wait for the queue to drain"),  # 'wait' alone is no wait-k policy
    ],
)
def test_a_measure_says_something_when_the_task_is_not_named_or_the_label_adds_words(label, context):
    assert task_measure(label, context) is None


@pytest.mark.parametrize("label", ["slope", "Upper bound", "Logistic Function", "y = x", "Chance", "linear fit"])
def test_labels_naming_what_is_drawn(label):
    assert names_the_drawing(label)


@pytest.mark.parametrize("label", ["Random Forest", "Logistic regression", "BERT", "Upper income", "Households"])
def test_names_of_series_are_not_drawing_conventions(label):
    assert not names_the_drawing(label)


@pytest.mark.parametrize(
    "title, measure",
    [
        ("Macro F1 (%)", "f1"),
        ("Test accuracy", "accuracy"),
        ("METEOR score (newstest2019)", "meteor"),  # a bracketed data set only says where
        ("ROUGE-2", "rouge"),
        ("Top-5 error rate", "error"),
        ("Spearman correlation", "spearman"),
        ("Training loss", "loss"),
    ],
)
def test_an_axis_title_naming_an_evaluation_measure(title, measure):
    assert evaluation_measure(title) == measure


@pytest.mark.parametrize(
    "title", ["Tokens per second", "Number of training examples", "Vocabulary size", "Cosine similarity to centroid"]
)
def test_quantities_that_are_no_evaluation_measure(title):
    assert evaluation_measure(title) is None


def test_a_measure_beside_another_quantity_is_no_bare_measure():
    assert evaluation_measure("Accuracy gain per added layer") is None
