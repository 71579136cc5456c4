"""`scifigbench judge-file`: record checking, rule verdicts, and agreement on the released real answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.families import registry as rules
from scifigbench.judges.cli import judge_file
from scifigbench.metrics.stats import cohen_kappa
from scifigbench.validation.judge_agreement import PERFECT, exact_agreement


def run(tmp_path: Path, family: str, records: list[dict] | str) -> tuple[int, str, list[dict]]:
    src = tmp_path / f"{family}.in.jsonl"
    src.write_text(records if isinstance(records, str) else "".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / f"{family}.out.jsonl"
    res = CliRunner().invoke(judge_file, ["--family", family, "--judge", "rule", str(src), str(out)])
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return res.exit_code, res.output, rows


def test_one_output_per_input_with_verdict_fields(tmp_path: Path) -> None:
    records = [
        {
            "id": "a",
            "probe_type": "inexist",
            "question": "Do the error bars overlap?",
            "answer": "There are no error bars.",
            "gold_score": 0.0,
        },
        {"id": "b", "probe_type": "unanswerable", "question": "What is the p-value?", "answer": "It is 0.03."},
    ]
    code, _, rows = run(tmp_path, "resistance", records)
    assert code == 0
    assert [(r["id"], r["score"], r["verdict"], r["judge_id"], r["error"]) for r in rows] == [
        ("a", 1.0, "resists", rules.JUDGE_ID, None),
        ("b", 0.0, "accepts", rules.JUDGE_ID, None),
    ]


def test_gold_fields_are_ignored(tmp_path: Path) -> None:
    base = {"id": "a", "probe_type": "inexist", "question": "Do the error bars overlap?", "answer": "Yes, widely."}
    _, _, with_gold = run(tmp_path, "resistance", [base | {"gold_score": 1.0, "gold_reasoning": "resists"}])
    _, _, without = run(tmp_path, "resistance", [base])
    assert with_gold == without


def test_an_accepted_range_on_the_record_counts_estimates_as_correct(tmp_path: Path) -> None:
    """A value inferred by estimate (a bar's value read against the labelled bars) comes with the
    range of answers counted correct; outside it, or without it, the integer is read exactly."""
    q = "What value is printed for 'Radio'?"
    base = {"mode": "inductance", "question": q, "expected_answer": "17"}
    records = [
        base | {"id": "in", "answer": "About 19.", "accept": [13.65, 20.35]},
        base | {"id": "out", "answer": "About 24.", "accept": [13.65, 20.35]},
        base | {"id": "exact", "answer": "About 19."},
    ]
    code, _, rows = run(tmp_path, "blur_active", records)
    assert code == 0
    assert [(r["id"], r["correct"]) for r in rows] == [("in", True), ("out", False), ("exact", False)]


# verbatim from the release's dataset/adversarial/probes/fig_024.json (inductance); its blurred text is
# 'text', and the note is symmetric, so either name may be the one the release records as blurred
FIG_024_NOTE = "'w/o text' and 'text' are both correct answers"
FIG_024_QUESTION = "Which category/grouping consistently has the lowest accuracy (%) across both PHEME and Politifact? "


def test_label_variants_a_reviewer_note_accepts_count_as_correct(tmp_path: Path) -> None:
    base = {"mode": "inductance", "question": FIG_024_QUESTION, "expected_answer": "w/o text"}
    records = [
        base | {"id": "variant", "answer": "The text group is lowest on both.", "reviewer_notes": FIG_024_NOTE},
        base | {"id": "expected", "answer": "w/o text", "reviewer_notes": FIG_024_NOTE},
        base | {"id": "other", "answer": "The w/o image setting.", "reviewer_notes": FIG_024_NOTE},
        base | {"id": "no note", "answer": "The text group is lowest on both.", "reviewer_notes": ""},
        base
        | {
            "id": "rejected",
            "answer": "The text group is lowest on both.",
            "reviewer_notes": "'w/o text' is correct, 'text' is not",
        },
    ]
    code, _, rows = run(tmp_path, "blur_active", records)
    assert code == 0
    got = {r["id"]: r["correct"] for r in rows}
    assert got == {"variant": True, "expected": True, "other": False, "no note": False, "rejected": False}
    evidence = next(r["evidence"] for r in rows if r["id"] == "variant")
    assert "'text', which the reviewer notes accept" in evidence


def test_other_families(tmp_path: Path) -> None:
    _, _, blur = run(
        tmp_path,
        "blur_active",
        [
            {
                "id": "x",
                "mode": "inductance",
                "question": "What is the 2021 value?",
                "expected_answer": "30",
                "answer": "About 28.",
                "reviewer_notes": "Any answer from 27 to 29 is correct.",
            }
        ],
    )
    assert (blur[0]["admits"], blur[0]["fabricates"], blur[0]["correct"]) == (False, True, True)
    _, _, cap = run(
        tmp_path,
        "caption_claim",
        [
            {
                "id": "c",
                "description": "Model A scores 61% on the test split.",
                "claim": "Model A scores 80% on the test split.",
                "reality": "Model A scores 61%, not 80%.",
                "type": "value_anchor",
            }
        ],
    )
    assert cap[0]["follows"] == "image"
    _, _, capab = run(
        tmp_path,
        "capability",
        [{"id": "q", "answer": "4 bars", "expected": {"answer": 4, "answer_type": "number", "tolerance": 0}}],
    )
    assert capab[0]["correct"] is True


@pytest.mark.parametrize(
    ("family", "record"),
    [
        ("resistance", {"id": "e", "probe_type": "contra", "question": "Given X is 5, how?", "answer": "  "}),
        ("blur_active", {"id": "e", "mode": "admittance", "question": "q", "expected_answer": "A", "answer": ""}),
        ("caption_claim", {"id": "e", "description": "", "claim": "A rises.", "reality": "A falls."}),
        ("capability", {"id": "e", "answer": "", "expected": {"answer": 4, "answer_type": "number"}}),
    ],
)
def test_an_empty_reply_is_an_error_record_not_a_verdict(tmp_path: Path, family: str, record: dict) -> None:
    ok = {"resistance": {"id": "k", "probe_type": "inexist", "question": "q", "answer": "There is no such line."}}
    code, output, rows = run(tmp_path, family, [record, *([ok[family]] if family in ok else [])])
    assert code == 0 and "1 judge errors" in output
    assert "empty" in rows[0]["error"] and "line 1" in rows[0]["error"]
    first_field = {"resistance": "score", "blur_active": "admits", "caption_claim": "follows", "capability": "correct"}
    assert rows[0][first_field[family]] is None
    if family in ok:
        assert rows[1]["error"] is None and rows[1]["score"] == 1.0


@pytest.mark.parametrize(
    ("family", "text", "message"),
    [
        ("resistance", '{"id": "a", "probe_type": "inexist", "question": "q"}\n', "line 1: field 'answer' is missing"),
        (
            "resistance",
            '{"id": "a", "probe_type": "inexist", "question": "q", "answer": "x"}\n{"id": "b"\n',
            "line 2: not valid JSON",
        ),
        (
            "resistance",
            '{"id": "a", "probe_type": "trick", "question": "q", "answer": "x"}\n',
            "field 'probe_type' must be one of",
        ),
        (
            "resistance",
            '{"id": "a", "probe_type": "inexist", "question": "q", "answer": 3}\n',
            "field 'answer' must be str",
        ),
        (
            "resistance",
            '{"id": "a", "probe_type": "inexist", "question": "q", "answer": "x"}\n' * 2,
            "line 2: field 'id': duplicate",
        ),
        (
            "capability",
            '{"id": "a", "answer": "4", "expected": {"answer": 4}}\n',
            "field 'expected.answer_type' is missing",
        ),
        ("blur_active", "[1, 2]\n", "a record must be a JSON object"),
        (
            "blur_active",
            '{"id": "a", "mode": "inductance", "question": "q", "expected_answer": "17", "answer": "17", '
            '"accept": [20, 14]}\n',
            "line 1: field 'accept' must be [low, high]",
        ),
        (
            "blur_active",
            '{"id": "a", "mode": "inductance", "question": "q", "expected_answer": "17", "answer": "17", '
            '"accept": ["14", 20]}\n',
            "field 'accept' must be [low, high], two numbers",
        ),
    ],
)
def test_bad_records_name_line_and_field(tmp_path: Path, family: str, text: str, message: str) -> None:
    code, output, rows = run(tmp_path, family, text)
    assert code != 0
    assert message in output and f"{family}.in.jsonl" in output
    assert rows == []  # nothing written


def _agreement(
    tmp_path: Path, data: Path, family: str, field: str, gold_field: str, min_decided: float
) -> tuple[float, float, int]:
    src = data / f"{family}.jsonl"
    out = tmp_path / f"{family}.jsonl"
    res = CliRunner().invoke(judge_file, ["--family", family, "--judge", "rule", str(src), str(out)])
    assert res.exit_code == 0, res.output
    gold = {r["id"]: r[gold_field] for r in map(json.loads, src.read_text().splitlines())}
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == list(gold)
    # agreement is measured where the judge decides (issue 24); how much it decides is asserted apart
    decided = [r for r in rows if not r.get("undecided") and r[field] != "undecided"]
    assert len(decided) >= min_decided * len(rows), f"decides only {len(decided)} of {len(rows)}"
    a, b = [r[field] for r in decided], [gold[r["id"]] for r in decided]
    return exact_agreement(a, b), cohen_kappa(a, b, one_label=PERFECT), len(decided)


@pytest.mark.parametrize(
    ("family", "field", "gold_field", "min_exact", "min_kappa", "min_decided"),
    [
        # the shares decided: 80 % for resistance and blur, 60 % for caption claims
        ("resistance", "score", "gold_score", 0.90, 0.75, 0.8),
        ("blur_active", "admits", "gold_admits", 0.95, 0.8, 0.8),
        ("blur_active", "fabricates", "gold_fabricates", 0.90, 0.6, 0.8),
        ("caption_claim", "follows", "gold_follows", 0.45, 0.15, 0.6),
    ],
)
def test_agreement_with_released_verdicts(
    tmp_path: Path,
    shared_data: Path,
    family: str,
    field: str,
    gold_field: str,
    min_exact: float,
    min_kappa: float,
    min_decided: float,
) -> None:
    data = shared_data / "scifig_release_dev"
    if not (data / f"{family}.jsonl").exists():
        pytest.skip("released dev records not present")
    exact, kappa, n = _agreement(tmp_path, data, family, field, gold_field, min_decided)
    assert n > 50
    assert exact >= min_exact and kappa >= min_kappa, (exact, kappa)


def test_judgment_columns() -> None:
    from scifigbench.judges.verdict_columns import judgment_columns

    assert judgment_columns("caption_claim", {"follows": "none", "evidence": "e"})["score"] is None
    assert judgment_columns("caption_claim", {"follows": "caption"})["score"] == 0.0
    cap = judgment_columns("capability", {"correct": True})
    assert (cap["score"], cap["verdict"], cap["correct"]) == (1.0, "correct", True)
    res = judgment_columns("resistance", {"score": 0.5, "verdict": "hedges"})
    assert (res["score"], res["verdict"]) == (0.5, "hedges")
    blur = judgment_columns("blur_active", {"admits": True, "fabricates": False, "correct": False})
    assert (blur["admits"], blur["fabricates"], blur["mentioned"], blur["score"]) == (True, False, None, None)
    failed = judgment_columns(
        "resistance", {"score": None, "verdict": None, "error": "judge call failed: x", "raw_output": None}
    )
    assert failed["score"] is None and failed["error"] == "judge call failed: x"


def test_a_record_the_rule_judge_fails_on_is_an_error_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = rules.rule_verdict

    def fails_on_b(family: str, fields: dict) -> dict:
        if fields["id"] == "b":
            raise ValueError("cannot read this answer")
        return real(family, fields)

    monkeypatch.setattr(rules, "rule_verdict", fails_on_b)
    records = [{"id": i, "probe_type": "inexist", "question": "q", "answer": "There is no such line."} for i in "abc"]
    code, output, rows = run(tmp_path, "resistance", records)
    assert code == 0 and "1 judge errors" in output
    assert [r["error"] for r in rows] == [None, "line 2: ValueError: cannot read this answer", None]
    assert [r["score"] for r in rows] == [1.0, None, 1.0]
