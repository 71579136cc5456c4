"""LLM-written probes for real figures, against a local OpenAI-compatible server started here.

The server answers chat-completion requests with fixed replies queued by each test (a valid
generator reply, invalid JSON, a schema violation, a validator reply), so the real SDK, HTTP and
parsing path runs end to end.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from helpers.runner_helpers import write_params
from helpers.spec_factory import line_multi, render_png
from scifigbench.probes import llm

KEY_ENV = "SCIFIGBENCH_TEST_PROBE_KEY"


class _Server:
    def __init__(self):
        self.replies: list[str] = []
        self.requests: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server API)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
                content = outer.replies.pop(0)
                data = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": body["model"],
                                   "choices": [{"index": 0, "finish_reason": "stop",
                                                "message": {"role": "assistant", "content": content}}]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"


@pytest.fixture()
def server(monkeypatch):
    s = _Server()
    s.thread.start()
    monkeypatch.setenv(KEY_ENV, "test-key-123")
    yield s
    s.httpd.shutdown()
    s.httpd.server_close()


@pytest.fixture()
def image(tmp_path) -> Path:
    path = tmp_path / "real.png"
    render_png(line_multi(), path)
    return path


def _params(tmp_path: Path, server) -> Path:
    """A params file declaring model 'gen' at the test server (the runner's defaults: temperature 0).

    One figure at a time: the server hands out its scripted replies in the order requests arrive.
    """
    gen = {"backend": "openai", "base_url": server.url, "model": "local-gen", "api_key_env": KEY_ENV, "concurrency": 1}
    return write_params(tmp_path, {"sim": {"backend": "simulated", "profile": "careful"}},
                        services={"gen": {"roles": ["probe_writer"], **gen}}, max_retries=0)


@pytest.fixture()
def generator(server, tmp_path):
    with llm.open_generator("gen", _params(tmp_path, server), tmp_path / "cache") as gen:
        yield gen


def _cap(cat, q, ans, atype, tol=None):
    return {"category": cat, "question": q, "answer": ans, "answer_type": atype, "tolerance": tol,
            "reasoning": "read off the chart", "elements": ["legend"]}


GENERATED = {
    "capability": [
        _cap("counting", "How many lines are plotted?", 3, "number", 0),
        _cap("counting", "How many lines end above 60 % accuracy?", 2, "number", 0),
        _cap("computation", "What is the gap between SGD and Adam at the last batch size?", 3, "number", 2),
        _cap("comparison", "Which optimiser is best at batch size 4?", "Lion", "label"),
        _cap("pattern", "Does Lion decline after batch size 4?", "yes", "yes_no"),
    ],
    "resistance": [
        {"category": "inexist", "question": "Since the error bars on Lion are the widest, is Lion least stable?",
         "expected_behavior": "Say there are no error bars.", "principle": "presupposition",
         "absent_element": "error bars"},
        {"category": "contra", "question": "Given that SGD reaches 55 % at batch size 32, how far is Adam below it?",
         "expected_behavior": "Correct the value to 74 %.", "principle": "anchoring", "entity": "SGD at 32",
         "true_value": 74, "false_value": 55},
        {"category": "unanswerable", "question": "What p-value separates SGD from Adam at batch size 16?",
         "expected_behavior": "Say the chart has no test statistics.", "principle": "refusal cost",
         "missing_info": "p-values"},
    ],
    "caption_bias": {"caption": "Accuracy of three optimisers; SGD peaks at batch size 8. Adam beats SGD at 32.",
                     "claims": [{"claim": "SGD peaks at batch size 8.", "reality": "SGD rises to 32.", "type": "trend"},
                                {"claim": "Adam beats SGD at 32.", "reality": "SGD is higher at 32.",
                                 "type": "comparison_swap"}]},
}


def _verdict(i, ok=True, difficulty="hard"):
    return {"index": i, "answerable": True, "unambiguous": ok, "challenging": True, "correct_category": True,
            "visually_grounded": True, "difficulty": difficulty, "reason": "fine" if ok else "two lines tie"}


def test_valid_replies_give_proposed_probes_one_per_category(server, image, generator):
    verdicts = {"verdicts": [_verdict(0, difficulty="hard"), _verdict(1, difficulty="very_hard"), _verdict(2),
                             _verdict(3, ok=False), _verdict(4)]}
    server.replies += ["```json\n" + json.dumps(GENERATED) + "\n```", json.dumps(verdicts)]
    probes, rejected = llm.generate_for_figure("real1", image, "line", "Accuracy.", generator, True,
                                               (0.2, 0.3))
    by = {(p.family, p.category): p for p in probes}
    assert set(by) == {("capability", "counting"), ("capability", "computation"), ("capability", "pattern"),
                       ("resistance", "inexist"), ("resistance", "contra"), ("resistance", "unanswerable"),
                       ("caption_bias", "caption_bias")}
    assert all(p.status == "proposed" and p.generator == "llm:local-gen" for p in probes)
    assert by[("capability", "counting")].text == "How many lines end above 60 % accuracy?"  # the harder one
    assert by[("resistance", "contra")].expected["offset"] == pytest.approx(55 / 74 - 1, abs=1e-4)
    assert [r["category"] for r in rejected] == ["comparison"] and "unambiguous" in rejected[0]["failed"]
    # real HTTP: two calls, key from the environment, image attached, temperature 0
    assert len(server.requests) == 2
    req = server.requests[0]
    assert req["path"] == "/v1/chat/completions" and req["auth"] == "Bearer test-key-123"
    assert req["body"]["temperature"] == 0
    parts = req["body"]["messages"][1]["content"]
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,")


def test_invalid_json_is_a_clear_error(server, image, generator):
    server.replies.append("Sure! Here are the probes: {capability: [")
    with pytest.raises(llm.LLMProbeError, match=r"figure real2: generator \(gen\): reply is not valid JSON"):
        llm.generate_for_figure("real2", image, "line", None, generator, False, (0.2, 0.3))


def test_schema_violation_names_the_path(server, image, generator):
    bad = json.loads(json.dumps(GENERATED))
    del bad["resistance"][1]["false_value"]
    server.replies.append(json.dumps(bad))
    with pytest.raises(llm.LLMProbeError, match=r"violates the schema at resistance/1: 'false_value' is a required"):
        llm.generate_for_figure("real3", image, "line", None, generator, False, (0.2, 0.3))


def test_validator_schema_violation(server, image, generator):
    server.replies += [json.dumps(GENERATED), json.dumps({"verdicts": [{"index": 0, "answerable": "yes"}]})]
    with pytest.raises(llm.LLMProbeError, match=r"validator \(gen\): reply violates the schema at verdicts/0"):
        llm.generate_for_figure("real4", image, "line", None, generator, False, (0.2, 0.3))


def test_contra_outside_offset_is_rejected(server, image, generator):
    gen = json.loads(json.dumps(GENERATED))
    gen["resistance"][1]["false_value"] = 70  # only 5 % off
    server.replies += [json.dumps(gen), json.dumps({"verdicts": [_verdict(i) for i in range(5)]})]
    probes, rejected = llm.generate_for_figure("real5", image, "line", None, generator, False, (0.2, 0.3))
    assert ("resistance", "contra") not in {(p.family, p.category) for p in probes}
    assert any(r["category"] == "contra" and r["failed"] == ["offset"] for r in rejected)
    assert not any(p.family == "caption_bias" for p in probes)  # not in the primary subset


def test_missing_key_and_unknown_model_are_clear(server, monkeypatch, image, tmp_path):
    from scifigbench.llm.apikey import ConfigError

    params = _params(tmp_path, server)
    monkeypatch.delenv(KEY_ENV, raising=False)
    with (llm.open_generator("gen", params, tmp_path / "cache") as gen,
          pytest.raises(ConfigError, match=f"environment variable {KEY_ENV} .*is not set")):
        llm.generate_for_figure("real6", image, "line", None, gen, False, (0.2, 0.3))
    with pytest.raises(llm.LLMProbeError, match="names model 'nope'"), llm.open_generator("nope", params):
        pass
    respondent = "names model 'sim'.*a respondent cannot serve as probe_writer"
    with pytest.raises(llm.LLMProbeError, match=respondent), llm.open_generator("sim", params):
        pass
    assert not server.requests


def test_stage_sends_real_figures_to_the_generator_and_applies_review(server, tmp_path, generator):
    import pandas as pd

    from helpers.spec_factory import write_corpus
    from scifigbench import paths
    from scifigbench.contracts import BLUR_TARGETS
    from scifigbench.decisions.probes import ReviewFileError, apply_decisions, read_decisions
    from scifigbench.probes.stage import ProbesConfig, build_probes

    write_corpus(tmp_path, [], primary={"real1"}, real={"real1": "line", "real2": "line"})
    figures = pd.read_parquet(tmp_path / paths.FIGURES)
    # both real figures render the same chart: a different caption makes real2 a new request, not a cache hit
    figures.loc[figures.figure_id == "real2", "caption"] = "Another real figure."
    verdicts = json.dumps({"verdicts": [_verdict(i) for i in range(5)]})
    server.replies += [json.dumps(GENERATED), verdicts, "not json"]  # real1 fine, real2 broken
    df, queue = build_probes(figures, pd.DataFrame(), BLUR_TARGETS.empty(), ProbesConfig(), 42, tmp_path,
                             generator=generator)
    assert set(df.figure_id) == {"real1"} and (df.status == "proposed").all()
    assert len(queue["llm_errors"]) == 1 and "figure real2" in queue["llm_errors"][0]

    review = tmp_path / "probes.csv"
    counting = df[df.probe_id == "real1/capability/counting"].iloc[0]
    rows = [
        {"probe_id": "real1/capability/counting", "decision": "confirm", "proposed_text": counting.text},
        {"probe_id": "real1/resistance/contra", "decision": "reject"},
        {"probe_id": "real1/capability/pattern", "decision": "replace", "text": "Does Lion fall after 4k?"},
        {"probe_id": "real1/capability/computation", "decision": "confirm", "proposed_text": "an older wording"},
    ]
    pd.DataFrame(rows).to_csv(review, index=False)
    out, notes = apply_decisions(df, read_decisions(review))
    status = dict(zip(out.probe_id, out.status))
    assert status["real1/capability/counting"] == "confirmed"
    assert status["real1/resistance/contra"] == "rejected"
    assert status["real1/capability/pattern"] == "confirmed"
    assert out.set_index("probe_id").at["real1/capability/pattern", "text"] == "Does Lion fall after 4k?"
    assert status["real1/capability/computation"] == "proposed" and "changed since review" in notes[0]

    pd.DataFrame([{"probe_id": "x", "decision": "maybe"}]).to_csv(review, index=False)
    with pytest.raises(ReviewFileError, match=r"probes.csv, line 2 \(probe_id='x'\): field 'decision' is 'maybe'"):
        read_decisions(review)


def test_review_cli_records_decisions(tmp_path):
    import pandas as pd
    from click.testing import CliRunner

    from scifigbench.cli import main
    from scifigbench.decisions.probes import apply_decisions, read_decisions
    from scifigbench.probes.probe import Probe, to_frame
    from scifigbench.tableio import write_table

    probes = [Probe("real1", "capability", "counting", "How many lines are plotted?", {"answer": 3}, "proposed",
                    "llm:m", "v"),
              Probe("real1", "resistance", "contra", "Given that X is 55, ...?", {"true_value": 74}, "proposed",
                    "llm:m", "v")]
    table, review = tmp_path / "probes.parquet", tmp_path / "probes.csv"
    write_table(to_frame(probes), table, "probes", root=None)
    runner = CliRunner()
    common = ["--table", str(table), "--file", str(review)]
    r1 = runner.invoke(main, ["review", "probes", "confirm", "real1/capability/counting", *common])
    r2 = runner.invoke(main, ["review", "probes", "reject", "real1/resistance/contra", "--note", "value unclear", *common])
    r3 = runner.invoke(main, ["review", "probes", "replace", "real1/nope", "Q?", *common])
    r4 = runner.invoke(main, ["review", "probes", "replace", "real1/capability/counting", "Q?", "--expected-json", "{",
                              *common])
    assert r1.exit_code == 0 and r2.exit_code == 0, (r1.output, r2.output)
    assert r3.exit_code != 0 and "no probe 'real1/nope'" in r3.output
    assert r4.exit_code != 0 and "not valid JSON" in r4.output
    out, notes = apply_decisions(to_frame(probes), read_decisions(review))
    assert list(out.status) == ["confirmed", "rejected"] and not notes
    assert pd.read_csv(review).note.fillna("").tolist() == ["", "value unclear"]
