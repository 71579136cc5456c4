"""The hand labels of blur candidates (``benchmarks/real_proposals_labels.csv``) and the shares
``benchmarks/ranked_candidates.py --hand`` prints from them: one schema, a kind that agrees with
the yes/no verdict, one label per candidate, and shares counted over figures and over labels."""

from __future__ import annotations

import csv
from collections import Counter

import pytest

from helpers.benchmark_module import BENCH, benchmark_module

FIELDS = ["figure_id", "mode", "text", "role", "valid", "kind", "why", "labelled_by"]


@pytest.fixture(scope="module")
def bench():
    return benchmark_module("ranked_candidates")


def _rows() -> list[dict]:
    with (BENCH / "real_proposals_labels.csv").open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == FIELDS
        return list(reader)


def test_every_label_has_one_schema_and_a_kind_agreeing_with_its_verdict(bench):
    rows = _rows()
    keys = [(r["figure_id"], r["mode"], r["text"]) for r in rows]
    assert len(keys) == len(set(keys)), "one label per candidate: read_labels keeps only the last"
    for r in rows:
        assert None not in r.values(), r  # no row with too few or too many fields
        assert r["mode"] in ("admittance", "inductance") and r["valid"] in ("yes", "no"), r
        assert r["kind"] in ("", *bench.KINDS), r
        if r["kind"]:  # a kind (issue 29's standard) is valid exactly when the verdict is yes
            assert (r["kind"] == "valid") == (r["valid"] == "yes"), r
        assert r["labelled_by"].strip(), r
    # the issue asks for at least 100 top-1 candidates labelled by that standard
    assert sum(bool(r["kind"]) for r in rows) >= 100


def test_hand_kind_reads_the_kind_and_none_for_old_or_missing_labels(bench):
    class Cand:
        mode, text = "admittance", "Journalists"

    fig = {"figure_id": "web-169"}
    labels = {("web-169", "admittance", "Journalists"): {"kind": " narrowed "}}
    assert bench.hand_kind(fig, Cand, labels) == "narrowed"
    assert bench.hand_kind(fig, Cand, {("web-169", "admittance", "Journalists"): {"kind": ""}}) is None
    assert bench.hand_kind(fig, Cand, {}) is None
    cfg = None  # a hand verdict needs no config: only the label's kind
    assert bench.judge(fig, Cand, labels, cfg, (1, 1), hand=True) is False
    assert bench.judge(fig, Cand, {}, cfg, (1, 1), hand=True) is None


def test_shares_are_counted_over_figures_and_over_the_proposed_targets(bench, capsys):
    # 10 figures, 6 with a candidate, 1 held back (its best candidate narrowed): 5 proposed targets,
    # labelled valid 2, narrowed 1, broken 1, one unlabelled; 3 figures hold a valid one in their top 3
    n = Counter(
        {
            "held:figures": 10,
            "held:admittance:any": 6,
            "held:admittance:proposed": 5,
            "held:admittance:held_back": 1,
            "held:kind:valid": 2,
            "held:kind:narrowed": 1,
            "held:kind:broken": 1,
            "held:kind:unlabelled": 1,
            "held:held_kind:narrowed": 1,
            "held:admittance:top3": 3,
            "held:admittance:top3_unlabelled": 2,
        }
    )
    bench.print_hand(n, "held", 10)
    out = capsys.readouterr().out
    assert "figures with a candidate 6, target proposed 5, held back 1; proposed top-1 labelled 4 (unlabelled 1)" in out
    assert "top-1 valid: 2/10 (20 %) of figures, 2/4 (50 %) of proposed targets (labelled)" in out
    assert "top-3 holds a valid one: 3/10 (30 %) of figures (top-3 candidates unlabelled, counted not valid: 2)" in out
    assert "top-1 narrowed: 1/10 (10 %) of figures, 1/4 (25 %) of proposed targets (labelled)" in out
    assert "top-1 kinds: valid 2, narrowed 1, recoverable 0, furniture 0, broken 1" in out
    assert "held back, best candidate's kind: valid 0, narrowed 1, recoverable 0, furniture 0, broken 0" in out


def test_top1_is_a_share_of_all_figures_and_of_the_proposed_targets(bench, capsys):
    # web charts by generator truth: 8 figures, 6 with a candidate, 2 held back, 4 proposed, 3 valid
    n = Counter(
        {
            "dev:figures": 8,
            "dev:admittance:any": 6,
            "dev:admittance:proposed": 4,
            "dev:admittance:held_back": 2,
            "dev:admittance:top1": 3,
            "dev:admittance:top3": 4,
        }
    )
    bench.print_modes(n, "dev", 8, hand=False)
    out = capsys.readouterr().out
    assert "target proposed 4, held back 2; top-1 valid 3/8 (38 %) of figures, 3/4 (75 %) of proposed targets" in out
    assert "top-3 holds a valid one 4/8 (50 %) of figures" in out
