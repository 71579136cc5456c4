"""Ranked candidates of figures without a spec: a stated score that keeps the rules' order, k per
mode, doubtful OCR readings read again and never made answers, and reviewers' picks."""

from __future__ import annotations

import json

import numpy as np
import pytest

from helpers.layout_charts import model_bars, web_chart
from scifigbench.blurtargets import from_layout as layout_targets
from scifigbench.blurtargets.candidates import ADMITTANCE, INDUCTANCE
from scifigbench.blurtargets.decisions import Decision
from scifigbench.blurtargets.ranked import WEIGHTS, ranked
from scifigbench.blurtargets.selection import select
from scifigbench.layout import read_layout
from scifigbench.ocr import reread
from scifigbench.ocr.engine import OcrBox

CATS, LEGEND = ("Sweden", "Norway", "Chile"), ("Exporters", "Households")


def _chart(legend=LEGEND):
    img, lines = web_chart(categories=CATS, legend=legend)
    return img, lines, read_layout(img, lines)


def test_the_score_states_the_rules_order_with_its_reasons():
    _, _, layout = _chart()
    for mode in (ADMITTANCE, INDUCTANCE):
        rules = layout_targets.ranked_candidates(layout, "Survey results.", mode, 42, "web")
        got = ranked("web", layout, "Survey results.", mode, seed=42, pad=0, k=100)
        assert [r.candidate for r in got] == rules and [r.rank for r in got] == list(range(1, len(rules) + 1))
        assert all(a.score >= b.score for a, b in zip(got, got[1:], strict=False))
        assert all(r.reasons[0].startswith(f"rule {r.candidate.rule}") for r in got)
        assert all(any(x.startswith("OCR confidence 0.99") for x in r.reasons) for r in got)
    # legend entries and categories score 1 (first rule) or 0.99 (second); none is doubtful
    adm = ranked("web", layout, None, ADMITTANCE, seed=42, pad=0, k=100)
    assert {round(r.score, 2) for r in adm} == {1.0, 0.99} and not any(r.doubt for r in adm)
    assert len(ranked("web", layout, None, ADMITTANCE, seed=42, pad=0, k=2)) == 2


def _reader(answer: dict[str, str], seen: list):
    """A rereader giving ``answer[text]`` for the box of the label reading ``text``."""

    def read(box):
        seen.append(box)
        text = next(t for t, b in BOXES.items() if b == box)
        return [("fake x2", answer.get(text, text))]

    return read


BOXES: dict[str, tuple] = {}


def test_a_doubtful_reading_is_read_again_and_never_becomes_an_answer():
    img, lines, layout = _chart()
    first = ranked("web", layout, None, ADMITTANCE, seed=42, pad=0, k=100)
    top = first[0].candidate.text
    BOXES.clear()
    BOXES.update({lb.text: lb.box for lb in layout.labels})
    seen: list = []
    misread = top[:-1] + "x"
    # every reading below confidence 1 is read again: the first and the three after it
    got = ranked(
        "web", layout, None, ADMITTANCE, seed=42, pad=0, k=3, rereader=_reader({top: misread}, seen), reread_below=1.0
    )
    assert seen == [BOXES[r.candidate.text] for r in first[:4]]
    assert ranked("web", layout, None, INDUCTANCE, seed=42, pad=0, k=3, rereader=_reader({}, seen := [])) and not seen
    assert [r.candidate.text for r in got[:3]] == [r.candidate.text for r in first[1:4]]
    assert got[-1].candidate.text == top and got[-1].rank == 4 and misread in got[-1].doubt
    assert got[-1].score == pytest.approx(first[0].score - WEIGHTS["doubt"])
    boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
    chosen = select(
        "web",
        None,
        None,
        boxes,
        "rapidocr",
        img,
        seed=42,
        pad=0,
        threshold=0.8,
        layout=layout,
        rereader=_reader({top: misread}, []),
        reread_below=1.0,
    )
    adm = next(t for t in chosen.targets if t.mode == ADMITTANCE)
    assert adm.text == first[1].candidate.text != top
    # the same reading twice: no doubt, the label stays first
    agreed = ranked(
        "web", layout, None, ADMITTANCE, seed=42, pad=0, k=3, rereader=_reader({top: top.upper()}, []), reread_below=1.0
    )
    assert agreed[0].candidate.text == top and agreed[0].doubt is None


def test_a_second_reading_restores_a_lost_space():
    img, lines, layout = _chart(legend=("Exporters", "Number ofhouseholds"))
    BOXES.clear()
    BOXES.update({lb.text: lb.box for lb in layout.labels})
    got = ranked(
        "web",
        layout,
        None,
        ADMITTANCE,
        seed=42,
        pad=0,
        k=100,
        rereader=_reader({"Number ofhouseholds": "Number of households"}, []),
    )
    glued = next(r for r in got if r.candidate.text == "Number ofhouseholds")
    assert glued.doubt is None and glued.candidate.expected_answer == "Number of households"
    assert any("space restored" in x for x in glued.reasons)


@pytest.mark.parametrize(
    ("text", "score", "siblings", "why"),
    [
        ("Chile", 0.5, [], "OCR confidence 0.50"),
        ("S5", 0.99, [], "confuses with a digit"),
        ("12O", 0.99, [], "confuses with a digit"),
        ("8120", 0.99, ["$90", "$75"], "currency sign ('$90')"),
        ("Number ofhospitals", 0.99, [], "'ofhospitals' may have lost a space"),
    ],
)
def test_what_makes_a_reading_doubtful(text, score, siblings, why):
    assert any(why in d for d in reread.doubts(text, score, siblings, 0.9))


@pytest.mark.parametrize("text", ["Chile", "2015", "$120", "45%", "Share of adults", "Ages 18-29"])
def test_plain_readings_are_not_doubted(text):
    assert reread.doubts(text, 0.97, ["$90"] if text == "$120" else ["12", "15"], 0.9) == []


def test_settling_readings():
    assert reread.settle("Chile", [("a", "chile"), ("b", " Chile ")]) == reread.Check("Chile")
    spaced = reread.settle("Number ofhospitals", [("a", "Number of hospitals")])
    assert spaced.answer == "Number of hospitals" and spaced.doubt is None and "space restored" in spaced.note
    worse = reread.settle("Number of hospitals", [("a", "Number ofhospitals")])
    assert worse == reread.Check("Number of hospitals")
    bad = reread.settle("8120", [("rapidocr x2", "$120")])
    assert bad.doubt and "'$120'" in bad.doubt and bad.answer == "8120"
    assert "nothing" in reread.settle("Chile", [("a", "")]).doubt
    assert reread.settle("10^3", [("a", "103")]) == reread.Check("10^3")
    assert reread.settle("103", [("a", "10^3")]).doubt


class _Engine:
    name = "fake"

    def __init__(self) -> None:
        self.shapes: list[tuple[int, ...]] = []

    def read(self, img, elements=None):
        self.shapes.append(img.shape)
        return [OcrBox("world", (60.0, 10.0, 90.0, 20.0), 0.9), OcrBox("hello", (10.0, 10.0, 50.0, 20.0), 0.9)]


def test_a_crop_is_enlarged_turned_when_tall_and_read_in_order():
    img = np.full((100, 200, 3), 255, np.uint8)
    engine = _Engine()
    read = reread.crop_rereader(img, [engine], 2.0, margin=0)
    assert read((10.0, 10.0, 50.0, 20.0)) == [("fake x2", "hello world")]
    assert read((10.0, 10.0, 20.0, 70.0)) == [("fake x2", "hello world")]
    wide, tall = engine.shapes
    # words of one line whose tops differ by a few pixels keep their order; a cut frame bar goes
    jitter = [OcrBox("RNN", (40.0, 9.0, 60.0, 19.0), 0.9), OcrBox("simple|", (0.0, 13.0, 35.0, 24.0), 0.9)]
    assert reread._in_reading_order(jitter) == "simple RNN"
    two = [OcrBox("rate", (0.0, 30.0, 30.0, 40.0), 0.9), OcrBox("Error", (0.0, 10.0, 40.0, 20.0), 0.9)]
    assert reread._in_reading_order(two) == "Error rate"
    echo = [OcrBox("Weight", (0.0, 10.0, 50.0, 20.0), 0.9), OcrBox("t", (56.0, 10.0, 60.0, 20.0), 0.5)]
    echo.append(OcrBox("tying", (55.0, 10.0, 95.0, 20.0), 0.9))
    assert reread._in_reading_order(echo) == "Weight tying"  # a letter read twice inside its word
    assert reread.settle("MXM", [("fake x2", "-MXM")]).doubt is None  # a legend key's dash at the edge
    assert reread.settle("-5", [("fake x2", "5")]).doubt is not None  # a sign that is part of the label
    for echoed in ("TF V.S. LC o on detergent data", "Number of f speakers", "F ( (%)"):
        first = echoed.replace(" o on", " on").replace(" f ", " ").replace("( (", "(")
        assert reread.settle(first, [("fake x2", echoed)]).doubt is None, echoed  # a piece read twice
    assert reread.settle("Word Rank Score", [("fake x2", "Word IRank Score")]).doubt is not None
    assert reread.settle("A B", [("fake x2", "A C")]).doubt is not None
    assert wide[:2] == (20 + 2 * 10, 80 + 2 * 10)  # 10 x 40 enlarged twice, a border of half its height
    assert tall[:2] == (20 + 2 * 10, 120 + 2 * 10)  # 60 x 10 turned: 10 x 60, enlarged twice


def test_a_reviewer_picks_a_candidate_or_any_label_for_either_mode():
    img, lines, layout = _chart()
    boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
    cands = ranked("web", layout, None, ADMITTANCE, seed=42, pad=4, k=3)
    second = cands[1].candidate
    decided = {
        "web/admittance": Decision(
            "web/admittance", "replace", proposed_text=cands[0].candidate.text, text=second.text
        ),
        "web/inductance": Decision("web/inductance", "replace", text="Households"),
    }
    chosen = select(
        "web", None, None, boxes, "rapidocr", img, seed=42, pad=4, threshold=0.8, layout=layout, decided=decided
    )
    by_mode = {t.mode: t for t in chosen.targets}
    adm, ind = by_mode[ADMITTANCE], by_mode[INDUCTANCE]
    # a picked candidate keeps its rule, question and reasoning
    assert (adm.text, adm.rule, adm.question, adm.status) == (second.text, second.rule, second.question, "confirmed")
    assert adm.box == second.box
    # any other label is asked about by its role and position in the layout
    legend = next(lb for lb in layout.labels if lb.text == "Households")
    assert (ind.rule, ind.status, ind.role, ind.box) == ("reviewer", "confirmed", legend.role, legend.box)
    assert ind.question and "legend entry" in ind.question and "Exporters" in json.loads(ind.neighbours_json)


def test_every_admittance_label_is_read_again_and_a_confident_misreading_is_dropped():
    """An admittance answer is a whole label judged letter by letter: even at OCR confidence 0.99
    it is read a second time, and a second reading that differs ('Citroēn' against 'Citroen')
    drops it to the end as doubtful; a tick stays read once."""
    _, _, layout = _chart()
    first = ranked("web", layout, None, ADMITTANCE, seed=42, pad=0, k=100)
    top = first[0].candidate.text
    BOXES.clear()
    BOXES.update({lb.text: lb.box for lb in layout.labels})
    seen: list = []
    got = ranked("web", layout, None, ADMITTANCE, seed=42, pad=0, k=3, rereader=_reader({}, seen))
    assert seen == [BOXES[r.candidate.text] for r in first[:3]]  # confident, yet each read twice
    assert [r.candidate.text for r in got] == [r.candidate.text for r in first[:3]]
    assert all("read again (an admittance answer is read twice)" in r.reasons for r in got)
    garbled = top[:-1] + "\u0113"
    dropped = ranked("web", layout, None, ADMITTANCE, seed=42, pad=0, k=3, rereader=_reader({top: garbled}, []))
    assert top not in [r.candidate.text for r in dropped[:3]]
    assert dropped[-1].candidate.text == top and garbled in (dropped[-1].doubt or "")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Germany", "●Germany"),  # a legend dot inside the crop's margin
        ("Lowest since 2008", ",Lowest since 2008"),  # a comma of the neighbouring text
        ("Drug addiction", "Drug y addiction"),  # a lone glyph between the words (a descender above)
        ("Federal deficit", "Federal I deficit"),
    ],
)
def test_marks_a_crop_adds_around_or_between_words_leave_the_first_reading(first, second):
    assert reread.settle(first, [("fake x2", second)]) == reread.Check(first)


def test_a_second_reading_completes_a_word_the_first_cut_short():
    done = reread.settle("Brazi", [("fake x2", "●Brazil")])
    assert (done.answer, done.doubt) == ("Brazil", None) and "cut" in (done.note or "")
    assert reread.settle("Pre-crisis leve", [("fake x2", "Pre-crisis level")]).answer == "Pre-crisis level"
    # what is no completion stays a doubt: a capital glued on (a frame bar), a digit, a longer tail
    for first, second in (("Brazil", "BrazilI"), ("Brazil", "Brazil2"), ("Bra", "Brazil")):
        assert reread.settle(first, [("fake x2", second)]).doubt is not None, second


def test_readings_differing_in_accents_alone_agree():
    same = reread.settle("Citroēn", [("fake x2", "Citroën")])
    assert (same.answer, same.doubt) == ("Citroēn", None) and "accents only" in (same.note or "")
    assert reread.settle("Citroēn", [("fake x2", "Citroên")]).doubt is None
    assert reread.settle("Citroēn", [("fake x2", "Citrohn")]).doubt is not None  # another letter


@pytest.mark.parametrize("size", [9, 10, 12])
def test_a_name_with_an_accent_read_twice_by_rapidocr_is_kept(size):
    """rapidocr reads a small 'Citroën' with another accent ('Citroēn', 'Citroên'), and its enlarged
    crop often with a third: the accent is the doubt, not the name, which stays an answer."""
    from matplotlib import font_manager
    from PIL import Image, ImageDraw, ImageFont

    from scifigbench.freetext.labels import unaccented
    from scifigbench.ocr.engine import backend

    im = Image.new("RGB", (200, 40), "white")
    ImageDraw.Draw(im).text(
        (10, 10), "Citroën", fill="black", font=ImageFont.truetype(font_manager.findfont("DejaVu Sans"), size)
    )
    img = np.ascontiguousarray(np.asarray(im)[:, :, ::-1])
    engine = backend("rapidocr")
    [first] = engine.read(img)
    check = reread.settle(first.text, reread.crop_rereader(img, [engine], 2.0)(first.box))
    assert check.doubt is None and unaccented(check.answer) == "Citroen", check


def test_the_stage_holds_back_when_every_admittance_candidate_is_narrowed():
    """Social platforms beside each other and stock method names: a reader narrows each to a few
    guesses, so the stage proposes no admittance target, and its candidates say why (the record
    of the figure's abstention); the reviewer still gets them, and inductance is unaffected."""
    img, lines = web_chart(categories=("Facebook", "Instagram", "Snapchat"), legend=("Random", "LSTM"))
    lines = [ln for ln in lines if ln.text not in ("Don't", "know")]  # the helper's one coined category
    layout = read_layout(img, lines)
    boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
    chosen = select("web", None, None, boxes, "rapidocr", img, seed=42, pad=4, threshold=0.8, layout=layout)
    assert {t.mode for t in chosen.targets} == {INDUCTANCE}
    adm = [r for r in chosen.candidates if r.candidate.mode == ADMITTANCE]
    assert {r.candidate.text for r in adm} <= {"Facebook", "Instagram", "Snapchat", "Random", "LSTM"} and adm
    assert all(r.held_back and "narrows it" in r.held_back for r in adm)
    assert adm[0].row()["held_back"] == adm[0].held_back
    assert not any(r.held_back for r in chosen.candidates if r.candidate.mode == INDUCTANCE)


def test_a_coined_label_is_proposed_and_narrowed_ones_after_it_stay_listed():
    img, lines = web_chart(categories=("Sweden", "Norway", "Chile"), legend=("Exporters", "Random", "LSTM"))
    layout = read_layout(img, lines)
    boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
    chosen = select("web", None, None, boxes, "rapidocr", img, seed=42, pad=4, threshold=0.8, layout=layout, k=10)
    adm = [r for r in chosen.candidates if r.candidate.mode == ADMITTANCE]
    target = next(t for t in chosen.targets if t.mode == ADMITTANCE)
    assert target.text == adm[0].candidate.text and adm[0].held_back is None
    assert {r.candidate.text for r in adm if r.held_back} == {"Random", "LSTM"}


def test_an_evaluation_measure_as_axis_title_is_held_back_and_another_quantity_is_not():
    """Known encoders beside each other are narrowed; so is a y-axis titled with an evaluation
    measure (a reader of a results plot guesses among a few), but not one naming another quantity."""
    for title, proposed in (("Macro F1 score (%)", None), ("Tokens per second", "Tokens per second")):
        img, lines = model_bars(y_title=title)
        layout = read_layout(img, lines)
        boxes = [OcrBox(ln.text, ln.box, ln.score) for ln in lines]
        chosen = select("web", None, None, boxes, "rapidocr", img, seed=42, pad=4, threshold=0.8, layout=layout, k=10)
        target = next((t.text for t in chosen.targets if t.mode == ADMITTANCE), None)
        assert target == proposed
        listed = {r.candidate.text: r.held_back for r in chosen.candidates if r.candidate.mode == ADMITTANCE}
        assert title in listed  # offered to the reviewer either way
        assert (listed[title] is not None) == (proposed is None)
