"""Probes on figures from the real synthetic generator, checked with the same independent code.

The hand-built specs of the other tests cover the chart variants on purpose; this test makes sure
the generator's own figures (its layouts, label formats, log axes, stacks, legends) meet the same
checks: every answer re-derived and robust to misreading, contra values 20-30 % off, caption
claims false and their realities true, absent elements really absent.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_probes_capability import ORDINAL, recompute
from test_probes_caption_blur import _check_claim
from test_probes_resistance import _exists

from helpers.truth import perturbed, spec_points, value
from scifigbench.corpus.synthetic import build_figure
from scifigbench.probes.stage import ProbesConfig, spec_probes
from scifigbench.spec import FigureSpec

JOBS = [(7, ct, i, 40) for ct in ("bar", "line", "pie") for i in range(8)]


@pytest.fixture(scope="module")
def generated() -> list[FigureSpec]:
    return [FigureSpec.from_dict(json.loads(build_figure(job)[0])) for job in JOBS]


def test_generator_figures_pass_independent_checks(generated):
    counts = {"capability": 0, "resistance": 0, "caption_bias": 0}
    for spec in generated:
        probes, _ = spec_probes(spec, True, ProbesConfig(), 42)
        pts = spec_points(spec)
        rng = np.random.default_rng(0)
        for p in probes:
            e = json.loads(json.dumps(p.expected))
            counts[p.family] += 1
            if p.family == "capability":
                truth = recompute(spec, pts, e)
                if e["answer_type"] == "number":
                    assert e["answer"] == pytest.approx(truth, rel=1e-5, abs=1e-9), p.text
                else:
                    assert e["answer"] == truth, p.text
                for _ in range(10):
                    read = recompute(spec, perturbed(spec, pts, rng, compare=e["template"] in ORDINAL), e)
                    if e["answer_type"] == "number":
                        assert abs(read - e["answer"]) <= e["tolerance"] + 1e-9, (p.text, read)
                    else:
                        assert read == e["answer"], (p.text, read)
            elif p.category == "contra":
                true = value(spec, e["panel"], e["series"], e["category"])
                assert e["true_value"] == pytest.approx(true) and 0.2 <= abs(e["false_value"] / true - 1) <= 0.3
            elif p.category == "inexist":
                assert not _exists(spec, e["absent_element"], e), p.text
            elif p.family == "caption_bias":
                for c in e["claims"]:
                    assert c["claim"] in p.text
                    _check_claim(spec, c)
    # every figure gets its resistance triple; nearly every one its four questions
    assert counts["resistance"] == 3 * len(generated)
    assert counts["capability"] >= 4 * len(generated) - 2
    assert counts["caption_bias"] >= len(generated) - 2
