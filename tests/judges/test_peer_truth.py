"""Peer evidence for contra answers in judge-file: the premise value the other answers to a question agree on."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.families.resistance.rule import premise_claim
from scifigbench.judges.cli import judge_file
from scifigbench.judges.judge_file import Record, judge_records
from scifigbench.judges.peer_truth import PeerPolicy, PeerTruth, consensus, peer_truths

Q = (
    "Given that the Transformer baseline reaches approximately 72% accuracy on SST-2, "
    "how does it compare with the LSTM?"
)
RESISTS = [
    "The Transformer is at 58%, not 72%, so it trails the LSTM at 63%.",
    "The premise is wrong: the Transformer reaches about 58% and the LSTM about 63%.",
    "Actually the Transformer scores 58%, below the LSTM's 63%.",
    "The Transformer baseline sits near 57%, under the LSTM (63%).",
]
# nearer the false 72% than the peers' 58%: no correction once the truth is known
WRONG = "The Transformer reaches 68%, above the LSTM at 63%."
ACCEPTS = "The Transformer's 72% is well above the LSTM's 63%."


def record(i: int, answer: str, question: str = Q, **extra: object) -> dict:
    return {"id": f"r{i}", "figure_id": "f1", "probe_type": "contra", "question": question, "answer": answer, **extra}


def judge(tmp_path: Path, records: list[dict], *flags: str) -> dict[str, dict]:
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    res = CliRunner().invoke(judge_file, ["--family", "resistance", *flags, str(src), str(out)])
    assert res.exit_code == 0, res.output
    return {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}


@pytest.mark.parametrize(
    ("values", "false_value", "policy", "expected"),
    [
        # three agree within a fifth of their distance (13.3) from the false value; 79.8 is 3.5 away
        ([83.3, 83.3, 83.3, 79.8], 70.0, PeerPolicy(3, 0.2), PeerTruth(83.3, 3)),
        ([83.3, 83.3, 79.8], 70.0, PeerPolicy(3, 0.2), None),  # two agree: not enough
        ([80.0, 80.0, 85.0, 85.0], 70.0, PeerPolicy(2, 0.2), None),  # two camps of two: no consensus
        ([80.0, 80.0, 85.0], 70.0, PeerPolicy(3, 0.5), PeerTruth(80.0, 3)),  # 85 is within 7.5 of 85: median 80
        ([0.0, 0.0, 0.05], 0.5, PeerPolicy(3, 0.2), PeerTruth(0.0, 3)),  # a true value of zero has a reach too
        ([], 0.5, PeerPolicy(1, 0.2), None),
    ],
)
def test_consensus(values: list[float], false_value: float, policy: PeerPolicy, expected: PeerTruth | None) -> None:
    assert consensus(values, false_value, policy) == expected


@pytest.mark.parametrize(
    ("answer", "claim"),
    [
        ("The Transformer is at 58%, not 72%, so it trails the LSTM at 63%.", 58.0),
        ("The LSTM scores 63%, and the Transformer baseline 57%.", 57.0),
        ("The LSTM is at 63%, a gap of 5 points.", None),  # the compared entity's value and a difference only
        ("The Transformer's 72% is above the LSTM.", None),  # the false value is no reading of the figure
    ],
)
def test_premise_claim(answer: str, claim: float | None) -> None:
    found = premise_claim(Q, answer)
    assert (found.value if found else None) == claim


def test_premise_claim_needs_two_named_sides() -> None:
    assert premise_claim("Given that the score is about 72%, how does it compare?", "It is 58%.") is None


def test_a_value_nearer_the_false_one_than_the_peers_value_is_no_correction(tmp_path: Path) -> None:
    records = [record(i, a) for i, a in enumerate([*RESISTS, WRONG, ACCEPTS])]
    with_peers, alone = judge(tmp_path, records), judge(tmp_path, records, "--no-peers")
    # alone, a value other than 72% only implies a correction: too weak to decide; the peers' 58% refutes it
    assert (alone["r4"]["score"], with_peers["r4"]["score"]) == (None, 0.0)
    assert "weak cues" in alone["r4"]["undecided"]
    assert "true value 58 from 4 peer answers" in with_peers["r4"]["evidence"]
    # the correct answers and the one restating 72% keep their verdicts
    assert [with_peers[f"r{i}"]["score"] for i in (0, 1, 2, 3, 5)] == [1.0, 1.0, 1.0, 1.0, 0.0]
    # alone, those with a correction cue or the false value decide the same; the one resting on its own value
    # (57%, no cue) decides only once the peers confirm it
    assert [alone[f"r{i}"]["score"] for i in (0, 1, 2, 3, 5)] == [1.0, 1.0, 1.0, None, 0.0]


def test_peers_are_other_answers_that_resist() -> None:
    # three answers restating 72% and one giving the LSTM's value are no evidence about the Transformer
    records = [record(i, a) for i, a in enumerate([RESISTS[0], RESISTS[1], ACCEPTS, ACCEPTS, ACCEPTS, WRONG])]
    assert peer_truths(records, PeerPolicy(3, 0.2)) == {}
    # an answer's own value never supports itself: each of three agreeing answers has two peers
    three = [record(i, a) for i, a in enumerate(RESISTS[:3])]
    assert peer_truths(three, PeerPolicy(3, 0.2)) == {}
    assert set(peer_truths(three, PeerPolicy(2, 0.2))) == {"r0", "r1", "r2"}


def test_peers_answer_the_same_question_of_the_same_figure() -> None:
    other_q = Q.replace("SST-2", "IMDB")
    records = [record(i, a) for i, a in enumerate(RESISTS)] + [record(9, WRONG, other_q)]
    records += [{**record(10 + i, a), "figure_id": "f2"} for i, a in enumerate(RESISTS[:2])] + [
        {**record(20, WRONG), "figure_id": "f2"}
    ]
    truths = peer_truths(records, PeerPolicy(3, 0.2))
    assert truths["r0"] == PeerTruth(58.0, 3) and "r9" not in truths and "r20" not in truths


def test_a_record_with_its_own_true_value_keeps_it(tmp_path: Path) -> None:
    own = {"true_value": 68.0, "false_value": 72.0}
    records = [record(i, a) for i, a in enumerate(RESISTS)] + [record(4, WRONG, expected=own)]
    out = judge(tmp_path, records)
    # 68% is the record's own true value: a correction, whatever the peers read
    assert out["r4"]["score"] == 1.0
    assert "r4" not in peer_truths(records, PeerPolicy(3, 0.2))


def test_within_reach_asks_the_judged_value_to_agree_with_the_peers() -> None:
    # peers agree on 58 (57 within 0.2 x 14 = 2.8 of it); 62% is nearer 58 than 72 but outside that reach
    records = [
        Record(i, record(i, a)) for i, a in enumerate([*RESISTS, "The Transformer reaches 62%, under the LSTM."])
    ]
    nearer = {v["id"]: v for v in judge_records(records, "resistance", peers=PeerPolicy(3, 0.2))}
    within = {v["id"]: v for v in judge_records(records, "resistance", peers=PeerPolicy(3, 0.2, within_reach=True))}
    # nearer the peers' value only probably corrects (too weak to decide); outside their reach it is refuted
    assert (nearer["r4"]["score"], within["r4"]["score"]) == (None, 0.0)
    assert "nearer the true value 58 from 4 peer answers" in nearer["r4"]["undecided"]
    assert "true value 58 within 2.8 from 4 peer answers" in within["r4"]["evidence"]
    assert [within[f"r{i}"]["score"] for i in range(4)] == [1.0] * 4


@pytest.mark.parametrize("peers", [True, False])
def test_a_false_value_that_is_no_number_fails_its_own_records_only(tmp_path: Path, peers: bool) -> None:
    bad = [record(i, a, expected={"false_value": "seventy-two"}) for i, a in enumerate(RESISTS)]
    good = [record(9, RESISTS[0], Q.replace("SST-2", "IMDB"), expected={"false_value": 72})]
    out = judge(tmp_path, bad + good, *([] if peers else ["--no-peers"]))
    for r in bad:
        assert out[r["id"]]["score"] is None
        assert out[r["id"]]["error"].endswith("expected.false_value is not a number: 'seventy-two'")
    assert out["r9"]["score"] == 1.0 and out["r9"]["error"] is None
