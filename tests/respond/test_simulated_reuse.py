"""Simulated answers are reused per request: a rerun answers nothing again and writes the same bytes;
a new request, a changed probe or another profile is answered afresh."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from scifigbench import paths
from scifigbench.corpus import stage as corpus_stage
from scifigbench.corpus.config import CorpusConfig
from scifigbench.families import respondent
from scifigbench.llm.config import ModelConfig, RunConfig, effective
from scifigbench.respond import runner
from scifigbench.tableio import read_table, write_table


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sim-reuse")
    cfg = CorpusConfig(
        n_bar=2,
        n_line=1,
        n_pie=1,
        primary={"bar": 1, "line": 1, "pie": 1},
        ablation={"bar": 0, "line": 0, "pie": 0},
        workers=1,
    )
    corpus_stage.run(cfg, 42, root)
    return root


def _setups(root: Path, conditions: tuple[str, ...]) -> pd.DataFrame:
    figures = read_table(root / paths.FIGURES, "figures", root=root)
    rows = [
        {
            "setup_id": f"{f.figure_id}/{c}/describe",
            "figure_id": f.figure_id,
            "condition": c,
            "task": "describe",
            "chart_type": f.chart_type,
            "prompt_id": f"describe_{f.chart_type}",
            "prompt_version": "0123456789ab",
            "system_text": None,
            "user_text": "Describe the figure.",
            "image_path": f.image_path,
            "image_sha256": f.image_sha256,
            "caption": None,
            "probe_ids": json.dumps([]),
            "blur_target_id": None,
        }
        for f in figures.itertuples()
        for c in conditions
    ]
    return pd.DataFrame(rows)


def _run(root: Path, setups: pd.DataFrame, calls: list[str], **profile) -> pd.DataFrame:
    model = ModelConfig(backend="simulated", profile="weak", profile_overrides=profile or None)
    eff = effective("sim-weak", model, RunConfig())
    calls.clear()
    table, _ = runner.run_simulated(eff, setups, root, root / "out.parquet", root / "out.stats.json", progress=False)
    return table


def test_answers_are_reused_per_request(corpus, monkeypatch):
    root = corpus
    calls: list[str] = []
    real = respondent.respond

    def counting(setup, *args, **kwargs):
        calls.append(setup["setup_id"])
        return real(setup, *args, **kwargs)

    monkeypatch.setattr(respondent, "respond", counting)
    monkeypatch.delenv("SCIFIGBENCH_CACHE_DIR", raising=False)
    base = _setups(root, ("base",))
    first = _run(root, base, calls)
    assert len(calls) == len(base) == 4
    first_bytes = (root / "out.parquet").read_bytes()

    again = _run(root, base, calls)
    assert calls == []
    assert (root / "out.parquet").read_bytes() == first_bytes
    pd.testing.assert_frame_equal(again, first)

    more = _setups(root, ("base", "nocap"))
    grown = _run(root, more, calls)
    assert sorted(calls) == sorted(more.loc[more.condition == "nocap", "setup_id"])
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(root / "empty-store"))  # the same requests, no store at all
    fresh = _run(root, more, calls)
    assert len(calls) == len(more)
    pd.testing.assert_frame_equal(fresh, grown)

    monkeypatch.delenv("SCIFIGBENCH_CACHE_DIR")
    _run(root, base, calls, misread_rate=0.9)  # another profile: nothing reused
    assert len(calls) == len(base)


def test_a_changed_probe_is_answered_again(corpus, monkeypatch, tmp_path):
    monkeypatch.setenv("SCIFIGBENCH_CACHE_DIR", str(tmp_path / "store"))
    root = corpus
    figures = read_table(root / paths.FIGURES, "figures", root=root)
    fid = figures.figure_id.iloc[0]
    probe = {
        "probe_id": f"{fid}/capability/counting",
        "figure_id": fid,
        "family": "capability",
        "category": "counting",
        "text": "How many bars are there?",
        "expected_json": json.dumps({"answer": 3, "kind": "count"}),
        "status": "confirmed",
        "generator": "test",
        "generator_version": "1",
    }
    setups = _setups(root, ("base",))
    setups.loc[setups.figure_id == fid, "probe_ids"] = json.dumps([])
    calls: list[str] = []
    real = respondent.respond
    monkeypatch.setattr(respondent, "respond", lambda s, *a, **k: calls.append(s["setup_id"]) or real(s, *a, **k))
    try:
        write_table(pd.DataFrame([probe]), root / paths.PROBES, "probes", root=root)
        _run(root, setups, calls)
        assert len(calls) == len(setups)
        _run(root, setups, calls)
        assert calls == []
        write_table(
            pd.DataFrame([{**probe, "text": "How many bars do you see?"}]), root / paths.PROBES, "probes", root=root
        )
        _run(root, setups, calls)
        assert calls == [f"{fid}/base/describe"]  # only the figure whose probe changed
    finally:
        (root / paths.PROBES).unlink(missing_ok=True)
