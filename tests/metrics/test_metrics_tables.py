"""Metric tables on synthetic judgments with declared rates: recovery, exact definitions, errors."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from helpers.judgment_rows import judgment_row
from helpers.synthetic_judgments import PROFILES, all_judgments
from scifigbench.contracts import JUDGMENTS, validate
from scifigbench.metrics import tables as T
from scifigbench.metrics.human_agreement import human_agreement, read_human_scores
from scifigbench.metrics.stage import MetricsConfig, run
from scifigbench.tableio import write_table

CFG = T.StatConfig(B=2000, seed=42)


@pytest.fixture(scope="module")
def judg() -> pd.DataFrame:
    return validate(all_judgments(seed=1), JUDGMENTS, where="synthetic judgments")


@pytest.fixture(scope="module")
def behaviour(judg):
    return T.behaviour(judg, T.StatConfig(B=2000, seed=42, level=0.99))


def _ok(rows: pd.DataFrame) -> pd.DataFrame:
    return rows[rows["error"].isna()]


def test_declared_rates_inside_99pct_ci(judg, behaviour):
    """Every A-R-I and capability rate recovers the profile's rate (expected value noted per cell).

    About 50 cells are checked against 99 % CIs, so ~0.5 misses are expected by chance; more than
    three (probability ~0.2 %) means a biased estimator.
    """
    cap = T.capability(judg, T.StatConfig(B=2000, seed=42, level=0.99))["accuracy"]
    cells = []
    for model, prof in PROFILES.items():
        for t, (p1, ph) in prof.resistance.items():  # E[score] = P(resist) + 0.5 P(hedge)
            cells.append((model, t, p1 + 0.5 * ph, behaviour["resistance"][model][t]))
        for proto in ("active", "passive"):
            cells.append((model, f"adm-{proto}", prof.admits[proto], behaviour["admittance"][model][proto]))
            # inductance = correct among fabricated answers: the profile's P(correct | fabricated)
            cells.append((model, f"ind-{proto}", prof.correct_given_fab[proto], behaviour["inductance"][model][proto]))
            cells.append(
                (model, f"fab-{proto}", prof.fabricates[proto], behaviour["fabrication"][model][f"inductance_{proto}"])
            )
        for t, c in behaviour["caption_bias"][model]["by_type"].items():
            cells.append((model, t, prof.follows_image, c))
        # per-figure image/(image+caption) has expectation P(image) for any number of addressed claims
        cells.append((model, "capbias", prof.follows_image, behaviour["caption_bias"][model]["overall"]))
        for cat, p in prof.capability.items():
            cells.append((model, cat, p, cap[model][cat]))
    misses = [(m, k, true, c) for m, k, true, c in cells if not c["ci_low"] <= true <= c["ci_high"]]
    assert len(cells) == 3 * 17
    assert len(misses) <= 3, misses


def test_cells_match_independent_pandas_definitions(judg, behaviour):
    m = "m-mid"
    rows = judg[judg["model"] == m]
    res = rows[(rows["family"] == "resistance") & (rows["category"] == "contra")]
    cell = behaviour["resistance"][m]["contra"]
    assert cell["value"] == pytest.approx(_ok(res)["score"].astype(float).mean(), abs=1e-6)
    assert cell["n"] == len(_ok(res)) and cell["errors"] == int(res["error"].notna().sum()) > 0

    ind = _ok(rows[(rows["family"] == "blur_passive") & (rows["category"] == "inductance")])
    fab = ind[ind["fabricates"].astype(bool)]
    cell = behaviour["inductance"][m]["passive"]
    assert cell["value"] == pytest.approx(fab["correct"].astype(bool).mean(), abs=1e-6)
    assert cell["n"] == len(fab)

    adm = _ok(rows[(rows["family"] == "blur_active") & (rows["category"] == "admittance")])
    assert behaviour["admittance"][m]["active"]["value"] == pytest.approx(adm["admits"].astype(bool).mean(), abs=1e-6)

    cl = rows[(rows["family"] == "caption_claim") & rows["error"].isna() & rows["score"].notna()]
    per_fig = cl.groupby("figure_id")["score"].mean()
    cb = behaviour["caption_bias"][m]
    assert cb["overall"]["value"] == pytest.approx(per_fig.mean(), abs=1e-6)
    assert cb["overall"]["n"] == len(per_fig)
    assert cb["not_addressed"] == int(
        (rows["family"].eq("caption_claim") & rows["error"].isna() & rows["score"].isna()).sum()
    )

    per = T.perception(judg, CFG)
    desc = _ok(rows[(rows["family"] == "description") & (rows["condition"] == "base")])
    assert per["mqm"][m]["base"]["value"] == pytest.approx(desc["score"].astype(float).mean(), abs=1e-6)
    pie = desc[desc["chart_type"] == "pie"]
    assert per["mqm_by_chart"][m]["pie"]["value"] == pytest.approx(pie["score"].astype(float).mean(), abs=1e-6)
    assert per["penalty_subtype"][m]["label_map"]["value"] == pytest.approx(
        desc["pen_label_map"].astype(float).mean(), abs=1e-6
    )
    assert list(per["mqm"][m])[:3] == ["base", "nocap", "noise"]
    assert per["mqm"][m]["rot"]["value"] < per["mqm"][m]["noise"]["value"] - 10  # declared drop 18 vs 0.5


def test_judge_errors_leave_denominator_and_are_counted():
    rows = validate(
        pd.DataFrame(
            [
                judgment_row(
                    unit_id=f"u{i}",
                    setup_id=f"s{i}",
                    model="x",
                    figure_id=f"f{i}",
                    condition="base",
                    chart_type="bar",
                    family="resistance",
                    category="inexist",
                    judge_id="llm:j:abc",
                    score=s,
                    error=e,
                )
                for i, (s, e) in enumerate([(1.0, None), (1.0, None), (None, "unparseable reply"), (0.0, None)])
            ]
        ),
        JUDGMENTS,
        where="t",
    )
    c = T.behaviour(rows, CFG)["resistance"]["x"]["inexist"]
    assert (c["value"], c["n"], c["errors"]) == (pytest.approx(2 / 3), 3, 1)


def test_undecided_claims_are_counted_apart_from_not_addressed_and_left_out_of_the_rate():
    verdicts = [
        ("image", 1.0),
        ("image", 1.0),
        ("caption", 0.0),
        ("none", None),
        ("undecided", None),
        ("undecided", None),
    ]
    rows = validate(
        pd.DataFrame(
            [
                judgment_row(
                    unit_id=f"u{i}",
                    setup_id="s",
                    model="x",
                    figure_id="f1",
                    condition="capbias",
                    chart_type="bar",
                    family="caption_claim",
                    category="value_anchor",
                    judge_id="rule:3",
                    score=s,
                    verdict=v,
                )
                for i, (v, s) in enumerate(verdicts)
            ]
        ),
        JUDGMENTS,
        where="t",
    )
    c = T.behaviour(rows, CFG)["caption_bias"]["x"]
    assert (c["claims"]["value"], c["claims"]["n"]) == (pytest.approx(2 / 3), 3)
    # undecided claims are bounded as caption (0) / image (1): [2/5, 4/5]; "none" is not among them
    assert (c["not_addressed"], c["claims"]["undecided"], c["claims"]["bounds"]) == (1, 2, [0.4, 0.8])


def test_significance_against_best_and_correlations(judg):
    sig = T.significance(judg, CFG)
    tests = sig["tests"]
    assert tests["mqm"]["best"] == "m-strong"
    weak = tests["mqm"]["vs_best"]["m-weak"]
    # no resample on the other side of 0: p is stored as the bound 2/B, and Holm's p as m times it
    m = sum(len(t["vs_best"]) for t in tests.values())
    assert sig["correction"]["method"] == "holm" and sig["correction"]["tests"] == m
    assert (weak["p_value"], weak["p_is_bound"]) == (2 / CFG.B, True) and weak["magnitude"] == "large"
    assert (weak["p_holm"], weak["p_holm_is_bound"]) == (pytest.approx(m * 2 / CFG.B), True)
    # stars of the Holm p: 8 metrics x 2 other models = 16 tests, 16 * 2/2000 = 0.016 (the raw bound .001 is ***)
    assert m == 16 and weak["stars"] == "*"
    rows = judg[(judg["family"] == "description") & (judg["condition"] == "base") & judg["error"].isna()]
    w = rows.pivot(index="figure_id", columns="model", values="score").astype(float)[["m-strong", "m-weak"]].dropna()
    assert weak["diff"] == pytest.approx((w["m-strong"] - w["m-weak"]).mean(), abs=1e-5)
    assert weak["n"] == len(w)
    assert set(tests) >= {"resistance", "caption_bias", "admittance_active", "inductance_passive"}
    cor = T.correlations(judg)["spearman"]
    assert cor["mqm"]["resistance"] == {"rho": 1.0, "p_value": None, "n": 3}  # too few models for a p-value
    rel = T.reliability(judg, CFG)
    assert rel["split_half"]["mqm"]["rho"] > 0.9 and rel["split_half"]["mqm"]["n_splits"] == 100
    sv = rel["scale_validation_resistance"]["m-mid"]
    assert sv["n_full"] > sv["n_subset"] > 0


def test_stage_writes_dvc_shaped_json_deterministically(tmp_path, judg):
    jdir, rdir = tmp_path / "judgments", tmp_path / "responses"
    for m, rows in judg.groupby("model"):
        write_table(rows, jdir / f"{m}.parquet", "judgments", root=None)
    rdir.mkdir()
    (rdir / "m-mid.stats.json").write_text(json.dumps({"calls": 10, "cache_hits": 3, "cost_usd": 0.5, "model_id": "x"}))
    cfg = MetricsConfig(bootstrap=300, seed=42, split_half_splits=20)
    out1 = tmp_path / "m1"
    out2 = tmp_path / "m2"
    run(cfg, judgments_dir=jdir, responses_dir=rdir, out_dir=out1)
    run(cfg, judgments_dir=jdir, responses_dir=rdir, out_dir=out2)
    names = sorted(p.name for p in out1.iterdir() if p.is_file())
    assert names == sorted(
        f"{n}.json"
        for n in (
            "perception",
            "capability",
            "behaviour",
            "significance",
            "correlations",
            "reliability",
            "agreement",
            "run",
            "headline",
            "header",
            "validity",
            "breakdown",
        )
    )
    summaries = sorted(p.relative_to(out1).as_posix() for p in (out1 / "summary").glob("*/*.json"))
    assert summaries == [
        f"summary/{t}/{m}.json"
        for t in ("ari", "capability", "caption_bias", "mqm")
        for m in ("m-mid", "m-strong", "m-weak")
    ]
    for n in names + summaries:
        assert (out1 / n).read_bytes() == (out2 / n).read_bytes()
    # the dvc metrics: one file per table row, per cell its point value and undecided count (CIs stay in the full files)
    per = json.loads((out1 / "perception.json").read_text())
    mqm = json.loads((out1 / "summary" / "mqm" / "m-weak.json").read_text())
    assert mqm["rot"] == round(per["mqm"]["m-weak"]["rot"]["value"], 4) and len(mqm) == 20
    assert mqm["rot_undecided"] == 0
    ari = json.loads((out1 / "summary" / "ari" / "m-mid.json").read_text())
    beh_full = json.loads((out1 / "behaviour.json").read_text())
    assert ari["resistance"] == round(beh_full["resistance"]["m-mid"]["overall"]["value"], 4)
    columns = {
        "admittance_active",
        "admittance_passive",
        "resistance",
        "caption_bias",
        "inductance_active",
        "inductance_passive",
    }
    assert set(ari) == columns | {f"{c}_undecided" for c in columns}
    # the dvc metrics proper: five headline cells per model, read back from the full tables
    headline = json.loads((out1 / "headline.json").read_text())
    cap_full = json.loads((out1 / "capability.json").read_text())
    assert sorted(headline) == ["m-mid", "m-strong", "m-weak"]
    assert headline["m-mid"] == {
        "mqm": round(per["mqm"]["m-mid"]["base"]["value"], 4),
        "cap": round(cap_full["accuracy"]["m-mid"]["overall"]["value"], 4),
        "A": round(beh_full["admittance"]["m-mid"]["active"]["value"], 4),
        "R": round(beh_full["resistance"]["m-mid"]["overall"]["value"], 4),
        "I": round(beh_full["inductance"]["m-mid"]["active"]["value"], 4),
    }
    beh = json.loads((out1 / "behaviour.json").read_text())
    cell = beh["resistance"]["m-weak"]["inexist"]
    assert set(cell) == {"value", "n", "figures", "ci_low", "ci_high", "errors", "undecided"}
    assert cell["figures"] == cell["n"]  # one inexist probe per figure: each unit is its own figure
    runj = json.loads((out1 / "run.json").read_text())
    assert runj["respond"]["m-mid"] == {"calls": 10, "cache_hits": 3, "cost_usd": 0.5}
    assert runj["judgments"]["m-mid"]["errors"] == int(judg.loc[judg["model"] == "m-mid", "error"].notna().sum())


def test_human_agreement_and_bad_csv(tmp_path, judg):
    rng = np.random.default_rng(0)
    base = judg[(judg["family"] == "description") & (judg["condition"] == "base") & judg["error"].isna()].head(60)
    recs = []
    for _, r in base.iterrows():
        true = float(r["score"]) - 10  # the judge over-scores by 10
        for a in ("ann1", "ann2"):
            recs.append(
                {
                    "figure_id": r["figure_id"],
                    "model": r["model"],
                    "annotator": a,
                    "score": max(0.0, true + rng.normal(0, 2)),
                }
            )
    csv = tmp_path / "human.csv"
    pd.DataFrame(recs).to_csv(csv, index=False)
    ag = human_agreement(judg, read_human_scores(csv))
    assert ag["inter_annotator"]["krippendorff_alpha"] > 0.9
    jh = ag["judge_vs_human"]
    assert jh["n"] == 60 and jh["mean_bias"] == pytest.approx(10, abs=1.0) and jh["pearson"] > 0.9
    assert jh["icc_2_1"] < jh["pearson"]  # absolute agreement is penalised by the offset
    bad = tmp_path / "bad.csv"
    bad.write_text("figure_id,model,score\nfig_001,m-mid,80\nfig_002,m-mid,lots\n")
    with pytest.raises(ValueError, match=r"row 3, field 'score'"):
        read_human_scores(bad)


def _flatten(prefix: str, x, out: dict) -> dict:
    if isinstance(x, dict):
        for k, v in x.items():
            _flatten(f"{prefix}.{k}" if prefix else k, v, out)
    else:
        out[prefix] = x
    return out


def test_one_changed_verdict_moves_only_that_models_keys(judg):
    """What `dvc metrics diff` shows after re-judging one model: only keys involving it change."""
    cfg = T.StatConfig(B=300, seed=42, split_half_splits=10)
    before = {
        n: _flatten(n, f(judg, cfg), {})
        for n, f in (
            ("behaviour", T.behaviour),
            ("significance", T.significance),
            ("perception", T.perception),
            ("capability", T.capability),
            ("reliability", T.reliability),
        )
    }
    edited = judg.copy()
    i = edited.index[
        (edited["model"] == "m-mid")
        & (edited["family"] == "resistance")
        & (edited["category"] == "inexist")
        & (edited["score"] == 0.0)
    ][0]
    edited.loc[i, "score"] = 1.0
    after = {
        n: _flatten(n, f(edited, cfg), {})
        for n, f in (
            ("behaviour", T.behaviour),
            ("significance", T.significance),
            ("perception", T.perception),
            ("capability", T.capability),
            ("reliability", T.reliability),
        )
    }
    changed = [k for n in before for k in before[n] if before[n][k] != after[n].get(k)]
    assert "behaviour.resistance.m-mid.inexist.value" in changed
    assert "behaviour.resistance.m-mid.overall.value" in changed
    unrelated = [k for k in changed if "m-mid" not in k and not k.startswith("reliability.split_half.resistance")]
    assert not unrelated, unrelated
