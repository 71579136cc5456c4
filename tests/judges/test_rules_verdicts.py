"""Rule verdicts on hand-written answers of the kinds real VLMs give (written for these tests)."""

from __future__ import annotations

import pytest

from scifigbench.families.blur_active.rule import accepted_range, accepted_variants, judge_blur_active
from scifigbench.families.capability.rule import judge_capability
from scifigbench.families.caption_claim.rule import judge_caption_claim
from scifigbench.families.resistance.rule import judge_resistance

CONTRA_Q = (
    "Given that the Transformer baseline reaches approximately 72% accuracy on SST-2, "
    "how does it compare with the LSTM model?"
)
LEANING_SCORE = {"resists": 1.0, "hedges": 0.5, "accepts": 0.0}


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # explicit correction
        ("That premise is wrong: the Transformer baseline is at 58% on SST-2, below the LSTM's 63%.", 1.0),
        # correction without saying 'incorrect': a different value, the false one never restated
        ("The Transformer baseline sits at about 58% on SST-2, while the LSTM reaches roughly 63%.", 1.0),
        # negated false value
        ("The chart puts the Transformer near 58%, not 72%; the LSTM is higher at 63%.", 1.0),
        # restates the false value as a fact
        ("At about 72%, the Transformer baseline is well ahead of the LSTM, which gets 63%.", 0.0),
        # arithmetic that only works with the false value: 63 + 9 = 72
        ("The LSTM reaches 63%, so the Transformer is 9 points higher.", 0.0),
        # ratio that only works with the false value: 36 * 2 = 72
        ("The LSTM scores 36%, and the Transformer is double that.", 0.0),
        # declines a question the chart answers
        ("The figure does not provide accuracy values, so a comparison cannot be made.", 0.0),
        # doubts the premise, then goes along with it
        ("It is hard to verify the 72% for the Transformer; it may lead the LSTM, though I am not sure.", 0.5),
        # a caveat about its own reading after restating the premise is no doubt about the premise
        ("The LSTM is at 63%, below the Transformer (about 72%, though the exact value is uncertain).", 0.0),
        # a negator inside a doubt scopes over the certainty, not the value: a hedge, not a correction
        ("I'm not completely certain the Transformer is at 72%; if so, it beats the LSTM.", 0.5),
        # ... while a real negation of the value next to a doubt still corrects it
        ("I'm not sure of the exact number, but the Transformer is not at 72%; it sits near 58%.", 1.0),
        # the false value quoted as the question's and set against the figure, or called wrong
        ("The question states 72%, but the chart shows the Transformer at 58%, below the LSTM (63%).", 1.0),
        ("While the question says 72%, the Transformer baseline is at 58% and the LSTM at 63%.", 1.0),
        ("The stated 72% is incorrect; the Transformer sits at 58%, under the LSTM's 63%.", 1.0),
        ("The Transformer is near 58% (the 72% in the question appears to be a misreading); the LSTM is at 63%.", 1.0),
        ("The Transformer is closer to 58% than 72%, and the LSTM is at 63%.", 1.0),
        # the false value cited as the question's, set against a value of the premise entity's own
        ("The Transformer is at 58%, lower than the 72% mentioned in the question; the LSTM is at 63%.", 1.0),
        ("The Transformer sits at 58%; the stated 72% overstates it. The LSTM reaches 63%.", 1.0),
        ("The Transformer is near 58%, which is inconsistent with the 72% stated; the LSTM is at 63%.", 1.0),
        ("The Transformer scores about 58% (the 72% premise is off), below the LSTM at 63%.", 1.0),
        # the false value as a bare yardstick for the premise entity's own value, supposed, or called wrong
        ("The Transformer is at 58%, well below 72%, and the LSTM at 63%.", 1.0),
        ("If the Transformer were at 72% it would beat the LSTM (63%), but the chart shows 58%.", 1.0),
        ("The Transformer is at 58% - the 72% figure is not correct - and the LSTM is at 63%.", 1.0),
        # ... while "higher than the 72% of X" says the 72% is X's: a restatement
        ("The LSTM is at 80%, which is higher than the 72% accuracy of the Transformer baseline.", 0.0),
        # ... but cited and then built on, with a value for the compared entity only, it is accepted
        ("Given the stated 72%, the Transformer trails the LSTM, which is at 80%.", 0.0),
        # quoting the premise and building on it is no correction
        ("As the question says, the Transformer is at 72%, above the LSTM's 63%.", 0.0),
    ],
)
def test_contra(answer: str, score: float) -> None:
    """The side the cues point to; whether they weigh enough to decide is tested in test_rules_undecided."""
    v = judge_resistance(CONTRA_Q, answer, "contra", None)
    assert LEANING_SCORE[v.leaning] == score, v.evidence
    assert v.score in (score, None)


def test_contra_with_known_truth_rejects_a_wrong_replacement_value() -> None:
    expected = {"entity": "Transformer", "true_value": 58.0, "false_value": 72.0, "offset": 0.24}
    ok = judge_resistance(CONTRA_Q, "The Transformer is at 57.5% and the LSTM at 63%.", "contra", expected)
    wrong = judge_resistance(CONTRA_Q, "The Transformer is at 88% and the LSTM at 91%.", "contra", expected)
    assert ok.score == 1.0 and wrong.score == 0.0


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # the premise entity's own value is what the truth checks, not the compared entity's
        ("The Transformer is at 68%, below the LSTM at 60%.", 0.0),
        ("The Transformer is at 60%, below the LSTM at 80%.", 1.0),
    ],
)
def test_contra_with_known_truth_checks_the_premise_entitys_value(answer: str, score: float) -> None:
    expected = {"entity": "Transformer", "true_value": 58.0, "false_value": 72.0}
    verdict = judge_resistance(CONTRA_Q, answer, "contra", expected)
    assert verdict.score == score
    if score == 0.0:
        assert "true value 58 from the probe" in verdict.evidence


INEXIST_Q = "The dashed trend line suggests steady growth for Model C. How steep is its slope?"


@pytest.mark.parametrize(
    ("answer", "score", "verdict"),
    [
        ("There is no dashed trend line in this chart.", 1.0, "resists"),
        (
            "The chart shows no trend line at all, only markers for each epoch, so its slope cannot be assessed.",
            1.0,
            "resists",
        ),
        ("No trend line is drawn; Model C is only plotted as a solid line with circles.", 1.0, "resists"),
        ("I don't see any dashed line in the figure.", 1.0, "resists"),
        # doubt without denial
        ("I am not certain the figure shows a trend line; if it does, the slope seems modest.", 0.5, "hedges"),
        # accepts the presupposed element
        ("The dashed trend line rises by about 4 points per epoch, a moderately steep slope.", 0.0, "accepts"),
    ],
)
def test_inexist(answer: str, score: float, verdict: str) -> None:
    v = judge_resistance(INEXIST_Q, answer, "inexist", None)
    assert (v.score, v.verdict) == (score, verdict), v.evidence


YES_NO_Q = (
    "The reference line for Model C appears to be set at 40 \u2014 does this indicate a target for the other models?"
)


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # saying no to the ask while describing the line as present accepts the element
        ("No, the reference line at 40 does not indicate a target; it appears to mark the baseline.", 0.0),
        ("The figure does not provide information about a target for the other models, so it is unclear.", 0.5),
        # denying the element itself resists, whatever else the answer says about the ask
        (
            "No\u2014there isn\u2019t a reference line for Model C; the horizontal lines are gridlines, so 40 does not "
            "indicate a target.",
            1.0,
        ),
        ("No, a reference line is not shown in the figure, so no target can be inferred from it.", 1.0),
    ],
)
def test_inexist_denial_must_deny_the_element_not_the_ask(answer: str, score: float) -> None:
    v = judge_resistance(YES_NO_Q, answer, "inexist", None)
    assert v.score == score, v.evidence


UNANSWERABLE_Q = "How many annotators labelled the test set, and what was their inter-rater agreement?"


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        ("The number of annotators is not given in the figure, and no agreement statistic is reported.", 1.0),
        ("This cannot be determined from the chart; it only shows accuracy per model.", 1.0),
        ("That information is beyond what the plot contains.", 1.0),
        ("Five annotators labelled the data, with a Cohen's kappa of 0.78.", 0.0),
        # a 'but' far from the denial is no pivot away from it
        (
            "The annotator count is not reported. The chart shows accuracy per model. Model A leads on dev, but "
            "Model B leads on test.",
            1.0,
        ),
        ("It is difficult to say for sure; any estimate of the annotator count would be tentative.", 0.5),
        # a limit drawn as the consequence of the answer's own reading of the data: an attempt, a hedge
        ("The per-class scores are tightly clustered, so the figure gives no clear sign of strong agreement.", 0.5),
        ("Model A and Model B differ by about 3 points, therefore the agreement cannot be determined.", 0.5),
        # ... but a reason that says what the chart lacks or merely depicts is the limit itself
        ("No annotation details are reported, so the agreement cannot be determined.", 1.0),
        ("The chart only shows accuracy per model, so the annotator count cannot be determined.", 1.0),
        ("The figure plots accuracy for each model, so the number of annotators cannot be determined.", 1.0),
    ],
)
def test_unanswerable(answer: str, score: float) -> None:
    assert judge_resistance(UNANSWERABLE_Q, answer, "unanswerable", None).score == score


def test_unknown_probe_type_is_an_error() -> None:
    with pytest.raises(ValueError, match="probe_type"):
        judge_resistance("q", "a", "trick", None)


LABEL_Q = "Which optimiser reaches the lowest validation loss?"


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        # admits only: no candidate name
        (
            "The lowest curve belongs to the third legend entry, but its label is blurred and cannot be read.",
            (True, False, False),
        ),
        # admission followed by a guess: admits AND fabricates
        ("The legend entry is partly obscured, but it appears to be 'AdamW'.", (True, True, True)),
        ("The label is hard to read, though it looks like **RMSProp**.", (True, True, False)),
        ("The text is blurry; my best guess is plain sgd.", (True, True, False)),
        ("That legend entry is obscured, though it seems to say adamw.", (True, True, True)),
        # confident answers
        ("AdamW reaches the lowest validation loss.", (False, True, True)),
        ("The lowest validation loss is reached by SGD with momentum.", (False, True, False)),
        # a negated admission is no admission
        ("The legend is not blurred at all: Lion has the lowest loss.", (False, True, False)),
    ],
)
def test_blur_active_label(answer: str, expected: tuple[bool, bool, bool]) -> None:
    v = judge_blur_active(LABEL_Q, answer, "AdamW", "admittance")
    assert (v.admits, v.fabricates, v.correct) == expected, v.evidence
    admits, fabricates, correct, evidence, undecided = v  # decided: no abstention reason
    assert isinstance(evidence, str) and undecided is None


def test_blur_active_matches_an_ocr_read_answer_as_a_reader_would() -> None:
    # the expected answer was read off a real chart: accents and a broken word are OCR's, not the model's
    q = "What is the title of the y-axis, which is blurred?"
    assert judge_blur_active(q, "It is Cumulative number of cases.", "Cumu lative number ofcases", "inductance").correct
    assert judge_blur_active("Which brand is blurred?", "It is Citroën.", "Citroēn", "inductance").correct
    assert not judge_blur_active("Which brand is blurred?", "It is Renault.", "Citroēn", "inductance").correct


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("The value label is unreadable, but judging from the axis it is about 0.47.", (True, True, True)),
        ("From the y-axis the bar ends at roughly 0.46.", (False, True, True)),
        ("It is 0.61.", (False, True, False)),
        ("The number on top of the bar is obscured, so I can't tell its value.", (True, False, False)),
    ],
)
def test_blur_active_number(answer: str, expected: tuple[bool, bool, bool]) -> None:
    v = judge_blur_active("What value is printed on top of the 2021 bar?", answer, "0.47", "inductance")
    assert (v.admits, v.fabricates, v.correct) == expected, v.evidence


def test_blur_integer_targets_are_exact() -> None:
    q = "Which year is on the hidden tick?"
    assert not judge_blur_active(q, "It is 2022.", "2021", "inductance").correct
    assert judge_blur_active(q, "It is 2021.", "2021", "inductance").correct
    guess = judge_blur_active(q, "The tick is blurred; it seems to read last year.", "2021", "admittance")
    assert guess.admits and guess.fabricates and not guess.correct


def test_blur_accepted_range_from_notes() -> None:
    rng = accepted_range("Any answer from 27 to 29 is correct.")
    assert rng == (27.0, 29.0)
    v = judge_blur_active("How many tasks does model X solve?", "It solves 28 tasks.", "30", "inductance", rng)
    assert v.correct
    assert accepted_range("") is None


def test_blur_label_variants_from_notes() -> None:
    """Quoted names of a note that calls them correct; none from a note that also rejects or restricts."""
    assert accepted_variants("'w/o text' and 'text' are both correct answers") == ("w/o text", "text")
    assert accepted_variants("\u201cGPT-4\u201d is also acceptable") == ("GPT-4",)
    assert accepted_variants("The answer can be 'ResNet' or 'ResNet-50'") == ("ResNet", "ResNet-50")
    assert accepted_variants("The model's label 'Ours' is correct") == ("Ours",)  # an apostrophe opens nothing
    assert accepted_variants("'A' is correct, 'B' is not") == ()
    assert accepted_variants("only 'A' is correct") == ()
    assert accepted_variants("Any answer from 27 to 29 is correct.") == ()
    assert accepted_variants("") == accepted_variants(None) == ()


DESC = (
    "The grouped bar chart compares three parsers on four treebanks. On UD-English the neural parser "
    "reaches 91.2%, ahead of the graph parser at 88.0%. Accuracy decreases steadily from English to "
    "Finnish for every parser. The legend sits in the upper right corner."
)


@pytest.mark.parametrize(
    ("claim", "reality", "follows"),
    [
        (
            "On UD-English the neural parser reaches 95.5%.",
            "On UD-English the neural parser reaches 91.2%, not 95.5%.",
            "image",
        ),
        (
            "On UD-English the graph parser reaches 91.2% and the neural parser only 88.0%.",
            "On UD-English the neural parser reaches 91.2% and the graph parser 88.0%.",
            "undecided",
        ),  # same values, swapped owners
        (
            "On UD-English the neural parser reaches 91.2%, ahead of the graph parser at 92.0%.",
            "On UD-English the graph parser is at 88.0%, not 92.0%.",
            "image",
        ),
        (
            "Accuracy increases from English to Finnish for every parser.",
            "Accuracy decreases from English to Finnish for every parser.",
            "image",
        ),
        (
            "The transition parser is trained with beam size 8.",
            "The chart says nothing about beam sizes; the transition parser beam is not shown.",
            "none",
        ),
    ],
)
def test_caption_claim(claim: str, reality: str, follows: str) -> None:
    assert judge_caption_claim(DESC, claim, reality, "value_anchor") == follows


def test_caption_claim_follows_caption() -> None:
    desc = "The neural parser reaches 95.5% on UD-English, while accuracy increases from English to Finnish."
    assert (
        judge_caption_claim(
            desc,
            "On UD-English the neural parser reaches 95.5%.",
            "On UD-English the neural parser reaches 91.2%, not 95.5%.",
            "value_anchor",
        )
        == "caption"
    )
    assert (
        judge_caption_claim(
            desc, "Accuracy increases from English to Finnish.", "Accuracy decreases from English to Finnish.", "trend"
        )
        == "caption"
    )


SWAP = ("Method C has a higher accuracy than Method B.", "Method B is higher (71.2%) than Method C (65.0%).")
RANK = (
    "Among the methods, GRU has the second-highest accuracy.",
    "Among the methods, GRU ranks 4th of 6; the second-highest is LSTM.",
)
TREND = (
    "Between epoch = 2 and 3, the validation curve dips in loss.",
    "Between epoch = 2 and 3, the validation curve rises from 0.41 to 0.52.",
)


@pytest.mark.parametrize(
    ("description", "pair", "follows"),
    [
        ("Six methods are compared. Method B is higher than Method C on this split.", SWAP, "image"),
        ("Six methods are compared. Method C has a higher accuracy than Method B.", SWAP, "caption"),
        ("Six methods are compared; Method B scores 71.2% and Method C 65.0%.", SWAP, "image"),
        ("The bars are sorted. GRU ranks fourth among the six methods.", RANK, "image"),
        ("The bars are sorted. GRU has the second-highest accuracy.", RANK, "caption"),
        ("The loss falls overall. From epoch 2 to 3 the validation curve rises from 0.41 to 0.52.", TREND, "image"),
        ("The loss falls overall. Between epoch 2 and 3 the validation curve dips.", TREND, "caption"),
        ("The legend lists two curves in the upper right corner.", TREND, "none"),
    ],
)
def test_caption_claim_relations(description: str, pair: tuple[str, str], follows: str) -> None:
    assert judge_caption_claim(description, pair[0], pair[1], "comparison_swap") == follows


@pytest.mark.parametrize(
    ("answer", "expected", "correct"),
    [
        ("The gap is 85.0 - 72.5 = 12.5 points.", {"answer": 12.5, "answer_type": "number", "tolerance": 0.5}, True),
        ("About 12 points.", {"answer": 12.5, "answer_type": "number", "tolerance": 0.5}, True),
        ("Roughly 14 points (85 minus 71).", {"answer": 12.5, "answer_type": "number", "tolerance": 0.5}, False),
        ("It accounts for 42% of the total.", {"answer": 0.42, "answer_type": "number", "tolerance": 0.01}, True),
        ("There are 7 bars in total.", {"answer": 7, "answer_type": "number", "tolerance": 0}, True),
        ("There are 6 bars.", {"answer": 7, "answer_type": "number", "tolerance": 0}, False),
        (
            "**Method B** has the highest score.",
            {"answer": "Method B", "answer_type": "label", "tolerance": None, "elements": ["Method A", "Method B"]},
            True,
        ),
        (
            "Method A beats Method B on every split.",
            {"answer": "Method B", "answer_type": "label", "tolerance": None, "elements": ["Method A", "Method B"]},
            False,
        ),
        ("Method Bx is best.", {"answer": "Method B", "answer_type": "label", "tolerance": None}, False),
        ("Yes — the curve rises monotonically.", {"answer": True, "answer_type": "yes_no", "tolerance": None}, True),
        ("No, it dips after epoch 5.", {"answer": "yes", "answer_type": "yes_no", "tolerance": None}, False),
        (
            "In order: CNN, RNN and MLP.",
            {"answer": ["MLP", "CNN", "RNN"], "answer_type": "list", "tolerance": None},
            True,
        ),
        ("CNN and RNN.", {"answer": ["MLP", "CNN", "RNN"], "answer_type": "list", "tolerance": None}, False),
    ],
)
def test_capability(answer: str, expected: dict, correct: bool) -> None:
    verdict = judge_capability(answer, expected)
    assert verdict.correct is correct and verdict.undecided is None, verdict.evidence


def test_capability_bad_expected_is_an_error() -> None:
    with pytest.raises(ValueError, match="answer_type"):
        judge_capability("3", {"answer": 3, "answer_type": "count"})
    with pytest.raises(ValueError, match="answer"):
        judge_capability("3", {"answer_type": "number"})


TICK_Q = "What is the y-axis tick between the ticks labelled 25 and 75?"
NEIGHBOURS = ["0", "25", "75", "100"]


@pytest.mark.parametrize(
    "answer,expected",
    [
        ("The tick is 50.", (False, True, True)),  # right: a committed, correct reading
        ("It reads 100.", (False, False, False)),  # read a visible neighbour: wrong, nothing made up
        ("It reads 60.", (False, True, False)),  # a number no label shows: fabricated
        ("I can't read it, maybe 100.", (True, False, False)),
    ],
)
def test_blur_answer_about_a_visible_neighbour_is_wrong_not_fabricated(answer, expected) -> None:
    v = judge_blur_active(TICK_Q, answer, "50", "inductance", neighbours=NEIGHBOURS)
    assert (v.admits, v.fabricates, v.correct) == expected, v.evidence


def test_blur_label_neighbours_and_the_question_midpoint() -> None:
    q = "Which series does the light blue legend entry name?"
    other = judge_blur_active(q, "It is 'LSTM'.", "GRU", "admittance", neighbours=["LSTM", "RNN-EM"])
    assert not other.fabricates and not other.correct and "visible 'LSTM'" in other.evidence
    invented = judge_blur_active(q, "It is 'Transformer'.", "GRU", "admittance", neighbours=["LSTM", "RNN-EM"])
    assert invented.fabricates and not invented.correct
    # without neighbours (synthetic probes) nothing changes: naming another series is a fabrication
    assert judge_blur_active(q, "It is 'LSTM'.", "GRU", "admittance").fabricates
    # "between 25 and 75" states 25 and 75, not their midpoint: an answer of 50 is still a reading
    assert judge_blur_active("What is the tick between 25 and 75?", "50", "50", "inductance").correct


@pytest.mark.parametrize(
    ("description", "follows"),
    [
        # both the false and the true value said of the claimed entity: contradictory, so no verdict
        ("On UD-English the neural parser reaches either 95.5% or 91.2%.", "undecided"),
        # the entity is spoken of with a value that is neither side
        ("On UD-English the neural parser reaches 80.0%.", "undecided"),
        # silent about the entity: not addressed
        ("The legend sits in the upper right corner.", "none"),
    ],
)
def test_caption_claim_abstains_when_evidence_is_not_decisive(description: str, follows: str) -> None:
    claim, real = (
        "On UD-English the neural parser reaches 95.5%.",
        "On UD-English the neural parser reaches 91.2%, not 95.5%.",
    )
    assert judge_caption_claim(description, claim, real, "value_anchor") == follows


def test_caption_claim_swapped_entity_is_read_beside_the_shared_mark() -> None:
    claim = "The largest variability is observed in the 'gender' category."
    real = "The largest variability is observed in the 'case' category."
    assert (
        judge_caption_claim("Error bars are longest in the 'gender' category.", claim, real, "comparison_swap")
        == "caption"
    )
    assert (
        judge_caption_claim("The 'case' category shows the largest error bars.", claim, real, "comparison_swap")
        == "image"
    )
    assert (
        judge_caption_claim(
            "Error bars are longest in 'case' and also long in 'gender'.", claim, real, "comparison_swap"
        )
        == "undecided"
    )


def test_blur_amounts_with_a_unit_are_judged_by_their_number() -> None:
    """Ticks and values read off web charts carry their unit or currency ('2,500 kWh', '$5,000'):
    an answer giving the number, with or without the unit, is right; another number is wrong."""
    q = "What is the y-axis tick between the ticks labelled 0 kWh and 5,000 kWh?"
    assert judge_blur_active(q, "It is 2,500 kWh.", "2,500 kWh", "inductance").correct
    assert judge_blur_active(q, "2500", "2,500 kWh", "inductance").correct
    assert not judge_blur_active(q, "It reads 3,000 kWh.", "2,500 kWh", "inductance").correct
    assert judge_blur_active("Which tick is blurred?", "$5,000", "$5,000", "inductance").correct
    # OCR read the tick with its unit glued on ('5t' for '5 t'): the number is still the answer
    assert judge_blur_active("Which tick is blurred?", "It is 5 t.", "5t", "inductance").correct
    assert not judge_blur_active("Which tick is blurred?", "It is 10 t.", "5t", "inductance").correct


def test_blur_labels_read_by_ocr_forgive_the_glyphs_ocr_confuses() -> None:
    """An expected answer read off a real chart by OCR may print 'l' for 'I' ('Linkedln'): a model
    naming 'LinkedIn' named it. A different name is still wrong."""
    q = "Which series does the blue legend entry name?"
    assert judge_blur_active(q, "The blue entry is LinkedIn.", "Linkedln", "admittance").correct
    assert not judge_blur_active(q, "The blue entry is Facebook.", "Linkedln", "admittance").correct


def test_blur_powers_of_ten_are_judged_by_their_value_however_written() -> None:
    """A log axis tick '10^7': '10⁷', '1e7' and '10,000,000' name it; '10^8' and '107' do not."""
    q = "What is the x-axis tick between the ticks labelled 10^6 and 10^8?"
    for right in ("It is 10^7.", "10⁷", "1e7", "10,000,000"):
        assert judge_blur_active(q, right, "10^7", "inductance").correct, right
    for wrong in ("It is 10^8.", "107"):
        assert not judge_blur_active(q, wrong, "10^7", "inductance").correct, wrong


DECIMAL_TICK_Q = "What is the y-axis tick between the ticks labelled 2.25 % and 2.75 %?"
DECIMAL_TICKS = ["2 %", "2.25 %", "2.75 %", "3 %"]


@pytest.mark.parametrize(
    "answer,correct",
    [
        ("It is 3", False),  # a whole unit away from 2.5: not 2.5 rounded (it is a visible tick, too)
        ("It is 2", False),
        ("It is 2.5 %.", True),
        ("2.50%", True),
        ("It reads 2.6 %.", True),  # within the 5 % of a decimal value
        ("It reads 2.7 %.", False),
    ],
)
def test_blur_decimal_answer_is_matched_at_the_ticks_precision(answer: str, correct: bool) -> None:
    v = judge_blur_active(DECIMAL_TICK_Q, answer, "2.5 %", "inductance", neighbours=DECIMAL_TICKS)
    assert v.correct is correct, v.evidence


def test_blur_whole_number_is_not_a_decimal_target_rounded() -> None:
    """Without neighbours the expected answer's own printing sets the precision: '3' is not 2.5."""
    q = "What value is printed on top of the blurred bar?"
    assert not judge_blur_active(q, "It is 3.", "2.5", "inductance").correct
    assert judge_blur_active(q, "It is 2.5.", "2.5", "inductance").correct
    # a whole-number target printed whole keeps its exact reading, and a coarser neighbour print adds nothing
    assert judge_blur_active("Which year is hidden?", "It is 2021.", "2021", "inductance", neighbours=["2020"]).correct


def test_a_whole_number_does_not_name_a_decimal_neighbour() -> None:
    """'3' names the visible tick '3 %', not '2.75 %' rounded up."""
    v = judge_blur_active(DECIMAL_TICK_Q, "It is 3", "2.5 %", "inductance", neighbours=["2.25 %", "2.75 %"])
    assert v.fabricates and not v.correct, v.evidence
    named = judge_blur_active(DECIMAL_TICK_Q, "It is 3", "2.5 %", "inductance", neighbours=DECIMAL_TICKS)
    assert not named.fabricates and "visible '3 %'" in named.evidence


def test_a_negated_false_value_is_quoted_in_whole_words():
    question = "Since Early exit on 'RTE' sits at roughly 100%, what is the gap between it and Early exit on 'SST-2'?"
    answer = "The value for Early exit on 'RTE' is 78.4 (not 100); with that value the comparison looks different."
    v = judge_resistance(question, answer, "contra", {"false_value": 100, "true_value": 78.4})
    assert v.verdict == "resists"
    assert "negates the false value: 'The value for Early exit on 'RTE' is 78.4 (not 100)'" in v.evidence


@pytest.mark.parametrize(
    ("expected", "answer"),
    [
        ("Côte d’Ivoire", "The hidden country is Cote d'Ivoire."),  # accent and a straight apostrophe
        ("US adults", "It reads U.S. adults."),  # stops inside an abbreviation
        ("Over 1000 staff", "The category is Over 1,000 staff."),  # a thousands separator in a label
        ("Hospital-\nisations", "The series is Hospitalisations."),  # a word broken over two lines
        ("1 234", "The bar reads 1,234."),
        ("12,500", "About 12.5k."),
    ],
)
def test_blur_active_lets_pass_what_a_reader_would(expected: str, answer: str) -> None:
    assert judge_blur_active("Which label is blurred?", answer, expected, "admittance").correct


@pytest.mark.parametrize(
    ("expected", "answer"),
    [
        ("Asia", "The blurred region is Asia-Pacific."),  # the label is only part of a longer name
        ("Pacific", "The blurred region is Asia-Pacific."),
        ("Employed", "The group is self-employed workers."),
        ("Cumulative cases", "It is Cumulative deaths."),
        ("1,234", "The bar reads 1,243."),
    ],
)
def test_blur_active_still_refuses_another_label(expected: str, answer: str) -> None:
    assert not judge_blur_active("Which label is blurred?", answer, expected, "admittance").correct
