"""The setups table: one request per (figure, condition, task), probes in a fixed order."""

from __future__ import annotations

import json

import pandas as pd

from scifigbench.contracts import SETUPS, validate
from scifigbench.setups import SetupsConfig, build_setups

SHA = "0" * 64


def _tables():
    figures = pd.DataFrame({"figure_id": ["f1", "f2"], "chart_type": ["bar", "pie"]})
    cond_rows = []
    for fid in ("f1", "f2"):
        for c in ("base", "noise", "admb", "indb", "nocap"):
            cond_rows.append(
                {
                    "condition_id": f"{fid}/{c}",
                    "figure_id": fid,
                    "condition": c,
                    "image_path": f"img/{fid}_{c}.png",
                    "image_sha256": SHA,
                    "caption": None if c == "nocap" else f"Caption of {fid}",
                    "blur_target_id": f"{fid}/admittance"
                    if c == "admb"
                    else (f"{fid}/inductance" if c == "indb" else None),
                }
            )
    conditions = pd.DataFrame(cond_rows)
    p = []
    for fid in ("f1",):
        # deliberately shuffled order: the setup must order them by category
        for cat in ("pattern", "counting", "comparison", "computation"):
            p.append((f"{fid}/capability/{cat}", fid, "capability", cat, f"Q {cat}?"))
        for cat in ("unanswerable", "inexist", "contra"):
            p.append((f"{fid}/resistance/{cat}", fid, "resistance", cat, f"R {cat}?"))
        p.append((f"{fid}/caption_bias", fid, "caption_bias", "caption_bias", "A false caption."))
        p.append((f"{fid}/blur/admittance", fid, "blur", "admittance", "Which dataset is third?"))
    probes = pd.DataFrame(p, columns=["probe_id", "figure_id", "family", "category", "text"])
    probes["status"] = "confirmed"
    return figures, conditions, probes


def test_one_request_per_task_with_ordered_probes():
    figures, conditions, probes = _tables()
    out = build_setups(figures, conditions, probes, SetupsConfig())
    validate(out, SETUPS, where="setups")
    ids = set(out["setup_id"])
    # 5 condition images x 2 figures described + capbias + capability + resistance + 1 active blur
    assert len(out) == 10 + 4
    assert {"f1/capbias/describe", "f1/base/capability", "f1/base/resistance", "f1/admb/blur_active"} <= ids
    cap = out.set_index("setup_id").loc["f1/base/capability"]
    assert json.loads(cap.probe_ids) == [
        f"f1/capability/{c}" for c in ("counting", "computation", "comparison", "pattern")
    ]
    assert cap.user_text.index("Q counting?") < cap.user_text.index("Q pattern?")
    assert "1. Q counting?" in cap.user_text and "4. Q pattern?" in cap.user_text
    res = out.set_index("setup_id").loc["f1/base/resistance"]
    assert json.loads(res.probe_ids) == [f"f1/resistance/{c}" for c in ("inexist", "contra", "unanswerable")]


def test_capbias_uses_modified_caption_on_base_image_and_prompt_versions():
    figures, conditions, probes = _tables()
    out = build_setups(figures, conditions, probes, SetupsConfig()).set_index("setup_id")
    cb = out.loc["f1/capbias/describe"]
    assert cb.caption == "A false caption." and cb.image_path == "img/f1_base.png"
    assert out.loc["f2/base/describe"].prompt_id == "describe_pie"
    # the template is the pie record's text: the version the prompt file describe_pie.txt had
    assert out.loc["f2/base/describe"].prompt_version == "6d14fc083f0c"
    assert pd.isna(out.loc["f1/nocap/describe"].caption)
    # passive blur: the describe request on the admb image is linked to the blur probe
    assert json.loads(out.loc["f1/admb/describe"].probe_ids) == ["f1/blur/admittance"]
    assert json.loads(out.loc["f1/indb/describe"].probe_ids) == []


def test_unconfirmed_probes_and_unwanted_conditions_are_left_out():
    figures, conditions, probes = _tables()
    probes.loc[probes["family"] == "resistance", "status"] = "proposed"
    out = build_setups(figures, conditions, probes, SetupsConfig(conditions=["base", "admb"]))
    assert "f1/base/resistance" not in set(out["setup_id"])
    assert set(out["condition"]) == {"base", "admb"}


def test_each_caption_of_a_figure_is_its_own_capbias_request():
    figures, conditions, probes = _tables()
    kinds = pd.DataFrame(
        [
            (f"f1/caption_bias/caption_bias/{k}", "f1", "caption_bias", "caption_bias", f"Caption {k}.")
            for k in ("swap", "value")
        ],
        columns=["probe_id", "figure_id", "family", "category", "text"],
    ).assign(status="confirmed")
    out = build_setups(figures, conditions, pd.concat([probes, kinds], ignore_index=True), SetupsConfig())
    validate(out, SETUPS, where="setups")
    cb = out[out.condition == "capbias"].set_index("setup_id")
    assert set(cb.index) == {"f1/capbias/describe", "f1/capbias/describe/swap", "f1/capbias/describe/value"}
    assert cb.loc["f1/capbias/describe/swap"].caption == "Caption swap."
    assert json.loads(cb.loc["f1/capbias/describe/value"].probe_ids) == ["f1/caption_bias/caption_bias/value"]


def test_every_prompt_file_setups_renders_is_a_code_dep_and_its_content_hash_is_carried(monkeypatch):
    """Recorded at run time, not scanned: each prompt file build_setups loads is in the stage's code
    deps (an edit reruns setups), and its rows carry the sha256 prefix of that file's bytes."""
    import hashlib

    from scifigbench import prompts
    from scifigbench.caching import codedeps

    loaded: set[str] = set()
    real = prompts.load

    def recording(prompt_id: str) -> prompts.Prompt:
        loaded.add(prompt_id)
        return real(prompt_id)

    monkeypatch.setattr(prompts, "load", recording)
    out = build_setups(*_tables(), SetupsConfig())
    assert loaded == {"capability", "resistance", "blur_active"}
    deps = codedeps.code_files("scifigbench.setups")
    for prompt_id in loaded:
        path = codedeps.PROMPTS / f"{prompt_id}.txt"
        assert path in deps
        rows = out[out["prompt_id"] == prompt_id]
        assert len(rows) and set(rows["prompt_version"]) == {hashlib.sha256(path.read_bytes()).hexdigest()[:12]}
