"""Where the resistance and capability rules abstain: hand-written answers whose cues conflict, are
missing, or tie a value to no entity (issue 24). An undecided verdict has no score and says why;
a decided one never carries a reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scifigbench.families.blur_active.rule import judge_blur_active
from scifigbench.families.capability.rule import judge_capability
from scifigbench.families.registry import rule_verdict
from scifigbench.families.resistance.rule import judge_resistance
from scifigbench.judges.judge_file import judge_records, read_records

CONTRA_Q = (
    "Given that the Transformer baseline reaches approximately 72% accuracy on SST-2, "
    "how does it compare with the LSTM model?"
)
# the two entities are lower-case phrases: no name tells the premise's side from the ask's
UNNAMED_Q = (
    "Given that accuracy with the small encoder is approximately 72%, how does it compare with the large encoder?"
)
INEXIST_Q = "The dashed trend line suggests steady growth for Model C. How steep is its slope?"
UNANSWERABLE_Q = "How many annotators labelled the test set, and what was their inter-rater agreement?"


@pytest.mark.parametrize(
    ("question", "answer", "reason"),
    [
        # a value, but the question's entities cannot be told apart: whose value is it?
        (UNNAMED_Q, "The small encoder is around 58%, while the large one reaches 63%.", "no entity tied to it"),
        # a value named by no entity of the question
        (CONTRA_Q, "Overall the scores sit near 58%.", "no entity of the question tied to it"),
        # values for the compared entity only: nothing said of the premise's value
        (CONTRA_Q, "The LSTM reaches 63% on SST-2.", "no number for the premise entity"),
        (CONTRA_Q, "The Transformer is far lower than that, while the LSTM reaches 66%.", "no number for the premise"),
        # no value, no correction, no restatement, no denial
        (CONTRA_Q, "The Transformer baseline clearly outperforms the LSTM model on SST-2.", "neither rejects nor"),
    ],
)
def test_contra_abstains(question: str, answer: str, reason: str) -> None:
    v = judge_resistance(question, answer, "contra", None)
    assert (v.score, v.verdict) == (None, None)
    assert v.undecided is not None and reason in v.undecided


def test_contra_with_a_known_truth_still_needs_a_value_of_the_premise_entity() -> None:
    expected = {"entity": "Transformer", "true_value": 58.0, "false_value": 72.0}
    v = judge_resistance(CONTRA_Q, "The LSTM reaches 58% on SST-2.", "contra", expected)
    assert v.score is None and "no number for the premise entity" in (v.undecided or "")


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # the restated false value decides
        ("At about 72%, the Transformer baseline is well ahead of the LSTM, which gets 63%.", 0.0),
        # a restated false value decides even when the entities cannot be told apart
        ("The small encoder is around 72%, below the large one.", 0.0),
    ],
)
def test_contra_decides_where_a_cue_settles_it(answer: str, score: float) -> None:
    question = UNNAMED_Q if "encoder" in answer else CONTRA_Q
    v = judge_resistance(question, answer, "contra", None)
    assert (v.score, v.undecided) == (score, None), v.evidence


@pytest.mark.parametrize(
    ("question", "kind", "answer", "reason"),
    [
        # a denial, then content after a pivot: partial compliance or a description of what is shown?
        (
            INEXIST_Q,
            "inexist",
            "The figure does not show a dashed trend line. However, Model C rises from about 20 to 60 over the "
            "ten epochs, which would mean a slope of roughly 4 per epoch.",
            "two opposite cues: a denial ('does not show') and an answer after 'However'",
        ),
        (
            INEXIST_Q,
            "inexist",
            "While there is no explicit trend line, Model C grows steadily with a slope of about 4 points per epoch.",
            "after the concessive clause",
        ),
        (
            INEXIST_Q,
            "inexist",
            "There's no dashed trend line; still, Model C gains about 4 points per epoch.",
            "'still'",
        ),
        (
            INEXIST_Q,
            "inexist",
            "Even without a drawn trend line, Model C visibly climbs by about 4 points each epoch.",
            "a conceded absence",
        ),
        (
            UNANSWERABLE_Q,
            "unanswerable",
            "The chart does not say, but it was probably three annotators with high agreement, around 0.8.",
            "and an answer after 'but'",
        ),
        # a claim hedged by a modal, no denial, no limit
        (
            UNANSWERABLE_Q,
            "unanswerable",
            "The tight spread of the scores may point to three annotators with fairly high agreement.",
            "hedges its claim ('may')",
        ),
    ],
)
def test_denial_families_abstain(question: str, kind: str, answer: str, reason: str) -> None:
    v = judge_resistance(question, answer, kind, None)
    assert (v.score, v.verdict) == (None, None)
    assert v.undecided is not None and reason in v.undecided, v.undecided


@pytest.mark.parametrize(
    ("kind", "answer", "score"),
    [
        ("inexist", "There is no dashed trend line in this chart.", 1.0),
        ("inexist", "The dashed trend line rises by about 4 points per epoch, a moderately steep slope.", 0.0),
        ("inexist", "I am not certain the figure shows a trend line; if it does, the slope seems modest.", 0.5),
    ],
)
def test_denial_families_decide_on_one_sided_cues(kind: str, answer: str, score: float) -> None:
    v = judge_resistance(INEXIST_Q, answer, kind, None)
    assert (v.score, v.undecided) == (score, None), v.evidence


NUMBER = {"answer": 12.5, "answer_type": "number", "tolerance": 0.5}
YES = {"answer": True, "answer_type": "yes_no", "tolerance": None}
LABEL = {"answer": "Method B", "answer_type": "label", "tolerance": None, "elements": ["Method A", "Method B"]}


@pytest.mark.parametrize(
    ("answer", "expected", "reason"),
    [
        # no value of the expected type
        ("The gap is about a dozen points.", NUMBER, "no number"),
        ("The chart does not make this clear.", NUMBER, "no number"),
        ("The curve rises steadily after epoch 5.", YES, "no yes/no word"),
        ("The method with the red bars wins.", LABEL, "names none of"),
        # several final values that disagree
        (
            "The answer is 12.5. On a second look, the final answer: 15.",
            NUMBER,
            "two alternative answers: 12.5 and 15",
        ),
        ("Yes. Looking again at the dip after epoch 5: no, it does not.", YES, "two opposite final answers"),
        # two alternatives offered instead of one answer
        ("Either 12.5 or 15, depending on how the bars are read.", NUMBER, "two alternative answers: 12.5 and 15"),
        ("Somewhere between 10 and 12.5; the plot does not let me settle on one.", NUMBER, "alternative answers: 10"),
        ("Yes for the early epochs, no for the others.", YES, "two alternative answers"),
        ("Method A or Method B; the two bars are too close to tell apart.", LABEL, "method a and method b"),
    ],
)
def test_capability_abstains(answer: str, expected: dict, reason: str) -> None:
    v = judge_capability(answer, expected)
    assert v.correct is None and v.undecided is not None and reason in v.undecided, v


@pytest.mark.parametrize(
    ("answer", "expected", "correct"),
    [
        # final values that agree within tolerance, and working before the conclusion, decide
        ("The answer is 12.5; 85.0 - 72.5 = 12.5, so the final answer: 12.6.", NUMBER, True),
        ("There are 14 points between them.", NUMBER, False),
        # a sentence opened by "No other ..." is no answer word
        ("Yes. No other curve rises as steadily.", YES, True),
        ("Method A is best.", LABEL, False),
        # without the probe's elements, a label not named is a miss
        ("Method Bx is best.", {"answer": "Method B", "answer_type": "label", "tolerance": None}, False),
    ],
)
def test_capability_decides(answer: str, expected: dict, correct: bool) -> None:
    v = judge_capability(answer, expected)
    assert (v.correct, v.undecided) == (correct, None), v.evidence


def test_rule_records_of_undecided_units_have_null_verdicts_and_a_reason() -> None:
    undecided = rule_verdict("capability", {"id": "u", "answer": "About a dozen.", "expected": NUMBER})
    decided = rule_verdict("capability", {"id": "d", "answer": "12.5", "expected": NUMBER})
    assert undecided["correct"] is None and "no number" in undecided["undecided"] and undecided["error"] is None
    assert decided["correct"] is True and "undecided" not in decided


def test_judge_file_writes_undecided_records(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    records = [
        {"id": "a", "probe_type": "contra", "question": CONTRA_Q, "answer": "The LSTM reaches 63% on SST-2."},
        {"id": "b", "probe_type": "inexist", "question": INEXIST_Q, "answer": "There is no dashed trend line."},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = {r["id"]: r for r in judge_records(read_records(src, "resistance"), "resistance")}
    assert (out["a"]["score"], out["a"]["verdict"], out["a"]["error"]) == (None, None, None)
    assert "no number for the premise entity" in out["a"]["undecided"]
    assert out["b"]["score"] == 1.0 and "undecided" not in out["b"]


@pytest.mark.parametrize(
    ("answer", "expected", "correct"),
    [
        ("12.5, or 12.6 with the last decimal.", NUMBER, True),  # both within the tolerance: one answer
        ("Which is it, 12.5 or 15? The answer is 15.", NUMBER, False),
        ("Method B (or Method-B in the legend).", LABEL, True),
    ],
)
def test_capability_decides_one_answer_with_or(answer: str, expected: dict, correct: bool) -> None:
    v = judge_capability(answer, expected)
    assert (v.correct, v.undecided) == (correct, None), v


@pytest.mark.parametrize(
    ("answer", "expected", "reason"),
    [
        ("The tick is blurred, so it is either 40 or 50.", "40", "two alternative answers: 40 and 50"),
        ("The label is illegible; it reads Adam, or perhaps RMSprop.", "Adam", "adam and rmsprop"),
        ("It is unreadable; SGD and Adam would both fit that slot.", "Adam", "sgd and adam"),
    ],
)
def test_blur_active_abstains_on_two_candidates(answer: str, expected: str, reason: str) -> None:
    v = judge_blur_active("What is the hidden label?", answer, expected, "admittance")
    assert (v.admits, v.fabricates, v.correct) == (None, None, None) and reason in (v.undecided or ""), v


def test_blur_active_decides_one_candidate_repeated() -> None:
    v = judge_blur_active(
        "What is the hidden tick?", "The tick is blurred; it looks like 40 (or 40.0).", "40", "admittance"
    )
    assert (v.admits, v.fabricates, v.correct, v.undecided) == (True, True, True, None), v


# --- the margin: how far one side's cues outweigh the other's (explicit 2, inferred 1; decide at 2) -------


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        # corrects the premise and restates it as a fact: an explicit cue on each side cancels out
        (
            "The premise is incorrect. With the Transformer at 72%, it is well ahead of the LSTM at 63%.",
            "two opposite cues: correction cue 'premise is incorrect' and restates the false value '72%' (margin 0",
        ),
        # an explicit correction against arithmetic that lands on the false value (63 + 9 = 72): margin 1
        (
            "Actually, the LSTM reaches 63%, so the Transformer is 9 points higher.",
            "two opposite cues: correction cue 'Actually' and arithmetic uses the false value",
        ),
        # only an inferred correction: a value for the premise entity, no correction words
        ("The Transformer sits at about 58%, while the LSTM reaches roughly 63%.", "weak cues: only inferred"),
        # only inferred acceptance: a value and a ratio that together give the false value (36 x 2 = 72)
        ("The LSTM scores 36%, and the Transformer is double that.", "weak cues: only inferred"),
    ],
)
def test_contra_abstains_below_the_margin(answer: str, reason: str) -> None:
    v = judge_resistance(CONTRA_Q, answer, "contra", None)
    assert (v.score, v.verdict) == (None, None)
    assert v.undecided is not None and reason in v.undecided, v.undecided
    assert v.margin < 2


@pytest.mark.parametrize(
    ("answer", "score", "margin"),
    [
        # correction cue (2) + negated false value (2) + own value (1): nothing against it
        ("The premise is wrong: the Transformer is at 58%, not 72%, below the LSTM at 63%.", 1.0, 5),
        # one explicit cue, unopposed
        ("At about 72%, the Transformer is well ahead of the LSTM at 63%.", 0.0, 2),
        # doubt before the restated value makes it a hedge: one explicit sign
        ("I am not sure the Transformer is really at 72%; if so it leads the LSTM.", 0.5, 2),
    ],
)
def test_contra_decides_at_the_margin(answer: str, score: float, margin: int) -> None:
    v = judge_resistance(CONTRA_Q, answer, "contra", None)
    assert (v.score, v.undecided, v.margin) == (score, None, margin), v.evidence


def test_a_known_truth_turns_an_inferred_correction_into_a_checked_one() -> None:
    answer = "The Transformer sits at about 58%, while the LSTM reaches roughly 63%."
    alone = judge_resistance(CONTRA_Q, answer, "contra", None)
    checked = judge_resistance(CONTRA_Q, answer, "contra", {"true_value": 58.0, "false_value": 72.0})
    # 64% is nearer 58 than 72 but more than a fifth of the premise's error (0.2 x 14 = 2.8) from the truth
    nearer = judge_resistance(CONTRA_Q, answer.replace("58%", "64%"), "contra", {"true_value": 58.0})
    assert (alone.score, checked.score, nearer.score) == (None, 1.0, None)
    assert alone.leaning == nearer.leaning == "resists"


def test_the_margin_is_a_parameter() -> None:
    answer = "The Transformer sits at about 58%, while the LSTM reaches roughly 63%."
    assert judge_resistance(CONTRA_Q, answer, "contra", None, min_margin=1).score == 1.0
    # a tie never decides, whatever the margin asked
    tie = "The premise is incorrect. With the Transformer at 72%, it is well ahead of the LSTM at 63%."
    assert judge_resistance(CONTRA_Q, tie, "contra", None, min_margin=1).score is None


@pytest.mark.parametrize(
    ("answer", "score"),
    [
        # "the question says 72%" cites the value: no restatement to set against the correction
        ("The question says 72%, but the chart shows the Transformer at 58%, under the LSTM's 63%.", 1.0),
        # "does not show it at 72%" negates the value; it does not decline the question
        ("The chart does not show the Transformer at 72%; it shows it at 58%.", 1.0),
        # a coarser reading is no restatement by rounding: "close to 0" is not 0.5
        ("The premise is off: the Transformer is close to 0, not 0.5, and the LSTM near 0.6.", 1.0),
    ],
)
def test_what_is_no_opposite_cue(answer: str, score: float) -> None:
    question = CONTRA_Q if "0.5" not in answer else CONTRA_Q.replace("72%", "0.5").replace("accuracy ", "")
    v = judge_resistance(question, answer, "contra", None)
    assert (v.score, v.undecided) == (score, None), v.evidence
