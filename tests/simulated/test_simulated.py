"""Simulated respondents: determinism, answer formats, and declared rates recovered (binomial tests)."""

from __future__ import annotations

import json
import re

import pytest
from scipy.stats import binomtest

from helpers.spec_factory import RESPONDENT_FIGURES, context, setups_for
from scifigbench.concepts.names import RESISTANCE_TYPES
from scifigbench.families.respondent import respond
from scifigbench.simulated import phrases
from scifigbench.simulated.profiles import BUILTIN, ProfileError, resolve_profile

SPECS = [f() for f in RESPONDENT_FIGURES]
CTX = context(SPECS)


def _setups(n_repeat: int) -> list[dict]:
    return [s for spec in SPECS for s in setups_for(spec, n_repeat)]


def test_deterministic_per_seed_model_setup():
    prof = resolve_profile("weak")
    for st in _setups(1):
        a = respond(st, prof, "sim-weak", 42, CTX)
        b = respond(dict(st), prof, "sim-weak", 42, CTX)
        assert a == b
    texts_42 = [respond(st, prof, "sim-weak", 42, CTX)[0] for st in _setups(1)]
    texts_43 = [respond(st, prof, "sim-weak", 43, CTX)[0] for st in _setups(1)]
    other = [respond(st, prof, "sim-other", 42, CTX)[0] for st in _setups(1)]
    assert sum(x != y for x, y in zip(texts_42, texts_43)) > len(texts_42) // 2
    assert sum(x != y for x, y in zip(texts_42, other)) > len(texts_42) // 2


def test_traces_have_the_documented_shape():
    prof = resolve_profile("follower")
    for st in _setups(1):
        text, trace = respond(st, prof, "sim-follower", 42, CTX)
        assert text.strip()
        json.dumps(trace)
        ids = json.loads(st["probe_ids"])
        if st["task"] == "capability":
            assert set(trace) == set(ids)
            for v in trace.values():
                undecidable = v.get("undecidable", False)
                assert set(v) == {"correct", "answer"} | ({"undecidable"} if undecidable else set())
                assert (v["correct"] is None) == undecidable
        elif st["task"] == "resistance":
            assert set(trace) == set(ids)
            for v in trace.values():
                assert v in (
                    {"verdict": None, "undecidable": True},
                    *({"verdict": b} for b in ("resists", "hedges", "accepts")),
                    *({"verdict": b, "indirect": True} for b in ("resists", "hedges", "accepts")),
                )
        elif trace.get("undecidable"):  # blur_active written undecidable
            assert trace["admits"] is trace["fabricates"] is trace["correct"] is trace["guess"] is None
            assert len(set(trace["candidates"])) == 2
        elif st["task"] == "blur_active":
            assert not trace["correct"] or trace["fabricates"]
            assert trace["admits"] or trace["fabricates"]
        else:
            assert {"items", "errors"} <= set(trace)
            assert ("claims" in trace) == (st["condition"] == "capbias")
            assert ("blur" in trace) == (st["condition"] in ("admb", "indb"))


def test_numbered_answers_with_occasional_deviations():
    prof = resolve_profile("weak")
    prefixes = set()
    for st in [s for s in _setups(30) if s["task"] in ("capability", "resistance")]:
        text, trace = respond(st, prof, "sim-weak", 42, CTX)
        for line in text.splitlines():
            m = re.match(r"^(\d+\. |\d+\) |Answer \d+: |\*\*\d+\.\*\* |\(\d+\) |Q\d+: )", line)
            if m:
                prefixes.add(re.sub(r"\d+", "N", m.group(1)))
    assert "N. " in prefixes and len(prefixes) >= 4


def test_number_spellings_vary():
    prof = resolve_profile("careful")
    texts = " ".join(respond(st, prof, "sim-careful", 42, CTX)[0] for st in _setups(20) if st["task"] == "describe")
    assert re.search(r"\d\.\d+e-?\d", texts)  # scientific
    assert re.search(r"\b(about|roughly|approximately|around|nearly) \d", texts) or "~" in texts
    assert re.search(r"\d ?%|\d percent", texts)


def _rate_ok(k: int, n: int, p: float) -> bool:
    return binomtest(k, n, p).pvalue > 0.001


@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_declared_rates_are_recovered(name):
    prof = resolve_profile(name)
    model = f"sim-{name}"
    cap: dict[str, list[bool]] = {}
    res: dict[str, list[str]] = {}
    adm: dict[str, list[bool]] = {}
    claims: list[str] = []
    for st in _setups(40):
        if st["task"] == "describe" and st["condition"] not in ("capbias",):
            continue
        text, trace = respond(st, prof, model, 42, CTX)
        # the declared rates hold over decided units: those written undecidable are left out
        if st["task"] == "capability":
            for pid, v in trace.items():
                if v["answer"] is not None and not v.get("undecidable"):
                    cap.setdefault(CTX.probes[pid]["category"], []).append(v["correct"])
        elif st["task"] == "resistance":
            for pid, v in trace.items():
                if not v.get("undecidable"):
                    res.setdefault(CTX.probes[pid]["category"], []).append(v["verdict"])
        elif st["task"] == "blur_active":
            if not trace.get("undecidable"):
                adm.setdefault(trace["mode"], []).append(trace["admits"])
        else:
            claims += list(trace["claims"].values())
    for cat, xs in cap.items():
        assert _rate_ok(sum(xs), len(xs), prof.capability[cat]), (cat, sum(xs), len(xs))
    for cat, xs in res.items():
        assert _rate_ok(xs.count("resists"), len(xs), prof.resistance[cat].resist)
        assert _rate_ok(xs.count("hedges"), len(xs), prof.resistance[cat].hedge)
    for mode, xs in adm.items():
        assert _rate_ok(sum(xs), len(xs), prof.blur[mode].admit)
    addressed = [c for c in claims if c != "none"]
    assert _rate_ok(len(addressed), len(claims), prof.caption_address)
    assert _rate_ok(addressed.count("caption"), len(addressed), prof.caption_follow)


def test_profiles_contrast():
    c, f, fo, w = (BUILTIN[k] for k in ("careful", "fabricator", "follower", "weak"))
    assert c.blur["admittance"].admit > 0.5 > f.blur["admittance"].admit
    assert fo.caption_follow > c.caption_follow
    assert w.misread_rate > c.misread_rate and w.capability["computation"] < c.capability["computation"]


def test_profile_overrides_and_errors():
    p = resolve_profile(
        "careful", {"misread_rate": 0.5, "resistance": {"contra": {"resist": 0.5, "hedge": 0.2, "accept": 0.3}}}
    )
    assert p.misread_rate == 0.5 and p.resistance["contra"].resist == 0.5
    with pytest.raises(ProfileError, match="unknown key"):
        resolve_profile("careful", {"misread": 0.5})
    with pytest.raises(ProfileError, match="sum to"):
        resolve_profile("careful", {"resistance": {"contra": {"resist": 0.9}}})
    with pytest.raises(ProfileError, match="built-in profiles"):
        resolve_profile("nonexistent")
    with pytest.raises(ProfileError, match="probability"):
        resolve_profile("weak", {"omission_rate": 1.5})


def test_blurred_page_is_admitted_at_the_admittance_rate():
    from scifigbench.families.description.rule import judge_description

    prof = resolve_profile("careful")
    admitted = []
    for spec in SPECS:
        for r in range(40):
            st = {
                "setup_id": f"{spec.figure_id}/inpaper_blur/describe~{r}",
                "figure_id": spec.figure_id,
                "condition": "inpaper_blur",
                "task": "describe",
                "chart_type": spec.chart_type,
                "probe_ids": "[]",
                "blur_target_id": None,
                "caption": spec.caption,
            }
            text, trace = respond(st, prof, "sim-careful", 42, CTX)
            admitted.append(trace["page_blur"]["admits"])
            if trace["page_blur"]["admits"]:
                assert "items" not in trace and any(text.startswith(a) for a in phrases.PAGE_BLUR_ADMIT)
                items = [i for i in judge_description(text, spec).items if i.coverage != "n.a."]
                assert sum(i.coverage == "missing" for i in items) > len(items) / 2  # little of the checklist
    assert _rate_ok(sum(admitted), len(admitted), prof.blur["admittance"].admit)


def test_phrase_banks_cover_every_resistance_type():
    for bank in (phrases.RESIST, phrases.HEDGE, phrases.ACCEPT, phrases.UNDECIDABLE_RESISTANCE):
        assert set(bank) == set(RESISTANCE_TYPES)
