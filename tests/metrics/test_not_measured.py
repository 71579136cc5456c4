"""run.json says which judgment families were not measured and why, from the probes stage's coverage.json."""

from __future__ import annotations

import json

from scifigbench.metrics.stage import not_measured


def test_probe_families_map_to_judgment_families(tmp_path):
    cov = tmp_path / "coverage.json"
    cov.write_text(
        json.dumps(
            {
                "not_measured": [
                    {"family": "caption_bias", "figures": "real", "needs": "a generator model"},
                    {"family": "blur", "figures": "real", "needs": "reviewer-confirmed blur targets"},
                    {"family": "description", "figures": "real", "needs": "an LLM judge"},
                ]
            }
        )
    )
    assert not_measured(cov) == {
        "caption_claim": "a generator model (real figures)",
        "blur_active": "reviewer-confirmed blur targets (real figures)",
        "blur_passive": "reviewer-confirmed blur targets (real figures)",
        "description": "an LLM judge (real figures)",
    }


def test_all_reaches_every_family_and_keeps_earlier_reasons(tmp_path):
    cov = tmp_path / "coverage.json"
    cov.write_text(
        json.dumps(
            {
                "not_measured": [
                    {"family": "capability", "figures": "real", "needs": "SciVQA questions"},
                    {"family": "all", "figures": "real", "needs": "a real model"},
                ]
            }
        )
    )
    got = not_measured(cov)
    assert set(got) == {"description", "capability", "resistance", "caption_claim", "blur_active", "blur_passive"}
    assert got["capability"] == "SciVQA questions (real figures); a real model (real figures)"
    assert got["resistance"] == "a real model (real figures)"


def test_no_coverage_file_means_nothing_to_say(tmp_path):
    assert not_measured(tmp_path / "missing.json") == {}
