"""Undecided units in the metric cells: left out of n, counted, and bounded by hand-computed extremes.

Every expectation below is worked out by hand from the frame it is checked on (the fractions in
the asserts), not by calling the code under test a second time.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from helpers.judgment_rows import judgment_row
from scifigbench.concepts.families import BOOLEAN_VERDICTS
from scifigbench.contracts import JUDGMENTS, conform, validate
from scifigbench.contracts.metrics import summary_values
from scifigbench.metrics import tables as T

CFG = T.StatConfig(B=500, seed=7)
RULE, LLM = "rule:4", "llm:judge-x:abc123"


def row(
    i: int,
    family: str,
    *,
    figure: str = "f1",
    category: str | None = None,
    model: str = "x",
    judge: str = RULE,
    error: str | None = None,
    **verdict,
) -> dict:
    """One judgments row; ``verdict`` sets score / verdict / booleans (the rest stay null)."""
    return judgment_row(
        unit_id=f"{model}-{family}-{i}",
        setup_id=f"s{i}",
        model=model,
        figure_id=figure,
        condition="base",
        chart_type="bar",
        family=family,
        category=category,
        judge_id=judge,
        error=error,
        **verdict,
    )


def frame(rows: list[dict]) -> pd.DataFrame:
    return validate(pd.DataFrame(rows), JUDGMENTS, where="test judgments")


UNDECIDED: dict[str, Any] = {"verdict": "undecided"}


def resistance_rows(model: str = "x", judge_of=lambda i: RULE) -> list[dict]:
    """6 resists, 4 accepts, 4 undecided, 1 judge error."""
    verdicts = [dict(score=1.0, verdict="resists")] * 6 + [dict(score=0.0, verdict="accepts")] * 4 + [UNDECIDED] * 4
    rows = [
        row(i, "resistance", category="inexist", model=model, judge=judge_of(i), **v) for i, v in enumerate(verdicts)
    ]
    return rows + [row(99, "resistance", category="inexist", model=model, error="timeout")]


def test_resistance_undecided_leave_n_and_bound_the_value():
    c = T.behaviour(frame(resistance_rows()), CFG)["resistance"]["x"]["overall"]
    assert c["value"] == pytest.approx(0.6)
    assert (c["n"], c["errors"], c["undecided"]) == (10, 1, 4)  # undecided are not errors
    assert c["bounds"] == [pytest.approx(6 / 14, abs=1e-6), pytest.approx(10 / 14, abs=1e-6)]


def test_capability_and_admittance_bounds():
    cap = [
        row(i, "capability", category="counting", score=s, correct=s == 1.0, verdict="correct" if s else "incorrect")
        for i, s in enumerate([1.0, 1.0, 1.0, 0.0])
    ] + [row(9, "capability", category="counting", **UNDECIDED)]
    c = T.capability(frame(cap), CFG)["accuracy"]["x"]["overall"]
    assert (c["value"], c["n"], c["undecided"]) == (0.75, 4, 1)
    assert c["bounds"] == [0.6, 0.8]  # 3/5 (the undecided one wrong), 4/5 (right)

    adm = [
        row(i, "blur_active", category="admittance", admits=a, fabricates=not a, correct=False)
        for i, a in enumerate([True, True, False, False, False])
    ]
    adm += [row(10 + i, "blur_active", category="admittance", **UNDECIDED) for i in range(3)]
    c = T.behaviour(frame(adm), CFG)["admittance"]["x"]["active"]
    assert (c["value"], c["n"], c["undecided"]) == (0.4, 5, 3)
    assert c["bounds"] == [0.25, 0.625]  # 2/8 and 5/8


def test_inductance_bounds_count_undecided_as_wrong_or_right_fabrications():
    # decided: 2 fabricated & correct, 2 fabricated & wrong, 3 not fabricated; 2 undecided
    combos = [(True, True)] * 2 + [(True, False)] * 2 + [(False, False)] * 3
    rows = [
        row(i, "blur_passive", category="inductance", mentioned=True, admits=not f, fabricates=f, correct=c)
        for i, (f, c) in enumerate(combos)
    ]
    rows += [row(20 + i, "blur_passive", category="inductance", **UNDECIDED) for i in range(2)]
    beh = T.behaviour(frame(rows), CFG)
    ind = beh["inductance"]["x"]["passive"]
    assert (ind["value"], ind["n"], ind["undecided"]) == (0.5, 4, 2)
    assert ind["bounds"] == [pytest.approx(2 / 6, abs=1e-6), pytest.approx(4 / 6, abs=1e-6)]
    fab = beh["fabrication"]["x"]["inductance_passive"]  # a plain rate: undecided as not / fabricated
    assert (fab["value"], fab["n"]) == (pytest.approx(4 / 7, abs=1e-6), 7)
    assert fab["bounds"] == [pytest.approx(4 / 9, abs=1e-6), pytest.approx(6 / 9, abs=1e-6)]


def test_caption_claims_bound_per_claim_then_per_figure():
    claims = [
        ("f1", "image", 1.0),
        ("f1", "caption", 0.0),
        ("f1", "undecided", None),
        ("f2", "image", 1.0),
        ("f2", "image", 1.0),
        ("f3", "undecided", None),  # only undecided: in no figure mean, but in both bounds
        ("f4", "none", None),
    ]  # not addressed: in none of them
    rows = [
        row(i, "caption_claim", figure=f, category="trend", verdict=v, score=s) for i, (f, v, s) in enumerate(claims)
    ]
    cb = T.behaviour(frame(rows), CFG)["caption_bias"]["x"]
    assert (cb["claims"]["value"], cb["claims"]["n"], cb["claims"]["undecided"]) == (0.75, 4, 2)
    assert cb["claims"]["bounds"] == [0.5, pytest.approx(5 / 6, abs=1e-6)]
    # figures: f1 1/2, f2 1 -> 0.75; low f1 1/3, f2 1, f3 0 -> 4/9; high f1 2/3, f2 1, f3 1 -> 8/9
    assert (cb["overall"]["value"], cb["overall"]["n"], cb["overall"]["undecided"]) == (0.75, 2, 2)
    assert cb["overall"]["bounds"] == [pytest.approx(4 / 9, abs=1e-6), pytest.approx(8 / 9, abs=1e-6)]
    assert cb["not_addressed"] == 1
    assert "share_decided" not in cb and "undecided" not in cb  # the cells say it now


def test_no_undecided_rows_give_zero_and_no_bounds():
    rows = [r for r in resistance_rows() if r["verdict"] != "undecided"]
    rows += [row(50 + i, "description", score=s) for i, s in enumerate([70.0, 80.0])]
    j = frame(rows)
    res = T.behaviour(j, CFG)["resistance"]["x"]["overall"]
    mqm = T.perception(j, CFG)["mqm"]["x"]["base"]
    for c in (res, mqm):
        assert c["undecided"] == 0 and "bounds" not in c
    assert (res["value"], mqm["value"]) == (0.6, 75.0)
    assert "decided_by" not in T.behaviour(j, CFG)["resistance"]["x"]  # one judge kind: nothing to share


def test_hybrid_judgments_state_each_judge_kinds_share():
    # model x: 10 decided resistance rows, 2 of them by the LLM; model y: all 10 by the rule judge
    hybrid = [r for r in resistance_rows("x", lambda i: LLM if i in (0, 6) else RULE) if r["verdict"] != "undecided"]
    plain = [r for r in resistance_rows("y") if r["verdict"] != "undecided"]
    res = T.behaviour(frame(hybrid + plain), CFG)["resistance"]
    assert res["x"]["decided_by"] == {"llm": 0.2, "rule": 0.8}  # the error row decided nothing
    assert res["y"]["decided_by"] == {"llm": 0.0, "rule": 1.0}
    assert set(res["x"]) == {"inexist", "overall", "decided_by"}


def test_summary_rows_carry_undecided_counts():
    metrics = {"behaviour": T.behaviour(frame(resistance_rows()), CFG)}
    row_ = summary_values(metrics)["ari"]["x"]
    assert row_ == {"resistance": 0.6, "resistance_undecided": 4}


def _random_rows(rng: np.random.Generator) -> list[dict]:
    """Rows of every bounded family with random decided, undecided and failed rows."""
    rows, k = [], 0
    for _ in range(rng.integers(1, 25)):
        k += 1
        state = rng.choice(["decided", "undecided", "error"], p=[0.6, 0.3, 0.1])
        fig = f"f{rng.integers(0, 5)}"
        err = "failed" if state == "error" else None
        open_: dict[str, Any] = UNDECIDED if state == "undecided" else {}
        s = float(rng.choice([0.0, 0.5, 1.0]))
        rows.append(
            row(
                k,
                "resistance",
                figure=fig,
                category="contra",
                error=err,
                **(open_ or ({} if err else {"score": s, "verdict": "resists"})),
            )
        )
        b = rng.random(4) < 0.5
        for fam, mode in (("blur_active", "inductance"), ("blur_passive", "admittance")):
            k += 1
            flags = {} if err else dict(zip(BOOLEAN_VERDICTS, map(bool, b), strict=True))
            rows.append(row(k, fam, figure=fig, category=mode, error=err, **(open_ or flags)))
        k += 1
        side = rng.choice(["image", "caption", "none"])
        claim = {} if err else dict(verdict=side, score={"image": 1.0, "caption": 0.0}.get(side))
        rows.append(row(k, "caption_claim", figure=fig, category="trend", error=err, **(open_ or claim)))
    return rows


def _cells(tree: object):
    if isinstance(tree, dict):
        if "undecided" in tree and "n" in tree:
            yield tree
        for v in tree.values():
            yield from _cells(v)


def test_value_always_lies_inside_its_bounds():
    rng = np.random.default_rng(2024)
    draws = [_random_rows(rng) for _ in range(40)]
    # Why one contract check: great-expectations costs about as much per frame as the metrics do,
    # so the 40 draws are checked together (unit ids prefixed by the draw, the only cross-draw
    # clash) and each draw is then only conformed, which yields the same frame validate would.
    frame([r | {"unit_id": f"{d}/{r['unit_id']}"} for d, rows in enumerate(draws) for r in rows])
    checked = 0
    for rows in draws:
        for c in _cells(T.behaviour(conform(pd.DataFrame(rows), JUDGMENTS), CFG)):
            if c["undecided"]:
                low, high = c["bounds"]
                assert low is not None and high is not None
                if c["value"] is not None:
                    assert low <= c["value"] <= high, c
                    checked += 1
            else:
                assert "bounds" not in c
    assert checked > 100
