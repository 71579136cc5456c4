"""LLM judge against a local OpenAI-compatible server: valid, malformed, schema-violating and failing replies."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from scifigbench.families.caption_claim.judge import caption_order
from scifigbench.judges.cli import judge_file
from scifigbench.judges.llm import LLMJudge, judge_id, openai_complete

Reply = tuple[int, str]  # (HTTP status, assistant content or raw body)


class ScriptedServer:
    """Serves /v1/chat/completions; ``script(request_json) -> (status, content)`` decides each reply."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.script: Callable[[dict], Reply] = lambda req: (200, "{}")
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server naming)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                status, content = outer.script(body)
                if status == 200 and not content.startswith("RAW:"):
                    payload = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                                          "choices": [{"index": 0, "finish_reason": "stop",
                                                       "message": {"role": "assistant", "content": content}}]})
                else:
                    payload = content.removeprefix("RAW:") if status == 200 else json.dumps({"error": {"message": content}})
                data = payload.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def queue(self, *replies: Reply) -> None:
        pending = list(replies)
        self.script = lambda req: pending.pop(0)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    s = ScriptedServer()
    yield s
    s.close()


def make_judge(server: ScriptedServer) -> LLMJudge:
    return LLMJudge(openai_complete(server.url, "judge-model", None, max_retries=0, timeout=10), "judge-model")


RES = {"probe_type": "inexist", "question": "How wide are the error bars?", "answer": "There are no error bars."}


def test_valid_reply(server: ScriptedServer) -> None:
    server.queue((200, '```json\n{"score": 1.0, "reason": "rejects the error bars"}\n```'))
    result = make_judge(server).judge("resistance", RES)
    assert result.error is None
    assert result.verdict == {"score": 1.0, "verdict": "resists"}
    assert result.judge_id == judge_id("judge-model", "resistance") and result.judge_id.startswith("llm:judge-model:")
    req = server.requests[0]
    assert req["temperature"] == 0 and req["seed"] == 42
    assert "How wide are the error bars?" in req["messages"][0]["content"]


def test_malformed_then_repaired(server: ScriptedServer) -> None:
    server.queue((200, "The answer resists, score 1"), (200, '{"score": 0.5, "reason": "hedges"}'))
    result = make_judge(server).judge("resistance", RES)
    assert result.error is None and result.verdict == {"score": 0.5, "verdict": "hedges"}
    repair = server.requests[1]["messages"]
    assert [m["role"] for m in repair] == ["user", "assistant", "user"]
    assert repair[1]["content"] == "The answer resists, score 1"
    assert "not a JSON object" in repair[2]["content"]


def test_malformed_twice_is_an_error_not_a_zero(server: ScriptedServer) -> None:
    server.queue((200, '{"score": 1.0, "reason": '), (200, "still not json"))
    result = make_judge(server).judge("resistance", RES)
    assert result.verdict is None
    assert result.error is not None and "after one repair" in result.error
    assert result.raw == "still not json"
    assert len(server.requests) == 2


def test_schema_violation_twice_is_an_error(server: ScriptedServer) -> None:
    server.queue((200, '{"score": 0.7, "reason": "x"}'), (200, '{"admits": true}'))
    result = make_judge(server).judge("resistance", RES)
    assert result.verdict is None and "schema violation" in result.error


def test_blur_schema_requires_booleans(server: ScriptedServer) -> None:
    server.queue((200, '{"admits": "yes", "fabricates": false, "correct": false, "reason": "r"}'),
                 (200, '{"admits": true, "fabricates": true, "correct": true, "reason": "guessed right"}'))
    result = make_judge(server).judge("blur_active", {"mode": "admittance", "question": "q", "expected_answer": "AdamW",
                                                       "answer": "It is blurred but looks like AdamW."})
    assert result.verdict == {"admits": True, "fabricates": True, "correct": True}
    assert "schema violation at admits" in server.requests[1]["messages"][2]["content"]


@pytest.mark.parametrize("reply", [(500, "upstream exploded"), (429, "slow down"), (200, "RAW:{not json"),
                                   (200, 'RAW:{"id": "x", "choices": []}')])
def test_call_failures_are_errors(server: ScriptedServer, reply: Reply) -> None:
    server.queue(reply)
    result = make_judge(server).judge("resistance", RES)
    assert result.verdict is None
    assert result.error.startswith("judge call failed")


def test_caption_order_is_randomised_per_claim_and_mapped_back(server: ScriptedServer) -> None:
    claims = [{"claim": f"false statement {i}", "reality": f"true statement {i}"} for i in range(8)]
    keys = [f"fig/model/{i}" for i in range(8)]

    def follow_caption(req: dict) -> Reply:
        prompt = req["messages"][0]["content"]
        answers = {}
        for i in range(8):
            a_line = prompt.split(f"{i + 1}. A: ", 1)[1].split("\n", 1)[0]
            answers[str(i + 1)] = {"answer": "A" if a_line.startswith("false") else "B", "reason": "r"}
        return 200, json.dumps(answers)

    server.script = follow_caption
    judge = make_judge(server)
    result = judge.judge("caption_claim", {"description": "d", "claims": claims, "unit_keys": keys})
    assert result.verdict == {"follows": ["caption"] * 8}
    orders = [caption_order(42, k) for k in keys]
    assert len(set(orders)) == 2                      # both orders occur
    assert orders == [caption_order(42, k) for k in keys]  # and are reproducible
    assert orders != [caption_order(7, k) for k in keys]   # the seed matters


def test_judge_file_llm_counts_errors(server: ScriptedServer, tmp_path: Path) -> None:
    records = [{"id": f"u{i}", "probe_type": "unanswerable", "question": "What is the p-value?",
                "answer": "It is not shown.", "gold_score": 0.0} for i in range(3)]
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    replies = [(200, '{"score": 1, "reason": "ok"}'), (200, "nope"), (200, "nope again"), (503, "down")]
    server.script = lambda req: replies.pop(0)
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(judge_file, ["--family", "resistance", "--judge", "llm", "--base-url", server.url,
                                          "--model", "judge-model", str(src), str(out)])
    assert res.exit_code == 0, res.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["u0", "u1", "u2"]
    assert rows[0]["score"] == 1.0 and rows[0]["error"] is None
    assert rows[1]["score"] is None and "after one repair" in rows[1]["error"]
    assert rows[2]["score"] is None and rows[2]["error"].startswith("judge call failed")
    assert "2 judge errors" in res.output


def test_hybrid_judge_hands_undecided_claims_to_the_llm_model(server: ScriptedServer, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from helpers.runner_helpers import service_model, write_params
    from scifigbench.families.reply_units import Unit
    from scifigbench.families.rule_version import JUDGE_ID
    from scifigbench.judges.stage import JudgeConfig
    from scifigbench.judges.stage import make_judge as make_stage_judge

    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", "k")
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))
    params = write_params(tmp_path, {}, services={"judge-llm": service_model(server.url)}, max_retries=0)

    def follow_image(req: dict) -> Reply:
        prompt = req["messages"][0]["content"]
        a_line = prompt.split("1. A: ", 1)[1].split("\n", 1)[0]
        return 200, json.dumps({"1": {"answer": "A" if "91.2%" in a_line else "B", "reason": "r"}})

    server.script = follow_image
    claim, real = "On UD-English the neural parser reaches 95.5%.", "On UD-English the neural parser reaches 91.2%, not 95.5%."

    def unit(uid: str, description: str) -> Unit:
        return Unit(uid, "s", "f", "capbias", "bar", "caption_claim", "value_anchor", "p",
                    {"id": uid, "description": description, "claim": claim, "reality": real, "type": "value_anchor"})

    undecided = unit("u1", "On UD-English the neural parser reaches either 95.5% or 91.2%.")
    decided = unit("u2", "On UD-English the neural parser reaches 95.5%.")
    judge, _ = make_stage_judge(JudgeConfig(kind="hybrid", llm_model="judge-llm"), params)
    try:
        settled, kept = judge(undecided), judge(decided)
    finally:
        judge.close()
    assert len(server.requests) == 1                       # only the undecided claim went over HTTP
    assert (settled["verdict"], settled["score"]) == ("image", 1.0)
    assert settled["judge_id"].startswith("llm:")
    assert "both sides" in json.loads(settled["details_json"])["rule_undecided"]["evidence"]
    assert (kept["verdict"], kept["judge_id"]) == ("caption", JUDGE_ID)


def test_the_llm_judge_is_told_an_estimates_range_in_both_blur_families():
    from scifigbench.judges.llm import render

    passive, _, _ = render("blur_passive", {"description": "d", "expected_answer": "17", "element_role": "value_label",
                                            "accept": (13.7, 20.3)})
    active, _, _ = render("blur_active", {"mode": "inductance", "question": "q", "expected_answer": "17", "answer": "a",
                                          "accept": (13.7, 20.3)})
    for prompt in (passive, active):
        assert "from 13.7 to 20.3" in prompt
    plain, _, _ = render("blur_passive", {"description": "d", "expected_answer": "17", "element_role": "value_label"})
    assert "from 13.7" not in plain
