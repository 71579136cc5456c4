"""The simulator and the description judge on specs of the synthetic corpus generator (not hand-built).

Known-answer agreement on generated specs (multi-panel, stacked, log axes, shared names), and one
end-to-end run through a tiny rendered corpus read back with ``SimContext.from_data``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from helpers.spec_factory import blur_probes_for, blur_targets_for, probes_for, setups_for
from scifigbench.corpus.generate import generate
from scifigbench.families.blur_passive.rule import judge_blur_passive
from scifigbench.families.description.rule import read_description
from scifigbench.families.respondent import respond
from scifigbench.simulated.context import SimContext
from scifigbench.simulated.profiles import BUILTIN, resolve_profile


def _agreement(pairs) -> tuple[float, int, list]:
    agree = total = 0
    misses = []
    for spec, text, trace in pairs:
        r = read_description(text, spec)
        for key, cov in trace["items"].items():
            total += 1
            agree += r.coverage[key] == cov
            if r.coverage[key] != cov:
                misses.append((spec.figure_id, key, cov, r.coverage[key]))
        want = Counter((e["item"], e["type"]) for e in trace["errors"])
        got = Counter((e["item"], e["type"]) for e in r.errors)
        agree += sum((want & got).values())
        total += sum((want | got).values())
        if want != got:
            misses.append((spec.figure_id, dict(want), dict(got)))
    return agree / total, total, misses


def test_known_answer_on_generated_specs():
    specs = [generate(7, ct, i, 150) for ct, n in (("bar", 12), ("line", 12), ("pie", 6)) for i in range(n)]
    ctx = SimContext({s.figure_id: s for s in specs})
    pairs = []
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for spec in specs:
            for r in range(3):
                st = _describe_setup(spec, f"~{r}")
                text, trace = respond(st, prof, f"sim-{name}", 42, ctx)
                pairs.append((spec, text, trace))
    rate, total, misses = _agreement(pairs)
    assert total > 4000
    assert rate >= 0.97, (rate, misses[:8])


def test_end_to_end_on_rendered_corpus(tiny_corpus):
    ctx = SimContext.from_data(tiny_corpus)
    assert len(ctx.specs) == 6 and all(s.text_elements for s in ctx.specs.values())
    for spec in ctx.specs.values():  # probes and blur targets of the figures, as the probes stage would make
        ctx.probes.update({p["probe_id"]: p for p in probes_for(spec) + blur_probes_for(spec)})
        ctx.blur_targets.update({b["target_id"]: b for b in blur_targets_for(spec)})
    passive_agree = passive_n = 0
    pairs = []
    for name in sorted(BUILTIN):
        prof = resolve_profile(name)
        for spec in ctx.specs.values():
            for st in setups_for(spec, 3):
                text, trace = respond(st, prof, f"sim-{name}", 42, ctx)
                assert text.strip()
                json.dumps(trace)
                if st["task"] == "describe" and st["condition"] in ("base", "nocap", "noise"):
                    pairs.append((spec, text, trace))
                if st["task"] == "describe" and st["condition"] in ("admb", "indb"):
                    v = judge_blur_passive(text, spec, ctx.blur_targets[st["blur_target_id"]])
                    flags = [k for k in v if k != "evidence"]
                    passive_agree += sum(v[k] == trace["blur"][k] for k in flags)
                    passive_n += len(flags)
    rate, total, misses = _agreement(pairs)
    assert rate >= 0.97, (rate, misses[:8])
    assert passive_agree / passive_n >= 0.97


def test_missing_spec_is_a_clear_error(tiny_corpus):
    ctx = SimContext.from_data(tiny_corpus)
    st = {
        "setup_id": "nope/base/describe",
        "figure_id": "nope",
        "condition": "base",
        "task": "describe",
        "chart_type": "bar",
        "probe_ids": "[]",
        "blur_target_id": None,
    }
    with pytest.raises(KeyError, match="no spec for figure 'nope'"):
        respond(st, resolve_profile("careful"), "sim-careful", 42, ctx)


def _describe_setup(spec, suffix: str = "") -> dict:
    """The setup row of ``spec``'s base description (``suffix`` tells repeats apart)."""
    return {
        "setup_id": f"{spec.figure_id}/base/describe{suffix}",
        "figure_id": spec.figure_id,
        "condition": "base",
        "task": "describe",
        "chart_type": spec.chart_type,
        "probe_ids": "[]",
        "blur_target_id": None,
    }


def test_runner_style_call_with_profile_name_and_root(tiny_corpus):
    """The runner may pass a profile name and {"root": ...}: same answers as with the objects."""
    ctx = SimContext.from_data(tiny_corpus)
    spec = next(iter(ctx.specs.values()))
    st = _describe_setup(spec)
    over = {"misread_rate": 0.5}
    a = respond(st, resolve_profile("weak", over), "sim-weak", 42, ctx)
    b = respond(st, "weak", "sim-weak", 42, {"root": tiny_corpus, "profile_overrides": over})
    assert a == b
    with pytest.raises(TypeError, match="SimContext or a mapping"):
        respond(st, "weak", "sim-weak", 42, {"nothing": 1})
