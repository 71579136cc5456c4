"""The real dvc.yaml on tiny params: recording a person's review of 30 verdicts (a fixture) reruns
the metrics and the report only, changes metrics/validity.json and nothing else in metrics/, and the
report shows the agreement beside its tables."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import pytest

from helpers.tiny_pipeline import BIN, DVC, make_repo, sh, snapshot, tiny_params
from scifigbench.metrics.validity import wilson

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not DVC.exists(), reason="dvc not installed beside the interpreter")]

FIXTURE = Path(__file__).parents[1] / "fixtures" / "review_verdicts_30.csv"


def _expected() -> dict[str, tuple[int, int, int]]:
    """family -> (agree, compared, rejected), counted from the fixture alone: the tiny run's judge
    labels are those the fixture recorded, so a confirm agrees and a replace does not."""
    out: dict[str, Counter[str]] = {}
    with open(FIXTURE, newline="") as fh:
        for row in csv.DictReader(fh):
            out.setdefault(row["family"], Counter())[row["decision"]] += 1
    return {f: (c["confirm"], c["confirm"] + c["replace"], c["reject"]) for f, c in out.items()}


def test_a_reviewed_sample_changes_the_agreement_figures_and_nothing_else(tmp_path: Path) -> None:
    root = make_repo(tmp_path / "repo", tiny_params(("sim-careful", "sim-weak")))
    sh(root, str(DVC), "repro", "-q")
    before = snapshot(root, "metrics")
    empty = json.loads(before["metrics/validity.json"])
    assert empty["review"] == {"by_family": {}, "not_in_run": 0, "reviewed": 0} and empty["audit"] == {}

    sh(root, str(BIN / "scifigbench"), "review", "verdicts", "import", str(FIXTURE))
    dry = sh(root, str(DVC), "repro", "--dry").stdout
    assert "Running stage 'metrics'" in dry  # (the report follows once the metrics changed)
    assert "Running stage 'judge" not in dry and "Running stage 'audit" not in dry
    sh(root, str(DVC), "repro", "-q")
    after = snapshot(root, "metrics")

    assert sorted(after) == sorted(before)
    assert [k for k in before if after[k] != before[k]] == ["metrics/validity.json"]
    review = json.loads(after["metrics/validity.json"])["review"]
    expected = _expected()
    assert review["reviewed"] == sum(n for _, n, _ in expected.values()) and review["not_in_run"] == 0
    for family, (agree, n, rejected) in expected.items():
        got = review["by_family"][family]
        lo, hi = wilson(agree, n)
        assert (got["agree"], got["n"], got["rejected"]) == (agree, n, rejected)
        assert (got["ci_low"], got["ci_high"]) == (round(lo, 6), round(hi, 6))
        assert sum(got["judge_labels"].values()) == sum(got["reviewed_labels"].values()) == n
    page = (root / "reports" / "index.html").read_text()
    assert "How often the judge agrees with a person" in page
    assert "a person agreed on" in page  # beside the tables the reviewed families feed
