"""Three-tier matching of target strings to OCR boxes, number parsing and caption redaction."""

from __future__ import annotations

import pytest

from scifigbench.blurtargets.numbers import infer_missing, parse_number, regular_window, sequence_kind
from scifigbench.blurtargets.text import mentions, redact
from scifigbench.freetext.label_words import number
from scifigbench.ocr.engine import OcrBox
from scifigbench.ocr.matching import match_text, normalise


def box(text: str, x: float = 0, score: float = 0.9) -> OcrBox:
    return OcrBox(text, (x, 0, x + 10, 10), score)


def test_exact_tier_wins_over_others():
    boxes = [box("Ca1ibration", 0), box("Calibration", 20), box("Calibrat", 40)]
    m = match_text("Calibration", boxes)
    assert (m.tier, m.score, m.box.box[0]) == ("exact", 1.0, 20)


def test_normalised_tier_handles_ocr_confusions():
    # l/1, O/0, case and spacing: 'Ca1ibrati0n' is the same string to a reader.
    m = match_text("Calibration", [box("Ca1ibrati0n", 5), box("Validation", 30)])
    assert (m.tier, m.score, m.box.box[0]) == ("normalised", 1.0, 5)
    assert normalise("GPT-4o") == normalise("gpt 40")


def test_fuzzy_tier_uses_similarity_threshold():
    m = match_text("HotpotQA", [box("HotpatQ", 0), box("MuSiQue", 30)])
    assert m.tier == "fuzzy" and m.box.text == "HotpatQ"
    assert m.score == pytest.approx(2 * 6 / 15, abs=1e-6)  # "h0tp" + "tq" shared by "h0tp0tqa" and "h0tpatq"
    assert match_text("HotpotQA", [box("MuSiQue")]) is None
    assert match_text("HotpotQA", [box("HotpatQ")], threshold=0.9) is None


def test_short_strings_never_match_fuzzily():
    assert match_text("10", [box("100")]) is None
    assert match_text("10", [box("1O")]).tier == "normalised"


def test_ties_break_by_ocr_score_then_position():
    m = match_text("Ours", [box("Ours", 50, 0.7), box("Ours", 10, 0.95), box("Ours", 0, 0.7)])
    assert m.box.box[0] == 10


@pytest.mark.parametrize(
    "text,value",
    [
        ("0.25", 0.25),
        ("1,000", 1000.0),
        ("\u22125", -5.0),
        ("40%", 40.0),
        ("2k", 2000.0),
        ("1.5M", 1.5e6),
        ("$10^{3}$", 1000.0),
        ("$\\mathdefault{10^{-2}}$", 0.01),
        ("1e3", 1000.0),
        ("2021", 2021.0),
        ("GPT-4", None),
        ("", None),
        # money and measures with their unit, as explainer sites print ticks and values
        ("$5,000", 5000.0),
        ("20 t", 20.0),
        ("2,500 kWh", 2500.0),
        ("7,030 kwh", 7030.0),  # OCR's lower case
        ("50 years", 50.0),
        # a count of things names a setting ('8 words'), and a decade is no year
        ("8 words", None),
        ("1990s", None),
    ],
)
def test_parse_number(text, value):
    assert parse_number(text) == (pytest.approx(value) if value is not None else None)
    # the layout reader reads the same value off a label (``layout.vocab.number``)
    if text and "^" not in text and not text.endswith("e3"):
        assert number(text) == (pytest.approx(value) if value is not None else None)


def test_sequences():
    assert sequence_kind([0, 10, 20, 30]) == "arithmetic"
    assert sequence_kind([1, 10, 100, 1000]) == "geometric"
    assert sequence_kind([3, 7, 15, 31]) is None
    assert infer_missing([0.5, None, 0.58, 0.62]) == pytest.approx(0.54)
    assert infer_missing([10, 100, None, 10000]) == pytest.approx(1000)
    with pytest.raises(ValueError):
        infer_missing([1, 2, None, 7])


def test_a_last_year_off_the_step_leaves_the_regular_stretch_before_it():
    """'1980, 1990, 2000, 2010, 2022': the latest year ends the axis whatever the step; the four
    before it are regular, so their inner ticks are still given by their neighbours."""
    assert regular_window([1980, 1990, 2000, 2010, 2022]) == (0, 4)
    assert regular_window([0, 25, 50, 75, 100]) == (0, 5)
    assert regular_window([1990, 2000, 2010, 2022]) is None  # three regular ticks are too few
    assert regular_window([1, 2, 4, 7, 11]) is None


def test_mentions_is_token_based():
    assert mentions("It reaches 40% at step 4000.", "40")
    assert not mentions("Step 1400 is the last.", "40")
    assert not mentions("RoBERTa is strong.", "BERT")
    assert mentions("Results on hotpotqa and MuSiQue.", "HotpotQA")


def test_redact_takes_list_items_out_and_drops_other_sentences():
    cap = "Accuracy of Ours and Baseline. Ours peaks at 63. Training uses 5000 steps."
    assert redact(cap, "Ours") == "Accuracy of Baseline. Training uses 5000 steps."
    assert redact(cap, "Llama") == cap
    assert redact("Only Ours here.", "Ours") is None
    assert redact(None, "x") is None
    lst = "F1 of Pruning on MNLI, STS-B, CoLA and QQP."
    assert redact(lst, "MNLI") == "F1 of Pruning on STS-B, CoLA and QQP."
    assert redact(lst, "CoLA") == "F1 of Pruning on MNLI, STS-B and QQP."
    assert redact(lst, "QQP") == "F1 of Pruning on MNLI, STS-B and CoLA."
    assert redact("CIDEr of Zero-shot and Ours on NoCaps.", "Zero-shot") == "CIDEr of Ours on NoCaps."
    assert redact("Scores for 40% and 60% of the data.", "40%") == "Scores for 60% of the data."


def test_blur_check_is_by_location():
    from scifigbench.blurtargets.validity import check_blur

    target = (100, 100, 110, 110)
    clean = [OcrBox("0", target, 0.9), OcrBox("Error 30", (0, 0, 60, 10), 0.9), OcrBox("Ours", (200, 0, 230, 10), 0.9)]
    blurred = [OcrBox("Err0r 30", (0, 0, 60, 10), 0.9)]  # '0' occurs, but not at the target's place
    res = check_blur(clean, blurred, target, "0", pad=4)
    assert (res.target_read, res.others, res.others_kept) == (False, 2, 1)
    assert check_blur(clean, blurred + [OcrBox("O", (101, 99, 109, 111), 0.5)], target, "0", pad=4).target_read
    # a neighbouring line touching the padded target is no read-back of a one-character target
    # ('Number' holds 'b', which OCR confuses with '8'), but one lying on the target is
    neighbour = OcrBox("Number of training sentences", (40, 111, 300, 130), 0.9)
    assert not check_blur(clean, blurred + [neighbour], (100, 100, 110, 110), "8", pad=4).target_read
    assert check_blur(clean, [OcrBox("B.", (99, 100, 112, 111), 0.6)], (100, 100, 110, 110), "8", pad=4).target_read


@pytest.mark.parametrize(
    ("caption", "target", "expected"),
    [
        # The item's article goes with it: no 'the individuals, the and the largest team'.
        (
            "Densities by three groups: the individuals, the teammates, and the largest team.",
            "teammates",
            "Densities by three groups: the individuals, and the largest team.",
        ),
        # A head noun shared by the two items is not left doubled.
        (
            "Log-likelihood for random initialization and SSID initialization.",
            "SSID",
            "Log-likelihood for random initialization.",
        ),
        # A colour in brackets after the item would point at the gap; another bracketed list keeps its commas.
        (
            "We compare settings of the prior (yellow, orange, red) and CCG (blue). Solid lines are ours.",
            "CCG",
            "We compare settings of the prior (yellow, orange, red). Solid lines are ours.",
        ),
        # 'et al. (2015)' is no sentence end, so the citation does not survive as a fragment.
        (
            "ROUGE-1 on Gigaword. ABS+ is a baseline from Rush et al. (2015) using attention. Log x-axis.",
            "ABS+",
            "ROUGE-1 on Gigaword. Log x-axis.",
        ),
        # No space after an opening bracket; an article inside 'than' is no article.
        ("One of three gates (input, forget and output).", "input", "One of three gates (forget and output)."),
        ("Ours is sturdier than seq2seq and pointer-generator.", "seq2seq", "Ours is sturdier than pointer-generator."),
        # The article stays when the removed item opened the list.
        ("Norms for the input and inference LSTMs.", "input", "Norms for the inference LSTMs."),
        # A panel title's mark is no part of the name the caption uses.
        ("(a) and (b) On RT and IMDB datasets.", "(a) RT", "(a) and (b) On IMDB datasets."),
        ("Results on Yelp. Higher is better.", "b) Yelp", "Higher is better."),
    ],
)
def test_redact_leaves_a_readable_sentence(caption: str, target: str, expected: str) -> None:
    assert redact(caption, target) == expected
