"""Admittance labels a reader narrows without any list of names (``freetext.narrowed``): named
like a sibling of their kind, a stock name of a compared method, or named in part by the caption
as shown. Each is tried after every label without such a sign, so a coined name comes first."""

from __future__ import annotations

import pytest

from helpers.layout_charts import web_chart
from scifigbench.blurtargets.candidates import ADMITTANCE
from scifigbench.blurtargets.ranked import ranked
from scifigbench.freetext.kin import visible_kin
from scifigbench.freetext.narrowed import caption_part, named_like, narrowed, stock_name
from scifigbench.layout import read_layout


@pytest.mark.parametrize(
    ("text", "others", "want"),
    [
        ("LSTM-based Classifier", ["Logistic Regression", "CNN-based Classifier"], "CNN-based Classifier"),
        ("PoolingMax", ["SortByScore", "PoolingAvg"], "PoolingAvg"),
        ("fre-f2h", ["baseline", "fre-lm2h"], "fre-lm2h"),
        ("unigram (SRI)", ["4gram (NNLM)", "4gram (SRI)"], "4gram (SRI)"),
        (
            "(a) TF V.S. LC on detergent data",
            ["(b) TF V.S. LC on multi extraction"],
            "(b) TF V.S. LC on multi extraction",
        ),
        ("GloVeRetro", ["GloVe"], "GloVe"),
        # the same qualifier after a dash, even a stop word, is the naming pattern
        ("Retriever - all", ["Reader - top 5", "Reader - ALL"], "Reader - ALL"),
        ("Tagger: frozen", ["Parser: frozen"], "Parser: frozen"),
    ],
)
def test_a_label_sharing_its_first_or_last_name_part_with_a_sibling_is_named_like_it(text, others, want):
    assert named_like(text, others) == want


@pytest.mark.parametrize(
    ("text", "others"),
    [
        # a statistics note every entry carries is no naming pattern
        ("KAZB (m=0.20 std=0.07)", ["ASDiv (m=0.21 std=0.08)", "DRAW (m=0.19 std=0.08)"]),
        # a word shared in another place is no pattern
        ("most probable region", ["random split in the region of the rejected sample"]),
        ("graph-structured", ["node-independent"]),
        ("SQL Server", ["doc2vecOnSQL", "lstmOnSQL"]),
        ("GRNN", ["RNN-EM", "simple RNN"]),
        ("Toxicity", ["Toxicity"]),  # a copy is no sibling
        ("Retriever - all", ["Retriever - ALL", "Reader - top 5"]),  # a copy, cased otherwise
        ("Train - dev", ["Test - held"]),  # different qualifiers
    ],
)
def test_a_coined_name_or_a_shared_word_elsewhere_is_not_named_like_a_sibling(text, others):
    assert named_like(text, others) is None


@pytest.mark.parametrize("text", ["Random", "Ours", "LSTM", "Logistic Regression", "full data", "BM25"])
def test_stock_names_of_compared_methods(text):
    assert stock_name(text)


@pytest.mark.parametrize("text", ["Random Forest", "GRUEN", "Deep Averaging Network", "L2RW"])
def test_specific_names_are_not_stock_names(text):
    assert not stock_name(text)


def test_a_stock_name_narrows_only_beside_labels_of_its_kind():
    assert narrowed("Random", ["GloVe"], "") == "a stock name of a compared method"
    assert narrowed("Random", [], "") is None


def test_a_specific_part_named_by_the_caption_as_shown_narrows():
    assert caption_part("OnlineLDA", "Comparing AspeRa with GloVe, ABAE and LDA.") == "lda"
    assert caption_part("Sparse-MetaNet", "Online Cifar test results.") is None
    assert caption_part("Model Size", "The model size grows linearly.") is None  # generic words only
    assert caption_part("GRUEN", "GRUEN against references.") is None  # one part: the copy rules judge it


@pytest.mark.parametrize(
    ("text", "others", "want"),
    [
        ("ROUGE-W", ["METEOR", "GRUEN"], "text-generation metrics: METEOR"),
        ("SQuAD", ["TriviaQA"], "question-answering datasets: TriviaQA"),  # also a GLUE-style task
        ("CIFAR-10", ["SVHN"], "image-classification datasets: SVHN"),
        ("AG News", ["Yelp"], "text-classification datasets: Yelp"),
    ],
)
def test_metrics_and_datasets_that_come_in_known_sets_are_kin(text, others, want):
    assert visible_kin(text, others) == want


def test_a_coined_method_comes_before_its_patterned_and_stock_siblings_whatever_the_seed():
    legend = ("LSTM-based Classifier", "CNN-based Classifier", "Logistic Regression", "Deep Averaging Net")
    img, lines = web_chart(categories=("IMDB", "AG News", "Yelp"), legend=legend)
    layout = read_layout(img, lines)
    for seed in range(4):
        got = ranked("web", layout, None, ADMITTANCE, seed=seed, pad=0, k=100)
        legend_order = [r.candidate.text for r in got if r.candidate.text in legend]
        assert legend_order[0] == "Deep Averaging Net"
        signs = {r.candidate.text: r.candidate.kin for r in got if r.candidate.text in legend}
        assert signs["LSTM-based Classifier"] == "named like 'CNN-based Classifier'"
        assert signs["Logistic Regression"] == "a stock name of a compared method"
        assert signs["Deep Averaging Net"] is None
