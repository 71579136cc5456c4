"""Model-assisted vetting of ranked blur candidates (``conditions.vetting``).

The re-ranking rule on hand-made answers; the stage against the local OpenAI-compatible test
server: one request per candidate (the server's own count), the order following the answers, a
rerun answered by the call cache, ``plan`` counting the same requests, the review page listing the
candidates in the vetted order with the answers beside them; off by default, sending nothing.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
import yaml
from click.testing import CliRunner

from helpers.built_once import copy_of
from helpers.conditions_fixtures import conditioned_real_pair
from helpers.runner_helpers import service_model, write_params
from scifigbench import paths
from scifigbench.blurtargets import vetting
from scifigbench.blurtargets.vetting import Answer, rerank
from scifigbench.conditions import stage, vetting_stage
from scifigbench.conditions.config import ConditionsConfig, VettingConfig
from scifigbench.devserver import DevServer

KEY = "test-vetting-key-29"


pytestmark = pytest.mark.long(shares="conditioned_real_pair")


def _rows(mode: str, *doubts: str | None) -> list[dict]:
    return [
        {"candidate_id": f"f/{mode}/{i + 1}", "mode": mode, "rank": i + 1, "doubt": d} for i, d in enumerate(doubts)
    ]


def _order(vetted: list[vetting.Vetted]) -> list[tuple[str, int | None]]:
    return [(v.candidate_id.rsplit("/", 1)[1], v.vetted_rank) for v in vetted]


YES, NO, NARROW = (Answer("category", v, "r") for v in ("yes", "no", "narrowed"))


def test_admittance_puts_what_cannot_be_inferred_first() -> None:
    rows = _rows("admittance", None, None, None)
    answers = {"f/admittance/1": YES, "f/admittance/2": NO, "f/admittance/3": NARROW}
    assert _order(rerank(rows, answers)) == [("2", 1), ("3", 2), ("1", 3)]


def test_inductance_puts_what_can_be_inferred_first() -> None:
    rows = _rows("inductance", None, None, None)
    answers = {"f/inductance/1": NO, "f/inductance/2": NARROW, "f/inductance/3": YES}
    assert _order(rerank(rows, answers)) == [("3", 1), ("2", 2), ("1", 3)]


def test_furniture_is_dropped_a_doubtful_reading_stays_last_and_no_answer_counts_as_narrowed() -> None:
    rows = _rows("admittance", None, None, None, "the readings disagree", None)
    answers = {
        "f/admittance/1": Answer("furniture", "no", "a source credit"),
        "f/admittance/2": Answer(error="call failed: HTTP 500"),
        "f/admittance/3": YES,
        "f/admittance/4": NO,  # doubtful: the model's "no" does not lift it over sure readings
        "f/admittance/5": NO,
    }
    assert _order(rerank(rows, answers)) == [("5", 1), ("2", 2), ("3", 3), ("4", 4), ("1", None)]


def test_answers_all_alike_keep_the_stage_order() -> None:
    rows = _rows("admittance", None, None, None)
    assert _order(rerank(rows, {r["candidate_id"]: NARROW for r in rows})) == [("1", 1), ("2", 2), ("3", 3)]


def test_the_figure_memo_does_not_depend_on_vetting(tmp_path: Path) -> None:
    """Turning vetting on or to another model reuses every figure of the conditions stage."""
    job = stage.FigureJob("f", "bar", "img.png", "0" * 64, 100, 80, None, None, True)
    cfg = ConditionsConfig()
    key = stage._memo_key(job, cfg, 42, tmp_path, {})
    assert stage._memo_key(job, replace(cfg, vetting=VettingConfig("vetter")), 42, tmp_path, {}) == key
    assert stage._memo_key(job, replace(cfg, candidates_k=4), 42, tmp_path, {}) != key


# ------------------------------------------------------------------ the stage over HTTP


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    return copy_of(tmp_path_factory, "conditioned_real_pair", conditioned_real_pair)


@pytest.fixture()
def work(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    dst = tmp_path / "w"
    shutil.copytree(repo, dst)
    monkeypatch.chdir(dst)
    monkeypatch.setenv("SCIFIGBENCH_TEST_KEY", KEY)
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "cache"))
    return dst


def _params(root: Path, url: str, vetting_on: bool) -> Path:
    path = write_params(
        root,
        {"m": {"backend": "simulated", "profile": "careful"}},
        services={"vetter": service_model(url, roles=("vetting",))},
        max_retries=0,
    )
    raw = yaml.safe_load(path.read_text())
    raw["conditions"] = {"workers": 1, "gallery": False, "vetting": {"model": "vetter"} if vetting_on else None}
    path.write_text(yaml.safe_dump(raw))
    return path


_ASKED = re.compile(r'The blurred text says: """(.*?)"""', re.DOTALL)


def _server_answers(cands: pd.DataFrame) -> tuple[set[str], str]:
    """What the test server says: every stage-rank-1 text is inferable, every other one is not,
    and one rank-2 inductance text is page furniture."""
    first = set(cands.loc[cands["rank"] == 1, "text"])
    others = cands[(cands["rank"] == 2) & (cands["mode"] == "inductance") & ~cands["text"].isin(first)]
    return first, str(others["text"].iloc[0])


def _reply(first: set[str], furniture: str):
    def reply(body: dict) -> str:
        text = _ASKED.search(body["messages"][0]["content"][0]["text"]).group(1)
        assert body["messages"][0]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")
        role = "furniture" if text == furniture else "category"
        return json.dumps({"role": role, "inferable": "yes" if text in first else "no", "reason": f"about {text}"})

    return reply


def test_one_request_per_candidate_reranked_by_the_answers_and_a_rerun_sends_none(work: Path) -> None:
    from scifigbench.llm.cache import CACHE_FILE, ResponseCache
    from scifigbench.pipeline.plan import vetting_line

    cands = pd.read_parquet(work / paths.BLUR_CANDIDATES)
    assert len(cands) >= 4 and cands["doubt"].isna().all()
    first, furniture = _server_answers(cands)
    with DevServer(api_key=KEY, reply=_reply(first, furniture)) as srv:
        params = _params(work, srv.base_url, True)
        cache = ResponseCache(work.parent / "cache" / CACHE_FILE)
        before = vetting_line(params, cache)
        assert srv.records == []  # planning sends nothing
        cfg = ConditionsConfig(workers=1, gallery=False, vetting=VettingConfig("vetter"))
        table = vetting_stage.run(cfg, work, params)
        assert len(srv.records) == len(cands)  # the server's own count: one request per candidate
        asked = sorted(_ASKED.search(r.user_text).group(1) for r in srv.records)
        assert asked == sorted(cands["text"])
        again = vetting_stage.run(cfg, work, params)
        assert len(srv.records) == len(cands)  # the rerun is answered by the call cache
        after = vetting_line(params, cache)
        cache.close()
    assert (before.requests, before.to_send) == (len(cands), len(cands))
    assert (after.cached, after.to_send) == (len(cands), 0)
    assert table.equals(again) and table["error"].isna().all() and (table["model"] == "vetter").all()

    got = table.set_index("candidate_id")
    for (fid, mode), group in cands.groupby(["figure_id", "mode"]):
        ranks = group.sort_values("rank")
        kept = [t for t in ranks["text"] if t != furniture]
        yes = [t for t in kept if t in first]
        no = [t for t in kept if t not in first]
        want = (no + yes) if mode == "admittance" else (yes + no)  # stage order inside each answer
        vetted = got.loc[ranks["candidate_id"]]
        shown = [
            ranks.set_index("candidate_id").at[c, "text"]
            for c in vetted.sort_values("vetted_rank").index
            if pd.notna(vetted.at[c, "vetted_rank"])
        ]
        assert shown == want, (fid, mode)
        for c, text in zip(ranks["candidate_id"], ranks["text"], strict=True):
            assert pd.isna(got.at[c, "vetted_rank"]) == (text == furniture)
            assert got.at[c, "inferable"] == ("yes" if text in first else "no")
            assert got.at[c, "reason"] == f"about {text}"
    moved = cands[(cands["mode"] == "admittance") & (cands["rank"] == 2) & (cands["text"] != furniture)]
    assert len(moved) >= 1 and (got.loc[moved["candidate_id"], "vetted_rank"] == 1).all()

    # the review page lists the candidates in the vetted order with the model's answer beside each
    out = work / "page.html"
    res = CliRunner().invoke(
        review_group(),
        ["blur", "page", "--table", str(work / paths.BLUR_TARGETS), "--root", str(work), "--out", str(out)],
    )
    assert res.exit_code == 0, res.output
    html = out.read_text()
    data = json.loads(html[html.index("window.BLUR_REVIEW = ") + 21 : html.index(";</script>")].replace("<\\/", "</"))
    for f in data["figures"]:
        for mode, m in f["modes"].items():
            mine = got[(got["figure_id"] == f["figure_id"]) & (got["mode"] == mode)]
            listed = mine.assign(last=mine["vetted_rank"].isna()).sort_values(["last", "vetted_rank", "rank"])
            assert [c["rank"] for c in m["candidates"]] == listed["rank"].tolist()
            for c in m["candidates"]:
                assert c["vetting"].startswith("vetter: role ") and f"about {c['text']}" in c["vetting"]
                assert ("dropped" in c["vetting"]) == (c["text"] == furniture)


def review_group():
    from scifigbench.review.cli import review

    return review()


def test_off_by_default_writes_an_empty_table_and_sends_nothing(work: Path) -> None:
    from scifigbench.llm.cache import CACHE_FILE, ResponseCache
    from scifigbench.pipeline.plan import vetting_line

    with DevServer(api_key=KEY) as srv:
        params = _params(work, srv.base_url, False)
        table = vetting_stage.run(ConditionsConfig(), work, params)
        cache = ResponseCache(work.parent / "cache" / CACHE_FILE)
        assert vetting_line(params, cache) is None
        cache.close()
        assert srv.records == []
    assert table.empty and (work / paths.BLUR_VETTING).is_file()


@pytest.mark.parametrize(
    ("services", "message"),
    [
        ({"vetter": {"roles": ["judge"]}}, r"conditions\.vetting\.model: .*does not include 'vetting'"),
        ({}, r"conditions\.vetting\.model: .*no model 'vetter'"),
    ],
)
def test_check_params_refuses_a_vetting_model_not_declared_for_it(tmp_path: Path, services: dict, message: str) -> None:
    from scifigbench.params import ParamsError
    from scifigbench.pipeline.params_check import check

    path = _params(tmp_path, "http://127.0.0.1:9/v1", True)
    raw = yaml.safe_load(path.read_text())
    raw["services"] = {k: {**service_model("http://127.0.0.1:9/v1"), **v} for k, v in services.items()}
    path.write_text(yaml.safe_dump(raw))
    with pytest.raises(ParamsError, match=message):
        check(path)
