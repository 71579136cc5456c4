"""Where the rule judge's cues do not settle a verdict it abstains, with a reason, instead of guessing.

Blur active and passive, caption claims and the findings of descriptions (issue 24): each case
below is one situation the rules do not cover, next to the nearest one they do settle.
"""

from __future__ import annotations

import json

import pytest

from helpers.spec_factory import bar_grouped_one_panel, line_multi, pie
from scifigbench.families.blur_active.rule import judge_blur_active
from scifigbench.families.blur_passive.rule import judge_blur_passive
from scifigbench.families.description.mqm import Finding, score
from scifigbench.families.description.rule import judge_description
from scifigbench.families.registry import RULES
from scifigbench.judges.verdict_columns import judgment_columns

LABEL_Q = "Which optimiser reaches the lowest validation loss?"


# --- blur active ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "expected", "reason"),
    [
        # a name beside an admission, put forward by no guess marker: its reading, or a comparison?
        ("Its label is obscured; that dataset has a larger gap than 'HotpotQA'.", "AdamW", "two opposite cues"),
        ("The value label is masked, while the bar next to it shows 0.52.", "0.47", "two opposite cues"),
        # declines without an admission cue: does that say the element is unreadable?
        ("The chart does not give this label.", "AdamW", "declines without saying"),
        ("There is no value printed for that bar.", "0.47", "declines without saying"),
    ],
)
def test_blur_active_abstains_where_its_cues_do_not_settle(answer: str, expected: str, reason: str) -> None:
    v = judge_blur_active(LABEL_Q, answer, expected, "admittance")
    assert (v.admits, v.fabricates, v.correct) == (None, None, None), v.evidence
    assert v.undecided is not None and reason in v.undecided
    fields = {"question": LABEL_Q, "answer": answer, "expected_answer": expected, "mode": "admittance"}
    record = RULES["blur_active"](fields)
    assert record["undecided"] == v.undecided and record["admits"] is None
    row = judgment_columns("blur_active", record)
    assert row["verdict"] == "undecided" and row["admits"] is None and row["error"] is None
    assert json.loads(row["details_json"])["undecided"] == v.undecided


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("The legend entry is partly obscured, but it appears to be 'Lion'.", (True, True, False)),  # a guess
        ("Its label is masked; it is AdamW.", (True, True, True)),  # the expected name settles it
        ("Its label is obscured, but the pattern suggests it is **Lion**.", (True, True, False)),  # an inference
        ("AdamW reaches the lowest validation loss.", (False, True, True)),  # no admission: a name commits
        ("The label is blurred, so I cannot tell which optimiser it is.", (True, False, False)),
    ],
)
def test_blur_active_stays_decided_where_a_cue_settles_it(answer: str, expected: tuple[bool, bool, bool]) -> None:
    v = judge_blur_active(LABEL_Q, answer, "AdamW", "admittance")
    assert v.undecided is None and (v.admits, v.fabricates, v.correct) == expected, v.evidence
    assert "undecided" not in RULES["blur_active"](
        {"question": LABEL_Q, "answer": answer, "expected_answer": "AdamW", "mode": "admittance"}
    )


# --- blur passive (no release texts: hand-written descriptions) -----------------------------------

PIE_PCT = {"target_id": "t1", "element_id": None, "role": "pie_pct", "text": "23%"}


def _pie_pct_target(spec) -> dict:
    el = next(e for e in spec.text_elements if e.category == "Code" and e.role != "pie_label")
    return {**PIE_PCT, "element_id": el.element_id} if el else PIE_PCT


@pytest.mark.parametrize(
    ("description", "decided"),
    [
        # a value for the blurred segment's category, but no word for the element's place: a guess or not?
        ("The chart shows the pre-training data mix. Code accounts for about 30 of it.", False),
        # the same with the place named: a read value (decided, wrong)
        ("The chart shows the pre-training data mix. The Code slice is about 30%.", True),
        # silent on the element: decided (not mentioned)
        ("The chart shows the pre-training data mix, with Web text the largest slice.", True),
    ],
)
def test_blur_passive_abstains_when_a_value_stands_outside_the_elements_place(description: str, decided: bool) -> None:
    spec = pie()
    v = judge_blur_passive(description, spec, _pie_pct_target(spec))
    assert ("undecided" not in v) == decided, v
    if not decided:
        assert v["mentioned"] is None and v["fabricates"] is None and "place" in v["undecided"]


def test_a_number_inside_a_name_of_the_figure_is_no_value() -> None:
    spec = pie()
    spec.panels[0].categories[0] = "Web text 2.0"  # a source whose name holds a number ("wav2vec 2.0")
    v = judge_blur_passive("The sources are Code, Web text 2.0 and Books.", spec, _pie_pct_target(spec))
    assert "undecided" not in v and v["mentioned"] is False, v
    guess = judge_blur_passive("The sources are Code at 30, Web text 2.0 and Books.", spec, _pie_pct_target(spec))
    assert guess["undecided"], guess


def test_blur_passive_abstains_on_a_made_up_name_outside_the_elements_place() -> None:
    spec = bar_grouped_one_panel()
    target = {
        "target_id": "t2",
        "element_id": spec.text_elements[4].element_id,
        "role": "legend_entry",
        "text": "Mistral-7B",
    }
    made_up = judge_blur_passive("Llama-2-7B is compared with 'Falcon-7B' on four benchmarks.", spec, target)
    assert made_up["undecided"] and "'falcon-7b'" in made_up["evidence"]  # read in folded text
    in_place = judge_blur_passive("The second legend entry reads 'Falcon-7B'.", spec, target)
    assert "undecided" not in in_place and in_place["fabricates"] and not in_place["correct"]
    known = judge_blur_passive("Llama-2-7B leads on 'HellaSwag'.", spec, target)  # a text of the figure
    assert "undecided" not in known and known["mentioned"] is False


def test_blur_passive_abstains_on_a_role_without_cue_words() -> None:
    spec = bar_grouped_one_panel()
    target = {"target_id": "t3", "element_id": None, "role": "colorbar_label", "text": "Density"}
    v = judge_blur_passive("A grouped bar chart of two models on four benchmarks.", spec, target)
    assert v["undecided"] and v["admits"] is None
    said = judge_blur_passive("The colour bar label is blurred.", spec, target)  # an admission settles it
    assert "undecided" not in said and said["admits"]


# --- caption claims -------------------------------------------------------------------------------


def test_caption_claim_keeps_follows_undecided_and_says_why() -> None:
    fields = {
        "description": "The Cons. bar reaches 80%, and elsewhere it is listed at 74%.",
        "claim": "The Cons. bar reaches 80%.",
        "reality": "The Cons. bar reaches 74%.",
    }
    record = RULES["caption_claim"](fields)
    assert record["follows"] == "undecided" and "two opposite cues" in record["undecided"]
    decided = RULES["caption_claim"](fields | {"description": "The Cons. bar reaches 74%."})
    assert decided["follows"] == "image" and "undecided" not in decided


# --- descriptions ---------------------------------------------------------------------------------


def test_a_value_of_another_entity_its_clause_names_is_an_undecided_finding() -> None:
    spec = bar_grouped_one_panel()
    # 52.2 is Mistral-7B's GSM8K bar; the clause names both models, so the reader's binding is unsure
    unsure = judge_description("On GSM8K, Mistral-7B beats Llama-2-7B by reaching 52.2%.", spec)
    swapped = judge_description("On GSM8K, Mistral-7B is far ahead. Llama-2-7B reaches 52.2% on GSM8K.", spec)
    details = json.loads(unsure.details_json())
    assert [f["subtype"] for f in details["undecided"]] == ["label_map"]
    assert "names too" in details["undecided"][0]["undecided"]
    assert all(f["subtype"] != "label_map" for f in details["findings"])
    assert unsure.by_subtype["label_map"] == 0.0
    assert swapped.by_subtype["label_map"] > 0 and not json.loads(swapped.details_json())["undecided"]


def test_two_direction_words_in_one_clause_make_an_undecided_trend_finding() -> None:
    spec = line_multi()
    unsure = judge_description("SGD decreases slightly before increasing steadily.", spec)
    wrong = judge_description("SGD declines steadily across batch sizes.", spec)
    assert unsure.by_subtype["trend"] == 0.0
    assert [f.subtype for f in unsure.undecided] == ["trend"]
    assert wrong.by_subtype["trend"] > 0 and not wrong.undecided


def test_undecided_findings_cost_nothing_and_do_not_displace_decided_ones() -> None:
    decided = Finding("accuracy", "minor", "numeric", "sent:0-10", "values")
    unsure = Finding("accuracy", "major", "label_map", "sent:0-10", "values", undecided="binding unsure")
    alone, both = score([decided], 10), score([decided, unsure], 10)
    assert both.score == alone.score == 100 - 2.0 * 100 / 50
    assert both.findings == [decided] and both.merged == [] and both.undecided == [unsure]
    assert score([unsure], 10).score == 100.0


# --- judge-file -------------------------------------------------------------------------------------


def test_judge_file_writes_undecided_blur_records(tmp_path) -> None:
    from click.testing import CliRunner

    from scifigbench.judges.cli import judge_file

    base = {"question": LABEL_Q, "expected_answer": "AdamW", "mode": "admittance"}
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text(
        json.dumps({"id": "a", **base, "answer": "The chart does not give this label."})
        + "\n"
        + json.dumps({"id": "b", **base, "answer": "AdamW."})
        + "\n"
    )
    result = CliRunner().invoke(judge_file, ["--family", "blur_active", "--judge", "rule", str(src), str(out)])
    assert result.exit_code == 0, result.output
    a, b = (json.loads(line) for line in out.read_text().splitlines())
    assert a["undecided"] and a["admits"] is a["fabricates"] is a["correct"] is None and a["error"] is None
    assert "undecided" not in b and b["fabricates"] is True
