"""Admittance labels with a visible sibling in a well-known group ('VGGNet' beside 'AlexNet') narrow
to a few guesses: they are named so, and tried after every label without one."""

from __future__ import annotations

import pytest

from helpers.layout_charts import web_chart
from scifigbench.blurtargets import from_layout as layout_targets
from scifigbench.blurtargets.candidates import ADMITTANCE
from scifigbench.blurtargets.ranked import WEIGHTS, ranked
from scifigbench.freetext.kin import visible_kin
from scifigbench.layout import read_layout


@pytest.mark.parametrize(
    ("text", "others", "want"),
    [
        ("VGGNet", ["AlexNet", "GoogLeNet", "Accuracy"], "image-classification networks: AlexNet, GoogLeNet"),
        ("(b) CHUNK", ["a) POS", "(c) NER", "Epochs"], "standard tagging tasks: a) POS, (c) NER"),
        ("ResNet-50", ["VGG16"], "image-classification networks: VGG16"),
        ("BERT base (110M)", ["RoBERTa large"], "BERT variants: RoBERTa large"),
        ("Weekly", ["Daily", "Less often"], "how often: Daily, Less often"),
        ("Services", ["Agriculture"], "sectors of an economy: Agriculture"),
    ],
)
def test_a_member_with_a_visible_sibling_is_named_with_its_group(text, others, want):
    assert visible_kin(text, others) == want


@pytest.mark.parametrize(
    ("text", "others"),
    [
        ("RoBERTa", ["Accuracy", "Epochs"]),  # no sibling in view: nothing narrows it
        ("RoBERTa", ["RoBERTa"]),  # a copy is no sibling (the copy rules judge it)
        ("LSTM", ["GRU"]),  # not a group this prior names
        ("LSTM-based Classifier", ["BERT"]),  # a name that only contains a member's word
        ("Daily Mail", ["Weekly"]),  # a longer name, not the frequency
    ],
)
def test_no_visible_sibling_or_no_group_is_no_kin(text, others):
    assert visible_kin(text, others) is None


def test_labels_with_a_visible_sibling_come_after_every_other_whatever_the_seed():
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("RoBERTa", "ALBERT", "Households"))
    layout = read_layout(img, lines)
    for seed in range(6):
        got = ranked("web", layout, None, ADMITTANCE, seed=seed, pad=0, k=100)
        texts = [r.candidate.text for r in got]
        assert set(texts[-2:]) == {"RoBERTa", "ALBERT"} and "Households" in texts
        assert [r.candidate for r in got] == layout_targets.ranked_candidates(layout, None, ADMITTANCE, seed, "web")
        kin = {r.candidate.text: r for r in got if r.candidate.kin}
        assert set(kin) == {"RoBERTa", "ALBERT"}
        assert kin["RoBERTa"].candidate.kin == "BERT variants: ALBERT"
        assert any("BERT variants: ALBERT" in x for x in kin["RoBERTa"].reasons)
        assert "narrows it to a few guesses" in kin["RoBERTa"].candidate.reasoning_path
        best_kin = max(r.score for r in kin.values())
        assert all(r.score > best_kin for r in got if not r.candidate.kin)
        assert max(r.score for r in got) - best_kin == pytest.approx(WEIGHTS["kin"], abs=0.05)
    # without the sibling the same label is ranked by its role alone
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("RoBERTa", "Households"))
    got = ranked("web", read_layout(img, lines), None, ADMITTANCE, seed=0, pad=0, k=100)
    assert not any(r.candidate.kin for r in got)


def test_a_sibling_named_by_the_caption_shown_with_the_blur_narrows_too():
    # 'ALBERT' is in no label, but the caption a reader gets beside the blurred 'RoBERTa' names it
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("RoBERTa", "Households"))
    layout = read_layout(img, lines)
    caption = "Scores of ALBERT and RoBERTa across countries."
    got = ranked("web", layout, caption, ADMITTANCE, seed=0, pad=0, k=100)
    kin = {r.candidate.text: r.candidate.kin for r in got if r.candidate.kin}
    assert kin == {"RoBERTa": "BERT variants: one named by the title or caption"}
    assert got[-1].candidate.text == "RoBERTa"
    # a caption naming only the label itself (removed from what is shown) narrows nothing
    got = ranked("web", layout, "Scores of RoBERTa across countries.", ADMITTANCE, seed=0, pad=0, k=100)
    assert not any(r.candidate.kin for r in got)
