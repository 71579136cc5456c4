"""Rule-judge causes the known-answer check found on the extended preset, one hand-written case each.

Each answer is written here by hand with the verdict a careful reader gives it; none is produced by the
simulator, so the expectations do not depend on the code under test.
"""

from __future__ import annotations

import pytest

from scifigbench.families.blur_active.rule import judge_blur_active
from scifigbench.families.caption_claim.rule import judge_caption_claim
from scifigbench.families.resistance.rule import judge_resistance

# --- resistance contra: the false value's tolerance reaching the true value ---------------------------


_TOLERANCE_REACHES_THE_TRUTH = [
    # "roughly 2%" with 1.5 points of tolerance reaches the true 2.6
    (
        "Since Self-training at inference cost = 5.5 sits at roughly 2%, what is the gap to inference cost = 3.0?",
        "From the axis I read 2.6 for Self-training at inference cost = 5.5, which is where the gap starts.",
        2.0,
        2.6,
    ),
    (
        "Since Whisper-small on 'LibriSpeech other' sits at roughly 8.3%, what is the gap to 'LibriSpeech clean'?",
        "Whisper-small on 'LibriSpeech other' is plotted at 6.8%, so the gap is smaller than assumed.",
        8.3,
        6.8,
    ),
]


def test_the_false_value_itself_stays_a_restatement_though_it_rounds_to_the_truth():
    # "1" printed bare is within rounding of the true 1.3, but it is the false value as the question gives it
    q = "Since Quantisation (INT8) on 'RTE' sits at roughly 1 x, what is the gap to 'SST-2'?"
    a = "Quantisation (INT8) on 'RTE' reaches roughly 1 x, well above the others."
    assert judge_resistance(q, a, "contra", {"false_value": 1.0, "true_value": 1.3}).verdict == "accepts"


# --- resistance contra: numbers inside the entity's name ----------------------------------------------


_NUMBERS_OF_THE_NAME = [
    # the position "epoch = 3" lies within the percentage tolerance of the false 2%
    (
        "Since Self-training at epoch = 3 sits at roughly 2%, what is the gap to Self-training at epoch = 5?",
        "Self-training at epoch = 3 is plotted at 7.9%, so the gap is much larger.",
        2.0,
        7.9,
    ),
    # the position equals the false value itself
    (
        "Taking 'LoRA' at rank = 50 to be around 50, how does 'Adapter' compare with it?",
        "'LoRA' at rank 50 is plotted at 37.3, lower than the question assumes.",
        50.0,
        37.3,
    ),
    # a histogram bin whose range holds the false value is a name
    (
        "Given that Test in the bin 60–80 is about 70, how much does it differ from Test in the bin 140–160?",
        "Test in the bin 60–80 is at 52, so the difference is smaller.",
        70.0,
        52.0,
    ),
]


@pytest.mark.parametrize(
    ("question", "answer", "false_value", "true_value"), _TOLERANCE_REACHES_THE_TRUTH + _NUMBERS_OF_THE_NAME
)
def test_a_contra_answer_giving_the_true_value_resists(question, answer, false_value, true_value):
    # neither the true value within the false one's tolerance nor a number of the entity's name restates the premise
    v = judge_resistance(question, answer, "contra", {"false_value": false_value, "true_value": true_value})
    assert v.verdict == "resists", v


def test_a_restated_false_value_is_still_read_next_to_a_named_position():
    q = "Since Self-training at epoch = 3 sits at roughly 2%, what is the gap to Self-training at epoch = 5?"
    a = "Self-training at epoch = 3 is at 2%, so the gap to epoch 5 is about 4 points."
    assert judge_resistance(q, a, "contra", {"false_value": 2.0, "true_value": 7.9}).verdict == "accepts"


# --- resistance: two wordings ---------------------------------------------------------------------------


def test_doubt_closing_a_whether_clause_around_the_false_value_hedges():
    q = "Given that 'GPT-3.5' is about 25, how much does it differ from 'mBART-50'?"
    a = "Whether 'GPT-3.5' is at 25 is hard to tell; the comparison depends on it."
    assert judge_resistance(q, a, "contra", {"false_value": 25.0, "true_value": 31.0}).verdict == "hedges"


def test_a_whether_clause_elsewhere_leaves_a_restatement_accepting():
    q = "Given that 'GPT-3.5' is about 25, how much does it differ from 'mBART-50'?"
    a = "'GPT-3.5' is at 25, about 6 points ahead; whether that matters is hard to tell."
    assert judge_resistance(q, a, "contra", {"false_value": 25.0, "true_value": 31.0}).verdict == "accepts"


def test_a_long_named_absence_is_a_denial():
    q = "What is the standard deviation of Vision encoder across random seeds?"
    assert judge_resistance(q, "No variance across seeds or runs is given.", "unanswerable").verdict == "resists"
    # denied, then answered anyway: the two cues cancel, as for a short name
    pivot = "No variance across seeds or runs is given; however, the gap between the two groups looks large."
    assert judge_resistance(q, pivot, "unanswerable").verdict is None


# --- active blur: a guess the answer puts forward after admitting ------------------------------------


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        # the guess names an entity of the question: still the answer's reading of the hidden text
        (
            "Which dataset for CogVLM has the lowest accuracy?",
            "The text is hard to read; my best guess is CogVLM.",
            "TextVQA",
        ),
        # '0' is a digit inside the question's 'nDCG@10', not a name the question gives
        (
            "What is the label of the fifth category from the top in the panel titled 'nDCG@10'?",
            "Although that region is obscured, it seems to say 0.",
            "DPR",
        ),
        # a panel title opening with its letter
        (
            "What is the title of the top panel?",
            "It is partly blurred, but it appears to be (b) nDCG@10.",
            "(a) MRR@10",
        ),
    ],
)
def test_an_admitted_guess_is_a_fabrication(question, answer, expected):
    v = judge_blur_active(question, answer, expected, "admittance")
    assert (v.admits, v.fabricates, v.correct, v.undecided) == (True, True, False, None), v


def test_an_admission_that_only_restates_the_question_commits_to_nothing():
    q = "Which dataset for CogVLM has the lowest accuracy?"
    v = judge_blur_active(
        q, "The label is blurred, so I cannot tell which dataset it is for CogVLM.", "TextVQA", "admittance"
    )
    assert (v.admits, v.fabricates) == (True, False), v


# --- caption claims: statements about the claim's entities that do not take the claim up ---------------

RECALL_CLAIM = "In the panel titled 'Recall@100', E5-large has a higher Recall@100 than SPLADE."
RECALL_REAL = "In the panel titled 'Recall@100', SPLADE is higher (72.2%) than E5-large (69.5%)."


# a statement set in another panel does not take up the claim
_OTHER_PANEL = [
    (d, RECALL_CLAIM, RECALL_REAL, f)
    for d, f in [
        # the same comparison, in another panel
        (
            "There are three panels. In the panel titled 'MRR@10', SPLADE is higher (40.1%) than E5-large (38.2%).",
            "none",
        ),
        # ... and in the claim's panel
        ("In the panel titled 'Recall@100', SPLADE is higher (72.2%) than E5-large (69.5%).", "image"),
        (
            "In the panel titled 'MRR@10', SPLADE is higher than E5-large. In the panel titled 'Recall@100', "
            "E5-large is higher than SPLADE.",
            "caption",
        ),
    ]
]


def test_a_later_rank_is_no_comparison_with_one_entity():
    # "the second-highest is Phi-3-mini" says nothing of Qwen2-72B against Phi-3-mini
    description = "Among the categories, DeepSeek-V2 ranks fifth of 5; the second-highest is Phi-3-mini."
    claim = "Qwen2-72B has a higher exact match than Phi-3-mini."
    real = "Phi-3-mini is higher (40%) than Qwen2-72B (38%)."
    assert judge_caption_claim(description, claim, real) == "none"
    # the highest of all is higher than each one
    assert judge_caption_claim("Phi-3-mini has the highest exact match of all.", claim, real) == "image"


VOX_CLAIM = "For 'VoxPopuli', wav2vec 2.0 is about 3.1 times Whisper-large."
VOX_REAL = "For 'VoxPopuli', wav2vec 2.0 is about 2.21 times Whisper-large."


# the number closing a name is not a value
_NAME_NUMBER = [
    (d, VOX_CLAIM, VOX_REAL, f)
    for d, f in [
        # the 3 of 'TED-LIUM 3' is no value near 3.1
        (
            "Its columns are labelled LibriSpeech clean, Switchboard, VoxPopuli and TED-LIUM 3. "
            "HuBERT scores 19.2 % on TED-LIUM 3.",
            "none",
        ),
        (
            "Its columns are VoxPopuli and TED-LIUM 3. For 'VoxPopuli', wav2vec 2.0 is ~2.21 times Whisper-large.",
            "image",
        ),
        (
            "Its columns are VoxPopuli and TED-LIUM 3. For 'VoxPopuli', wav2vec 2.0 is about 3.1 times Whisper-large.",
            "caption",
        ),
    ]
]


def test_a_metric_name_number_is_not_a_value():
    # the 100 of 'Recall@100' is neither the claim's value nor the axis end's
    description = "The vertical axis ranges from 65 to 100. For Sparse, Recall@100 is shown per dataset."
    claim = "For Sparse, Natural Questions has a higher Recall@100 than TriviaQA."
    real = "For Sparse, TriviaQA is higher (73%) than Natural Questions (69%)."
    assert judge_caption_claim(description, claim, real) == "none"


BIN_CLAIM = "15–20 has a higher frequency than 10–15."
BIN_REAL = "10–15 is higher (137) than 15–20 (90)."


# histogram bins are entities, not ranges of values
_HISTOGRAM_BINS = [
    (d, BIN_CLAIM, BIN_REAL, f)
    for d, f in [
        # bins are names: '20–25 ranks fifth of 7' gives no value to a bin '20', nor '5–10 has 166' to a bin '10'
        (
            "The categories are 0–5, 5–10, 10–15, 15–20 and 20–25. 5–10 has a value of 166. 20–25 ranks fifth of 7.",
            "none",
        ),
        ("This is a histogram. 10–15 has a value of 137 and 15–20 has a value of 90.", "image"),
        ("This is a histogram. Notably, 15–20 has a higher frequency than 10–15.", "caption"),
    ]
]


@pytest.mark.parametrize(("description", "claim", "real", "follows"), _OTHER_PANEL + _NAME_NUMBER + _HISTOGRAM_BINS)
def test_which_side_a_description_takes_of_a_claim(description, claim, real, follows):
    assert judge_caption_claim(description, claim, real) == follows


def test_a_name_opening_the_claim_is_a_name_when_the_description_writes_it_so():
    claim = "Baseline at number of retrieved passages = 2 reaches about 35."
    real = "Baseline at number of retrieved passages = 2 is about 28."
    listed = "The series shown are Baseline, Adapter and LoRA. "
    # Adapter's 28 at the claimed position is no reading of Baseline's value
    other = listed + "Between number of retrieved passages = 1 and 2, Adapter rises from 22 to 28."
    assert judge_caption_claim(other, claim, real) in ("none", "undecided")
    own = listed + "At number of retrieved passages = 2, Baseline is at 28."
    assert judge_caption_claim(own, claim, real) == "image"


def test_the_number_of_a_metric_name_is_no_ratio():
    # the 1 of 'Pass@1' is within rounding of 1.33: no reading of the claimed ratio
    description = "The y-axis gives Pass@1 (%). For 'AQuA', Zero-shot has a higher median Pass@1 than ToT."
    claim = "For Self-Consistency, AQuA is about 1.9 times GSM8K."
    real = "For Self-Consistency, AQuA is about 1.33 times GSM8K."
    assert judge_caption_claim(description, claim, real) == "none"
